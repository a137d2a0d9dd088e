import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentFromText, documentToText, makeDocument } from '../../src/core/document/document';
import { FormatError } from '../../src/core/document/errors';
import { checkTextLimits } from '../../src/core/document/limits';
import { detectFormat, listFormats, readPuzzleFiles } from '../../src/core/document/read-file';
import { readBoardUrls } from '../../src/core/families/edge/files/boards';
import { readBoardsOnPuzzle, readPiecesWithBoards } from '../../src/core/families/edge/files/read';
import { bucasFormat, piecesFormat } from '../../src/core/families/edge/formats';
import { generateEdgePuzzle } from '../../src/core/families/edge/generator';
import type { EdgePuzzle } from '../../src/core/families/edge/model';
import { instances } from '../helpers/cli';

/**
 * Fuzzing every reader (issue 20): the bundled instances and small files of every format, mutated
 * (characters flipped, cut short, parts repeated, huge lines and separators put in), go through
 * every reader. Each either reads the file or throws a one-line FormatError: no other exception, no
 * hang. Fixed seed and bounded counts, so the file runs in seconds even on a loaded machine.
 */

const SEED = 20_261_127;
/** Far above what any of these (at most ~100 KB) inputs takes; only a hang or a quadratic blow-up reaches it. */
const PER_INPUT_MS = 5_000;

const { puzzle, solution } = generateEdgePuzzle({ rows: 4, cols: 4, frameColours: 2, innerColours: 3, seed: 3 });
const pieces = piecesFormat.write(puzzle, undefined)!;
const pairs = `4 4\n${Array.from(solution.piece, (p, i) => `${p + 1} ${solution.rotation[i]}`).join('\n')}\n`;
const grid = Array.from({ length: 4 }, (_, r) =>
  Array.from({ length: 4 }, (_, c) => `${solution.piece[r * 4 + c] + 1}/${solution.rotation[r * 4 + c]}`).join(' '),
).join('\n');

/** Our own small files of every format, then every bundled instance (the big ones cut to 20 KB). */
const fixtures: { name: string; text: string }[] = [
  { name: 'pieces.txt', text: pieces },
  { name: 'board.txt', text: pairs },
  { name: 'grid.txt', text: grid },
  { name: 'urls.txt', text: `${bucasFormat.write(puzzle, solution)!}${bucasFormat.write(puzzle, undefined)!}` },
  { name: 'p.csv', text: 'n,type,top,right,bottom,left\n1,corner,0,0,1,2\n2,corner,0,0,2,1\n' },
  { name: 't.txt', text: '2\n0 1 2 3\n4 5 1 6\n2 7 8 9\n1 3 0 7\n' },
  { name: 'm.maze', text: '3 3 1 1 3 3\n1 2 1\n1 1 1\n2 1 0\n2\n1 1\n1 0\n' },
  { name: 'g.grid', text: '3 2\n1 0 1\n0 1 1\n1 1 1\n' },
  { name: 'doc.json', text: documentToText(makeDocument('edge', 'doc', puzzle, solution)) },
  { name: 'maze.json', text: documentToText(makeDocument('jump', 'maze', { rows: 3, cols: 3 }, { cells: Int32Array.from([1, 2, 1, 1, 1, 1, 2, 1, 0]) })) },
];
for (const dir of [instances, join(instances, 'e2-8pin')])
  for (const f of readdirSync(dir)) {
    const path = join(dir, f);
    if (f.endsWith('.md') || !statSync(path).isFile()) continue;
    fixtures.push({ name: f, text: readFileSync(path, 'utf8').slice(0, 20_000) });
  }

const formats = ['json', ...listFormats().map((f) => f.id)];
const edgePuzzle = readPuzzleFiles('pieces.txt', pieces)[0].puzzle as EdgePuzzle;

/** Characters that matter to some reader. */
const SPECIAL = [...'0123456789 \t\n\r,;:/#-xX{}[]"\\=&%?', '\u2028', '\u0000', '\u00e9', 'board_edges=', 'board_w=', '//', '---/-', '#@fixed', 'c '];

