import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { Store, migrate, migrations } from '../../../src/main/store';
import { cleanTempDirs, newRun, tempDir } from './helpers';

afterEach(cleanTempDirs);

const sample = (t: number, best: number) => ({ elapsedMs: t, evaluations: t, iteration: t, bestScore: best, currentScore: best, meanScore: null });

describe("a run's best comes only from checked boards", () => {
  it('progress samples claiming more never raise the run or its puzzle; the claim is flagged and kept in the samples', () => {
    const store = Store.open(path.join(tempDir(), 'w.db'));
    const p = store.addPuzzle({ name: 'p', family: 'edge', source: 'x', document: { puzzle: newRun().puzzle }, rows: 2, cols: 2 });
    const r = store.createRun(newRun({ puzzleId: p.id }));
    store.recordImprovement(r.id, { elapsedMs: 1, evaluations: 1, score: 8, solution: { board: 8 } });
    store.recordProgress(r.id, sample(10, 1000));
    store.recordProgress(r.id, sample(20, 999));

    expect(store.getRun(r.id)).toMatchObject({ bestScore: 8, claimedBest: 1000, bestSolution: { board: 8 }, elapsedMs: 20 });
    expect(store.getPuzzle(p.id)!.bestScore).toBe(8);
    expect(store.listRuns({})[0]).toMatchObject({ bestScore: 8, claimedBest: 1000 });
    // The samples keep what the solver said.
    expect(store.events(r.id, { kinds: ['progress'] }).map((e) => e.bestScore)).toEqual([1000, 999]);

    // A board that shows the score clears the flag; one above it raises the best and nothing is claimed.
    store.recordImprovement(r.id, { elapsedMs: 30, evaluations: 30, score: 1000, solution: { board: 1000 } });
    expect(store.getRun(r.id)).toMatchObject({ bestScore: 1000, claimedBest: null });
    expect(store.getPuzzle(p.id)!.bestScore).toBe(1000);
    store.dispose();
  });

  it('a run with samples but no improvement has no best, and says what was claimed', () => {
    const store = Store.open(path.join(tempDir(), 'w.db'));
    const r = store.createRun(newRun());
    store.recordProgress(r.id, sample(10, 12));
    expect(store.getRun(r.id)).toMatchObject({ bestScore: null, claimedBest: 12 });
    store.dispose();
  });

  it('a claim at or below the checked best is no flag', () => {
    const store = Store.open(path.join(tempDir(), 'w.db'));
    const r = store.createRun(newRun());
    store.recordProgress(r.id, sample(1, 5));
    store.recordImprovement(r.id, { elapsedMs: 2, evaluations: 2, score: 5, solution: [5] });
    store.recordProgress(r.id, sample(3, 5));
    expect(store.getRun(r.id)).toMatchObject({ bestScore: 5, claimedBest: null });
    store.dispose();
  });

  it('version 11 works bests out again from the improvements of a database progress had raised, and keeps the claim', () => {
    const file = path.join(tempDir(), 'v10.db');
    const db = new Database(file);
    migrate(db, file, migrations.slice(0, 10));
    const puzzle = db
      .prepare(
        `INSERT INTO puzzles (name, family, source, document, rows, cols, created_at, updated_at, best_score) VALUES ('p', 'edge', 'x', '{}', 2, 2, 0, 0, 1000)`,
      )
      .run().lastInsertRowid;
    const addRun = db.prepare(
      `INSERT INTO runs (puzzle_id, puzzle_name, family, solver, params, seed, stop, puzzle, created_at, best_score) VALUES (?, 'r', 'edge', 'x', '{}', 1, '{}', '{}', 0, ?)`,
    );
    const event = db.prepare(`INSERT INTO run_events (run_id, kind, elapsed_ms, evaluations, best_score, solution) VALUES (?, ?, ?, 1, ?, ?)`);
    const lied = addRun.run(puzzle, 1000).lastInsertRowid;
    event.run(lied, 'improvement', 1, 8, '[8]');
    event.run(lied, 'progress', 2, 1000, null);
    const honest = addRun.run(puzzle, 7).lastInsertRowid;
    event.run(honest, 'improvement', 1, 7, '[7]');
    event.run(honest, 'progress', 2, 7, null);
    const unshown = addRun.run(null, 12).lastInsertRowid;
    event.run(unshown, 'progress', 1, 12, null);
    db.close();

    const store = Store.open(file);
    expect(store.getRun(Number(lied))).toMatchObject({ bestScore: 8, claimedBest: 1000 });
    expect(store.getRun(Number(honest))).toMatchObject({ bestScore: 7, claimedBest: null });
    expect(store.getRun(Number(unshown))).toMatchObject({ bestScore: null, claimedBest: 12 });
    expect(store.getPuzzle(Number(puzzle))!.bestScore).toBe(8);
    store.dispose();
  });
});
