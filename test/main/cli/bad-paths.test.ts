/**
 * Paths and values that cannot be what a person meant: an empty value, a folder or a pipe where a
 * file is written or a database is opened. Each is refused in one line naming it, exit 2, before
 * any work (a pipe given to --out would block the write forever).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, instances, repoRoot, tempDb } from '../../helpers/cli';

function refused(args: string[], message: RegExp): void {
  const r = cli(args);
  expect(r.code, r.stderr).toBe(2);
  const lines = r.stderr.trim().split('\n');
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(message);
}

describe('the CLI refuses paths and values no one means', { timeout: 120_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'bad-paths-'));
  const folder = join(dir, 'a-folder');
  mkdirSync(folder);
  const pipe = join(dir, 'a-pipe');
  execFileSync('mkfifo', [pipe]);
  const puzzle = join(instances, 'e2_clue1_6x6.txt');

  it('an empty option value or argument', () => {
    refused(['runs', '--db', ''], /--db needs a value, got ""/);
    refused(['solve', puzzle, '--solver', '', '--db', tempDb()], /--solver needs a value, got ""/);
    refused(['export', '1', '--out', '', '--db', tempDb()], /--out needs a value, got ""/);
    refused(['solve', '', '--db', tempDb()], /an argument is empty/);
  });

  it('an id that is no id, a bad port before anything else, a --static that is no folder', () => {
    refused(['show', '0', '--db', tempDb()], /RUN must be a whole number from 1 \(an id\), got "0"/);
    refused(['serve', '--port', 'abc', '--static', join(dir, 'none')], /--port expects a whole number, got "abc"/);
    refused(['serve', '--static', puzzle], /--static .* is not a folder/);
  });

  it('a generate option that the kind asked for would ignore', () => {
    refused(['generate', '--size', '4', '--colours', '5'], /--colours does not apply to an edge-matching puzzle \(it takes .*--frame-colours/);
    refused(['generate', '--family', 'parity', '--solutions', '6', '--seed', 'abc'], /--seed does not apply to a casse-tete grid/);
    refused(['generate', '--family', 'jump', '--size', '5', '--length', '3', '--solution', join(dir, 's.txt')], /--solution does not apply to a jump maze/);
    refused(['generate', '--size', '4', '--attempts', '0'], /--attempts bounds the search for exactly one solution: give --unique or --difficulty/);
  });

  it('a reader option given with a run file, and --format to score', () => {
    const runFile = join(repoRoot, 'bench/results/edge-e2-overnight-seed4.run.json');
    refused(['import', runFile, '--into', '1', '--db', tempDb()], /--into is for puzzle files: a run file holds its puzzle/);
    refused(['import', runFile, '--size', '16', '--db', tempDb()], /--size is for puzzle files/);
    refused(['score', puzzle, '--format', 'pieces'], /Unknown option '--format'/);
  });

  it('no command at all: the usage on stderr, exit 2', () => {
    const r = cli([]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^usage: workbench <command>/);
  });

  it('a folder or a pipe as a file to write, before the work is done', () => {
    refused(['export', '1', '--out', pipe, '--db', tempDb()], /--out .*a-pipe is not a regular file/);
    refused(['generate', '--size', '4', '--out', pipe], /--out .*a-pipe is not a regular file/);
    const out = join(dir, 'pieces.txt');
    refused(['generate', '--size', '4', '--out', out, '--solution', folder], /--solution .*a-folder is a folder/);
    expect(existsSync(out)).toBe(false);
    refused(['study', 'export', '1', '--out', folder, '--db', tempDb()], /--out .*a-folder is a folder/);
    refused(['analyze', puzzle, '--make-unique', '--out', join(dir, 'none', 'x.json')], /--out .*: there is no folder/);
  });

  it('a folder or a device as the database, by every command and check', () => {
    refused(['runs', '--db', folder], /a-folder is a folder, not a database file/);
    refused(['check', '--db', folder], /a-folder is a folder, not a database file/);
    refused(['check', '--db', pipe], /a-pipe is not a regular file/);
    refused(['puzzles', '--db', '/dev/null'], /\/dev\/null is not a regular file/);
  });
});
