import { describe, expect, it } from 'vitest';
import { placementText } from '../../../src/renderer/src/lib/placement';
import { bestScoreText } from '../../../src/renderer/src/lib/library';
import { parityScoreText } from '../../../src/renderer/src/families/parity/view';
import type { PuzzleSummary } from '../../../src/main/api/types';

const entry = (family: 'edge' | 'parity', placement: { score: number; maxScore: number | null } | null, bestScore: number | null = null) =>
  ({ family, rows: 5, cols: 5, bestScore, placement }) as unknown as PuzzleSummary;

describe('scores of a solved casse-tête (issue 21, item 8)', () => {
  it('says solved, not "0 / 0" or a bare "Score 0"', () => {
    expect(placementText(entry('parity', { score: 0, maxScore: 0 }))).toBe('solved');
    expect(placementText(entry('parity', { score: -2, maxScore: 0 }))).toBe('-2');
    expect(placementText(entry('edge', { score: 470, maxScore: 480 }))).toBe('470 / 480');
    expect(bestScoreText(entry('parity', null, 0))).toBe('solved');
    expect(bestScoreText(entry('parity', null, -4))).toBe('-4');
    expect(parityScoreText(0)).toBe('0 (best possible)');
    expect(parityScoreText(-2)).toBe('-2 (0 is best)');
  });
});
