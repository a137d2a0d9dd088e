import { describe, expect, it } from 'vitest';
import { NO_FILTER, filterTray, kindCounts, matchesFilter, pieceHasColour, puzzleColours, toggleColour } from '../../../../src/renderer/src/families/edge/tray';
import { cutPuzzle } from './helpers';

describe('tray filters', () => {
  const { puzzle } = cutPuzzle(5, 6, 21);
  const all = Array.from({ length: 30 }, (_, i) => i);

  it('counts and filters by kind', () => {
    const k = kindCounts(puzzle, all);
    expect(k).toEqual({ all: 30, corner: 4, side: 2 * 3 + 2 * 4, inner: 12 });
    expect(filterTray(puzzle, all, { kind: 'corner', colours: [] })).toHaveLength(4);
    expect(filterTray(puzzle, all, NO_FILTER)).toEqual(all);
  });

  it('filters by colour (any of the chosen ones)', () => {
    const colours = puzzleColours(puzzle);
    expect(colours[0]).toBeGreaterThan(0);
    const c = colours[0];
    const with1 = filterTray(puzzle, all, { kind: 'all', colours: [c] });
    expect(with1.length).toBeGreaterThan(0);
    for (const pc of with1) expect(pieceHasColour(puzzle, pc, c)).toBe(true);
    const both = filterTray(puzzle, all, { kind: 'all', colours: [c, colours[1]] });
    expect(both.length).toBeGreaterThanOrEqual(with1.length);
    expect(matchesFilter(puzzle, with1[0], { kind: 'all', colours: [c] })).toBe(true);
  });

  it('toggles colours on and off', () => {
    const f = toggleColour(toggleColour(NO_FILTER, 5), 2);
    expect(f.colours).toEqual([2, 5]);
    expect(toggleColour(f, 5).colours).toEqual([2]);
    expect(NO_FILTER.colours).toEqual([]);
  });
});
