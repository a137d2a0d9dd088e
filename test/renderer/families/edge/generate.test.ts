import { describe, expect, it } from 'vitest';
import { isSolved } from '../../../../src/core/families/edge/model/score';
import { validateEdgePuzzle } from '../../../../src/core/families/edge/model/validate';
import { drawingFromBoard, isFrameJoin, unpaintedJoins } from '../../../../src/renderer/src/families/edge/drawing';
import { generateInstance } from '../../../../src/renderer/src/families/edge/generate';

describe('generating for the editor', () => {
  it('gives a solved E2-style instance whose drawing the editor can show', () => {
    const g = generateInstance({ rows: 6, cols: 7, frameColours: 3, innerColours: 5, seed: 11 });
    expect(isSolved(g.puzzle, g.solution)).toBe(true);
    expect(validateEdgePuzzle(g.puzzle).errors).toEqual([]);
    const d = drawingFromBoard(g.puzzle, g.solution)!;
    expect(unpaintedJoins(d)).toBe(0);
    for (let i = 0; i < d.h.length; i++) expect(d.h[i] <= 3).toBe(isFrameJoin(d, 'h', i));
    for (let i = 0; i < d.v.length; i++) expect(d.v[i] <= 3).toBe(isFrameJoin(d, 'v', i));
    const again = generateInstance({ rows: 6, cols: 7, frameColours: 3, innerColours: 5, seed: 11 });
    expect(again.puzzle.edges).toEqual(g.puzzle.edges);
  });
});
