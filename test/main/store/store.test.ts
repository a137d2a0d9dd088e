import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Store, StoreError, describeDbError, type NewPuzzle } from '../../../src/main/store';
import { cleanTempDirs, newRun, tempDir, tickingClock } from './helpers';

let store: Store;
let file: string;

function puzzle(over: Partial<NewPuzzle> = {}): NewPuzzle {
  return { name: 'p', family: 'edge', source: 'test', document: { puzzle: newRun().puzzle }, rows: 4, cols: 5, ...over };
}

beforeEach(() => {
  file = path.join(tempDir(), 'workbench.db');
  store = Store.open(file, { now: tickingClock() });
});

afterEach(() => {
  store.dispose();
  cleanTempDirs();
});

describe('puzzles', () => {
  it('add, get, update, touch, delete', () => {
    const p = store.addPuzzle(puzzle({ name: 'Eternity', document: { size: 16, pieces: [1, 2, 3] } }));
    expect(p.id).toBeGreaterThan(0);
    expect(p).toMatchObject({ name: 'Eternity', family: 'edge', source: 'test', rows: 4, cols: 5, lastOpenedAt: null, bestScore: null });
    expect(p.document).toEqual({ size: 16, pieces: [1, 2, 3] });
    expect(Number.isInteger(p.createdAt)).toBe(true);
    expect(p.updatedAt).toBe(p.createdAt);
    expect(store.getPuzzle(p.id)).toEqual(p);
    expect(store.getPuzzle(9999)).toBeNull();

    const u = store.updatePuzzle(p.id, { name: 'Eternity II', document: { size: 16 } });
    expect(u.name).toBe('Eternity II');
    expect(u.document).toEqual({ size: 16 });
    expect(u.rows).toBe(4);
    expect(u.updatedAt).toBeGreaterThan(p.updatedAt);
    expect(store.updatePuzzle(p.id, { rows: 7 })).toMatchObject({ name: 'Eternity II', rows: 7, cols: 5, document: { size: 16 } });

    store.touchPuzzle(p.id);
    expect(store.getPuzzle(p.id)!.lastOpenedAt).not.toBeNull();

    expect(() => store.updatePuzzle(9999, { name: 'x' })).toThrow(StoreError);
    expect(() => store.touchPuzzle(9999)).toThrow(/no puzzle with id 9999/);

    expect(store.countPuzzles()).toBe(1);
    expect(store.deletePuzzle(p.id)).toBe(true);
    expect(store.deletePuzzle(p.id)).toBe(false);
    expect(store.countPuzzles()).toBe(0);
  });

  it('lists with search, family filter, sorts and paging, without documents', () => {
    const a = store.addPuzzle(puzzle({ name: 'banana', family: 'edge', source: 'fruit.txt' }));
    // Its document and its run's copy both unreadable as a jump puzzle: nothing tells them apart, so the run counts.
    const b = store.addPuzzle(puzzle({ name: 'Apple', family: 'jump', source: 'orchard', document: {} }));
    const c = store.addPuzzle(puzzle({ name: 'cherry 100%', family: 'edge', source: 'x' }));
    store.touchPuzzle(a.id);
    store.touchPuzzle(c.id);
    const rb = store.createRun(newRun({ puzzleId: b.id, family: 'jump', puzzle: {} }));
    store.recordImprovement(rb.id, { elapsedMs: 1, evaluations: 1, score: 30, solution: [1] });
    const rc = store.createRun(newRun({ puzzleId: c.id }));
    store.recordImprovement(rc.id, { elapsedMs: 1, evaluations: 1, score: 10, solution: [2] });

    const names = (q: Parameters<Store['listPuzzles']>[0]) => store.listPuzzles(q).map((p) => p.name);
    expect(names({})).toEqual(['cherry 100%', 'Apple', 'banana']); // default: updated, newest first
    expect(names({ sort: 'name' })).toEqual(['Apple', 'banana', 'cherry 100%']);
    expect(names({ sort: 'opened' })).toEqual(['cherry 100%', 'banana', 'Apple']);
    expect(names({ sort: 'best' })).toEqual(['Apple', 'cherry 100%', 'banana']);
    expect(names({ search: 'AN' })).toEqual(['banana']);
    expect(names({ search: 'orch' })).toEqual(['Apple']); // the source is searched too
    expect(names({ search: '100%' })).toEqual(['cherry 100%']);
    expect(names({ search: '%' })).toEqual(['cherry 100%']); // LIKE wildcards are literal
    expect(names({ search: '_' })).toEqual([]);
    expect(names({ family: 'edge', sort: 'name' })).toEqual(['banana', 'cherry 100%']);
    expect(names({ sort: 'name', limit: 1, offset: 1 })).toEqual(['banana']);
    expect(store.countPuzzles({ family: 'edge' })).toBe(2);

    const listed = store.listPuzzles({ sort: 'best' });
    expect(listed[0]).not.toHaveProperty('document');
    expect(listed.map((p) => p.bestScore)).toEqual([30, 10, null]);
  });

  it("a puzzle's best score follows its runs, also when a run is deleted", () => {
    const p = store.addPuzzle(puzzle());
    const r1 = store.createRun(newRun({ puzzleId: p.id }));
    const r2 = store.createRun(newRun({ puzzleId: p.id }));
    store.recordImprovement(r1.id, { elapsedMs: 1, evaluations: 1, score: 5, solution: 'a' });
    store.recordImprovement(r2.id, { elapsedMs: 1, evaluations: 1, score: 9, solution: 'b' });
    expect(store.getPuzzle(p.id)!.bestScore).toBe(9);
    store.recordImprovement(r1.id, { elapsedMs: 2, evaluations: 2, score: 7, solution: 'c' });
    expect(store.getPuzzle(p.id)!.bestScore).toBe(9);
    store.deleteRun(r2.id);
    expect(store.getPuzzle(p.id)!.bestScore).toBe(7);
    store.deleteRun(r1.id);
    expect(store.getPuzzle(p.id)!.bestScore).toBeNull();
  });

  it('deleting a puzzle keeps its runs, which keep their own copy of it', () => {
    const p = store.addPuzzle(puzzle({ name: 'gone soon' }));
    const r = store.createRun(newRun({ puzzleId: p.id, puzzleName: 'gone soon', puzzle: { copy: true } }));
    store.recordImprovement(r.id, { elapsedMs: 1, evaluations: 1, score: 3, solution: [3] });
    store.deletePuzzle(p.id);
    const after = store.getRun(r.id)!;
    expect(after.puzzleId).toBeNull();
    expect(after.puzzleName).toBe('gone soon');
    expect(after.puzzle).toEqual({ copy: true });
    expect(store.events(r.id)).toHaveLength(1);
    expect(store.countRuns()).toBe(1);
  });
});

