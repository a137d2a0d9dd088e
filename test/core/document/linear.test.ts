import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectFormat, listFormats, readPuzzleFiles } from '../../../src/core/document/read-file';
import { documentFromText, parseDocument } from '../../../src/core/document/document';
import { FormatError } from '../../../src/core/document/errors';
import { checkTextLimits, MAX_FILE_BYTES, MAX_LINE_CHARS } from '../../../src/core/document/limits';
import { readBoardUrls } from '../../../src/core/families/edge/files/boards';
import { readBoardsOnPuzzle, readPiecesWithBoards, sizeFromFileName } from '../../../src/core/families/edge/files/read';
import type { EdgePuzzle } from '../../../src/core/families/edge/model/model';
import { instances } from '../../helpers/cli';

/**
 * Input handling is linear (issue 20): every reader's time on a hostile text is bounded by a
 * multiple of a plain read of the same text measured in the same test, so the bound holds on a
 * loaded machine (both slow down alike) and a quadratic reader (thousands of times slower at these
 * sizes) cannot pass. Readers that make a record per line or field get 100x (they allocate where
 * the plain read does not), the URL reader 50x.
 */

/** The least of a few timings: load only ever adds time. */
function fastest(f: () => void, times = 3): number {
  let best = Infinity;
  for (let k = 0; k < times; k++) {
    const t = performance.now();
    f();
    best = Math.min(best, performance.now() - t);
  }
  return best;
}

/** A plain read: the lines, each trimmed and cut into fields at every separator. */
function plainRead(text: string): void {
  let fields = 0;
  for (const line of text.split('\n')) {
    fields += line.trim().split(/[\s,;]/).length;
    for (let i = 0; i < line.length; i++) fields += line.charCodeAt(i) === 0 ? 1 : 0;
  }
  if (fields < 0) throw new Error('never');
}

const quietly = (f: () => unknown) => (): void => {
  try {
    f();
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
  }
};

const pieces = readFileSync(join(instances, 'e2_clue1_6x6.txt'), 'utf8');
const puzzle = readPuzzleFiles('e2_clue1_6x6.txt', pieces)[0].puzzle as EdgePuzzle;
const formats = ['json', ...listFormats().map((f) => f.id)];

/** Every reader on one text, each timed; the board readers after the limits the import service checks first. */
function readEverywhere(text: string): [string, number][] {
  const out: [string, number][] = [
    [
      'detect',
      fastest(
        quietly(() => detectFormat('x.txt', text)),
        1,
      ),
    ],
  ];
  for (const format of formats)
    out.push([
      format,
      fastest(
        quietly(() => readPuzzleFiles('x.txt', text, { format })),
        1,
      ),
    ]);
  const limited = (f: () => unknown) => () => {
    checkTextLimits(text, 'b.txt');
    f();
  };
  out.push(['pieces + boards', fastest(quietly(limited(() => readPiecesWithBoards(pieces, 'p.txt', text, 'b.txt'))), 1)]);
  out.push(['boards on a puzzle', fastest(quietly(limited(() => readBoardsOnPuzzle(text, 'b.txt', puzzle))), 1)]);
  return out;
}

