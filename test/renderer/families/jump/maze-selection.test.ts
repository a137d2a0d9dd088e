import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DIGIT_PAUSE_MS, MazeSelection } from '../../../../src/renderer/src/families/jump/maze-selection.svelte';

describe('the selected cell of the maze editor', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('builds a number from quick digits and starts afresh after a pause or a new cell', () => {
    const s = new MazeSelection();
    s.select(5);
    expect(s.cursor).toBe(5);
    expect(s.type('1', 12)).toBe(1);
    expect(s.type('2', 12)).toBe(12);
    expect(s.type('1', 12)).toBe(1);
    vi.advanceTimersByTime(DIGIT_PAUSE_MS);
    expect(s.type('2', 12)).toBe(2); // not 12: the pause ended the number
    expect(s.type('1', 12)).toBe(1); // 21 is too big: a new number
    s.select(6);
    expect(s.type('2', 12)).toBe(2);
    expect(s.type('0', 0)).toBeNull(); // a cell that takes no length
    s.dispose();
  });

  it('opens and closes the list of lengths; pointing keeps it', () => {
    const s = new MazeSelection();
    s.select(3, true);
    expect(s.pickerOpen).toBe(true);
    s.point(4);
    expect(s.cursor).toBe(4);
    expect(s.pickerOpen).toBe(true);
    s.closePicker();
    expect(s.pickerOpen).toBe(false);
    s.select(2, true);
    s.select(2);
    expect(s.pickerOpen).toBe(false);
  });
});
