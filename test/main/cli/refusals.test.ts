/**
 * Issue 20, item 8: settings that cannot make a sound run are refused by `solve` in one line with
 * exit 2 before any run is stored; none becomes a failed run.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cli, instances, tempDb } from '../../helpers/cli';

function expectRefused(args: string[], message: RegExp): void {
  const db = tempDb();
  const r = cli(['solve', ...args, '--db', db]);
  expect(r.code, r.stderr).toBe(2);
  const lines = r.stderr.trim().split('\n');
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(message);
  // Nothing stored: the database may not even have been made.
  if (!existsSync(db)) return;
  const d = new Database(db, { readonly: true });
  try {
    expect(d.prepare('SELECT COUNT(*) FROM runs').pluck().get()).toBe(0);
  } finally {
    d.close();
  }
}

describe('solve refuses before storing a run', { timeout: 120_000 }, () => {
  it('an infeasible casse-tete for the exact construction (n = 6, m = 2 and n = 5, m = 3)', () => {
    expectRefused(['--family', 'parity', '--size', '6', '--remove', '2'], /n = 6, m = 2 has no solution/);
    expectRefused(['--family', 'parity', '--size', '5', '--remove', '3'], /n = 5, m = 3 has no solution/);
  });

  it('a parity GA population that no memory holds, with the amount', () => {
    expectRefused(
      ['--family', 'parity', '--size', '10', '--remove', '20', '--solver', 'ga', '--set', 'population=9007199254740993'],
      /population of .* needs more memory than any machine has|needs about .* GB of memory, over the 2.00 GB/,
    );
    expectRefused(
      ['--family', 'parity', '--size', '100', '--remove', '20', '--solver', 'ga', '--set', 'population=1000000'],
      /needs about .* GB of memory, over the 2.00 GB a run may use on one thread/,
    );
  });

  it('backtrack-2x2 on a board above 14x14', () => {
    expectRefused([join(instances, 'meta2010_16x16.txt'), '--solver', 'backtrack-2x2', '--seconds', '1'], /backtrack-2x2 takes boards up to 14x14/);
  });

  it('--cpu without --seconds, and a seed above 2^32 - 1', () => {
    expectRefused(['--size', '7', '--cpu', '--evaluations', '100'], /--cpu counts --seconds .*: give --seconds too/);
    expectRefused(['--size', '7', '--seed', '4294967296', '--evaluations', '100'], /--seed must be at most 4294967295, got 4294967296/);
  });

  it('a checkpoint or progress interval that is not above zero', () => {
    expectRefused(['--size', '7', '--checkpoint-every', '-1', '--evaluations', '100'], /--checkpoint-every must be a positive number of seconds, got -1/);
    expectRefused(['--size', '7', '--progress-every', '0', '--evaluations', '100'], /--progress-every must be a positive number of seconds, got 0/);
    expectRefused(['--size', '7', '--progress-every', '0.001', '--evaluations', '100'], /--progress-every must be at least 0.05 s, got 0.001/);
    expectRefused(['--size', '7', '--checkpoint-every', '0.0000001', '--evaluations', '100'], /--checkpoint-every must be at least 0.01 s, got 0.0000001/);
  });

  it('and so do study run and serve, before opening anything', () => {
    for (const args of [
      ['study', 'run', '1', '--checkpoint-every', '0'],
      ['study', 'run', '1', '--progress-every', '-2'],
      ['serve', '--progress-every', '0'],
    ]) {
      const r = cli([...args, '--db', tempDb()]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr.trim()).toMatch(/^.*--(checkpoint|progress)-every must be a positive number of seconds, got -?\d+$/);
    }
  });

  it("a target above the puzzle's best possible score", () => {
    expectRefused(
      [join(instances, 'e2_clue1_6x6.txt'), '--target', '61', '--evaluations', '100'],
      /target 61 is above the puzzle's best possible score, 60: no run could reach it/,
    );
  });

  it('--remove where it would be ignored: with a FILE, or for a maze', () => {
    expectRefused(
      [join(instances, 'e2_clue1_6x6.txt'), '--remove', 'abc', '--seconds', '1'],
      /--remove builds a puzzle from --size: .* holds its puzzle already/,
    );
    expectRefused(['--family', 'jump', '--size', '5', '--remove', '3', '--evaluations', '10'], /--remove does not apply to a jump maze puzzle/);
  });

  it('but takes the largest seed', () => {
    const r = cli(['solve', '--size', '7', '--seed', '4294967295', '--evaluations', '100', '--db', tempDb()]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/seed 4294967295/);
  });
});
