/**
 * Fisher's exact test against scipy.stats.fisher_exact (test/fixtures/stats/scipy.json), against
 * a brute-force sum over every table with the same margins in exact integer arithmetic, and its
 * symmetries.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fisherExact } from '../../../src/core/stats/fisher';
import { isClose, jsonNumber, P_REL, scipy, STAT_REL } from './scipy-fixture';

/** Two-sided p by enumeration: tables at most as likely as the observed one, probabilities as exact integers. */
function bruteFisher(a: number, b: number, c: number, d: number): number {
  const binom = (n: number, k: number): bigint => {
    if (k < 0 || k > n) return 0n;
    let r = 1n;
    for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
    return r;
  };
  const n1 = a + b;
  const n2 = c + d;
  const m = a + c;
  const weight = (x: number): bigint => binom(n1, x) * binom(n2, m - x);
  const observed = weight(a);
  let hit = 0n;
  let all = 0n;
  for (let x = 0; x <= m; x++) {
    const w = weight(x);
    all += w;
    if (w <= observed) hit += w;
  }
  // Shift before dividing so the quotient keeps 64 bits however small the ratio.
  const shift = Math.max(0, all.toString(2).length - hit.toString(2).length + 64);
  return Number((hit << BigInt(shift)) / all) * 2 ** -shift;
}

describe('fisherExact', () => {
  it(`matches scipy ${scipy.scipy} on every fixture table`, () => {
    expect(scipy.fisher.length).toBeGreaterThan(50);
    for (const { table, p, oddsRatio } of scipy.fisher) {
      const [[a, b], [c, d]] = table;
      const r = fisherExact(a, b, c, d);
      expect(isClose(r.p, p, P_REL), `p of ${JSON.stringify(table)}: ${r.p} vs ${p}`).toBe(true);
      expect(isClose(r.oddsRatio, jsonNumber(oddsRatio), STAT_REL), `odds ratio of ${JSON.stringify(table)}`).toBe(true);
    }
  });

  it('counts the tables exactly as likely as the observed one (the mirror table of equal rows)', () => {
    // [[2, 8], [8, 2]] and [[8, 2], [2, 8]] have the same probability; both tails count.
    const p = fisherExact(2, 8, 8, 2).p;
    expect(p).toBeCloseTo(0.023014137565221155, 15);
    expect(p).toBeCloseTo(bruteFisher(2, 8, 8, 2), 15);
  });

  it('answers tables of thousands of runs at once, underflowing tails included', () => {
    const start = performance.now();
    expect(fisherExact(4990, 10, 4, 4996).p).toBe(0);
    expect(fisherExact(1, 4999, 4999, 1).p).toBe(0);
    expect(isClose(fisherExact(2400, 2600, 2600, 2400).p, 6.877264394891848e-5, P_REL)).toBe(true);
    expect(performance.now() - start).toBeLessThan(2000);
  });

  it('gives p = 1 and odds ratio NaN when a row or column is empty', () => {
    const empty: [number, number, number, number][] = [
      [0, 0, 3, 4],
      [3, 4, 0, 0],
      [0, 3, 0, 4],
      [3, 0, 4, 0],
    ];
    for (const t of empty) {
      const r = fisherExact(...t);
      expect(r.p).toBe(1);
      expect(r.oddsRatio).toBeNaN();
    }
  });

  it('rejects counts that are not whole numbers >= 0', () => {
    expect(() => fisherExact(-1, 2, 3, 4)).toThrow(/whole numbers >= 0/);
    expect(() => fisherExact(1.5, 2, 3, 4)).toThrow(/whole numbers >= 0/);
  });

  const table = fc.tuple(fc.nat(25), fc.nat(25), fc.nat(25), fc.nat(25));

  it('agrees with exact enumeration on small tables', () => {
    fc.assert(
      fc.property(table, ([a, b, c, d]) => {
        if (a + b === 0 || c + d === 0 || a + c === 0 || b + d === 0) return;
        expect(isClose(fisherExact(a, b, c, d).p, bruteFisher(a, b, c, d), 1e-12, 1e-300)).toBe(true);
      }),
    );
  });

  it('has p in [0, 1], unchanged by swapping the rows, the columns, or transposing', () => {
    fc.assert(
      fc.property(table, ([a, b, c, d]) => {
        const p = fisherExact(a, b, c, d).p;
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(1);
        expect(isClose(fisherExact(c, d, a, b).p, p, 1e-12)).toBe(true);
        expect(isClose(fisherExact(b, a, d, c).p, p, 1e-12)).toBe(true);
        expect(isClose(fisherExact(a, c, b, d).p, p, 1e-12)).toBe(true);
      }),
    );
  });
});
