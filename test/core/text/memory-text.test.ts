import { describe, expect, it } from 'vitest';
import { bytesText, memoryFigure, memoryText } from '../../../src/core/text/run-text';

const MB = 2 ** 20;

describe("a run's memory as text", () => {
  it("writes bytes in the MB of the solvers' memory bound (2^20), GB from 1024 MB", () => {
    expect(bytesText(312 * MB)).toBe('312 MB');
    expect(bytesText(312.4 * MB)).toBe('312 MB');
    expect(bytesText(1000)).toBe('1 MB');
    expect(bytesText(1023 * MB)).toBe('1,023 MB');
    expect(bytesText(1280 * MB)).toBe('1.25 GB');
    expect(bytesText(1024 * MB)).toBe('1.00 GB');
    expect(bytesText(0)).toBe('1 MB');
    expect(bytesText(null)).toBe('—');
    expect(bytesText(Number.NaN)).toBe('—');
  });

  it('says the memory now and the peak while running, the peak alone once ended, nothing when never measured', () => {
    expect(memoryText(312 * MB, 640 * MB)).toBe('memory 312 MB · peak 640 MB');
    expect(memoryText(null, 640 * MB)).toBe('peak 640 MB');
    expect(memoryText(312 * MB, null)).toBe('memory 312 MB');
    expect(memoryText(null, null)).toBe('');
    expect(memoryText(undefined, undefined)).toBe('');
  });

  it('makes a figure card: the memory now with the peak as its note while running, the peak alone once ended', () => {
    expect(memoryFigure(312 * MB, 640 * MB, true)).toEqual({ label: 'Memory', value: '312 MB', note: 'peak 640 MB' });
    expect(memoryFigure(312 * MB, 640 * MB, false)).toEqual({ label: 'Peak memory', value: '640 MB' });
    // Running but not sampled yet (a resumed run of before): the peak known so far.
    expect(memoryFigure(null, 640 * MB, true)).toEqual({ label: 'Peak memory', value: '640 MB' });
    expect(memoryFigure(null, null, false)).toEqual({ label: 'Peak memory', value: '—' });
  });
});
