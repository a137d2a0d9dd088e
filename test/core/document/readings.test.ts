import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fileReadings, readPuzzleFile, readPuzzleFiles } from '../../../src/core/document/read-file';
import { AmbiguousReadingError, pickReading, weightOf } from '../../../src/core/document/readings';
import { FormatError } from '../../../src/core/document/errors';
import { generateTetravex } from '../../../src/core/families/edge/files/tetravex';
import { generateEdgePuzzle } from '../../../src/core/families/edge/design/generator';
import { readPiecesWithBoards } from '../../../src/core/families/edge/files/read';
import { scoreBoard } from '../../../src/core/families/edge/model/score';
import type { EdgePuzzle } from '../../../src/core/families/edge/model/model';
import type { JumpMaze, JumpPuzzle } from '../../../src/core/families/jump';

const DIR = fileURLToPath(new URL('../../fixtures/dialects/', import.meta.url));
const text = (name: string): string => readFileSync(DIR + name, 'utf8');
/** The sets the issue-48 fixtures were written from (see their files). */
const tetravex = generateTetravex({ rows: 4, cols: 4, colours: 10, seed: 48 }).puzzle;
const edge = generateEdgePuzzle({ rows: 5, cols: 5, frameColours: 2, innerColours: 2, seed: 48 });

/** Tiles as written, up to the numbering of the colours (names and letters are numbered by first use). */
function sameTiles(p: EdgePuzzle, want: EdgePuzzle): void {
  expect([p.rows, p.cols, p.rotatable]).toEqual([want.rows, want.cols, false]);
  const map = new Map<number, number>();
  for (let i = 0; i < want.edges.length; i++) {
    const m = map.get(p.edges[i]);
    if (m === undefined) map.set(p.edges[i], want.edges[i]);
    else expect(m).toBe(want.edges[i]);
  }
  expect(new Set(map.values()).size).toBe(map.size);
}

describe('readings, weighed (issue 48)', () => {
  it.each([
    'tetravex-tblr-noheader.txt',
    'tetravex-one-line.txt',
    'tetravex-count-header.txt',
    'tetravex-digits-header.txt',
    'tetravex-hex.txt',
    'tetravex-meta.txt',
    'tetravex-names.txt',
    'tetravex-dashes.txt',
  ])('%s reads as the Tetravex it was written from', (name) => {
    const r = readPuzzleFile(name, text(name));
    expect(r.format).toBe('tetravex');
    sameTiles(r.puzzle as EdgePuzzle, tetravex);
  });

  it('a Tetravex in top bottom left right is told by its edges pairing up, not stored as top right bottom left', () => {
    const r = readPuzzleFile('t.txt', text('tetravex-tblr-noheader.txt'));
    expect(r.info.order).toBe('top bottom left right');
    expect(r.notes.some((n) => /pair up/.test(n))).toBe(true);
  });

  it.each(['pieces-side-colours.txt', 'pieces-letters.txt', 'pieces-wh-colours.csv'])('%s reads as the 5x5 set', (name) => {
    const r = readPuzzleFile(name, text(name));
    expect(r.format).toBe('pieces');
    const p = r.puzzle as EdgePuzzle;
    expect([p.rows, p.cols]).toEqual([5, 5]);
    // Letters are numbered by first use: the frame (grey) stays grey and the joins still pair up.
    expect(Array.from(p.edges).map((x) => x === 0)).toEqual(Array.from(edge.puzzle.edges).map((x) => x === 0));
  });

  it.each(['board-from0.txt', 'board-bottom-first.txt'])('%s (pieces from 0, or bottom row first) places the solved board', (name) => {
    // Bottom row first is the mirror image of top row first: only a stated piece order tells them apart.
    const options = name === 'board-bottom-first.txt' ? { order: 'trbl' } : {};
    const r = readPiecesWithBoards(text('pieces-5x5.txt'), 'pieces-5x5.txt', text(name), name, options);
    const b = r.boards[0];
    expect(scoreBoard(b.puzzle, b.board)).toBe(40);
    expect(b.notes.join(' ')).toMatch(name === 'board-from0.txt' ? /from 0/ : /bottom row first/);
  });

  it('a maze written one number a line is one maze, not many size lines', () => {
    const all = readPuzzleFiles('maze-one-a-line.txt', text('maze-one-a-line.txt'));
    expect(all).toHaveLength(1);
    expect(all[0].puzzle).toEqual({ rows: 4, cols: 4 });
    expect(Array.from((all[0].solution as JumpMaze).cells)).toEqual([1, 2, 1, 3, 1, 1, 2, 1, 3, 1, 1, 2, 1, 2, 1, 0]);
    expect((all[0].puzzle as JumpPuzzle).rows).toBe(4);
  });

  it('every reading comes with its evidence, the puzzle it makes and the options that select it', () => {
    const { readings } = fileReadings('t.txt', text('tetravex-tblr-noheader.txt'));
    const tv = readings.filter((r) => r.options.format === 'tetravex');
    expect(tv.map((r) => r.options.order).sort()).toEqual(['tblr', 'trbl', 'trlb']);
    for (const r of tv) {
      expect(r.evidence.length).toBeGreaterThan(0);
      expect(r.value[0].puzzle).toBeDefined();
      // The options read that reading back.
      const again = readPuzzleFile('t.txt', text('tetravex-tblr-noheader.txt'), { format: 'tetravex', options: r.options });
      expect(again.puzzle).toEqual(r.value[0].puzzle);
    }
    expect(weightOf(readings[0])).toBeGreaterThan(weightOf(readings[1]));
  });

  it('two readings that make different puzzles and fit alike are a stated choice, never a silent guess', () => {
    const reading = (order: string, weight: number, key = order) => ({
      label: `Tetravex 2x2, ${order}`,
      options: { format: 'tetravex', order },
      evidence: [{ reason: 'a short search solves it', weight }],
      key,
      value: order,
    });
    expect(pickReading([reading('trbl', 3), reading('tblr', 0.5)]).value).toBe('trbl');
    // The same puzzle twice is no choice.
    expect(pickReading([reading('trbl', 3), reading('tblr', 3, 'trbl')]).value).toBe('trbl');
    const e = (() => {
      try {
        pickReading([reading('trbl', 3), reading('tblr', 2), reading('trlb', 1.5)], 't.txt');
      } catch (x) {
        return x;
      }
      return null;
    })();
    expect(e).toBeInstanceOf(AmbiguousReadingError);
    expect((e as AmbiguousReadingError).choices.map((c) => c.options.order)).toEqual(['trbl', 'tblr', 'trlb']);
    expect((e as Error).message).toMatch(/^t\.txt: 3 readings fit about as well and make different puzzles; pick one: --format tetravex --order trbl reads/);
    expect((e as Error).message.split('\n')).toHaveLength(1);
  });
});

