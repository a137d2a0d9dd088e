import { mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { documentToText, makeDocument } from '../../src/core/document/document';
import { bucasFormat, piecesFormat } from '../../src/core/families/edge/files/formats';
import { generateEdgePuzzle } from '../../src/core/families/edge/design/generator';
import { instances } from '../helpers/cli';
import type { Outcome } from './reader-calls';
import { Watchdog } from './watchdog';

/**
 * Fuzzing every reader (issue 20): the bundled instances and small files of every format, mutated
 * (characters flipped, cut short, parts repeated, huge lines and separators put in), go through
 * every reader. Each either reads the file or throws a one-line FormatError: no other exception, no
 * hang. The readers run in a child process under a Watchdog (issue 49): they are synchronous, so a
 * reader in an endless loop would never let the runner's timeout fire; here it fails the test
 * within PER_INPUT_MS, naming the reader and keeping the input in a file. Fixed seed and bounded
 * counts, so the file runs in seconds even on a loaded machine.
 */

const SEED = 20_261_127;
/** Each reader's deadline: far above what any of these (at most ~1.2 MB) inputs takes; only a hang or a quadratic blow-up reaches it. */
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

const watchdog = new Watchdog(new URL('./reader-calls.ts', import.meta.url), PER_INPUT_MS);
afterAll(() => watchdog.close());

/** The outcomes must be reads or one-line refusals; a hang fails within the deadline, naming the reader, with the input kept in a file. */
async function expectReads(input: string, outcomes: Promise<Outcome[]>, text: string): Promise<void> {
  let got: Outcome[];
  try {
    got = await outcomes;
  } catch (e) {
    const file = join(mkdtempSync(join(tmpdir(), 'reader-fuzz-')), 'input.txt');
    writeFileSync(file, text);
    throw new Error(`${input} (the input is in ${file}): ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
  for (const o of got) {
    expect(o.failed, `${input}: ${o.what}: ${o.failed}`).toBeUndefined();
    // One line, and short enough to show.
    if (o.refused !== undefined) expect(o.refused.includes('\n'), `${input}: ${o.what}: ${o.refused.slice(0, 200)}`).toBe(false);
  }
}

const readAlone = (name: string, text: string, input = name): Promise<void> => expectReads(input, watchdog.call<Outcome[]>('readAlone', name, text), text);

const readWithPieces = (pieceText: string, boardText: string, input: string): Promise<void> =>
  expectReads(input, watchdog.call<Outcome[]>('readWithPieces', pieceText, boardText, pieces), `${pieceText}\n--- board ---\n${boardText}`);

describe('every reader on mutated files', () => {
  it('reads each fixture as it is (the mutations start from files that read)', async () => {
    for (const f of fixtures) await readAlone(f.name, f.text);
  });

  it('mutated files of every format: a result or a one-line FormatError, in bounded time', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...fixtures), fc.array(mutation, { minLength: 1, maxLength: 3 }), (f, ms) =>
        readAlone(
          f.name,
          ms.reduce((t, m) => m(t), f.text),
          `${f.name} mutated`,
        ),
      ),
      // A hang costs a deadline per try: report the first failure as it is, without shrinking.
      { seed: SEED, numRuns: 60, endOnFailure: true },
    );
  });

  it('mutated boards and piece sets read together', async () => {
    const boards = [pairs, grid, fixtures[3].text];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...boards), mutation, fc.boolean(), (board, m, mutatePieces) =>
        readWithPieces(mutatePieces ? m(pieces) : pieces, mutatePieces ? board : m(board), mutatePieces ? 'mutated pieces' : 'mutated board'),
      ),
      { seed: SEED, numRuns: 60, endOnFailure: true },
    );
  });
});
