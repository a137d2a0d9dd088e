import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SPAN } from '../../../../../src/core/families/edge/beam/children';
import { boardOrder } from '../../../../../src/core/families/edge/beam/order';

/** The order boardOrder promises: score, then the tally up to 1023 (`shift`: in buckets of 2^shift), highest first; equal keys in layer order. */
function expected(score: number[], tally: number[] | null, shift: number): number[] {
  const key = (i: number): [number, number] => [score[i], tally ? (Math.min(1023, tally[i]) - Math.min(...tally.map((t) => Math.min(1023, t)))) >> shift : 0];
  return score
    .map((_, i) => i)
    .sort((a, b) => {
      const [sa, ta] = key(a);
      const [sb, tb] = key(b);
      return sb - sa || tb - ta || a - b;
    });
}

function run(score: number[], tally: number[] | null): { ord: number[]; exact: boolean } {
  const ord = new Int32Array(score.length + 3).fill(-1);
  const exact = boardOrder(score.length, Int32Array.from(score), tally && Int32Array.from(tally), ord, new Int32Array(SPAN));
  return { ord: Array.from(ord.subarray(0, score.length)), exact };
}

describe('boardOrder', () => {
  it('puts boards by score then tally, highest first, equal ones in layer order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ s: fc.integer({ min: 0, max: 40 }), t: fc.integer({ min: 0, max: 1500 }) }), { maxLength: 300 }),
        fc.boolean(),
        (boards, ranked) => {
          const score = boards.map((b) => b.s);
          const tally = ranked ? boards.map((b) => b.t) : null;
          const { ord, exact } = run(score, tally);
          expect(exact).toBe(boards.length > 0);
          expect(ord).toEqual(expected(score, tally, 0));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('ranks tallies in buckets where scores and tallies span more than SPAN keys, and says the order is not exact', () => {
    // 100 scores x 1024 tallies: buckets of 2 tallies (100 x 512 <= SPAN).
    const score = Array.from({ length: 2000 }, (_, i) => (i * 37) % 100);
    const tally = Array.from({ length: 2000 }, (_, i) => (i * 101) % 1024);
    const { ord, exact } = run(score, tally);
    expect(exact).toBe(false);
    expect(ord).toEqual(expected(score, tally, 1));
  });

  it('keeps the layer order where the scores alone span more than SPAN', () => {
    const score = [0, SPAN + 5, 3, 7];
    const { ord, exact } = run(score, null);
    expect(exact).toBe(false);
    expect(ord).toEqual([0, 1, 2, 3]);
  });
});