describe('runs', () => {
  it('lifecycle: queued → running → done', () => {
    const r = store.createRun(newRun());
    expect(r).toMatchObject({
      status: 'queued',
      puzzleId: null,
      solver: 'hill-climb',
      params: { restarts: 3, greedy: true },
      seed: 42,
      stop: { seconds: 60, evaluations: null, target: null },
      puzzle: { rows: 2, cols: 2, pieces: [[1, 2, 3, 4]] },
      maxScore: 12,
      bestScore: null,
      bestSolution: null,
      startedAt: null,
      endedAt: null,
      elapsedMs: 0,
      evaluations: 0,
      stopReason: null,
      error: null,
    });
    expect(store.getRun(r.id)).toEqual(r);
    expect(store.getRun(12345)).toBeNull();

    const running = store.setRunStatus(r.id, 'running');
    expect(running.status).toBe('running');
    expect(running.startedAt).not.toBeNull();
    expect(running.endedAt).toBeNull();

    const done = store.setRunStatus(r.id, 'done', { stopReason: 'target', elapsedMs: 5000, evaluations: 777 });
    expect(done).toMatchObject({ status: 'done', stopReason: 'target', startedAt: running.startedAt, elapsedMs: 5000, evaluations: 777 });
    expect(done.endedAt).toBeGreaterThanOrEqual(running.startedAt!);

    const failed = store.setRunStatus(r.id, 'failed', { error: 'boom', endedAt: 99 });
    expect(failed).toMatchObject({ error: 'boom', endedAt: 99, stopReason: 'target' });

    expect(() => store.setRunStatus(r.id, 'weird' as never)).toThrow(/unknown run status/);
    expect(() => store.setRunStatus(777, 'done')).toThrow(/no run with id 777/);
    expect(() => store.createRun(newRun({ puzzleId: 4242 }))).toThrow(/no puzzle with id 4242/);
  });

  it('lists newest first, with filters, without the blobs', () => {
    const p = store.addPuzzle(puzzle());
    const r1 = store.createRun(newRun({ family: 'edge', solver: 'a', puzzleId: p.id }));
    const r2 = store.createRun(newRun({ family: 'jump', solver: 'b' }));
    const r3 = store.createRun(newRun({ family: 'edge', solver: 'b' }));
    store.setRunStatus(r2.id, 'running');

    const ids = (q: Parameters<Store['listRuns']>[0]) => store.listRuns(q).map((r) => r.id);
    expect(ids({})).toEqual([r3.id, r2.id, r1.id]);
    expect(ids({ status: 'running' })).toEqual([r2.id]);
    expect(ids({ status: ['queued', 'running'] })).toEqual([r3.id, r2.id, r1.id]);
    expect(ids({ status: [] })).toEqual([]);
    expect(ids({ family: 'edge' })).toEqual([r3.id, r1.id]);
    expect(ids({ solver: 'b' })).toEqual([r3.id, r2.id]);
    expect(ids({ puzzleId: p.id })).toEqual([r1.id]);
    expect(ids({ ids: [r1.id, r3.id] })).toEqual([r3.id, r1.id]);
    expect(ids({ limit: 1, offset: 1 })).toEqual([r2.id]);
    expect(store.countRuns()).toBe(3);
    expect(store.countRuns({ solver: 'b' })).toBe(2);

    const row = store.listRuns({})[0]!;
    expect(row).not.toHaveProperty('puzzle');
    expect(row).not.toHaveProperty('bestSolution');
    expect(store.getRunSummary(r1.id)).toEqual(store.listRuns({ ids: [r1.id] })[0]);
  });

  it('improvements update the best score and solution only when higher', () => {
    const r = store.createRun(newRun());
    store.recordImprovement(r.id, { elapsedMs: 10, evaluations: 100, score: 5, solution: { board: 'five' } });
    store.recordImprovement(r.id, { elapsedMs: 20, evaluations: 200, score: 8, solution: { board: 'eight' } });
    // A resumed run may report a lower one again: the best stays.
    store.recordImprovement(r.id, { elapsedMs: 30, evaluations: 300, score: 6, solution: { board: 'six' } });
    const got = store.getRun(r.id)!;
    expect(got.bestScore).toBe(8);
    expect(got.bestSolution).toEqual({ board: 'eight' });
    expect(got.evaluations).toBe(300);

    const imps = store.events(r.id, { kinds: ['improvement'] });
    expect(imps.map((e) => e.bestScore)).toEqual([5, 8, 6]);
    expect(imps[1]).toMatchObject({ kind: 'improvement', runId: r.id, elapsedMs: 20, evaluations: 200, solution: { board: 'eight' } });
  });

  it('progress is only a claim until an improvement shows the board; the improvement brings best and solution', () => {
    const r = store.createRun(newRun());
    store.recordProgress(r.id, { elapsedMs: 100, evaluations: 10, iteration: 1, bestScore: 4, currentScore: 2, meanScore: 1.5 });
    store.recordProgress(r.id, { elapsedMs: 200, evaluations: 20, iteration: 2, bestScore: 3, currentScore: 3, meanScore: null });
    let got = store.getRun(r.id)!;
    expect(got).toMatchObject({ bestScore: null, claimedBest: 4, elapsedMs: 200, evaluations: 20, bestSolution: null });
    store.recordImprovement(r.id, { elapsedMs: 90, evaluations: 9, score: 4, solution: 'four' });
    got = store.getRun(r.id)!;
    expect(got).toMatchObject({ bestScore: 4, claimedBest: null, bestSolution: 'four' });

    const ev = store.events(r.id);
    expect(ev.map((e) => [e.kind, e.elapsedMs])).toEqual([
      ['improvement', 90],
      ['progress', 100],
      ['progress', 200],
    ]);
    expect(ev[1]).toEqual({
      id: ev[1]!.id,
      runId: r.id,
      kind: 'progress',
      elapsedMs: 100,
      evaluations: 10,
      iteration: 1,
      bestScore: 4,
      currentScore: 2,
      meanScore: 1.5,
      solution: null,
    });
    expect(ev[0]).toMatchObject({ kind: 'improvement', iteration: null, currentScore: null, meanScore: null, solution: 'four' });
    expect(store.events(r.id, { kinds: ['progress'] })).toHaveLength(2);
    expect(store.events(r.id, { kinds: [] })).toEqual([]);
    expect(() => store.recordProgress(999, { elapsedMs: 1, evaluations: 1, iteration: 1, bestScore: 1, currentScore: 1, meanScore: null })).toThrow(
      /no run with id 999/,
    );
  });

  it('checkpoints: only the latest two are kept, the latest is returned', () => {
    const r = store.createRun(newRun());
    expect(store.latestCheckpoint(r.id)).toBeNull();
    for (let i = 1; i <= 5; i++) store.saveCheckpoint(r.id, { elapsedMs: i * 1000, evaluations: i * 10, bestScore: i, state: { step: i } });
    expect(store.latestCheckpoint(r.id)).toEqual({ elapsedMs: 5000, evaluations: 50, bestScore: 5, state: { step: 5 } });
    const count = store.connection.prepare('SELECT COUNT(*) FROM checkpoints WHERE run_id = ?').pluck().get(r.id);
    expect(count).toBe(2);

    // If the newest is damaged, the one before it is used.
    store.connection.prepare(`UPDATE checkpoints SET state = '{broken' WHERE id = (SELECT MAX(id) FROM checkpoints)`).run();
    expect(store.latestCheckpoint(r.id)).toEqual({ elapsedMs: 4000, evaluations: 40, bestScore: 4, state: { step: 4 } });
    expect(() => store.saveCheckpoint(999, { elapsedMs: 0, evaluations: 0, bestScore: 0, state: null })).toThrow(/no run with id 999/);
  });

  it('recoverRuns: runs without a lease (left by a version without leases) are orphans; queued ones stay queued', () => {
    const a = store.createRun(newRun());
    const b = store.createRun(newRun());
    const c = store.createRun(newRun());
    const d = store.createRun(newRun());
    store.setRunStatus(a.id, 'running');
    store.setRunStatus(c.id, 'running');
    store.setRunStatus(d.id, 'done');
    const self = { host: 'here', pid: 1, startedAt: 1 };
    expect(store.recoverRuns(self)).toEqual({ interrupted: [a.id, c.id], adopted: [] });
    expect(store.getRun(a.id)!.status).toBe('interrupted');
    expect(store.getRun(b.id)!.status).toBe('queued');
    expect(store.getRun(c.id)!.status).toBe('interrupted');
    expect(store.getRun(d.id)!.status).toBe('done');
    expect(store.recoverRuns(self)).toEqual({ interrupted: [], adopted: [] });
  });

  it('deleteRun cascades to events and checkpoints', () => {
    const r = store.createRun(newRun());
    const other = store.createRun(newRun());
    store.recordProgress(r.id, { elapsedMs: 1, evaluations: 1, iteration: 1, bestScore: 1, currentScore: 1, meanScore: null });
    store.recordImprovement(r.id, { elapsedMs: 1, evaluations: 1, score: 1, solution: 1 });
    store.saveCheckpoint(r.id, { elapsedMs: 1, evaluations: 1, bestScore: 1, state: {} });
    store.recordProgress(other.id, { elapsedMs: 1, evaluations: 1, iteration: 1, bestScore: 1, currentScore: 1, meanScore: null });
    expect(store.deleteRun(r.id)).toBe(true);
    expect(store.deleteRun(r.id)).toBe(false);
    const db = store.connection;
    expect(db.prepare('SELECT COUNT(*) FROM run_events WHERE run_id = ?').pluck().get(r.id)).toBe(0);
    expect(db.prepare('SELECT COUNT(*) FROM checkpoints WHERE run_id = ?').pluck().get(r.id)).toBe(0);
    expect(store.events(other.id)).toHaveLength(1);
    expect(store.countRuns()).toBe(1);
  });
});

