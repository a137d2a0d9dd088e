import { describe, expect, it } from 'vitest';
import { evaluateMaze, type JumpPuzzle } from '../../../../src/core/families/jump';
import {
  analyse,
  fitnessSummary,
  legalValues,
  moveCursor,
  setCell,
  stepCell,
  targets,
  typeDigit,
} from '../../../../src/renderer/src/families/jump/maze-editor';

const p: JumpPuzzle = { rows: 5, cols: 5 };
// The CS 440 report's 5x5 maze (fitness 21).
const report = Int32Array.from([3, 2, 2, 3, 3, 4, 1, 2, 2, 1, 1, 3, 1, 2, 4, 4, 3, 3, 3, 3, 1, 1, 2, 3, 0]);

describe('jump-maze editing', () => {
  it('offers legal values only', () => {
    expect(legalValues(p, 0)).toEqual([1, 2, 3, 4]);
    expect(legalValues(p, 12)).toEqual([1, 2]); // the centre of a 5x5 board
    expect(legalValues(p, 24)).toEqual([0]);
  });

  it('edits are pure; illegal or unchanged edits return the same array', () => {
    const next = setCell(p, report, 0, 4);
    expect(next).not.toBe(report);
    expect(next[0]).toBe(4);
    expect(report[0]).toBe(3);
    expect(setCell(p, report, 12, 3)).toBe(report);
    expect(setCell(p, report, 24, 1)).toBe(report);
    expect(setCell(p, report, 0, 3)).toBe(report);
    expect(stepCell(p, report, 0, 1)[0]).toBe(4);
    expect(stepCell(p, setCell(p, report, 0, 4), 0, 1)[0]).toBe(1);
    expect(stepCell(p, report, 0, -3)[0]).toBe(4);
    expect(stepCell(p, report, 24, 1)).toBe(report);
  });

  it('moves the cursor within the board', () => {
    expect(moveCursor(p, 0, 'up')).toBe(0);
    expect(moveCursor(p, 0, 'right')).toBe(1);
    expect(moveCursor(p, 0, 'down')).toBe(5);
    expect(moveCursor(p, 6, 'left', true)).toBe(5);
    expect(moveCursor(p, 6, 'down', true)).toBe(21);
  });

  it('builds numbers from quick digits', () => {
    expect(typeDigit('', '3', 19)).toEqual({ value: 3, buffer: '' }); // 30 > 19: nothing can follow
    expect(typeDigit('', '1', 19)).toEqual({ value: 1, buffer: '1' });
    expect(typeDigit('1', '2', 19)).toEqual({ value: 12, buffer: '' });
    expect(typeDigit('1', '0', 19)).toEqual({ value: 10, buffer: '' });
    expect(typeDigit('', '0', 4)).toEqual({ value: null, buffer: '' });
    expect(typeDigit('', '7', 4)).toEqual({ value: null, buffer: '' });
    expect(typeDigit('2', '5', 4)).toEqual({ value: null, buffer: '' });
  });

  it('analyses with core: fitness, depths, a path that follows the jumps', () => {
    const a = analyse(p, report);
    expect(a.fitness).toBe(21);
    expect(a.fitness).toBe(evaluateMaze(p, report).fitness);
    expect(a.path![0]).toBe(0);
    expect(a.path![a.path!.length - 1]).toBe(24);
    expect(a.path).toHaveLength(22);
    for (let k = 1; k < a.path!.length; k++) {
      expect(targets(p, report, a.path![k - 1]!)).toContain(a.path![k]);
      expect(a.pathStep[a.path![k]!]).toBe(k);
    }
    expect(fitnessSummary(a)).toBe('Goal reached in 21 moves');
  });

  it('marks no path when the goal is unreachable', () => {
    // 3x3: the start (1) reaches the edge middles (2), which only reach each other: 4 cells unreachable.
    const q: JumpPuzzle = { rows: 3, cols: 3 };
    const a = analyse(q, Int32Array.from([1, 2, 1, 2, 1, 2, 1, 2, 0]));
    expect(a.fitness).toBe(-4);
    expect(a.unreachable).toBe(4);
    expect(a.path).toBeNull();
    expect(Array.from(a.depth)).toEqual([0, 1, -1, 1, -1, 2, -1, 2, -1]);
    expect(fitnessSummary(a)).toBe('Goal unreachable: 4 cells cannot be reached');
    expect(fitnessSummary({ fitness: 1, unreachable: 0 })).toBe('Goal reached in 1 move');
  });
});