describe('readers are linear', () => {
  it('1 MB of one character (200 KB of separators), through every reader, each within 100x of a plain read', () => {
    const slow: string[] = [];
    // 1 MB of a long word; 200 KB where every character makes a line or a field (200,000 records).
    for (const [ch, size] of [
      ['a', 1_000_000],
      ['0', 1_000_000],
      [',', 200_000],
      ['\n', 200_000],
      ['1 ', 200_000],
    ] as const) {
      const text = ch.repeat(size / ch.length);
      // Warmed up on a small text first, so what is timed is the reader, not the compiler.
      readEverywhere(ch.repeat(10_000 / ch.length));
      const plain = fastest(() => plainRead(text));
      for (const [reader, ms] of readEverywhere(text)) {
        if (ms > 100 * Math.max(plain, 1)) slow.push(`${JSON.stringify(ch)} ${reader}: ${(ms / plain).toFixed(0)}x`);
      }
    }
    expect(slow).toEqual([]);
  });

  it('20,000 board URLs within 50x of a plain read', () => {
    const text = Array.from({ length: 20_000 }, (_, i) => `https://e2.bucas.name/#puzzle=p${i}&board_w=1&board_h=1&board_edges=aaaa`).join('\n');
    const plain = fastest(() => plainRead(text));
    let boards = 0;
    const urls = fastest(() => {
      boards = readBoardUrls(text, 'urls.txt').length;
    });
    expect(boards).toBe(20_000);
    expect(urls).toBeLessThan(50 * Math.max(plain, 1));
    // The last URL's line is still counted right.
    expect(readBoardUrls(text, 'urls.txt')[19_999].line).toBe(20_000);
  });

  it('a long word before a URL (the pattern that took 13 s on 40,000 characters)', () => {
    const text = `${'x'.repeat(200_000)} https://e2.bucas.name/#board_w=1&board_h=1&board_edges=aaaa\n${'y'.repeat(200_000)}`;
    const plain = fastest(() => plainRead(text));
    const urls = fastest(() => readBoardUrls(text, 'u.txt'));
    expect(urls).toBeLessThan(50 * Math.max(plain, 1));
  });

  it('a comment of 100,000 marks before a line separator, and a file name of 100,000 digits', () => {
    const text = `${'#'.repeat(100_000)}\u2028x\n1 2 3 4\n`;
    const plain = fastest(() => plainRead(text));
    expect(fastest(() => detectFormat('x.txt', text))).toBeLessThan(50 * Math.max(plain, 1));
    const name = `${'1'.repeat(100_000)}.txt`;
    expect(fastest(() => sizeFromFileName(name))).toBeLessThan(
      50 *
        Math.max(
          fastest(() => plainRead(name)),
          1,
        ),
    );
    expect(sizeFromFileName('meta2010_10x12.txt')).toEqual([10, 12]);
  });
});

describe('limits are enforced before parsing, in one line', () => {
  it('a file larger than the limit', () => {
    const text = '1 2 3 4\n'.repeat(Math.ceil((MAX_FILE_BYTES + 1) / 8));
    expect(() => readPuzzleFiles('big.txt', text)).toThrow(/^big\.txt: the file is larger than 32 MiB/);
  });

  it('a line longer than the limit names its line; a JSON document on one line is not held to it', () => {
    const text = `2 2\n${'1'.repeat(MAX_LINE_CHARS + 1)}\n`;
    expect(() => readPuzzleFiles('long.txt', text)).toThrow(/^long\.txt:2: a line of 1,048,577 characters; lines may have at most 1,048,576$/);
    const doc = JSON.stringify({ format: 'puzzle-workbench', version: 1, family: 'parity', name: 'x'.repeat(MAX_LINE_CHARS), puzzle: { n: 4, m: 2 } });
    expect(readPuzzleFiles('one-line.json', doc)).toHaveLength(1);
  });
});

describe('messages', () => {
  it('a family named after an Object property is an unknown family', () => {
    for (const family of ['toString', '__proto__', 'constructor', 'hasOwnProperty']) {
      const doc = `{"format": "puzzle-workbench", "version": 1, "family": ${JSON.stringify(family)}, "puzzle": {}}`;
      expect(() => documentFromText(doc, 'x.json'), family).toThrow(
        new RegExp(`^x\\.json: unknown puzzle family "${family}" \\(known: edge, jump, parity\\)$`),
      );
      expect(() => parseDocument({ format: 'puzzle-workbench', version: 1, family, puzzle: {} }, 'y')).toThrow(FormatError);
    }
  });

  it('a file name with a newline or a control character stays on one line', () => {
    expect(() => documentFromText('{"format": "puzzle-', 'bad\nname\u001b.json')).toThrow(/^bad\\nname\\x1b\.json(:\d+)?: invalid JSON/);
    expect(() => readPuzzleFiles('two\nlines.txt', '')).toThrow(/^two\\nlines\.txt/);
    // The parser's own message quotes the text, a newline included.
    expect(() => documentFromText('{"a":\n o}', 'a.json')).toThrow(
      /^a\.json(:\d+)?: invalid JSON \(Unexpected token 'o', "\{"a":\\n o\}" is not valid JSON\)$/,
    );
  });
});
