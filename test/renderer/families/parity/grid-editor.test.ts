import { describe, expect, it } from 'vitest';
import { lineCounts, parityStatus, sameTokens, setAll, toggle } from '../../../../src/renderer/src/families/parity/grid-editor';

describe('casse-tête editing', () => {
  it('toggles tokens without touching the old grid', () => {
    const full = setAll(3, true);
    const one = toggle(full, 4);
    expect(full[4]).toBe(1);
    expect(one[4]).toBe(0);
    expect(toggle(one, 4)).toEqual(full);
    expect(toggle(full, 99)).toBe(full);
    expect(sameTokens(toggle(one, 4), full)).toBe(true);
  });

  it('counts each line and finds the odd ones', () => {
    const g = toggle(setAll(4, true), 0);
    expect(lineCounts(4, g)).toEqual({ rows: [3, 4, 4, 4], cols: [3, 4, 4, 4] });
  });

  it('reports progress, score and feasibility from core', () => {
    let g = setAll(4, true);
    let s = parityStatus({ n: 4, m: 4 }, g);
    expect(s).toMatchObject({ removed: 0, oddRows: 0, oddCols: 0, score: 0, solved: false });
    expect(s.summary).toBe('Every line is even, but 0 tokens are removed instead of 4');
    g = toggle(g, 0);
    s = parityStatus({ n: 4, m: 4 }, g);
    expect(s).toMatchObject({ removed: 1, oddRows: 1, oddCols: 1, score: -2, solved: false });
    expect(s.summary).toBe('1 odd row and 1 odd column; 1 of 4 removed');
    expect(parityStatus({ n: 4, m: 4 }, toggle(g, 1)).summary).toBe('0 odd rows and 2 odd columns; 2 of 4 removed');
    for (const i of [1, 4, 5]) g = toggle(g, i);
    s = parityStatus({ n: 4, m: 4 }, g);
    expect(s.solved).toBe(true);
    expect(s.summary).toBe('Solved: 4 removed, every row and column even');
    expect(s.feasibility.feasible).toBe(true);
    expect(parityStatus({ n: 4, m: 2 }, g).feasibility.feasible).toBe(false);
  });
});
