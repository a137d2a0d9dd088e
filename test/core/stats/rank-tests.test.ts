/**
 * The rank tests against R's documented examples and against the exact permutation
 * distributions enumerated here by brute force (every split of the pooled values, every sign
 * pattern of the differences), ties and zero differences included.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mannWhitney, signedRank, signedRankNormalP } from '../../../src/core/stats/rank-tests';
import { a12 } from '../../../src/core/stats/effect';

/** Midranks (1-based) of xs, the textbook way. */
function midranks(xs: readonly number[]): number[] {
  return xs.map((v) => {
    const below = xs.filter((w) => w < v).length;
    const equal = xs.filter((w) => w === v).length;
    return below + (equal + 1) / 2;
  });
}

/** Two-sided exact p of the rank-sum of x, enumerating every choice of n1 of the pooled positions. */
function bruteRankSum(x: readonly number[], y: readonly number[]): number {
  const pooled = [...x, ...y];
  const r = midranks(pooled);
  const n = pooled.length;
  const n1 = x.length;
  const mean = (n1 * (n + 1)) / 2;
  const obs = r.slice(0, n1).reduce((a, b) => a + b, 0);
  let hit = 0;
  let all = 0;
  for (let mask = 0; mask < 1 << n; mask++) {
    let bits = 0;
    let s = 0;
    for (let i = 0; i < n; i++)
      if (mask & (1 << i)) {
        bits++;
        s += r[i]!;
      }
    if (bits !== n1) continue;
    all++;
    if (Math.abs(s - mean) >= Math.abs(obs - mean) - 1e-9) hit++;
  }
  return hit / all;
}

/** Two-sided exact p of the signed-rank test, zeros dropped, enumerating every sign pattern. */
function bruteSigned(x: readonly number[], y: readonly number[]): number {
  const d = x.map((v, i) => v - y[i]!).filter((v) => v !== 0);
  if (d.length === 0) return 1;
  const r = midranks(d.map(Math.abs));
  const total = r.reduce((a, b) => a + b, 0);
  const obs = r.filter((_, i) => d[i]! > 0).reduce((a, b) => a + b, 0);
  let hit = 0;
  for (let mask = 0; mask < 1 << d.length; mask++) {
    let s = 0;
    for (let i = 0; i < d.length; i++) if (mask & (1 << i)) s += r[i]!;
    if (Math.abs(s - total / 2) >= Math.abs(obs - total / 2) - 1e-9) hit++;
  }
  return hit / (1 << d.length);
}