describe('thinning', () => {
  it('keeps progress samples bounded, first and last kept, improvements untouched', () => {
    store.dispose();
    store = Store.open(file, { maxProgressSamples: 500 });
    const r = store.createRun(newRun());
    const n = 10_000;
    for (let i = 0; i < n; i++) {
      store.recordProgress(r.id, {
        elapsedMs: i * 100,
        evaluations: i * 1000,
        iteration: i,
        bestScore: Math.floor(i / 100),
        currentScore: i % 7,
        meanScore: null,
      });
      if (i % 1000 === 0) store.recordImprovement(r.id, { elapsedMs: i * 100, evaluations: i * 1000, score: Math.floor(i / 100), solution: { i } });
    }
    const progress = store.events(r.id, { kinds: ['progress'] });
    expect(progress.length).toBeLessThanOrEqual(500);
    expect(progress.length).toBeGreaterThanOrEqual(250);
    expect(progress[0]!.iteration).toBe(0);
    expect(progress[progress.length - 1]!.iteration).toBe(n - 1);
    // Still in time order, and older stretches are sparser than recent ones.
    const its = progress.map((e) => e.iteration);
    expect([...its].sort((a, b) => a - b)).toEqual(its);
    const firstHalf = its.filter((i) => i < n / 2).length;
    const secondHalf = its.filter((i) => i >= n / 2).length;
    expect(secondHalf).toBeGreaterThan(firstHalf);
    expect(store.events(r.id, { kinds: ['improvement'] })).toHaveLength(10);
    // The last improvement was 90; the samples' 99 is only claimed.
    expect(store.getRun(r.id)).toMatchObject({ elapsedMs: (n - 1) * 100, evaluations: (n - 1) * 1000, bestScore: 90, claimedBest: 99 });
  });

  it('refuses a limit below 2', () => {
    expect(() => Store.open(':memory:', { maxProgressSamples: 1 })).toThrow(RangeError);
  });
});

