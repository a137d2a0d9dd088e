import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isSolved, scoreBoard } from '../../../../src/core/families/edge/model/score';
import { edgeAt, maxScore } from '../../../../src/core/families/edge/model/model';
import { validateEdgePuzzle } from '../../../../src/core/families/edge/model/validate';
import {
  colourUse,
  cutDrawing,
  drawingFromBoard,
  emptyDrawing,
  fillRandom,
  isFrameJoin,
  paintCell,
  paintJoin,
  resizeDrawing,
  sideColour,
  tileAt,
  toggleHint,
  totalJoins,
  unpaintedJoins,
} from '../../../../src/renderer/src/families/edge/drawing';
import { randomDrawing } from './helpers';

describe('painting joins', () => {
  it('paints both sides of a join', () => {
    const d = paintJoin(emptyDrawing(3, 3), 1, 1, 1, 7)!;
    expect(sideColour(d, 1, 1, 1)).toBe(7);
    expect(sideColour(d, 1, 2, 3)).toBe(7);
    const e = paintJoin(d, 1, 1, 2, 9)!;
    expect(tileAt(e, 1, 1)).toEqual([-1, 7, 9, -1]);
    expect(tileAt(e, 2, 1)).toEqual([9, -1, 0, -1]);
    // Painting from the other tile is the same join.
    expect(paintJoin(e, 2, 1, 0, 9)).toBeNull();
  });

  it('keeps the frame grey and reports no-ops', () => {
    const d = emptyDrawing(3, 3);
    expect(paintJoin(d, 0, 0, 0, 5)).toBeNull();
    expect(paintJoin(d, 0, 0, 3, 5)).toBeNull();
    expect(paintJoin(d, 2, 2, 1, 5)).toBeNull();
    expect(paintJoin(d, 9, 9, 1, 5)).toBeNull();
    expect(tileAt(d, 0, 0)).toEqual([0, -1, -1, 0]);
    expect(paintJoin(d, 0, 0, 1, 0)).toBeNull(); // erasing nothing
  });

  it('does not change the drawing it is given', () => {
    const d = emptyDrawing(2, 2);
    paintJoin(d, 0, 0, 1, 3);
    expect(unpaintedJoins(d)).toBe(4);
  });

  it('stamps and erases whole tiles', () => {
    const d = paintCell(emptyDrawing(3, 3), 1, 1, 4)!;
    expect(tileAt(d, 1, 1)).toEqual([4, 4, 4, 4]);
    expect(paintCell(d, 1, 1, 4)).toBeNull();
    const e = paintCell(d, 1, 1, 0)!;
    expect(unpaintedJoins(e)).toBe(totalJoins(e));
    // A corner tile has only two joins.
    expect(tileAt(paintCell(emptyDrawing(3, 3), 0, 0, 2)!, 0, 0)).toEqual([0, 2, 2, 0]);
  });

  it('any sequence of paints leaves every join with the same colour on both sides', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(3), fc.nat(4), fc.nat(3), fc.nat(6)), { maxLength: 40 }), (ops) => {
        let d = emptyDrawing(4, 5);
        for (const [r, c, s, col] of ops) d = paintJoin(d, r, c, s, col) ?? d;
        for (let r = 0; r < 4; r++)
          for (let c = 0; c < 5; c++) {
            if (c + 1 < 5) expect(sideColour(d, r, c, 1)).toBe(sideColour(d, r, c + 1, 3));
            if (r + 1 < 4) expect(sideColour(d, r, c, 2)).toBe(sideColour(d, r + 1, c, 0));
          }
      }),
    );
  });

  it('toggles hint cells', () => {
    const d = toggleHint(toggleHint(emptyDrawing(3, 3), 4)!, 1)!;
    expect(d.hints).toEqual([1, 4]);
    expect(toggleHint(d, 4)!.hints).toEqual([1]);
    expect(toggleHint(d, 99)).toBeNull();
  });
});

