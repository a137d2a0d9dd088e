import { describe, expect, it } from 'vitest';
import { evaluateMaze, jumpFamily, jumpPuzzle, mazeErrors, type JumpPuzzle } from '../../../../src/core/families/jump';
import { makeDocument } from '../../../../src/core/document/document';
import { analyse, isGoal, isStart, legalValues, placeEnd } from '../../../../src/renderer/src/families/jump/maze-editor';
import { onesMaze } from '../../../../src/renderer/src/families/jump/maze-start';
import { familyEntry } from '../../../../src/renderer/src/families';
import { drawDocument, type Ctx } from '../../../../src/renderer/src/lib/board-image';
import { evaluateRunBoard, runDocument } from '../../../../src/renderer/src/runs/board-view';

/** A context that records the text drawn, in order. */
function recorder(): Ctx & { texts: string[] } {
  const texts: string[] = [];
  const noop = (): void => {};
  const ctx = {
    texts,
    measureText: (t: string) => ({ width: t.length * 9 }),
    fillText: (t: string) => texts.push(t),
  };
  return new Proxy(ctx, { get: (o, k) => (k in o ? o[k as keyof typeof o] : noop), set: () => true }) as unknown as Ctx & { texts: string[] };
}

describe('jump maze start and goal in the editor', () => {
  const p: JumpPuzzle = { rows: 3, cols: 4 };

  it('puts the goal elsewhere: 0 there, a jump of 1 on the old goal, the rest kept', () => {
    const cells = onesMaze(p).cells;
    cells[2] = 2;
    const move = placeEnd(p, 'goal', 5)!;
    expect(move.puzzle).toEqual(jumpPuzzle(3, 4, 0, 5));
    const next = move.cells(cells);
    expect(Array.from(next)).toEqual([1, 1, 2, 1, 1, 0, 1, 1, 1, 1, 1, 1]);
    expect(mazeErrors(move.puzzle, next)).toEqual([]);
    expect(cells[11]).toBe(0); // the old maze is left alone (undo keeps it)
    expect(isGoal(move.puzzle, 5) && !isGoal(move.puzzle, 11)).toBe(true);
    expect(legalValues(move.puzzle, 11)).toEqual([1, 2, 3]);
  });

  it('puts the start elsewhere without touching the cells; BFS and the path start there', () => {
    const move = placeEnd(p, 'start', 6)!;
    expect(move.puzzle).toEqual(jumpPuzzle(3, 4, 6, 11));
    const cells = Int32Array.from([1, 1, 1, 2, 1, 2, 1, 1, 2, 2, 1, 0]);
    expect(move.cells(cells)).toEqual(cells);
    const a = analyse(move.puzzle, cells);
    expect(a.depth[6]).toBe(0);
    expect(a.path?.[0]).toBe(6);
    expect(a.fitness).toBe(evaluateMaze(move.puzzle, cells).fitness);
    expect(isStart(move.puzzle, 6)).toBe(true);
  });

  it('swaps start and goal when one is put on the other; nothing to do when already there', () => {
    const swapped = placeEnd(p, 'goal', 0)!;
    expect(swapped.puzzle).toEqual(jumpPuzzle(3, 4, 11, 0));
    expect(Array.from(swapped.cells(onesMaze(p).cells))).toEqual([0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(placeEnd(jumpPuzzle(3, 4, 5, 7), 'start', 7)!.puzzle).toEqual(jumpPuzzle(3, 4, 7, 5));
    expect(placeEnd(p, 'start', 0)).toBeNull();
    expect(placeEnd(p, 'goal', 11)).toBeNull();
    expect(placeEnd(p, 'goal', 12)).toBeNull();
  });

  it('a blank maze has its 0 on the goal; the painter writes G there and marks the start', () => {
    const q = jumpPuzzle(3, 4, 6, 1);
    const blank = onesMaze(q);
    expect(mazeErrors(q, blank.cells)).toEqual([]);
    const ctx = recorder();
    const { subtitle } = drawDocument(ctx, makeDocument('jump', 'm', q, blank), familyEntry('jump').drawBoard);
    expect(subtitle).toMatch(/fitness 2 \(goal in 2 moves\)/);
    const labels = ctx.texts.filter((t) => /^(\d+|G)$/.test(t));
    expect(labels).toHaveLength(12);
    expect(labels.indexOf('G')).toBe(1);
    expect(ctx.texts).toContain('S');
  });

  it("the run board reads start and goal from the run's puzzle JSON and scores from them", () => {
    const q = jumpPuzzle(3, 4, 6, 8);
    const cells = Int32Array.from([1, 1, 1, 2, 1, 2, 1, 1, 0, 2, 1, 3]);
    const puzzleJson = jumpFamily.puzzleToJson(q);
    const solutionJson = jumpFamily.solutionToJson(q, { cells });
    expect(evaluateRunBoard('jump', puzzleJson, solutionJson)).toEqual({ score: 3, maxScore: null, solved: true });
    const ctx = recorder();
    expect(drawDocument(ctx, runDocument('jump', 'run', puzzleJson, solutionJson), familyEntry('jump').drawBoard).subtitle).toMatch(
      /fitness 3 \(goal in 3 moves\)/,
    );
    expect(ctx.texts.filter((t) => /^(\d+|G)$/.test(t)).indexOf('G')).toBe(8);
  });
});
