import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateEdgePuzzle } from '../../../src/core/families/edge/design/generator';
import { piecesFormat } from '../../../src/core/families/edge/files/formats';
import { cli, cliAsync, tempDb } from '../../helpers/cli';

/** Issue 20: several files or many boards are stored all together or not at all; messages stay one line. */

const dir = mkdtempSync(join(tmpdir(), 'workbench-import-all-'));
const { puzzle, solution } = generateEdgePuzzle({ rows: 6, cols: 6, frameColours: 3, innerColours: 5, seed: 5 });

function write(name: string, text: string): string {
  const f = join(dir, name);
  writeFileSync(f, text);
  return f;
}

const piecesFile = write('pieces.txt', piecesFormat.write(puzzle, undefined)!);
const board = Array.from(solution.piece, (p, i) => `${p + 1} ${solution.rotation[i]}`).join('\n');
/** `count` copies of the solved board, one after the other. */
const boards = (count: number): string => write(`boards_${count}.txt`, `${Array.from({ length: count }, () => board).join('\n')}\n`);

/** The library's puzzles; none when not even the database was made (a command that only reads refuses a missing one). */
const puzzleCount = (db: string): number => {
  if (!existsSync(db)) return 0;
  const r = cli(['puzzles', '--db', db, '--json']);
  expect(r.code, r.stderr).toBe(0);
  return (JSON.parse(r.stdout) as unknown[]).length;
};

describe('import is all or nothing', () => {
  it('import A B with B malformed stores nothing and says so in one line', () => {
    const db = tempDb();
    const a = write('a.grid', '3 2\n1 0 1\n0 1 1\n1 1 1\n');
    const b = write('b.grid', '3 2\n1 0 1\n0 1\n');
    const r = cli(['import', '--db', db, a, b]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/b\.grid:3: .*\(nothing imported\)/);
    expect(puzzleCount(db)).toBe(0);
    // Both good: both stored, each on its line.
    const ok = cli(['import', '--db', db, a, a]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout.trim().split('\n')).toHaveLength(2);
  });

  it('a missing or unreadable file among several: one line saying nothing was imported (issue 49)', () => {
    const db = tempDb();
    const a = write('a2.grid', '3 2\n1 0 1\n0 1 1\n1 1 1\n');
    const missing = join(dir, 'missing.grid');
    for (const args of [
      [a, missing],
      [missing, a],
      [a, dir],
      [a, '--pieces', missing, a],
    ]) {
      const r = cli(['import', '--db', db, ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(/^workbench import: [^\n]*: (no such file|not a regular file \(a folder\)) \(nothing imported\)\n$/);
    }
    expect(puzzleCount(db)).toBe(0);
  });

  it('--pieces with 2,000 boards stores them all in one go, saying so on stderr', () => {
    const db = tempDb();
    const r = cli(['import', '--db', db, boards(2000), '--pieces', piecesFile]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(2000);
    expect(r.stderr).toMatch(/^storing 2,000 puzzles$/m);
    expect(puzzleCount(db)).toBe(2000);
  });

  it('Ctrl+C while the boards are read leaves nothing stored', async () => {
    const db = tempDb();
    // Progress shows after a second of reading: enough boards that no machine reads them sooner
    // (5,000 were read in under a second on an idle one, and the test waited for a line that never came).
    const child = cliAsync(['import', '--db', db, boards(40_000), '--pieces', piecesFile]);
    let stderr = '';
    const progressed = new Promise<void>((resolve) =>
      child.stderr.on('data', (d: Buffer) => {
        stderr += d.toString();
        if (/boards read/.test(stderr)) resolve();
      }),
    );
    const ended = new Promise<number | null>((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? -1 : null))));
    // A child that ends before its first progress line fails here, not at the test's timeout.
    const first = await Promise.race([progressed.then(() => 'progress'), ended.then(() => 'ended')]);
    expect(first, stderr).toBe('progress');
    expect(stderr).toMatch(/boards_40000\.txt: [\d,]+ of 40,000 boards read/);
    child.kill('SIGINT');
    await ended;
    expect(puzzleCount(db)).toBe(0);
  }, 120_000);
});

describe('messages name the file on one line', () => {
  it('score on truncated JSON names the file; a newline in a file name is shown escaped', () => {
    const f = write('cut\nshort.json', '{"format": "puzzle-workbench", "version": 1, "fam');
    const r = cli(['score', f]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/cut\\nshort\.json(:1)?: invalid JSON/);
    const missing = cli(['score', join(dir, 'no\nsuch.txt')]);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
    expect(missing.stderr).toMatch(/no\\nsuch\.txt: no such file/);
  });

  it('a document whose family is toString is an unknown family', () => {
    const f = write('proto.json', '{"format": "puzzle-workbench", "version": 1, "family": "toString", "puzzle": {}}');
    const r = cli(['import', '--db', tempDb(), f]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/proto\.json: unknown puzzle family "toString"/);
  });
});
