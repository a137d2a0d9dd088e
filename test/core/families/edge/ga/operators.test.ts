import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Rng } from '../../../../../src/core/rng/rng';
import { greyMask, maskShape, type EdgePuzzle } from '../../../../../src/core/families/edge';
import { Crossover, CROSSOVERS } from '../../../../../src/core/families/edge/ga/crossovers';
import { LocalDelta, evaluateBoard } from '../../../../../src/core/families/edge/ga/fitness';
import { MUTATIONS, Mutator } from '../../../../../src/core/families/edge/ga/mutations';
import { generatePuzzle, junkPuzzle } from '../helpers';
import { boards, illegal, naiveQuads, naiveScore, slice } from './boards';

/**
 * Apply `steps` random mutations and crossovers to a small population, checking after each that
 * every board holds each piece once, fixed pieces stay, the frame is legal, and the incremental
 * score / 2x2 change equals a full naive recount.
 */
function exercise(puzzle: EdgePuzzle, seed: number, steps: number, frame: boolean | null): void {
  const { L, P, R } = boards(puzzle, 4, seed);
  if (frame !== null) expect(L.standardFrame).toBe(frame);
  const n = L.cells;
  const delta = new LocalDelta(L);
  const mut = new Mutator(L, delta);
  const cx = new Crossover(L);
  const rng = new Rng(seed ^ 0x5eed);
  const P2 = new Int16Array(P.length);
  const R2 = new Uint8Array(R.length);
  const tmp = new Int32Array(2);
  const fail = (why: string, step: number, op: string): never => {
    throw new Error(`${why} after ${op} (step ${step}, seed ${seed}, ${puzzle.rows}x${puzzle.cols})`);
  };
  const check = (PP: Int16Array, RR: Uint8Array, i: number, step: number, op: string): void => {
    const b = slice(PP, RR, i * n, n);
    const why = illegal(puzzle, L.standardFrame, b);
    if (why) fail(why, step, op);
    evaluateBoard(L, PP, RR, i * n, tmp);
    if (tmp[0] !== naiveScore(puzzle, b)) fail(`evaluateBoard score ${tmp[0]} != naive ${naiveScore(puzzle, b)}`, step, op);
    if (tmp[1] !== naiveQuads(puzzle, b)) fail(`evaluateBoard quads ${tmp[1]} != naive ${naiveQuads(puzzle, b)}`, step, op);
  };
  for (let i = 0; i < 4; i++) check(P, R, i, -1, 'start');
  for (let step = 0; step < steps; step++) {
    if (rng.chance(0.3)) {
      const op = rng.int(CROSSOVERS.length);
      const a = rng.int(4);
      const b = rng.int(4);
      cx.apply(op, P, R, a * n, b * n, P2, R2, 0, n, rng);
      check(P2, R2, 0, step, CROSSOVERS[op]);
      check(P2, R2, 1, step, CROSSOVERS[op]);
      // Children replace two boards, so later steps work on bred boards too.
      const at = 2 * rng.int(2) * n;
      P.set(P2.subarray(0, 2 * n), at);
      R.set(R2.subarray(0, 2 * n), at);
      continue;
    }
    const op = rng.int(MUTATIONS.length);
    const i = rng.int(4);
    const before = slice(P, R, i * n, n);
    const s0 = naiveScore(puzzle, before);
    const q0 = naiveQuads(puzzle, before);
    mut.apply(op, P, R, i * n, rng);
    check(P, R, i, step, MUTATIONS[op]);
    const after = slice(P, R, i * n, n);
    if (naiveScore(puzzle, after) - s0 !== delta.dScore) fail(`score delta ${delta.dScore} != ${naiveScore(puzzle, after) - s0}`, step, MUTATIONS[op]);
    if (naiveQuads(puzzle, after) - q0 !== delta.dQuads) fail(`2x2 delta ${delta.dQuads} != ${naiveQuads(puzzle, after) - q0}`, step, MUTATIONS[op]);
  }
}

describe('GA operators', () => {
  it('keep each board a permutation with fixed pieces and a legal frame, and deltas equal recounts (standard frames)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 7 }), fc.integer({ min: 2, max: 7 }), fc.integer(), fc.integer({ min: 0, max: 3 }), (rows, cols, seed, fixed) => {
        const { puzzle } = generatePuzzle(rows, cols, seed, 2, 3, Math.min(fixed, rows * cols - 1));
        exercise(puzzle, seed, 400, true);
      }),
      { numRuns: 60 },
    );
  });

  it('work on piece sets without a standard frame (every piece anywhere, fixed pieces kept)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 }), fc.integer(), fc.integer({ min: 0, max: 2 }), (rows, cols, seed, fixed) => {
        const puzzle = junkPuzzle(rows, cols, seed, 3);
        const rng = new Rng(seed);
        const cells = rng.shuffle(Array.from({ length: rows * cols }, (_, i) => i)).slice(0, Math.min(fixed, rows * cols - 1));
        const pieces = rng.shuffle(Array.from({ length: rows * cols }, (_, i) => i));
        puzzle.fixed = cells.map((c, j) => ({ piece: pieces[j], row: Math.floor(c / cols), col: c % cols, rotation: rng.int(4) }));
        exercise(puzzle, seed, 300, null);
      }),
      // The example: a 2x2 junk set that happens to have a standard frame around two fixed pieces.
      { numRuns: 40, examples: [[2, 2, 1011345127, 2]] },
    );
  });

  it('a fixed corner piece on an inner cell: no standard frame, and it never moves', () => {
    const { puzzle, solution } = generatePuzzle(5, 5, 1234);
    const corner = Array.from(solution.piece).find((p) => maskShape(greyMask(puzzle, p)) === 'corner')!;
    puzzle.fixed = [{ piece: corner, row: 2, col: 2, rotation: 1 }];
    exercise(puzzle, 5, 1500, false);
  });

  it('every mutation and crossover runs on boards from 2x2 up (each operator many times)', () => {
    for (let seed = 0; seed < 30; seed++) {
      const { puzzle } = generatePuzzle(2 + (seed % 5), 2 + ((seed >> 1) % 5), seed, 2, 2, seed % 3);
      exercise(puzzle, seed, 600, true);
    }
  });
});