/** `--format a|b`, `--order x`, `--size RxC` ... in a refusal: each way of following its advice (`tried`: advice said to read the file). */
function advice(message: string): { format?: string; options: Record<string, string>; tried?: boolean }[] {
  const out: { format?: string; options: Record<string, string>; tried?: boolean }[] = [];
  const fmt = /give --format ([\w|]+)/.exec(message);
  if (fmt) for (const f of fmt[1].split('|')) out.push({ format: f, options: {} });
  for (const m of message.matchAll(/--(order|size|numbering|rows) ([\w]+)/g)) out.push({ options: { [m[1]]: m[2] } });
  // Options given together "to read it as" a reading were tried by the reader: followed together, they read.
  for (const m of message.matchAll(/give ((?:--\w+ [\w]+ ?)+) to read it as/g)) {
    const options: Record<string, string> = {};
    for (const o of m[1].matchAll(/--(\w+) ([\w]+)/g)) options[o[1]] = o[2];
    const { format, ...rest } = options;
    out.push({ format, options: rest, tried: true });
  }
  return out;
}

describe('every refusal’s advice works (issue 48)', () => {
  const corpus: [string, string][] = [
    ...readdirSync(DIR)
      .filter((f) => !/\.(sol|js)$/.test(f) && !f.startsWith('board-'))
      .map((f): [string, string] => [f, text(f)]),
    ['bad-order.txt', ['3 3', '0 0 1 1', '0 1 0 1', '1 0 0 1', '0 1 1 0', '0 1 2 1', '1 0 1 2', '2 1 0 1', '1 2 1 0', '2 2 2 2'].join('\n')],
    ['no-square.txt', ['1 2 3 4', '5 6 7 8', '1 2 3 4', '5 6 7 8', '1 2 3 4', '5 6 7 8'].join('\n')],
    ['tv-count.txt', ['3', '1 2 3 4', '5 6 7 8'].join('\n')],
    ['tie.txt', ['0 0 0 0', '0 1 0 1', '1 0 1 0', '1 1 1 1'].join('\n')],
    ['maze-short.txt', ['3', '1 1 1', '1 0'].join('\n')],
  ];
  it.each(corpus)('%s: reads, or its advice reads it or refuses for another reason', (name, body) => {
    let refusal: FormatError | null = null;
    try {
      readPuzzleFiles(name, body);
    } catch (e) {
      if (!(e instanceof FormatError)) throw e;
      refusal = e;
    }
    if (!refusal) return;
    const ways =
      refusal instanceof AmbiguousReadingError ? refusal.choices.map((c) => ({ format: c.options.format, options: c.options })) : advice(refusal.message);
    for (const way of ways) {
      let again: string | null = null;
      try {
        readPuzzleFiles(name, body, way);
      } catch (e) {
        if (!(e instanceof FormatError)) throw e;
        again = e.message;
      }
      expect(again, `${name}: ${JSON.stringify(way)} after "${refusal.message}"`).not.toBe(refusal.message);
      if (refusal instanceof AmbiguousReadingError || ('tried' in way && way.tried)) expect(again, `${name}: ${JSON.stringify(way)}`).toBeNull();
    }
  });
});
