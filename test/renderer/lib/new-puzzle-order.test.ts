/**
 * Issue 51 item 2 in New puzzle: an edge puzzle asked with exactly one solution goes to the backend
 * as an order (named for what it promises); without it, it is dealt at once as before.
 */
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../../src/core/document/document';
import type { EdgePuzzle } from '../../../src/core/families/edge/model/model';
import { newPuzzleDocument, newPuzzleOrder, specProblems, type NewPuzzleSpec } from '../../../src/renderer/src/lib/new-puzzle';
import { edgeNewPuzzle, type EdgeNewFields } from '../../../src/renderer/src/families/edge/new-puzzle';
import { parseCall } from '../../../src/main/api/contract';

const edge = (f: Partial<EdgeNewFields>, name = ''): NewPuzzleSpec<EdgeNewFields> => ({ family: 'edge', name, fields: { ...edgeNewPuzzle.defaults(9), ...f } });

describe('new puzzles made to order', () => {
  it('asks the backend for a Tetravex or an E2-style board with one solution, in the band chosen', () => {
    const t = newPuzzleOrder(edge({ kind: 'tetravex', rows: 3, cols: 3, colours: 4, unique: true, difficulty: 'medium' }));
    expect(t).toEqual({ name: 'Tetravex 3×3, one solution, medium', rows: 3, cols: 3, seed: 9, kind: 'tetravex', colours: 4, difficulty: 'medium' });
    const e = newPuzzleOrder(edge({ kind: 'e2', rows: 4, cols: 5, frameColours: 2, innerColours: 4, unique: true }, ' Mine '));
    expect(e).toEqual({ name: 'Mine', rows: 4, cols: 5, seed: 9, kind: 'edge', frameColours: 2, innerColours: 4 });
    // What the dialog sends passes the API's own check.
    expect(() => parseCall('startOrder', t)).not.toThrow();
    expect(() => parseCall('startOrder', e)).not.toThrow();
  });

  it('deals at once without "exactly one solution", and never orders an empty board', () => {
    expect(newPuzzleOrder(edge({ kind: 'tetravex', unique: false, difficulty: 'hard' }))).toBeNull();
    expect(newPuzzleOrder(edge({ kind: 'draw', unique: true }))).toBeNull();
    const doc = newPuzzleDocument(edge({ kind: 'e2', rows: 4, cols: 4, frameColours: 2, innerColours: 3 }));
    expect(doc.name).toBe('E2-style 4×4');
    const { puzzle, reference } = parseDocument(doc);
    expect((puzzle as EdgePuzzle).edges.length).toBe(4 * 16);
    expect((puzzle as EdgePuzzle).rotatable).not.toBe(false);
    expect(reference).not.toBeNull();
  });

  it('names the colour fields a problem is in', () => {
    expect(specProblems(edge({ kind: 'e2', frameColours: 0, innerColours: 1.5 }))).toEqual([
      { field: 'frameColours', message: 'Frame colours must be 1 to 99' },
      { field: 'innerColours', message: 'Inner colours must be a whole number' },
    ]);
    expect(() => newPuzzleOrder(edge({ kind: 'e2', frameColours: 0, unique: true }))).toThrow('Frame colours must be 1 to 99');
  });
});