describe('Mann-Whitney U', () => {
  it("matches R's wilcox.test example (Hollander and Wolfe 1973, p. 69): W = 35, one-sided p = 0.1272", () => {
    // R: x <- c(0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46); y <- c(1.15, 0.88, 0.90, 0.74, 1.21)
    //    wilcox.test(x, y, alternative = "g")  ->  W = 35, p-value = 0.1272 (?wilcox.test, stats package)
    // No ties, so the two-sided exact p is twice that.
    const x = [0.8, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46];
    const y = [1.15, 0.88, 0.9, 0.74, 1.21];
    const t = mannWhitney(x, y)!;
    expect(t.statistic).toBe(35);
    expect(t.exact).toBe(true);
    expect(t.p).toBeCloseTo(2 * 0.1272, 3);
    expect(t.p).toBeCloseTo(bruteRankSum(x, y), 12);
  });

  it('gives the exact permutation p with ties (brute force over every split)', () => {
    const cases: [number[], number[]][] = [
      [
        [3, 3, 4, 5, 5],
        [1, 3, 3, 2, 2],
      ],
      [
        [10, 10, 10, 9],
        [10, 9, 9, 9, 8],
      ],
      [
        [7, 7, 7],
        [7, 7, 7],
      ],
      [[1], [2, 2, 2, 3]],
    ];
    for (const [x, y] of cases) expect(mannWhitney(x, y)!.p).toBeCloseTo(bruteRankSum(x, y), 12);
  });

  it('finds two clearly different samples of five apart (p = 2/252) and identical ones not (p = 1)', () => {
    const t = mannWhitney([10, 11, 12, 13, 14], [1, 2, 3, 4, 5])!;
    expect(t.p).toBeCloseTo(2 / 252, 12);
    expect(t.statistic).toBe(25);
    expect(mannWhitney([5, 5, 5, 5, 5], [5, 5, 5, 5, 5])!.p).toBe(1);
  });

  it('refuses a value that is not a number, and ranks equal infinities as ties', () => {
    expect(() => mannWhitney([1, 2], [3, NaN])).toThrow(RangeError);
    expect(() => a12([NaN], [NaN])).toThrow(RangeError);
    expect(mannWhitney([-Infinity, -Infinity], [-Infinity, 1])!.statistic).toBe(mannWhitney([0, 0], [0, 1])!.statistic);
  });

  it('is null on an empty sample', () => {
    expect(mannWhitney([], [1])).toBeNull();
  });

  it('uses the tie-corrected normal approximation on large samples (R: W = 1000, p < 2.2e-16 style figures)', () => {
    // Two large samples shifted by a lot: the p is tiny; identical large samples: p = 1.
    const a = Array.from({ length: 40 }, (_, i) => i);
    const b = Array.from({ length: 40 }, (_, i) => i + 100);
    const t = mannWhitney(a, b)!;
    expect(t.exact).toBe(false);
    expect(t.statistic).toBe(0);
    expect(t.p).toBeLessThan(1e-10);
    expect(mannWhitney(a, a)!.p).toBe(1);
  });

  it('property: swapping the samples mirrors U (n1 n2 - U) and A12 (1 - A12), and keeps p', () => {
    const sample = fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 });
    fc.assert(
      fc.property(sample, sample, (x, y) => {
        const xy = mannWhitney(x, y)!;
        const yx = mannWhitney(y, x)!;
        expect(yx.statistic).toBeCloseTo(x.length * y.length - xy.statistic, 9);
        expect(yx.p).toBeCloseTo(xy.p, 12);
        expect(a12(y, x)!).toBeCloseTo(1 - a12(x, y)!, 12);
        expect(xy.statistic / (x.length * y.length)).toBeCloseTo(a12(x, y)!, 12);
        expect(xy.p).toBeGreaterThan(0);
        expect(xy.p).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('property: equals the brute-force permutation p on small tied samples', () => {
    const sample = fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(sample, sample, (x, y) => {
        expect(mannWhitney(x, y)!.p).toBeCloseTo(bruteRankSum(x, y), 10);
      }),
      { numRuns: 60 },
    );
  });
});

describe('Wilcoxon signed-rank', () => {
  it("matches R's paired example (Hollander and Wolfe 1973, p. 29): V = 40, one-sided p = 0.01953", () => {
    // R: x <- c(1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30)
    //    y <- c(0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29)
    //    wilcox.test(x, y, paired = TRUE, alternative = "greater")  ->  V = 40, p-value = 0.01953
    const x = [1.83, 0.5, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.3];
    const y = [0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29];
    const t = signedRank(x, y)!;
    expect(t.statistic).toBe(40);
    expect(t.p).toBeCloseTo(2 * 0.01953, 4);
    expect(t.p).toBe(20 / 512);
  });

  it("matches Darwin's plant heights (Cureton 1967; R wilcox.test(x): V = 96, p-value = 0.04126)", () => {
    const d = [6, 8, 14, 16, 23, 24, 28, 29, 41, -48, 49, 56, 60, -67, 75];
    const t = signedRank(d, new Array<number>(d.length).fill(0))!;
    expect(t.statistic).toBe(96);
    expect(t.p).toBeCloseTo(0.04126, 5);
  });

  it('drops zero differences and handles tied differences exactly (brute force over every sign pattern)', () => {
    const cases: [number[], number[]][] = [
      [
        [5, 5, 6, 7, 8, 3],
        [5, 4, 4, 5, 5, 4],
      ],
      [
        [1, 2, 3, 4],
        [2, 1, 4, 3],
      ],
      [
        [10, 10, 10, 10, 10, 10, 10],
        [8, 8, 9, 11, 7, 10, 10],
      ],
    ];
    for (const [x, y] of cases) expect(signedRank(x, y)!.p).toBeCloseTo(bruteSigned(x, y), 12);
    expect(signedRank([1, 2, 3], [1, 2, 3])).toEqual({ statistic: 0, p: 1, exact: true });
    expect(signedRank([1, 2], [1])).toBeNull();
  });

  it('property: swapping the pairs keeps p and mirrors V; equals the brute force', () => {
    const pairs = fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 5 })), { minLength: 1, maxLength: 9 });
    fc.assert(
      fc.property(pairs, (ps) => {
        const x = ps.map((p) => p[0]);
        const y = ps.map((p) => p[1]);
        const xy = signedRank(x, y)!;
        const yx = signedRank(y, x)!;
        expect(yx.p).toBeCloseTo(xy.p, 12);
        expect(xy.p).toBeCloseTo(bruteSigned(x, y), 10);
      }),
      { numRuns: 80 },
    );
  });

  it("reproduces the casse-tete paper's GA against SA test (Almuhaideb et al. 2022: Wilcoxon signed-rank, p = 0.038)", () => {
    // Mean fitness evaluations per instance, the paper's appendices A (study 1) and B (study 5).
    const ga = [12002, 13402, 13202, 155602, 297402, 275602, 2989802, 3437402, 3074402];
    const sa = [15964.2, 18413.2, 15216.4, 531060.8, 69469.4, 426826.58, 28258587.6, 37389266.8, 28164018];
    const t = signedRank(ga, sa)!;
    // V = 5 (the one instance where SA used fewer: rank 5); exact p = 2 x 10/512. The paper's
    // 0.038 is the normal approximation without continuity correction: z = (5 - 22.5) / sqrt(71.25).
    expect(t.statistic).toBe(5);
    expect(t.p).toBeCloseTo(20 / 512, 12);
    expect(signedRankNormalP(ga, sa)).toBeCloseTo(0.0382, 4);
  });
});
