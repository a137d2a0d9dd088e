import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Assignment } from '../../../../../src/core/families/edge/lns/assignment';

/** Best total over every permutation (k! of them): the reference the solver must equal. */
function bruteForce(w: number[][]): number {
  const k = w.length;
  let best = -Infinity;
  const used = new Array<boolean>(k).fill(false);
  const go = (i: number, sum: number): void => {
    if (i === k) {
      best = Math.max(best, sum);
      return;
    }
    for (let j = 0; j < k; j++) {
      if (used[j]) continue;
      used[j] = true;
      go(i + 1, sum + w[i][j]);
      used[j] = false;
    }
  };
  go(0, 0);
  return best;
}

const matrix = fc
  .integer({ min: 1, max: 8 })
  .chain((k) => fc.array(fc.array(fc.integer({ min: -5, max: 9 }), { minLength: k, maxLength: k }), { minLength: k, maxLength: k }));

describe('Assignment (Hungarian / Jonker-Volgenant)', () => {
  it('finds the best total of brute force on random matrices up to 8x8, with a permutation that achieves it', () => {
    const lap = new Assignment(8);
    fc.assert(
      fc.property(matrix, (w) => {
        const k = w.length;
        for (let i = 0; i < k; i++) for (let j = 0; j < k; j++) lap.weight[i * lap.stride + j] = w[i][j];
        const total = lap.solve(k);
        expect(total).toBe(bruteForce(w));
        const cols = Array.from(lap.colOf.subarray(0, k));
        expect(new Set(cols).size).toBe(k);
        expect(cols.reduce((s, j, i) => s + w[i][j], 0)).toBe(total);
      }),
      { numRuns: 300 },
    );
  });

  it('reuses its workspace across sizes and refuses a matrix larger than it', () => {
    const lap = new Assignment(3);
    lap.weight.set([1, 0, 0, 0, 1, 0, 0, 0, 1]);
    expect(lap.solve(3)).toBe(3);
    lap.weight.set([0, 5, 7, 0]);
    // Rows are read with the workspace's stride: 2x2 in a stride-3 matrix.
    lap.weight.fill(0);
    lap.weight[1] = 5;
    lap.weight[3] = 7;
    expect(lap.solve(2)).toBe(12);
    expect(() => lap.solve(4)).toThrow(/exceeds/);
  });
});
