import { describe, expect, it } from 'vitest';
import { analyseParity, paritySolutionCount } from '../../../../src/core/families/parity/analysis';
import { parityFeasible } from '../../../../src/core/families/parity/feasibility';

/** Every subset of removed cells, checked cell by cell (n <= 4). */
function bruteCounts(n: number): bigint[] {
  const N = n * n;
  const counts = new Array<bigint>(N + 1).fill(0n);
  for (let mask = 0; mask < 1 << N; mask++) {
    let ok = true;
    for (let r = 0; r < n && ok; r++) {
      let kept = 0;
      for (let c = 0; c < n; c++) if (!(mask & (1 << (r * n + c)))) kept++;
      if (kept % 2) ok = false;
    }
    for (let c = 0; c < n && ok; c++) {
      let kept = 0;
      for (let r = 0; r < n; r++) if (!(mask & (1 << (r * n + c)))) kept++;
      if (kept % 2) ok = false;
    }
    if (ok) counts[popcount(mask)]++;
  }
  return counts;
}

function popcount(x: number): number {
  let c = 0;
  for (; x; x &= x - 1) c++;
  return c;
}

/** Row by row: state = which columns have kept an odd number so far, and how many cells are removed. */
function dpCounts(n: number): bigint[] {
  const N = n * n;
  let state = new Map<string, bigint>([['0,0', 1n]]);
  for (let r = 0; r < n; r++) {
    const next = new Map<string, bigint>();
    for (const [key, ways] of state) {
      const [odd, removed] = key.split(',').map(Number);
      for (let row = 0; row < 1 << n; row++) {
        const rem = popcount(row);
        if ((n - rem) % 2) continue;
        const kept = ~row & ((1 << n) - 1);
        const k = `${odd ^ kept},${removed + rem}`;
        next.set(k, (next.get(k) ?? 0n) + ways);
      }
    }
    state = next;
  }
  const counts = new Array<bigint>(N + 1).fill(0n);
  for (const [key, ways] of state) {
    const [odd, removed] = key.split(',').map(Number);
    if (odd === 0) counts[removed] += ways;
  }
  return counts;
}

describe('casse-tete solution count', () => {
  it('matches an enumeration of every grid for n <= 4', () => {
    for (let n = 1; n <= 4; n++) {
      const brute = bruteCounts(n);
      for (let m = 0; m <= n * n; m++) expect(paritySolutionCount(n, m)).toBe(brute[m]);
    }
  });

  it('matches a row-by-row count for n <= 7, and is positive exactly when (n, m) is feasible', () => {
    for (let n = 1; n <= 7; n++) {
      const dp = dpCounts(n);
      for (let m = 0; m <= n * n; m++) {
        expect(paritySolutionCount(n, m)).toBe(dp[m]);
        expect(dp[m] > 0n).toBe(parityFeasible(n, m).feasible);
      }
    }
  });

  it('gives an exact count where the work allows, bounds beyond, and 0 for infeasible pairs', () => {
    const a = analyseParity({ n: 10, m: 50 });
    expect(a.method).toBe('formula');
    expect(BigInt(a.solutions!)).toBeGreaterThan(0n);
    // The approximation C(n^2, m) / 2^(2n-2) is close at this size.
    expect(Math.abs(Math.log10(Number(BigInt(a.solutions!))) - a.log10Approx)).toBeLessThan(0.01);
    expect(Math.log10(Number(BigInt(a.solutions!)))).toBeLessThanOrEqual(a.log10Bound);
    const big = analyseParity({ n: 100, m: 5000 });
    expect(big.method).toBe('bound');
    expect(big.solutions).toBeNull();
    expect(big.log10Approx).toBeLessThan(big.log10Bound);
    expect(analyseParity({ n: 5, m: 2 })).toMatchObject({ feasible: false, solutions: '0', method: 'infeasible' });
  });
});
