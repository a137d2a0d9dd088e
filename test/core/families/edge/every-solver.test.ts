import { describe, expect, it } from 'vitest';
import { edgeSolvers, isSolved, maxScore, piecesFormat, solutionFromJson, type EdgePuzzle } from '../../../../src/core/families/edge';
import { generateEdgePuzzle } from '../../../../src/core/families/edge/design/generator';
import type { Params } from '../../../../src/core/params/schema';
import { allPresets } from '../../../../src/core/presets/presets';
import { generatePuzzle, naiveScore, readInstance } from './helpers';

/**
 * Issue 3's acceptance, over the whole catalogue (a solver added later is covered too): every
 * edge solver, with its default parameters, solves E2 clue 1, a generated 5x5 (odd sides, which
 * the 2x2 transform has to pad) and a 5x7 with hint pieces it must leave where they are.
 */
const clue1 = (): EdgePuzzle => piecesFormat.read(readInstance('e2_clue1_6x6.txt'), 'e2_clue1_6x6.txt').puzzle;
const generated5 = (): EdgePuzzle => generateEdgePuzzle({ rows: 5, cols: 5, frameColours: 2, innerColours: 3, seed: 1 }).puzzle;
/** Not square, odd sides, two hint pieces fixed where the known solution has them. */
const hinted5x7 = (): EdgePuzzle => generatePuzzle(5, 7, 11, 2, 4, 2).puzzle;
const BUDGET = 20_000_000;

/**
 * Tabu's defaults are tuned for META 10x10 (1000 sampled moves, tenure 2, no restarts): on a
 * board of 35 cells that samples every move each step and cycles, so small boards get what the
 * small-board preset of the launch form gives.
 */
const SMALL: Record<string, Params> = { tabu: allPresets().find((x) => x.id === 'tabu-small')!.params };

describe.each(edgeSolvers.map((s) => [s.id, s] as const))('%s', (id, def) => {
  it.each([
    ['E2 clue 1 (6x6), defaults', clue1, false],
    ['a generated 5x5, defaults', generated5, false],
    ['a generated 5x7 with two fixed hint pieces, small-board settings', hinted5x7, true],
  ] as const)('solves %s', (_name, make, small) => {
    const p = make();
    const run = def.create(p, small ? (SMALL[id] ?? {}) : {}, 1);
    const max = maxScore(p.rows, p.cols);
    while (run.bestScore < max && !run.finished && run.evaluations < BUDGET) run.step(100_000);
    expect(run.bestScore).toBe(max);
    const board = solutionFromJson(p, run.bestSolution(), 'best');
    expect(isSolved(p, board)).toBe(true);
    expect(naiveScore(p, board)).toBe(max);
    for (const f of p.fixed) {
      const i = f.row * p.cols + f.col;
      expect([board.piece[i], board.rotation[i]]).toEqual([f.piece, f.rotation]);
    }
  });
});
