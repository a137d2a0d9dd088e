/**
 * A database restored over its file after a process using it was killed, with that process's
 * -wal still beside it (issue 49, item 1b): the -wal is never replayed into the restored file,
 * and a -wal that is the file's own still is.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Store, StoreError } from '../../../src/main/store';
import { foreignWal } from '../../../src/main/store/leftover-wal';
import { cli } from '../../helpers/cli';
import { hash, sleep } from '../../helpers/files';
import { cleanTempDirs, newRun, tempDir } from './helpers';

afterEach(cleanTempDirs);

const storeModule = pathToFileURL(fileURLToPath(new URL('../../../src/main/store/store.ts', import.meta.url))).href;
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** A closed database of `runs` runs named `backup N`, as a backup to restore would be. */
function backup(file: string, runs: number): string {
  const s = Store.open(file);
  for (let i = 0; i < runs; i++) s.createRun(newRun({ puzzleName: `backup ${i}` }));
  s.dispose();
  return hash(file);
}

function progress(s: Store, runId: number, i: number): void {
  s.recordProgress(runId, { elapsedMs: i, evaluations: i, iteration: i, bestScore: i, currentScore: i, meanScore: null });
}

/** When the killed process last checkpointed: never, before its last writes, or as its last act. */
type Checkpoint = 'no checkpoint' | 'a checkpoint, then writes' | 'a checkpoint last';
const CHECKPOINTS: Checkpoint[] = ['no checkpoint', 'a checkpoint, then writes', 'a checkpoint last'];

/**
 * The files a process killed with -9 leaves: the database, its -wal (`live` runs committed there)
 * and its -shm, taken while it is idle (every commit synced: synchronous=FULL), then put back
 * after it closed.
 */
function killed(file: string, checkpoint: Checkpoint): void {
  const s = Store.open(file);
  const run = s.createRun(newRun({ puzzleName: 'live 0' }));
  for (let i = 1; i <= 30; i++) progress(s, run.id, i);
  if (checkpoint === 'a checkpoint, then writes') s.connection.pragma('wal_checkpoint(PASSIVE)');
  s.createRun(newRun({ puzzleName: 'live 1' }));
  for (let i = 31; i <= 40; i++) progress(s, run.id, i);
  // Every frame copied into the file: the -shm says so, which ties the -wal to the file's pages.
  if (checkpoint === 'a checkpoint last') s.connection.pragma('wal_checkpoint(PASSIVE)');
  const left = ['', '-wal', '-shm'].map((suffix) => [suffix, fs.readFileSync(`${file}${suffix}`)] as const);
  s.dispose();
  for (const [suffix, bytes] of left) fs.writeFileSync(`${file}${suffix}`, bytes);
}

function refusal(f: () => unknown): StoreError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(StoreError);
    expect((e as Error).message.split('\n')).toHaveLength(1);
    return e as StoreError;
  }
  throw new Error('expected it to throw');
}

function names(file: string): string[] {
  const s = Store.open(file);
  try {
    expect(s.connection.pragma('integrity_check', { simple: true })).toBe('ok');
    return s.listRuns().map((r) => r.puzzleName);
  } finally {
    s.dispose();
  }
}

const FOREIGN =
  /^the database file .*a\.db was not opened: the .*a\.db-wal beside it holds changes to another file \(.*\), and replaying them would damage it\. .*move .*a\.db-wal and .*a\.db-shm away/;

