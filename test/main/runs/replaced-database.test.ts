/**
 * The database file moved over (`mv`) or rewritten in place (`cp`) while a CLI `solve` or `serve`
 * runs on it: the process stops writing, ends the run with one line, and the new file is left
 * byte for byte as it was, intact for the next process (issue 20, item 1).
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { Store } from '../../../src/main/store/store';
import { solveJump } from '../../helpers/cli';
import { hash } from '../../helpers/files';
import { startServe } from '../../helpers/serve';
import { cleanTempDirs, newRun, tempDir } from '../store/helpers';
import { until } from './in-process';

afterEach(cleanTempDirs);

/** A closed database of three runs, as a backup to restore would be. */
function backup(file: string): string {
  const s = Store.open(file);
  for (let i = 0; i < 3; i++) s.createRun(newRun({ puzzleName: `backup ${i}` }));
  s.dispose();
  return hash(file);
}

/** Read a run's elapsed time without writing anything (a read-only connection never checkpoints). */
function elapsed(file: string, runId: number): number {
  if (!fs.existsSync(file)) return 0;
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT elapsed_ms FROM runs WHERE id = ?').pluck().get(runId) as number | undefined) ?? 0;
  } catch {
    return 0;
  } finally {
    db.close();
  }
}

function replace(how: 'mv' | 'cp', other: string, file: string): void {
  if (how === 'mv') fs.renameSync(other, file);
  else fs.copyFileSync(other, file); // opens the existing file and truncates it: same inode, as `cp` does
}

function expectIntact(file: string, digest: string): void {
  expect(hash(file)).toBe(digest);
  expect(fs.existsSync(`${file}-wal`)).toBe(false);
  const s = Store.open(file);
  try {
    expect(s.connection.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(s.listRuns().map((r) => r.puzzleName)).toEqual(['backup 2', 'backup 1', 'backup 0']);
  } finally {
    s.dispose();
  }
}

const reason = (how: 'mv' | 'cp'): string => (how === 'mv' ? 'was replaced by another file' : 'was overwritten in place by another file');

describe('the database replaced under a running CLI solve', () => {
  for (const how of ['mv', 'cp'] as const) {
    it(`${how}: the run ends in one line, exit 1, and the new file is left byte for byte, intact`, async () => {
      const dir = tempDir();
      const file = path.join(dir, 'a.db');
      const other = path.join(dir, 'other.db');
      const digest = backup(other);
      const solve = solveJump(file, 120);
      try {
        await until(() => elapsed(file, 1) >= 500, 60_000, 'progress');
        replace(how, other, file);
        const code = await Promise.race([solve.exited, new Promise((r) => setTimeout(() => r('still running'), 30_000))]);
        expect(code).toBe(1);
      } finally {
        solve.child.kill('SIGKILL');
      }
      expect(solve.stdout).toBe('');
      expect(solve.stderr.trim().split('\n'), solve.stderr).toHaveLength(1);
      expect(solve.stderr).toMatch(new RegExp(`^run 1 failed: could not save the run: the database file .*a\\.db ${reason(how)} while in use`));
      expectIntact(file, digest);
    }, 120_000);
  }
});

describe('the database replaced under serve', () => {
  for (const how of ['mv', 'cp'] as const) {
    it(`${how}: the run ends with the reason pushed to the views; the new file is left byte for byte, intact`, async () => {
      const dir = tempDir();
      const file = path.join(dir, 'a.db');
      const other = path.join(dir, 'other.db');
      const digest = backup(other);
      const serve = await startServe(file, { stderr: 'pipe', startMs: 60_000 });
      const { call, pushes } = serve;
      try {
        const puzzle = (await call('createPuzzle', {
          document: { format: 'puzzle-workbench', version: 1, family: 'jump', name: 'm', puzzle: { rows: 9, cols: 9 } },
        })) as { id: number };
        const [run] = (await call('startRuns', { puzzleId: puzzle.id, solver: 'hill-climb', seed: 1 })) as [{ id: number }];
        await until(() => elapsed(file, run.id) >= 500, 60_000, 'progress');
        replace(how, other, file);
        const ended = await until(() => pushes.find((p) => p.run?.id === run.id && p.run.status === 'failed'), 30_000, 'the run to end');
        expect(ended.run!.error).toMatch(new RegExp(`^could not save the run: the database file .*a\\.db ${reason(how)} while in use`));
        // serve itself refuses what would write, in one line.
        await expect(
          call('createPuzzle', { document: { format: 'puzzle-workbench', version: 1, family: 'jump', name: 'n', puzzle: { rows: 5, cols: 5 } } }),
        ).rejects.toThrow(/while in use/);
        expectIntact(file, digest);
      } finally {
        await serve.close();
      }
      // Quitting wrote nothing either.
      expectIntact(file, digest);
    }, 120_000);
  }
});