type Mutation = (text: string) => string;
const at = (text: string, k: number): number => (text.length === 0 ? 0 : k % (text.length + 1));

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  // Flip characters.
  fc
    .array(fc.tuple(fc.nat(), fc.oneof(fc.constantFrom(...SPECIAL), fc.string({ maxLength: 3 }))), { minLength: 1, maxLength: 8 })
    .map((flips) => (text: string) => flips.reduce((t, [k, s]) => t.slice(0, at(t, k)) + s + t.slice(at(t, k) + 1), text)),
  // Cut short.
  fc.nat().map((k) => (text: string) => text.slice(0, at(text, k))),
  // Repeat a part.
  fc.tuple(fc.nat(), fc.nat({ max: 2_000 }), fc.integer({ min: 2, max: 20 })).map(([k, len, times]) => (text: string) => {
    const from = at(text, k);
    return text.slice(0, from) + text.slice(from, from + len).repeat(times) + text.slice(from);
  }),
  // A huge line or run of one thing.
  fc.tuple(fc.nat(), fc.constantFrom('x', '1', '#', ',', ' ', '\n', '1 ', '0:0 ', '-', '%'), fc.integer({ min: 1_000, max: 60_000 })).map(
    ([k, unit, n]) =>
      (text: string) =>
        text.slice(0, at(text, k)) + unit.repeat(n) + text.slice(at(text, k)),
  ),
);

/** Run one reader: a FormatError is a refusal, anything else fails the test; time is bounded. */
function tryRead(what: string, read: () => unknown): void {
  const t = performance.now();
  try {
    read();
  } catch (e) {
    if (!(e instanceof FormatError)) throw new Error(`${what}: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`, { cause: e });
    // One line, and short enough to show.
    expect(e.message.includes('\n'), `${what}: ${e.message.slice(0, 200)}`).toBe(false);
  }
  expect(performance.now() - t, what).toBeLessThan(PER_INPUT_MS);
}

/** Every reader the app has for a file on its own. */
function readAlone(name: string, text: string): void {
  tryRead(`${name} (detect)`, () => {
    checkTextLimits(text, name);
    return detectFormat(name, text);
  });
  tryRead(`${name} (auto)`, () => readPuzzleFiles(name, text));
  for (const format of formats) tryRead(`${name} as ${format}`, () => readPuzzleFiles(name, text, { format }));
  tryRead(`${name} as JSON`, () => documentFromText(text, name));
  tryRead(`${name} as URLs`, () => readBoardUrls(text, name));
}

/** The readers of a board with its pieces, as import --pieces and score do (limits first, as the service checks). */
function readWithPieces(pieceText: string, boardText: string): void {
  tryRead('pieces + board', () => {
    checkTextLimits(pieceText, 'pieces.txt');
    checkTextLimits(boardText, 'board.txt');
    return readPiecesWithBoards(pieceText, 'pieces.txt', boardText, 'board.txt');
  });
  tryRead('board on a puzzle', () => {
    checkTextLimits(boardText, 'board.txt');
    return readBoardsOnPuzzle(boardText, 'board.txt', edgePuzzle);
  });
}

describe('every reader on mutated files', () => {
  it('reads each fixture as it is (the mutations start from files that read)', () => {
    for (const f of fixtures) readAlone(f.name, f.text);
  });

  it('mutated files of every format: a result or a one-line FormatError, in bounded time', () => {
    fc.assert(
      fc.property(fc.constantFrom(...fixtures), fc.array(mutation, { minLength: 1, maxLength: 3 }), (f, ms) => {
        readAlone(
          f.name,
          ms.reduce((t, m) => m(t), f.text),
        );
      }),
      { seed: SEED, numRuns: 60 },
    );
  });

  it('mutated boards and piece sets read together', () => {
    const boards = [pairs, grid, fixtures[3].text];
    fc.assert(
      fc.property(fc.constantFrom(...boards), mutation, fc.boolean(), (board, m, mutatePieces) => {
        readWithPieces(mutatePieces ? m(pieces) : pieces, mutatePieces ? board : m(board));
      }),
      { seed: SEED, numRuns: 60 },
    );
  });
});
