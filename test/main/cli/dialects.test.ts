import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { Store } from '../../../src/main/store';
import { cli, tempDb } from '../../helpers/cli';

/** `workbench import` on the dialect files of issue 21 (test/fixtures/dialects, written for these tests). */
const DIR = fileURLToPath(new URL('../../fixtures/dialects/', import.meta.url));
const at = (name: string): string => DIR + name;

interface Row {
  id: number;
  name: string;
  family: string;
  rows: number;
  cols: number;
}
interface Imported {
  added: Row[];
  notes: string[];
  warnings: string[];
}

const FILES = [
  'tetravex-from1.txt',
  'tetravex-from0.txt',
  'tetravex-packed.txt',
  'hints-none.txt',
  'hints-two.txt',
  'header-bswh.txt',
  'header-rck.txt',
  'header-ptile.puz',
  'grey-highest.txt',
  'binary-words.csv',
  'fixed-comments.txt',
  'overlap-3x3.txt',
  'urls-sizes.js',
  'urls-partial.js',
  'maze-terminated.txt',
  'maze-dead-ends.txt',
  'maze-one-bad.txt',
];

/** One import of every file into one database (each file's puzzles are named after it). */
const db = tempDb();
let all: Imported;
beforeAll(() => {
  const r = cli(['import', ...FILES.map(at), '--db', db, '--json']);
  if (r.code !== 0) throw new Error(r.stderr);
  all = JSON.parse(r.stdout) as Imported;
}, 120_000);

/** The puzzles of one file, and the notes and warnings that name it or its puzzles. */
function of(f: string): Imported {
  const base = f.replace(/\.[^.]+$/, '');
  const added = all.added.filter((r) => r.name === base || r.name.startsWith(`${base} `));
  return { added, notes: all.notes, warnings: all.warnings.filter((w) => w.includes(f)) };
}

function stored(id: number): { family: string; puzzle: Record<string, unknown>; solution?: unknown } {
  const store = Store.open(db);
  try {
    const rec = store.getPuzzle(id)!;
    return rec.document as { family: string; puzzle: Record<string, unknown>; solution?: unknown };
  } finally {
    store.dispose();
  }
}

const only = (f: string): Row => {
  const r = of(f);
  expect(r.added).toHaveLength(1);
  return r.added[0];
};

describe('workbench import: files people have (issue 21)', () => {
  it.each(['tetravex-from1.txt', 'tetravex-from0.txt', 'tetravex-packed.txt'])('%s is stored as Tetravex: tiles that do not turn', (f) => {
    const row = only(f);
    expect([row.family, row.rows, row.cols]).toEqual(['edge', 3, 3]);
    expect(stored(row.id).puzzle.rotatable).toBe(false);
  });

  it.each([
    ['hints-none.txt', 'line 1 read as the number of hint lines (none)'],
    ['header-bswh.txt', 'line 1 read as a header ending in width and height, not as a piece'],
    ['header-rck.txt', 'line 1 read as rows, columns and the number of colours (4)'],
    ['header-ptile.puz', 'line 2 read as rows, columns and the number of colours (4)'],
    ['grey-highest.txt', 'colour 5 is on every frame edge: read as grey (0)'],
    ['binary-words.csv', 'colours written as binary words (0000000000000011 = 3)'],
  ])('%s: a 4x4 piece set, with the note "%s"', (f, note) => {
    const row = only(f);
    expect([row.family, row.rows, row.cols]).toEqual(['edge', 4, 4]);
    expect(of(f).notes).toContain(note);
  });

  it.each(['hints-two.txt', 'fixed-comments.txt'])('%s: fixed pieces honoured, with a note', (f) => {
    const row = only(f);
    expect((stored(row.id).puzzle.fixed as unknown[]).length).toBe(2);
    expect(of(f).notes.some((n) => /^2 fixed pieces from /.test(n))).toBe(true);
  });

  it('overlap-3x3.txt: imported with a warning, not refused', () => {
    only('overlap-3x3.txt');
    expect(of('overlap-3x3.txt').warnings.join(' ')).toMatch(/appears both between border pieces and on inner joins/);
  });

  it('URL files: each URL at its own size, a partial one named', () => {
    expect(of('urls-sizes.js').added.map((r) => [r.rows, r.cols])).toEqual([
      [3, 3],
      [4, 4],
    ]);
    const partial = of('urls-partial.js');
    expect(partial.added).toHaveLength(2);
    expect(partial.notes.join(' ')).toMatch(/1 URL left out \(partial #3\)/);
  });

  it('maze files: the 0 line ends the file, dead ends are read, a bad maze is named and the others come in', () => {
    expect(of('maze-terminated.txt').added.map((r) => r.family)).toEqual(['jump', 'jump']);
    only('maze-dead-ends.txt');
    expect(of('maze-dead-ends.txt').notes).toContain('3 dead-end cells (0 outside the goal: no jump from there)');
    const bad = of('maze-one-bad.txt');
    expect(bad.added.map((r) => r.name)).toEqual(['maze-one-bad #1', 'maze-one-bad #3']);
    expect(bad.notes.join(' ')).toMatch(/maze #2 \(line 7\) not imported/);
    const list = JSON.parse(cli(['puzzles', '--json', '--db', db]).stdout) as { id: number; name: string; placement: { score: number } | null }[];
    // Dead ends make no move: from the start (1) to the dead end at row 1 col 2, then nowhere; BFS finds 5 moves to the goal.
    expect(list.find((p) => p.name === 'maze-dead-ends')!.placement!.score).toBe(5);
  });

  it('a .sol list of tile col row rotation with its .puz pieces: the board fits (24/24)', () => {
    const r = cli(['import', at('placements.sol'), '--pieces', at('placements.puz'), '--db', tempDb()]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/\(edge 4x4\), placement 24\/24/);
    expect(r.stderr).toMatch(/rotations anticlockwise/);
  });

  it('refusals of a guessed format name the guess and --format; --format tetravex when in doubt', () => {
    const d = tempDb();
    const r = cli(['import', at('tetravex-from1.txt'), '--format', 'pieces', '--db', d]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^warning: .*no grey edges: .*Tetravex tiles, which never turn, import with --format tetravex$/m);
    const odd = join(mkdtempSync(join(tmpdir(), 'workbench-dialects-')), 'odd.txt');
    writeFileSync(odd, '3\n1 2\n1 1\n');
    const bad = cli(['import', odd, '--db', d]);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/odd\.txt:2: guessed jump maze \(give --format pieces\|[\w|]+ if it is not\): expected 3 jump lengths/);
  });
});