describe('a stale -wal beside a database restored after a kill -9', () => {
  for (const checkpoint of CHECKPOINTS) {
    for (const how of ['cp', 'cp -p', 'mv'] as const) {
      it(`${how} of another database, ${checkpoint} before the kill: refused in one line, never replayed; without the -wal it opens whole`, () => {
        const dir = tempDir();
        const file = path.join(dir, 'a.db');
        const other = path.join(dir, 'other.db');
        const digest = backup(other, 3);
        killed(file, checkpoint);
        // A person restores the backup some time after the crash.
        sleep(20);
        if (how === 'mv') fs.renameSync(other, file);
        else {
          const { atime, mtime } = fs.statSync(other);
          fs.copyFileSync(other, file);
          if (how === 'cp -p') fs.utimesSync(file, atime, mtime);
        }
        // With every frame checkpointed the file's pages are compared; else its change time counts.
        const why =
          checkpoint === 'a checkpoint last'
            ? /\(page \d+ of the file is not the one the WAL checkpointed into it;/
            : /\(the file changed after the WAL was last written;/;
        for (let i = 0; i < 3; i++) {
          expect(refusal(() => Store.open(file)).message).toMatch(why);
          expect(refusal(() => Store.open(file)).message).toMatch(FOREIGN);
          expect(refusal(() => Store.fullCheck(file)).message).toMatch(FOREIGN);
        }
        expect(hash(file)).toBe(digest);
        fs.renameSync(`${file}-wal`, path.join(dir, 'old-wal'));
        fs.renameSync(`${file}-shm`, path.join(dir, 'old-shm'));
        expect(names(file)).toEqual(['backup 2', 'backup 1', 'backup 0']);
      });
    }
  }

  it('an older backup of the same database: refused too', () => {
    const dir = tempDir();
    const file = path.join(dir, 'a.db');
    const old = path.join(dir, 'old.db');
    backup(file, 2);
    fs.copyFileSync(file, old);
    const digest = hash(old);
    killed(file, 'a checkpoint, then writes');
    sleep(20);
    fs.copyFileSync(old, file);
    expect(refusal(() => Store.open(file)).message).toMatch(FOREIGN);
    expect(hash(file)).toBe(digest);
  });

  for (const checkpoint of CHECKPOINTS) {
    it(`the file's own -wal (${checkpoint} before the kill) is replayed: the killed process's commits are kept`, () => {
      const file = path.join(tempDir(), 'a.db');
      backup(file, 1);
      killed(file, checkpoint);
      expect(names(file)).toEqual(['live 1', 'live 0', 'backup 0']);
    });
  }

  it('with a real kill -9: the restored file is refused by every command, `check` included, in one line, and left as it was', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'a.db');
    const other = path.join(dir, 'other.db');
    const digest = backup(other, 3);
    const code = `
      const { Store } = await import(${JSON.stringify(storeModule)});
      const s = Store.open(${JSON.stringify(file)});
      const big = 'x'.repeat(100000);
      for (let i = 0; i < 60; i++) s.createRun({ puzzleId: null, puzzleName: 'live ' + i, family: 'edge', solver: 'hill-climb', params: {}, seed: 1,
        stop: { seconds: 1, evaluations: null, target: null }, puzzle: { big }, maxScore: 1 });
      console.log('ready');
      setInterval(() => {}, 1000);
    `;
    const child = spawn(process.execPath, ['--import', tsx, '--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
      child.on('exit', () => reject(new Error('the writer ended early')));
    });
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 20));
    fs.copyFileSync(other, file);
    for (const args of [['runs'], ['show', '1'], ['check']]) {
      const r = cli([...args, '--db', file]);
      expect(r.code, r.stderr).not.toBe(0);
      expect(r.stderr.trim().split('\n'), r.stderr).toHaveLength(1);
      expect(r.stderr).toMatch(/a\.db was not opened: the .*a\.db-wal beside it holds changes to another file/);
    }
    expect(hash(file)).toBe(digest);
  }, 120_000);

  it("no false alarm: a live writer's checkpoint beginning between the look at its counters and the look at the file", () => {
    const dir = tempDir();
    const file = path.join(dir, 'a.db');
    backup(file, 1);
    const s = Store.open(file, { checkpointFrames: 1_000_000 });
    const fstat = fs.fstatSync;
    try {
      for (let i = 0; i < 5; i++) s.createRun(newRun({ puzzleName: `live ${i}`, puzzle: { big: 'x'.repeat(20_000), i } }));
      // The writer's checkpoint starts right as the file is looked at: the file's change is newer than the WAL's last write.
      let checkpointed = false;
      const spy = vi.spyOn(fs, 'fstatSync').mockImplementation(((fd: number, opts?: fs.StatSyncOptions) => {
        if (!checkpointed) {
          checkpointed = true;
          sleep(30);
          s.connection.pragma('wal_checkpoint(PASSIVE)');
        }
        return fstat(fd, opts);
      }) as typeof fs.fstatSync);
      try {
        expect(foreignWal(file)).toBeNull();
      } finally {
        spy.mockRestore();
      }
      expect(checkpointed).toBe(true);
    } finally {
      s.dispose();
    }
  });

  it('no false alarm: a live writer checkpointing on its own, opened again and again by another process meanwhile', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'a.db');
    backup(file, 1);
    const code = `
      const fs = await import('node:fs');
      const { Store } = await import(${JSON.stringify(storeModule)});
      const s = Store.open(${JSON.stringify(file)});
      const big = 'x'.repeat(150000);
      fs.writeSync(1, 'ready\\n');
      const end = Date.now() + 6000;
      for (let n = 0; Date.now() < end; n++) {
        s.createRun({ puzzleId: null, puzzleName: 'live ' + n, family: 'edge', solver: 'hill-climb', params: {}, seed: 1,
          stop: { seconds: 1, evaluations: null, target: null }, puzzle: { big, n }, maxScore: 1 });
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
      }
      s.dispose();
    `;
    const child = spawn(process.execPath, ['--import', tsx, '--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise<number | null>((r) => child.once('exit', r));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
      child.once('exit', () => reject(new Error('the writer ended early')));
    });
    let opened = 0;
    while (child.exitCode === null) {
      const s = Store.open(file);
      s.countRuns();
      s.dispose();
      opened++;
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(await exited).toBe(0);
    expect(opened).toBeGreaterThan(5);
    expect(names(file).length).toBeGreaterThan(10);
  }, 60_000);
});
