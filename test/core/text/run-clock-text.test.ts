/**
 * A run on a CPU-time budget counts its times on that clock: every time of it is written so,
 * the "Best found at" card as its Duration and Elapsed beside it.
 */
import { describe, expect, it } from 'vitest';
import { bestFoundFigure, overLimitText, runTimeText } from '../../../src/core/text/run-text';

describe("a run's times on its clock", () => {
  it('says when the best was found and how long it has stood on the CPU clock of a CPU-time run', () => {
    expect(bestFoundFigure(4_015_000, 12_000_000, 'cpu')).toEqual({ label: 'Best found at', value: '1 h 06 min CPU', note: 'unchanged for 2 h 13 min CPU' });
    expect(bestFoundFigure(4_015_000, 12_000_000, 'cpu').value).toBe(runTimeText(4_015_000, 'cpu', true));
    expect(bestFoundFigure(null, 12_000_000, 'cpu')).toEqual({ label: 'Best found at', value: '—' });
  });

  it('writes a wall-clock run as before', () => {
    expect(bestFoundFigure(4_015_000, 12_000_000, 'wall')).toEqual(bestFoundFigure(4_015_000, 12_000_000));
    expect(bestFoundFigure(4_015_000, 12_000_000).value).toBe('1 h 06 min');
  });
});

describe('a run past its evaluation limit', () => {
  it('says how far and why: a solver stops between its steps', () => {
    expect(overLimitText(200_008, { evaluations: 1000 })).toBe('200 times the limit of 1,000: this solver stops between its steps');
    expect(overLimitText(1_250, { evaluations: 1000 })).toBe('25 % over the limit of 1,000: this solver stops between its steps');
    expect(overLimitText(1_005, { evaluations: 1000 })).toBeNull();
    expect(overLimitText(5_000, { evaluations: null })).toBeNull();
  });
});
