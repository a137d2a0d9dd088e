/**
 * The tests over puzzles against scipy (test/fixtures/stats/scipy.json, made by
 * scripts/stats-fixtures.py), the critical difference and its groups against autorank's rules,
 * and the post-hoc pairs worked by hand.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cdCliques, friedman, friedmanPosthoc, nemenyiCd, studentizedRangeQuantile, wilcoxonSignedRank } from '../../../src/core/stats/over-puzzles';
import { isClose, P_REL, scipy, STAT_REL } from './scipy-fixture';

describe('wilcoxonSignedRank', () => {
  it(`matches scipy ${scipy.scipy}'s wilcoxon on every fixture sample (exact, permutation and normal cases)`, () => {
    expect(scipy.wilcoxon.length).toBeGreaterThan(20);
    for (const c of scipy.wilcoxon) {
      const r = wilcoxonSignedRank(c.x, c.y);
      if (c.p === null || c.statistic === null) {
        expect(r, c.name).toBeNull();
        continue;
      }
      expect(r, c.name).not.toBeNull();
      expect(r!.n, c.name).toBe(c.n);
      expect(isClose(r!.statistic, c.statistic, STAT_REL), `${c.name}: statistic ${r!.statistic} vs ${c.statistic}`).toBe(true);
      expect(isClose(r!.p, c.p, P_REL), `${c.name}: p ${r!.p} vs ${c.p}`).toBe(true);
    }
  });

  it("picks scipy's method: exact without ties up to 50 pairs, exact enumeration with ties up to 13, else normal", () => {
    const steps = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1);
    const zeros = (n: number): number[] => new Array<number>(n).fill(0);
    expect(wilcoxonSignedRank(steps(50), zeros(50))!.method).toBe('exact');
    expect(wilcoxonSignedRank(steps(51), zeros(51))!.method).toBe('approx');
    const tied = (n: number): number[] => Array.from({ length: n }, (_, i) => 1 + (i % 3));
    expect(wilcoxonSignedRank(tied(13), zeros(13))!.method).toBe('exact');
    expect(wilcoxonSignedRank(tied(14), zeros(14))!.method).toBe('approx');
    // A zero difference counts toward the 13 and the 50 (scipy looks at all pairs).
    expect(wilcoxonSignedRank([...steps(13), 5], [...zeros(13), 5])!.method).toBe('approx');
    expect(wilcoxonSignedRank([...steps(13), 5], [...zeros(13), 5])!.n).toBe(13);
  });

  it('is null without a nonzero difference and rejects unpaired samples', () => {
    expect(wilcoxonSignedRank([1, 2], [1, 2])).toBeNull();
    expect(wilcoxonSignedRank([], [])).toBeNull();
    expect(() => wilcoxonSignedRank([1, 2], [1])).toThrow(/paired/);
  });

  it('gives the same statistic and p with x and y swapped', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 })), { minLength: 1, maxLength: 60 }), (pairs) => {
        const x = pairs.map((p) => p[0]);
        const y = pairs.map((p) => p[1]);
        const r = wilcoxonSignedRank(x, y);
        const s = wilcoxonSignedRank(y, x);
        if (r === null) {
          expect(s).toBeNull();
          return;
        }
        expect(s!.statistic).toBe(r.statistic);
        expect(isClose(s!.p, r.p, 1e-12)).toBe(true);
        expect(r.p).toBeGreaterThan(0);
        expect(r.p).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('friedman', () => {
  it(`matches scipy ${scipy.scipy}'s friedmanchisquare and the average ranks on every fixture table`, () => {
    expect(scipy.friedman.length).toBeGreaterThan(15);
    for (const c of scipy.friedman) {
      const r = friedman(c.table)!;
      expect(r.n).toBe(c.table.length);
      expect(r.k).toBe(c.table[0]!.length);
      expect(r.df).toBe(r.k - 1);
      expect(isClose(r.statistic, c.statistic, STAT_REL), `${c.name}: statistic ${r.statistic} vs ${c.statistic}`).toBe(true);
      expect(isClose(r.p, c.p, P_REL), `${c.name}: p ${r.p} vs ${c.p}`).toBe(true);
      r.averageRanks.forEach((v, i) => expect(isClose(v, c.averageRanks[i]!, 1e-12), `${c.name}: rank ${i}`).toBe(true));
    }
  });

  it('ranks the highest score first and shares midranks', () => {
    const r = friedman([
      [10, 5, 5],
      [9, 8, 1],
    ])!;
    expect(r.averageRanks).toEqual([1, 2.25, 2.75]);
  });

  it('is null below two puzzles or two settings, p = 1 when every puzzle ties every setting, and rejects ragged tables', () => {
    expect(friedman([[1, 2, 3]])).toBeNull();
    expect(friedman([[1], [2]])).toBeNull();
    expect(friedman([])).toBeNull();
    const flat = friedman([
      [2, 2, 2],
      [5, 5, 5],
    ])!;
    expect(flat.p).toBe(1);
    expect(flat.statistic).toBe(0);
    expect(() =>
      friedman([
        [1, 2, 3],
        [1, 2],
      ]),
    ).toThrow(/same settings/);
    expect(() =>
      friedman([
        [1, NaN],
        [1, 2],
      ]),
    ).toThrow(/finite/);
  });

  it("has average ranks summing to k (k + 1) / 2 and a statistic that ignores the settings' order", () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 2, max: 8 })
          .chain((k) => fc.array(fc.array(fc.integer({ min: 0, max: 4 }), { minLength: k, maxLength: k }), { minLength: 2, maxLength: 30 })),
        (table) => {
          const r = friedman(table)!;
          const k = r.k;
          expect(r.averageRanks.reduce((a, b) => a + b, 0)).toBeCloseTo((k * (k + 1)) / 2, 10);
          for (const v of r.averageRanks) expect(v >= 1 && v <= k).toBe(true);
          expect(r.p).toBeGreaterThanOrEqual(0);
          expect(r.p).toBeLessThanOrEqual(1);
          const reversed = friedman(table.map((row) => [...row].reverse()))!;
          expect(isClose(reversed.statistic, r.statistic, 1e-9, 1e-12)).toBe(true);
          expect(reversed.averageRanks).toEqual([...r.averageRanks].reverse());
        },
      ),
    );
  });
});

describe('studentizedRangeQuantile and nemenyiCd', () => {
  it(`matches scipy ${scipy.scipy}'s studentized_range.ppf(p, k, inf) for k = 2..20 at p = 0.90, 0.95, 0.99`, () => {
    expect(scipy.studentizedRange.length).toBe(19 * 3);
    for (const c of scipy.studentizedRange) {
      const q = studentizedRangeQuantile(c.p, c.k);
      expect(isClose(q, c.q, 1e-9), `k ${c.k} p ${c.p}: ${q} vs ${c.q}`).toBe(true);
    }
  });

  it('is sqrt(2) times the normal quantile for k = 2 (the range of two normals is |Z1 - Z2|)', () => {
    // Phi^-1(0.975) = 1.959963984540054.
    expect(studentizedRangeQuantile(0.95, 2)).toBeCloseTo(Math.SQRT2 * 1.959963984540054, 12);
  });

  it("matches autorank's critical difference (with scipy's quantile) for alpha 0.05 and 0.10", () => {
    for (const c of scipy.cd) {
      const cd = nemenyiCd(c.k, c.n, c.alpha);
      expect(isClose(cd, c.cd, 1e-9), `k ${c.k} n ${c.n} alpha ${c.alpha}: ${cd} vs ${c.cd}`).toBe(true);
    }
    expect(nemenyiCd(4, 10)).toBe(nemenyiCd(4, 10, 0.05));
  });

  it('rejects arguments outside their range', () => {
    expect(() => studentizedRangeQuantile(1, 3)).toThrow(/between 0 and 1/);
    expect(() => studentizedRangeQuantile(0.95, 1)).toThrow(/k >= 2/);
    expect(() => nemenyiCd(3, 0)).toThrow(/at least one puzzle/);
    expect(() => nemenyiCd(3, 5, 1.5)).toThrow(/between 0 and 1/);
  });
});

describe('cdCliques', () => {
  it("gives autorank's groups for every fixture table at alpha 0.05 and 0.10", () => {
    for (const c of scipy.friedman) {
      const r = friedman(c.table)!;
      expect(cdCliques(r.averageRanks, nemenyiCd(r.k, r.n, 0.05)), `${c.name} at 0.05`).toEqual(c.groups05);
      expect(cdCliques(r.averageRanks, nemenyiCd(r.k, r.n, 0.1)), `${c.name} at 0.10`).toEqual(c.groups10);
    }
  });

  it('keeps only the maximal runs within cd, in rank order', () => {
    // Ranks 1.0, 1.5, 2.4, 3.0, 4.1 with cd 1: {1.0, 1.5}, {1.5, 2.4}, {2.4, 3.0}; 4.1 alone is no group.
    expect(cdCliques([3.0, 1.5, 4.1, 1.0, 2.4], 1)).toEqual([
      [3, 1],
      [1, 4],
      [4, 0],
    ]);
    expect(cdCliques([1, 2, 3], 0.5)).toEqual([]);
    expect(cdCliques([1, 2, 3], 5)).toEqual([[0, 1, 2]]);
    // Equal ranks go by index; a difference of exactly cd joins.
    expect(cdCliques([2, 1, 2], 1)).toEqual([[1, 0, 2]]);
  });

  it('gives groups whose ranks lie within cd, none inside another', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 1, max: 10, noNaN: true }), { minLength: 2, maxLength: 20 }),
        fc.double({ min: 0, max: 5, noNaN: true }),
        (ranks, cd) => {
          const groups = cdCliques(ranks, cd);
          for (const g of groups) {
            expect(g.length).toBeGreaterThanOrEqual(2);
            const rs = g.map((i) => ranks[i]!);
            expect(Math.max(...rs) - Math.min(...rs)).toBeLessThanOrEqual(cd);
            for (let i = 1; i < rs.length; i++) expect(rs[i]!).toBeGreaterThanOrEqual(rs[i - 1]!);
          }
          for (const g of groups) for (const h of groups) if (g !== h) expect(g.every((i) => h.includes(i))).toBe(false);
          // Every pair within cd shares a group.
          for (let a = 0; a < ranks.length; a++)
            for (let b = a + 1; b < ranks.length; b++)
              if (Math.abs(ranks[a]! - ranks[b]!) <= cd) expect(groups.some((g) => g.includes(a) && g.includes(b))).toBe(true);
        },
      ),
    );
  });
});

describe('friedmanPosthoc', () => {
  it('gives every pair its z, two-sided normal p and Holm-adjusted p', () => {
    // k = 3, n = 6: se = sqrt(3 * 4 / 36) = 1/sqrt(3).
    const pairs = friedmanPosthoc([1.5, 2, 2.5], 6);
    expect(pairs.map((q) => [q.a, q.b])).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
    ]);
    const se = 1 / Math.sqrt(3);
    expect(pairs[0]!.z).toBeCloseTo(0.5 / se, 14);
    expect(pairs[1]!.z).toBeCloseTo(1 / se, 14);
    // 2 P(Z > sqrt(3)) = 0.0832645166635504, 2 P(Z > sqrt(3) / 2) = 0.3864762307712327 (scipy.stats.norm.sf).
    expect(isClose(pairs[1]!.p, 0.0832645166635504, 1e-12)).toBe(true);
    expect(isClose(pairs[0]!.p, 0.3864762307712327, 1e-12)).toBe(true);
    expect(pairs[2]!.p).toBe(pairs[0]!.p);
    // Holm: the smallest times 3; the two equal ones times 2, then at least the one before.
    expect(isClose(pairs[1]!.pHolm, 3 * 0.0832645166635504, 1e-12)).toBe(true);
    expect(isClose(pairs[0]!.pHolm, Math.min(1, 2 * 0.3864762307712327), 1e-12)).toBe(true);
    expect(pairs[2]!.pHolm).toBe(pairs[0]!.pHolm);
  });
});
