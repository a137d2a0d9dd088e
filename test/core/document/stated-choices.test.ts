import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readPuzzleFile, readPuzzleFiles } from '../../../src/core/document/read-file';
import { FormatError } from '../../../src/core/document/errors';
import { generateTetravex } from '../../../src/core/families/edge/files/tetravex';
import type { EdgePuzzle } from '../../../src/core/families/edge/model/model';

const DIR = fileURLToPath(new URL('../../fixtures/dialects/', import.meta.url));
const text = (name: string): string => readFileSync(DIR + name, 'utf8');
/** The set tetravex-turned-order.txt was written from, each tile a quarter turn from top right bottom left. */
const tetravex = generateTetravex({ rows: 4, cols: 4, colours: 10, seed: 48 }).puzzle;

const sameEdges = (p: EdgePuzzle, want: EdgePuzzle): boolean =>
  p.rows === want.rows && p.cols === want.cols && p.edges.length === want.edges.length && p.edges.every((v, i) => v === want.edges[i]);

/** The note of a reading taken by choice among whole-puzzle symmetries. */
const choiceNote = (notes: string[]): string | undefined => notes.find((n) => n.includes('taken by choice'));

/** `--order x` (with `--size RxC` when rows and columns trade places) in a note: each option set it names. */
const picks = (note: string): Record<string, string>[] =>
  [...note.matchAll(/--order ([a-z]{4})(?: --size (\d+x\d+))?/g)].map((m) => ({ order: m[1], ...(m[2] ? { size: m[2] } : {}) }));

function refusal(name: string, body: string): FormatError {
  try {
    readPuzzleFiles(name, body);
  } catch (e) {
    if (e instanceof FormatError) return e;
    throw e;
  }
  throw new Error(`${name} was read`);
}

describe('whole-puzzle symmetries of tiles that never turn are a stated choice (issue 48)', () => {
  it('a Tetravex written in a turned order is read in the preferred order, and a note names the option that reads it as written', () => {
    const r = readPuzzleFile('tetravex-turned-order.txt', text('tetravex-turned-order.txt'));
    expect(r.format).toBe('tetravex');
    const p = r.puzzle as EdgePuzzle;
    // The content cannot tell: the preferred order reads the same puzzle turned.
    expect(sameEdges(p, tetravex)).toBe(false);
    expect(r.info.order).toBe('top right bottom left');
    const note = choiceNote(r.notes);
    expect(note).toBeDefined();
    // The import preview shows every note but the "read as" ones (their order has a field of its own).
    expect(note!.startsWith('read as ')).toBe(false);
    expect(note!.length).toBeLessThanOrEqual(300);
    expect(picks(note!)).toHaveLength(7);
    const exact = picks(note!).filter((options) =>
      sameEdges(readPuzzleFile('t.txt', text('tetravex-turned-order.txt'), { options }).puzzle as EdgePuzzle, tetravex),
    );
    expect(exact).toEqual([{ order: 'ltrb' }]);
  });

  it('every order of a square and of an oblong Tetravex reads it exactly, or names the option that does', () => {
    for (const [rows, cols] of [
      [3, 3],
      [3, 4],
    ]) {
      const want = generateTetravex({ rows, cols, colours: 9, seed: 5 }).puzzle;
      for (const order of ['trbl', 'rblt', 'bltr', 'ltrb', 'tlbr', 'lbrt', 'brtl', 'rtlb']) {
        const sides = [...order].map((ch) => 'trbl'.indexOf(ch));
        const lines = [`${rows} ${cols}`];
        for (let i = 0; i < want.edges.length; i += 4) lines.push(sides.map((s) => want.edges[i + s] - 1).join(' '));
        const body = lines.join('\n');
        let r;
        try {
          r = readPuzzleFile('t.txt', body);
        } catch (e) {
          // An oblong board read a quarter off is refused, naming the readings: never silent.
          expect(rows !== cols && /[rl]/.test(order[0])).toBe(true);
          expect(e).toBeInstanceOf(FormatError);
          continue;
        }
        if (sameEdges(r.puzzle as EdgePuzzle, want)) continue;
        const note = choiceNote(r.notes);
        expect(note, `${rows}x${cols} ${order}`).toBeDefined();
        const ok = picks(note!).some((options) => sameEdges(readPuzzleFile('t.txt', body, { options }).puzzle as EdgePuzzle, want));
        expect(ok, `${rows}x${cols} ${order}: ${note}`).toBe(true);
      }
    }
  });

  it('no note when the order is given, or when every turn makes the very same tiles', () => {
    const given = readPuzzleFile('t.txt', text('tetravex-turned-order.txt'), { options: { order: 'ltrb' } });
    expect(sameEdges(given.puzzle as EdgePuzzle, tetravex)).toBe(true);
    expect(choiceNote(given.notes)).toBeUndefined();
    const same = readPuzzleFile('s.txt', ['2', '1 1 1 1', '1 1 1 1', '1 1 1 1', '1 1 1 1'].join('\n'), { format: 'tetravex' });
    expect(choiceNote(same.notes)).toBeUndefined();
  });
});

describe('several pieces on a line (issue 48)', () => {
  it('a line of 4k numbers is k pieces: the 5x5 set written a board row a line reads as the set one a line', () => {
    const r = readPuzzleFile('pieces-five-a-line.txt', text('pieces-five-a-line.txt'));
    const one = readPuzzleFile('pieces-5x5.txt', text('pieces-5x5.txt'));
    expect(r.format).toBe('pieces');
    expect(Array.from((r.puzzle as EdgePuzzle).edges)).toEqual(Array.from((one.puzzle as EdgePuzzle).edges));
    expect(r.notes.join(' ')).toMatch(/several pieces a line/);
  });
});

describe('refusals say what is wrong and the one thing to do (issue 48)', () => {
  it('lines that are not puzzle data: the refusal names them, and without them the file reads', () => {
    const body = text('pieces-prose-header.txt');
    const e = refusal('pieces-prose-header.txt', body);
    expect(e.message).toMatch(/^pieces-prose-header\.txt:1: .*: remove lines 1, 2 \(not puzzle data\) to read it as edge-matching pieces 5x5/);
    expect(e.message.length).toBeLessThanOrEqual(300);
    const rest = body.split('\n').slice(2).join('\n');
    expect((readPuzzleFile('p.txt', rest).puzzle as EdgePuzzle).rows).toBe(5);
  });

  it('another reader that came close is named with the options that read the file, tried before they are advised', () => {
    const body = text('tetravex-twelve-noheader.txt');
    const e = refusal('tetravex-twelve-noheader.txt', body);
    expect(e.message).toMatch(/12 pieces do not make a square.*: give --format tetravex --size 3x4 to read it as Tetravex 3x4/);
    const r = readPuzzleFile('tetravex-twelve-noheader.txt', body, { format: 'tetravex', options: { size: '3x4' } });
    expect(sameEdges(r.puzzle as EdgePuzzle, generateTetravex({ rows: 3, cols: 4, colours: 10, seed: 48 }).puzzle)).toBe(true);
  });
});

describe('packed tiles with a marker standing apart (issue 48)', () => {
  it('`0196 *` is a packed tile and its marker, as `0196*` is', () => {
    const r = readPuzzleFile('tetravex-packed-marker.txt', text('tetravex-packed-marker.txt'));
    expect(r.format).toBe('tetravex');
    expect(r.notes.join(' ')).toMatch(/markers after the tiles \(\*\) ignored/);
    expect(sameEdges(r.puzzle as EdgePuzzle, generateTetravex({ rows: 3, cols: 3, colours: 10, seed: 48 }).puzzle)).toBe(true);
  });
});