describe('resizing, filling, reading boards', () => {
  it('keeps the shared part when resizing', () => {
    const d = randomDrawing(4, 4, 3);
    const big = resizeDrawing(d, 5, 6);
    for (let r = 0; r < 4; r++)
      for (let c = 0; c < 4; c++)
        for (let s = 0; s < 4; s++) {
          const inner = (s === 1 && c === 3) || (s === 2 && r === 3);
          if (!inner) expect(sideColour(big, r, c, s)).toBe(sideColour(d, r, c, s));
        }
    const small = resizeDrawing(d, 2, 3);
    expect(sideColour(small, 0, 0, 1)).toBe(sideColour(d, 0, 0, 1));
    expect(resizeDrawing({ ...d, hints: [0, 15] }, 2, 2).hints).toEqual([0]);
  });

  it('fills E2 style: frame colours between border tiles, inner colours elsewhere', () => {
    const d = fillRandom(emptyDrawing(5, 6), 42, 3, 7)!;
    expect(unpaintedJoins(d)).toBe(0);
    for (let i = 0; i < d.h.length; i++) {
      if (isFrameJoin(d, 'h', i)) expect(d.h[i]).toBeLessThanOrEqual(3);
      else expect(d.h[i]).toBeGreaterThan(3);
    }
    for (let i = 0; i < d.v.length; i++) {
      if (isFrameJoin(d, 'v', i)) expect(d.v[i]).toBeLessThanOrEqual(3);
      else expect(d.v[i]).toBeGreaterThan(3);
    }
    expect(fillRandom(d, 1, 3, 7)).toBeNull();
    expect(fillRandom(emptyDrawing(5, 6), 42, 3, 7)).toEqual(d);
    expect([...colourUse(d).values()].reduce((a, b) => a + b, 0)).toBe(totalJoins(d));
  });
});

describe('cutting', () => {
  it('makes a puzzle whose known solution is the drawing, solved', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 7 }), fc.integer({ min: 2, max: 7 }), fc.nat(), (rows, cols, seed) => {
        const d = randomDrawing(rows, cols, seed);
        const { puzzle, solution } = cutDrawing(d, seed);
        expect(puzzle.rows).toBe(rows);
        expect(puzzle.cols).toBe(cols);
        expect(scoreBoard(puzzle, solution)).toBe(maxScore(rows, cols));
        expect(isSolved(puzzle, solution)).toBe(true);
        // Each cell shows the drawn tile.
        for (let r = 0; r < rows; r++)
          for (let c = 0; c < cols; c++) {
            const i = r * cols + c;
            for (let s = 0; s < 4; s++) expect(edgeAt(puzzle, solution.piece[i], solution.rotation[i], s)).toBe(Math.max(0, sideColour(d, r, c, s)));
          }
        expect(validateEdgePuzzle(puzzle).errors).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });

  it('is deterministic per seed and shuffles and turns', () => {
    const d = randomDrawing(5, 5, 8);
    const a = cutDrawing(d, 123);
    const b = cutDrawing(d, 123);
    expect(a.puzzle.edges).toEqual(b.puzzle.edges);
    expect(a.solution).toEqual(b.solution);
    const c = cutDrawing(d, 124);
    expect(Array.from(c.solution.piece)).not.toEqual(Array.from(a.solution.piece));
    expect(Array.from(a.solution.piece)).not.toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(new Set(a.solution.rotation).size).toBeGreaterThan(1);
  });

  it('turns hint cells into fixed pieces at their solution place', () => {
    const d = { ...randomDrawing(4, 4, 2), hints: [5, 0] };
    const { puzzle, solution } = cutDrawing(d, 9);
    expect(puzzle.fixed).toHaveLength(2);
    for (const f of puzzle.fixed) {
      const i = f.row * 4 + f.col;
      expect(solution.piece[i]).toBe(f.piece);
      expect(solution.rotation[i]).toBe(f.rotation);
    }
    expect(validateEdgePuzzle(puzzle).errors).toEqual([]);
    expect(isSolved(puzzle, solution)).toBe(true);
  });

  it('reads the drawing back from a solved board, and refuses other boards', () => {
    const d = { ...randomDrawing(4, 5, 11), hints: [7] };
    const { puzzle, solution } = cutDrawing(d, 5);
    const back = drawingFromBoard(puzzle, solution)!;
    expect(back.h).toEqual(d.h);
    expect(back.v).toEqual(d.v);
    expect(back.hints).toEqual([7]);
    const turned = { piece: solution.piece.slice(), rotation: solution.rotation.slice() };
    turned.rotation[6] = (turned.rotation[6] + 1) & 3;
    expect(drawingFromBoard(puzzle, turned)).toBeNull();
    const holed = { piece: solution.piece.slice(), rotation: solution.rotation.slice() };
    holed.piece[3] = -1;
    expect(drawingFromBoard(puzzle, holed)).toBeNull();
  });
});
