/** A piece file whose frame is drawn in another colour than 0: 1 (colours from 1), any number, or a letter. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateEdgePuzzle } from '../../../../../src/core/families/edge/design/generator';
import { readPuzzleFile } from '../../../../../src/core/document/read-file';
import { frameColours, greyFromFrame } from '../../../../../src/core/families/edge/files/foreign';
import { AmbiguousReadingError } from '../../../../../src/core/document/readings';
import type { EdgePuzzle } from '../../../../../src/core/families/edge/model/model';
import { setOf } from '../../../document/hand-board';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

const piecesOf = (p: EdgePuzzle): number[][] => Array.from({ length: p.edges.length / 4 }, (_, i) => Array.from(p.edges.slice(4 * i, 4 * i + 4)));
/** The set with its colours renumbered as they first appear (0 kept): equal for sets that differ only in their colours' names. */
function canonical(p: EdgePuzzle): string[] {
  const seen = new Map<number, number>([[0, 0]]);
  return setOf({ ...p, edges: new Uint16Array(Array.from(p.edges, (v) => seen.get(v) ?? seen.set(v, seen.size).get(v)!)) });
}

/** The puzzle's pieces written `R C` then `t r b l`, each colour through `name`. */
const written = (p: EdgePuzzle, name: (v: number) => string): string =>
  [`${p.rows} ${p.cols}`, ...piecesOf(p).map((e) => e.map(name).join(' '))].join('\n') + '\n';

describe('a frame drawn in another colour than 0', () => {
  it('reads back the same pieces whichever number the frame is written in, or asks when two colours could be the frame', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 7 }),
        fc.integer({ min: 2, max: 7 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 2, max: 6 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.nat(),
        (rows, cols, frames, innerColours, seed, at) => {
          const { puzzle } = generateEdgePuzzle({ rows, cols, frameColours: frames, innerColours, seed });
          const top = frames + innerColours;
          // Grey as frame colour c (1..top+1), the colours from c up one: no 0 is left in the file.
          // The order is given: tiny boards may fit two orders, a question of its own (detect-order's tests).
          const c = 1 + (at % (top + 1));
          const text = written(puzzle, (v) => String(v === 0 ? c : v >= c ? v + 1 : v));
          const fields = new Uint16Array(puzzle.edges.map((v) => (v === 0 ? c : v >= c ? v + 1 : v)));
          const candidates = frameColours(fields, rows, cols);
          expect(candidates).toContain(c);
          const note = `colour ${c} is on every frame edge: read as grey (0)${fields.some((v) => v > c) ? ', the colours above it one lower' : ''}`;
          if (candidates.length === 1) {
            const r = readPuzzleFile('set.txt', text, { format: 'pieces', options: { order: 'trbl' } });
            expect(setOf(r.puzzle as EdgePuzzle)).toEqual(setOf(puzzle));
            expect(r.notes).toContain(note);
            return;
          }
          // Small boards whose frame-joint colour mimics a frame: one reading a candidate, taken when its
          // evidence clearly leads (the frame fits where the other only has its shape), else asked.
          let asked: AmbiguousReadingError | null = null;
          try {
            const r = readPuzzleFile('set.txt', text, { format: 'pieces', options: { order: 'trbl' } });
            expect(setOf(r.puzzle as EdgePuzzle)).toEqual(setOf(puzzle));
          } catch (e) {
            if (e instanceof AmbiguousReadingError) asked = e;
            else throw e;
          }
          if (asked) expect(asked.choices.map((ch) => ch.options.frame)).toEqual(expect.arrayContaining([String(c)]));
          const picked = readPuzzleFile('set.txt', text, { format: 'pieces', options: { order: 'trbl', frame: String(c) } });
          expect(setOf(picked.puzzle as EdgePuzzle)).toEqual(setOf(puzzle));
        },
      ),
      { numRuns: 80 },
    );
  });

  it('colours as letters with the frame in "a" read as a grey frame, the note naming the letter', () => {
    const { puzzle } = generateEdgePuzzle({ rows: 5, cols: 6, frameColours: 3, innerColours: 5, seed: 7 });
    const r = readPuzzleFile(
      'letters.txt',
      written(puzzle, (v) => LETTERS[v]),
    );
    expect(canonical(r.puzzle as EdgePuzzle)).toEqual(canonical(puzzle));
    expect(r.notes).toContain('colour "a" is on every frame edge: read as grey (0)');
    expect(r.notes.join(' | ')).not.toMatch(/no grey edge/);
  });

  it('a line of letters that starts with c is a piece, not a comment', () => {
    const text = written({ rows: 2, cols: 2, fixed: [], edges: new Uint16Array([0, 3, 2, 0, 0, 0, 1, 3, 2, 1, 0, 0, 1, 0, 0, 1]) }, (v) => LETTERS[v]);
    expect(text.split('\n')[1]).toBe('a d c a');
    expect((readPuzzleFile('c.txt', `c a comment line\n${text}`, { format: 'pieces' }).puzzle as EdgePuzzle).edges.length).toBe(16);
  });

  it('a set that writes 0 keeps it as grey, though broken, unless the highest colour is the frame', () => {
    // Colour 1 lies exactly where a frame would, but 0 is written (7 times: one grey edge short).
    expect(greyFromFrame(new Uint16Array([0, 0, 1, 1, 1, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 2]), 2, 2)).toBeNull();
  });

  it('a frame already in 0 is left alone', () => {
    const { puzzle } = generateEdgePuzzle({ rows: 4, cols: 4, frameColours: 2, innerColours: 3, seed: 1 });
    expect(greyFromFrame(puzzle.edges, 4, 4)).toBeNull();
  });

  it('two colours that could each be the frame: neither is taken', () => {
    // 2x2 corners only: colour 1 on every inner side, 2 on every outer one; either could be grey.
    const fields = new Uint16Array([2, 1, 1, 2, 2, 2, 1, 1, 1, 2, 2, 1, 1, 1, 2, 2]);
    expect(greyFromFrame(fields, 2, 2)).toBeNull();
    // The same with the inner colour split in two: only 2 is where a frame would be.
    const one = new Uint16Array([2, 1, 3, 2, 2, 2, 1, 1, 3, 2, 2, 3, 1, 3, 2, 2]);
    expect(greyFromFrame(one, 2, 2)?.note).toBe('colour 2 is on every frame edge: read as grey (0), the colours above it one lower');
  });
});