describe('errors', () => {
  it('a file that is not SQLite gives a clear error and is left alone', () => {
    const bad = path.join(tempDir(), 'notes.db');
    const text = 'These are my puzzle notes, not a database.\n'.repeat(50);
    fs.writeFileSync(bad, text);
    let caught: unknown;
    try {
      Store.open(bad);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(StoreError);
    expect((caught as StoreError).code).toBe('NOT_A_DATABASE');
    expect((caught as Error).message).toBe(
      `the database file ${bad} is not a SQLite database (its first bytes are not SQLite's header): if it held your library, restore it from a backup; else choose another database file`,
    );
    expect(fs.readFileSync(bad, 'utf8')).toBe(text);
  });

  it('disk full: a clear error, and nothing committed is lost', () => {
    const p = store.addPuzzle(puzzle({ name: 'safe' }));
    const db = store.connection;
    const pages = db.pragma('page_count', { simple: true }) as number;
    db.pragma(`max_page_count = ${pages}`);
    const big = { blob: 'x'.repeat(200_000) };
    let caught: unknown;
    try {
      store.addPuzzle(puzzle({ name: 'too big', document: big }));
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(StoreError);
    expect((caught as StoreError).code).toBe('DISK_FULL');
    expect((caught as Error).message).toMatch(/^the disk is full/);
    expect((caught as Error).message).toContain(file);
    expect(store.listPuzzles().map((x) => x.name)).toEqual(['safe']);
    expect(store.getPuzzle(p.id)!.document).toEqual(p.document);
  });

  it('read-only: a clear error', () => {
    store.addPuzzle(puzzle());
    store.connection.pragma('query_only = ON');
    expect(() => store.addPuzzle(puzzle())).toThrow(`the database file ${file} is read-only, so changes cannot be saved`);
    expect(store.countPuzzles()).toBe(1);
  });

  it('describeDbError names each SQLite failure plainly and passes others through', () => {
    const e = (code: string) => Object.assign(new Error('sqlite says'), { code });
    const msg = (code: string) => (describeDbError(e(code), '/x/y.db') as Error).message;
    expect(msg('SQLITE_NOTADB')).toMatch(/^the database file \/x\/y.db is not a SQLite database \(.*\): if it held your library, restore it from a backup/);
    expect(msg('SQLITE_CORRUPT')).toBe(
      "the database file /x/y.db is damaged (corrupt): restore it from a backup, or copy out what is still readable with: sqlite3 '/x/y.db' .recover | sqlite3 recovered.db",
    );
    expect(msg('SQLITE_CORRUPT_INDEX')).toMatch(/^the database file \/x\/y.db is damaged \(corrupt\): restore it from a backup/);
    expect(msg('SQLITE_READONLY_DBMOVED')).toMatch(/is read-only/);
    expect(msg('SQLITE_FULL')).toMatch(/^the disk is full/);
    expect(msg('SQLITE_BUSY')).toMatch(/locked by another program/);
    const other = e('SQLITE_CONSTRAINT_CHECK');
    expect(describeDbError(other, '/x/y.db')).toBe(other);
    const plain = new TypeError('nope');
    expect(describeDbError(plain, '/x/y.db')).toBe(plain);
    expect((describeDbError(e('SQLITE_FULL'), '/x/y.db') as Error).cause).toBeInstanceOf(Error);
  });

  it('a closed store says so', () => {
    store.dispose();
    expect(() => store.countPuzzles()).toThrow(/is closed/);
  });
});
