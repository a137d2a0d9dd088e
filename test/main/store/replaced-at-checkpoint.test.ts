/**
 * A database file copied over at any moment around a WAL checkpoint (issue 49, item 1a): a
 * checkpoint moves the counters the identity check watches, so a copy landing just after one must
 * still be told apart from the checkpoint's own writes; and the store's own checkpoints run only
 * right after the file was found still its own.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { Store } from '../../../src/main/store/store';
import { FileIdentity } from '../../../src/main/store/file-identity';
import { readShm, walPages } from '../../../src/main/store/wal-file';
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

/** The file is the copy, byte for byte, with nothing beside it to replay, and opens whole. */
function expectIntact(file: string, digest: string, runs: number): void {
  expect(hash(file)).toBe(digest);
  expect(fs.existsSync(`${file}-wal`)).toBe(false);
  const s = Store.open(file);
  try {
    expect(s.connection.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(s.countRuns()).toBe(runs);
  } finally {
    s.dispose();
  }
}

describe('a database file copied over around a checkpoint, in one process', () => {
  for (const moment of ['just after a checkpoint', 'after a checkpoint and more writes', 'before a checkpoint'] as const) {
    it(`${moment}: the next write is refused in one line and the copy is left byte for byte (6 rounds)`, () => {
      const dir = tempDir();
      const template = path.join(dir, 'template.db');
      backup(template, 0);
      const other = path.join(dir, 'other.db');
      const otherDigest = backup(other, 3);
      for (let round = 0; round < 6; round++) {
        const file = path.join(dir, `a${round}.db`);
        const older = path.join(dir, `older${round}.db`);
        fs.copyFileSync(template, file);
        const s = Store.open(file);
        const run = s.createRun(newRun({ puzzleName: 'live' }));
        for (let i = 1; i <= 10 + round * 5; i++) progress(s, run.id, i);
        // An older state of the same database (its one run checkpointed in) half the time, another database the other half.
        s.connection.pragma('wal_checkpoint(PASSIVE)');
        fs.copyFileSync(file, older);
        const [copy, digest, runs] = round % 2 === 0 ? [older, hash(older), 1] : [other, otherDigest, 3];
        for (let i = 100; i <= 110; i++) progress(s, run.id, i);
        if (moment !== 'before a checkpoint') s.connection.pragma('wal_checkpoint(PASSIVE)');
        if (moment === 'after a checkpoint and more writes') progress(s, run.id, 1000);
        fs.copyFileSync(copy, file);
        expect(() => progress(s, run.id, 2000)).toThrow(
          /^the database file .*was overwritten in place by another file while in use, so this process stopped writing to it$/,
        );
        s.dispose();
        expectIntact(file, digest, runs);
      }
    }, 60_000);
  }
});

describe("a database file copied over between the store's last look and its checkpoint's writes", () => {
  const copies = [
    // SQLite itself refuses to checkpoint into a file much smaller than the WAL says, before writing a page.
    { copyOf: 'a much smaller database', outcome: 'left byte for byte' },
    { copyOf: 'another database as big', outcome: 'with the pages the WAL held' },
    { copyOf: 'an older state of the same one', outcome: 'with the pages the WAL held' },
  ] as const;
  for (const { copyOf, outcome } of copies) {
    it(`${copyOf}: the write is refused in one line, the copy ${outcome}, nothing more written and nothing left to replay (6 rounds)`, () => {
      const dir = tempDir();
      const big = (n: number) => ({ big: 'x'.repeat(20_000), n });
      const small = path.join(dir, 'small.db');
      const smallDigest = backup(small, 3);
      const asBig = path.join(dir, 'as-big.db');
      const s0 = Store.open(asBig);
      for (let i = 0; i < 40; i++) s0.createRun(newRun({ puzzleName: `other ${i}`, puzzle: big(-i) }));
      s0.dispose();
      for (let round = 0; round < 6; round++) {
        const file = path.join(dir, `a${round}.db`);
        const older = path.join(dir, `older${round}.db`);
        let copy: string | null = null;
        let landed = 0;
        let landedDigest = '';
        // The race made certain: the copy lands in the store's checkpoint, after the file was
        // checked and before SQLite copies the WAL into it (as a copy does that lands while the
        // checkpoint syncs the WAL, before its first page write).
        const s = Store.open(file, {
          checkpointFrames: 20 + round * 7,
          beforeCheckpoint: () => {
            if (copy === null) return;
            fs.copyFileSync(copy, file);
            landedDigest = hash(copy);
            copy = null;
            landed++;
          },
        });
        const run = s.createRun(newRun({ puzzleName: 'live' }));
        // Checkpoints of its own first (many: the much smaller copy is then smaller than the file
        // by more than the WAL could fill); the older state is one from before a few of them.
        for (let i = 0; i < 30; i++) s.createRun(newRun({ puzzleName: `before ${i}`, puzzle: big(i) }));
        fs.copyFileSync(file, older);
        for (let i = 0; i < 4 + round; i++) s.createRun(newRun({ puzzleName: `between ${i}`, puzzle: big(i) }));
        copy = copyOf === 'a much smaller database' ? small : copyOf === 'another database as big' ? asBig : older;
        let error: unknown = null;
        for (let i = 0; i < 200 && error === null; i++) {
          try {
            s.createRun(newRun({ puzzleName: `after ${i}`, puzzle: big(i) }));
            progress(s, run.id, i);
          } catch (e) {
            error = e;
          }
        }
        expect(landed).toBe(1);
        const message = (error as Error | null)?.message;
        if (outcome === 'left byte for byte')
          expect(message).toMatch(/^the database file .*a\d\.db was overwritten in place by another file while in use, so this process stopped writing to it$/);
        else
          expect(message).toMatch(
            /^the database file .*a\d\.db was overwritten in place by another file while this process was writing its changes into it, so this process stopped writing to it \(copy that file over it again: some of its pages are this process's\)$/,
          );
        // Retired: every later call is refused alike, closing writes nothing, and no -wal is left to be replayed into the file.
        expect(() => progress(s, run.id, 10_000)).toThrow(/^the database file .* was overwritten in place by another file while /);
        const after = hash(file);
        s.dispose();
        expect(hash(file)).toBe(after);
        if (outcome === 'left byte for byte') expectIntact(file, smallDigest, 3);
        else {
          expect(after).not.toBe(landedDigest);
          expect(fs.existsSync(`${file}-wal`)).toBe(false);
          expect(fs.existsSync(`${file}-shm`)).toBe(false);
        }
      }
    }, 120_000);
  }
});

/**
 * A closed database of `copyRuns` big runs to copy, and an open store whose file holds 12 big runs
 * and whose WAL 4 more (its checkpoints left to the test).
 */
function liveAndCopy(copyRuns: number): { file: string; copy: string; s: Store } {
  const dir = tempDir();
  const file = path.join(dir, 'a.db');
  const copy = path.join(dir, 'copy.db');
  const copyStore = Store.open(copy);
  for (let i = 0; i < copyRuns; i++) copyStore.createRun(newRun({ puzzleName: `copy ${i}`, puzzle: { big: 'x'.repeat(20_000), i } }));
  copyStore.dispose();
  const s = Store.open(file, { checkpointFrames: 1_000_000 });
  for (let i = 0; i < 12; i++) s.createRun(newRun({ puzzleName: `live ${i}`, puzzle: { big: 'y'.repeat(20_000), i } }));
  s.connection.pragma('wal_checkpoint(PASSIVE)');
  for (let i = 12; i < 16; i++) s.createRun(newRun({ puzzleName: `live ${i}`, puzzle: { big: 'y'.repeat(20_000), i } }));
  return { file, copy, s };
}

describe("a database file copied over after a checkpoint's page writes, before its last step sizes the file", () => {
  // SQLite's checkpoint ends by cutting or extending the file to its last commit's size: a copy
  // landing just before that step holds none of the WAL's pages, yet the step wrote into it.
  for (const copyOf of ['a smaller database', 'a bigger database'] as const) {
    it(`${copyOf}: told from a copy left as it was: the checkpoint wrote into it`, () => {
      const { file, copy, s } = liveAndCopy(copyOf === 'a smaller database' ? 1 : 60);
      const identity = new FileIdentity(file);
      const walFd = fs.openSync(`${file}-wal`, 'r');
      try {
        const lastCommit = walPages(walFd)!.dbPages * Number(s.connection.pragma('page_size', { simple: true }));
        const copySize = fs.statSync(copy).size;
        expect(copySize).not.toBe(lastCommit);
        const witness = identity.witness()!;
        fs.copyFileSync(copy, file);
        expect(identity.witnessHolds(witness)).toBe(false);
        expect(identity.checkpointWroteInto(witness)).toBe(false);
        fs.truncateSync(file, lastCommit);
        expect(identity.witnessHolds(witness)).toBe(false);
        expect(identity.checkpointWroteInto(witness)).toBe(true);
      } finally {
        fs.closeSync(walFd);
        s.dispose();
        identity.dispose();
      }
    });
  }
});

describe("a database file still being copied over when a checkpoint's last step cuts the file", () => {
  // The cut lands behind the copy, which goes on writing where it was: the bytes between are left
  // zeros, and the file has the copy's size and none of the WAL's pages.
  it('told from a copy left as it was by the zeros at the cut', () => {
    const { file, copy, s } = liveAndCopy(60);
    const identity = new FileIdentity(file);
    const walFd = fs.openSync(`${file}-wal`, 'r');
    try {
      const lastCommit = walPages(walFd)!.dbPages * Number(s.connection.pragma('page_size', { simple: true }));
      const bytes = fs.readFileSync(copy);
      const reached = lastCommit + 8 * 4096;
      expect(bytes.length).toBeGreaterThan(reached);
      const witness = identity.witness()!;
      // The copy truncates the file and writes up to `reached`; the cut; the copy writes the rest.
      const fd = fs.openSync(file, 'r+');
      try {
        fs.ftruncateSync(fd, 0);
        fs.writeSync(fd, bytes, 0, reached, 0);
        fs.ftruncateSync(fd, lastCommit);
        fs.writeSync(fd, bytes, reached, bytes.length - reached, reached);
      } finally {
        fs.closeSync(fd);
      }
      expect(fs.statSync(file).size).toBe(bytes.length);
      expect(identity.witnessHolds(witness)).toBe(false);
      expect(identity.checkpointWroteInto(witness)).toBe(true);
      // The same copy whole: left as it was.
      fs.copyFileSync(copy, file);
      expect(identity.checkpointWroteInto(witness)).toBe(false);
    } finally {
      fs.closeSync(walFd);
      s.dispose();
      identity.dispose();
    }
  });
});

describe('a database file copied over a process writing and checkpointing on its own', () => {
  it('right after one of its checkpoints, or at a random moment: it stops in one line and the copy is left byte for byte (12 rounds)', async () => {
    const dir = tempDir();
    const other = path.join(dir, 'other.db');
    const digest = backup(other, 3);
    const rounds = 12;
    // One writer process for every round: each round a new file, written until the store refuses it.
    const code = `
      const fs = await import('node:fs');
      const { Store } = await import(${JSON.stringify(storeModule)});
      const big = 'x'.repeat(150000);
      for (let r = 0; r < ${rounds}; r++) {
        const s = Store.open(${JSON.stringify(dir)} + '/a' + r + '.db');
        fs.writeSync(1, 'writing ' + r + '\\n');
        let n = 0;
        try {
          for (;;) {
            s.createRun({ puzzleId: null, puzzleName: 'live ' + n++, family: 'edge', solver: 'hill-climb', params: {}, seed: 1,
              stop: { seconds: 1, evaluations: null, target: null }, puzzle: { big, n }, maxScore: 1 });
            // A pause between writes, as a run's between its events: a copy may land after a checkpoint, before the next check.
            Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 15);
          }
        } catch (e) {
          fs.writeSync(1, 'stopped ' + r + ' after ' + n + ': ' + e.message + '\\n');
        }
        s.dispose();
      }
    `;
    const child = spawn(process.execPath, ['--import', tsx, '--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise((r) => child.once('exit', r));
    const line = async (prefix: string): Promise<string> => {
      for (let waited = 0; waited < 60_000; waited += 20) {
        const found = out.split('\n').find((l) => l.startsWith(prefix));
        if (found) return found;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no "${prefix}" from the writer; it said: ${out}`);
    };
    let afterCheckpoint = 0;
    try {
      for (let r = 0; r < rounds; r++) {
        const file = path.join(dir, `a${r}.db`);
        await line(`writing ${r}\n`.trim());
        if (r % 3 !== 2) {
          // Watch its -shm: the moment a checkpoint of its own completes, copy.
          let shm: number | null = null;
          for (let waited = 0; shm === null && waited < 10_000; waited += 1) {
            try {
              shm = fs.openSync(`${file}-shm`, 'r');
            } catch {
              sleep(1);
            }
          }
          let last = readShm(shm)?.backfill ?? 0;
          let seen = false;
          for (const deadline = Date.now() + 30_000; !seen && Date.now() < deadline;) {
            const now = readShm(shm);
            seen = now !== null && now.backfill > 0 && now.backfill !== last && now.backfill === now.mxFrame;
            last = now?.backfill ?? 0;
          }
          fs.copyFileSync(other, file);
          if (shm !== null) fs.closeSync(shm);
          expect(seen, 'the writer checkpointed within 30 s').toBe(true);
          afterCheckpoint++;
          const stopped = await line(`stopped ${r} `);
          expect(stopped).toMatch(/: the database file .*\.db was overwritten in place by another file while in use, so this process stopped writing to it$/);
          expectIntact(file, digest, 3);
        } else {
          sleep(Math.floor(Math.random() * 400));
          fs.copyFileSync(other, file);
          // At a random moment the copy may land inside a checkpoint, and then the writer says so.
          const stopped = await line(`stopped ${r} `);
          if (/while this process was writing its changes into it/.test(stopped)) {
            expect(stopped).toMatch(/\(copy that file over it again: some of its pages are this process's\)$/);
            expect(fs.existsSync(`${file}-wal`)).toBe(false);
          } else {
            expect(stopped).toMatch(/: the database file .*\.db was overwritten in place by another file while in use, so this process stopped writing to it$/);
            expectIntact(file, digest, 3);
          }
        }
      }
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
    expect(afterCheckpoint).toBe(8);
  }, 240_000);
});
