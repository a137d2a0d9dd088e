import { describe, expect, it } from 'vitest';
import { parityFeasible } from '../../../../src/core/families/parity';

const popcount = (x: number): number => {
  let c = 0;
  for (; x; x &= x - 1) c++;
  return c;
};

/**
 * Exact: which m admit an n x n 0/1 grid with exactly m zeros and every row and column holding an
 * even number of ones? DP over rows; state = parity mask of the columns' kept counts so far; value
 * = bitset (bigint) of reachable kept totals. Each row contributes a kept pattern of even popcount.
 * Result[m] for m = 0..n^2.
 */
function feasibleByDp(n: number): boolean[] {
  const masks = 1 << n;
  const patterns: number[] = [];
  for (let pat = 0; pat < masks; pat++) if (popcount(pat) % 2 === 0) patterns.push(pat);
  let reach: bigint[] = new Array<bigint>(masks).fill(0n);
  reach[0] = 1n; // nothing kept yet
  for (let r = 0; r < n; r++) {
    const next: bigint[] = new Array<bigint>(masks).fill(0n);
    for (let mask = 0; mask < masks; mask++) {
      const here = reach[mask];
      if (here === 0n) continue;
      for (const pat of patterns) next[mask ^ pat] |= here << BigInt(popcount(pat));
    }
    reach = next;
  }
  const kept = reach[0]; // every column even
  return Array.from({ length: n * n + 1 }, (_, m) => ((kept >> BigInt(n * n - m)) & 1n) === 1n);
}

/** Literal enumeration of all 2^(n^2) grids (n <= 4). */
function feasibleByEnumeration(n: number): boolean[] {
  const cells = n * n;
  const out = new Array<boolean>(cells + 1).fill(false);
  for (let kept = 0; kept < 2 ** cells; kept++) {
    let ok = true;
    for (let r = 0; r < n && ok; r++) {
      let row = 0;
      let col = 0;
      for (let c = 0; c < n; c++) {
        row ^= (kept >> (r * n + c)) & 1;
        col ^= (kept >> (c * n + r)) & 1;
      }
      if (row || col) ok = false;
    }
    if (ok) out[cells - popcount(kept)] = true;
  }
  return out;
}

describe('casse-tete feasibility', () => {
  it('the DP agrees with enumerating every subset for n <= 4', () => {
    for (let n = 1; n <= 4; n++) expect(feasibleByDp(n)).toEqual(feasibleByEnumeration(n));
  });

  it('parityFeasible is exactly right for every m and every n <= 5 (and further, up to 10)', () => {
    for (let n = 1; n <= 10; n++) {
      const truth = feasibleByDp(n);
      for (let m = 0; m <= n * n; m++) {
        const f = parityFeasible(n, m);
        expect({ n, m, feasible: f.feasible }).toEqual({ n, m, feasible: truth[m] });
      }
      expect(parityFeasible(n, -1).feasible).toBe(false);
      expect(parityFeasible(n, n * n + 1).feasible).toBe(false);
      expect(parityFeasible(n, n * n + 2).feasible).toBe(false);
    }
  });

  it('small cases by hand: n = 1, 2, 3', () => {
    const feasibleMs = (n: number): number[] => Array.from({ length: n * n + 1 }, (_, m) => m).filter((m) => parityFeasible(n, m).feasible);
    expect(feasibleMs(1)).toEqual([1]);
    expect(feasibleMs(2)).toEqual([0, 4]);
    expect(feasibleMs(3)).toEqual([3, 5, 9]);
    expect(feasibleMs(4)).toEqual([0, 4, 6, 8, 10, 12, 16]);
    expect(feasibleMs(5)).toEqual([5, 7, 9, 11, 13, 15, 17, 19, 21, 25]);
  });

  it("shows where the paper's condition ((n^2 - m) even, m <= n^2) is incomplete", () => {
    // Paper says feasible; all are not.
    for (const [n, m] of [
      [4, 2],
      [4, 14],
      [3, 1],
      [3, 7],
      [5, 3],
      [5, 23],
    ]) {
      expect((n * n - m) % 2).toBe(0);
      expect(parityFeasible(n, m).feasible).toBe(false);
    }
  });

  it('states the condition in one line, with the specific reason', () => {
    const cases: [number, number, RegExp][] = [
      [4, 3, /13 tokens would remain, an odd number/],
      [4, 14, /the 2 remaining tokens would have to share both a row and a column/],
      [4, 2, /with n even every row and column loses an even number/],
      [5, 3, /with n odd every row must lose an odd number \(at least 1\) of tokens, so at least 5 must be removed/],
      [3, 10, /m exceeds the 9 tokens/],
      [0, 0, /n must be a whole number >= 1/],
      [3, 1.5, /m must be a whole number/],
    ];
    for (const [n, m, re] of cases) {
      const f = parityFeasible(n, m);
      expect(f.feasible).toBe(false);
      expect(f.reason).toMatch(re);
      expect(f.reason).toMatch(/a solution exists exactly when 0 <= m <= n\^2, n\^2 - m is even, m is neither 2 nor n\^2 - 2, and m >= n when n is odd/);
      expect(f.reason).not.toMatch(/\n/);
    }
    expect(parityFeasible(10, 50)).toEqual({ feasible: true, reason: expect.stringMatching(/^n = 10, m = 50 is feasible/) });
  });
});
