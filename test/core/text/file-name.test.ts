import { describe, expect, it } from 'vitest';
import { safeFileName } from '../../../src/core/text/file-name';

describe('safeFileName', () => {
  it('keeps letters, digits, dots and dashes, and joins the rest with one underscore', () => {
    expect(safeFileName('Eternity II (copy)')).toBe('Eternity_II_copy');
    expect(safeFileName('e2-8pin v00.txt')).toBe('e2-8pin_v00.txt');
  });

  it('never climbs out of a folder or makes a hidden file', () => {
    expect(safeFileName('../../etc')).toBe('etc');
    expect(safeFileName('.hidden')).toBe('hidden');
    expect(safeFileName('a/b\\c')).toBe('a_b_c');
  });

  it('falls back when nothing is left, and stays short', () => {
    expect(safeFileName('×××')).toBe('puzzle');
    expect(safeFileName('', 'results')).toBe('results');
    expect(safeFileName('x'.repeat(1000))).toHaveLength(120);
  });
});
