import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { getFamily } from '../../../src/core/families';
import { generateEdgePuzzle } from '../../../src/core/families/edge/design/generator';
import { documentContentKey } from '../../../src/main/store/content-key';
import { migrate, migrations } from '../../../src/main/store/migrations';
import { Store } from '../../../src/main/store/store';
import { cleanTempDirs, newRun, tempDir } from './helpers';

const edge = getFamily('edge');
const pieces = (seed: number): unknown => edge.puzzleToJson(generateEdgePuzzle({ rows: 4, cols: 4, frameColours: 1, innerColours: 2, seed }).puzzle);

afterEach(() => cleanTempDirs());

describe("a puzzle's best is of runs on its present pieces", () => {
  it('edited pieces drop the best of runs on the old ones; an undo brings it back; a run on the old pieces raises nothing', () => {
    const store = Store.open(path.join(tempDir(), 'w.db'));
    const p = store.addPuzzle({ name: 'p', family: 'edge', source: 'x', document: { puzzle: pieces(1) }, rows: 4, cols: 4 });
    const before = store.createRun(newRun({ puzzleId: p.id, puzzle: pieces(1), maxScore: 24 }));
    store.recordImprovement(before.id, { elapsedMs: 1, evaluations: 1, score: 20, solution: [1] });
    expect(store.getPuzzle(p.id)!.bestScore).toBe(20);

    // The 161 / 24 the library showed: a best from other pieces beside this puzzle's maximum.
    store.updatePuzzle(p.id, { document: { puzzle: pieces(2) } });
    expect(store.getPuzzle(p.id)!.bestScore).toBeNull();
    store.recordImprovement(before.id, { elapsedMs: 2, evaluations: 2, score: 22, solution: [2] });
    expect(store.getPuzzle(p.id)!.bestScore).toBeNull();
    const after = store.createRun(newRun({ puzzleId: p.id, puzzle: pieces(2), maxScore: 24 }));
    store.recordImprovement(after.id, { elapsedMs: 1, evaluations: 1, score: 9, solution: [3] });
    expect(store.getPuzzle(p.id)!.bestScore).toBe(9);

    // A placement or a rename keeps the pieces, and the best.
    store.updatePuzzle(p.id, { name: 'q', document: { puzzle: pieces(2), placement: [] } });
    expect(store.getPuzzle(p.id)!.bestScore).toBe(9);
    store.updatePuzzle(p.id, { document: { puzzle: pieces(1) } });
    expect(store.getPuzzle(p.id)!.bestScore).toBe(22);
    store.dispose();
  });

  it('version 13 keys the runs (in pages) and drops the bests of runs on pieces edited since', () => {
    const file = path.join(tempDir(), 'v12.db');
    const db = new Database(file);
    migrate(db, file, migrations.slice(0, 12));
    const id = db
      .prepare(
        `INSERT INTO puzzles (name, family, source, document, rows, cols, created_at, updated_at, best_score, content_key) VALUES ('p', 'edge', 'x', ?, 4, 4, 0, 0, 20, ?)`,
      )
      .run(JSON.stringify({ puzzle: pieces(2) }), documentContentKey('edge', { puzzle: pieces(2) })).lastInsertRowid;
    const addRun = db.prepare(
      `INSERT INTO runs (puzzle_id, puzzle_name, family, solver, params, seed, stop, puzzle, created_at, best_score) VALUES (?, 'r', 'edge', 'x', '{}', 1, '{}', ?, 0, ?)`,
    );
    // More runs than one page of the migration, on the pieces before the edit; one on the present ones.
    const old = JSON.stringify(pieces(1));
    for (let i = 0; i < 1200; i++) addRun.run(id, old, 20);
    const present = addRun.run(id, JSON.stringify(pieces(2)), 7).lastInsertRowid;
    db.close();

    const store = Store.open(file);
    expect(store.getPuzzle(Number(id))!.bestScore).toBe(7);
    store.deleteRun(Number(present));
    expect(store.getPuzzle(Number(id))!.bestScore).toBeNull();
    store.dispose();
  });
});
