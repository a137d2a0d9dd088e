/**
 * `import`'s printing is linear in the puzzles added: a file of many copies of one puzzle has as
 * many duplicates as puzzles, and each added puzzle's duplicate is found by id, not by a search of
 * the list (20,000 identical mazes took 3.8 s, 100,000 36.3 s, quadratic).
 */
import { describe, expect, it } from 'vitest';
import { importedLines } from '../../../src/main/cli/import-commands';
import type { PuzzleRecord } from '../../../src/main/api/puzzles';

const record = (id: number): PuzzleRecord => ({
  id,
  name: `maze ${id}`,
  family: 'jump',
  kind: 'Jump maze',
  source: 'f.maze',
  rows: 3,
  cols: 3,
  createdAt: 0,
  updatedAt: 0,
  lastOpenedAt: null,
  bestScore: null,
  document: null,
});

describe('importedLines', () => {
  it('names each added puzzle’s duplicate, reading each duplicate’s id a bounded number of times', () => {
    const n = 5000;
    const added = Array.from({ length: n }, (_, i) => record(i + 2));
    let idReads = 0;
    // Every added puzzle but the last duplicates puzzle 1; the id getter counts the lookups.
    const duplicates = added.slice(0, -1).map((p) => {
      const d = { sameAs: { id: 1, name: 'the first' } } as { id: number; sameAs: { id: number; name: string } };
      Object.defineProperty(d, 'id', { get: () => (idReads++, p.id), enumerable: true });
      return d;
    });
    const lines = importedLines({ added, updated: [], duplicates });
    expect(lines).toHaveLength(n);
    expect(lines[0]).toBe('puzzle 2: maze 2 (jump 3x3), the same puzzle as 1 (the first)');
    expect(lines[n - 2]).toBe(`puzzle ${n}: maze ${n} (jump 3x3), the same puzzle as 1 (the first)`);
    expect(lines[n - 1]).toBe(`puzzle ${n + 1}: maze ${n + 1} (jump 3x3)`);
    // A search per added puzzle reads about n * n / 2 ids; a map reads each once.
    expect(idReads).toBeLessThanOrEqual(2 * n);
  });

  it('says which puzzles had their placement replaced', () => {
    expect(importedLines({ added: [], updated: [record(7)], duplicates: [] })).toEqual(['puzzle 7: maze 7: placement replaced']);
  });
});
