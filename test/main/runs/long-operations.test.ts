/** Long store operations never starve the lease of a live run (issue 20, item 5). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Workbench } from '../../../src/main/services/workbench';
import { cleanTempDirs, tempDir } from '../store/helpers';
import { inProcessSpawner, jump, until, type InProcessHandle } from './in-process';
import { openLeased, watchLease } from './lease-watch';

const opened: Workbench[] = [];

afterEach(async () => {
  for (const wb of opened.splice(0)) await wb.dispose().catch(() => undefined);
  cleanTempDirs();
});

describe('deleting 10,000 runs while a run is live', () => {
  it('the delete goes in short transactions: the live run keeps its lease throughout and survives', async () => {
    const file = path.join(tempDir(), 'w.db');
    const log = { spawned: 0, handles: [] as InProcessHandle[] };
    const wb = openLeased(file, log, 50);
    opened.push(wb);
    // 10,000 finished runs with a few progress samples each, as a long history has.
    const db = wb.store.connection;
    db.transaction(() => {
      const run = db.prepare(
        `INSERT INTO runs (puzzle_id, puzzle_name, family, solver, params, seed, stop, puzzle, status, created_at, max_score, best_score)
         VALUES (NULL, 'old', 'jump', 'hill-climb', '{}', ?, '{}', '{"rows":5,"cols":5}', 'done', ?, NULL, 1)`,
      );
      const event = db.prepare(
        `INSERT INTO run_events (run_id, kind, elapsed_ms, evaluations, iteration, best_score, current_score) VALUES (?, 'progress', ?, ?, ?, 1, 1)`,
      );
      for (let i = 0; i < 10_000; i++) {
        const id = Number(run.run(i, 1_700_000_000_000 + i).lastInsertRowid);
        for (let k = 0; k < 5; k++) event.run(id, k, k, k);
      }
    })();
    const old = db.prepare(`SELECT id FROM runs ORDER BY id`).pluck().all() as number[];
    const live = wb.createRun({ target: jump(9), solver: 'hill-climb', seed: 1, stop: {} });
    await until(() => wb.store.getRunSummary(live.id)!.evaluations > 0, 30_000, 'progress');
    const watch = watchLease(file, live.id);
    await new Promise((r) => setTimeout(r, 200));
    expect(await wb.deleteRuns(old)).toBe(10_000);
    await new Promise((r) => setTimeout(r, 200));
    const { lapsed, checks } = await watch.stop();
    expect(checks).toBeGreaterThan(0);
    expect(lapsed).toBe(0);
    expect(wb.store.countRuns()).toBe(1);
    expect(wb.store.getRunSummary(live.id)!.status).toBe('running');
    expect(wb.runs.isActive(live.id)).toBe(true);
    expect(log.handles[0]!.alive).toBe(true);
  }, 120_000);
});

/** `n` finished runs written straight into the database (fast), oldest first; their ids. */
function insertDoneRuns(wb: Workbench, n: number): number[] {
  const db = wb.store.connection;
  const insert = db.prepare(
    `INSERT INTO runs (puzzle_id, puzzle_name, family, solver, params, seed, stop, puzzle, status, created_at, max_score, best_score, best_solution)
     VALUES (NULL, 'old', 'jump', 'hill-climb', '{}', ?, '{}', '{"rows":5,"cols":5}', 'done', ?, NULL, 1, '{"cells":[1,2,3]}')`,
  );
  db.transaction(() => {
    for (let i = 0; i < n; i++) insert.run(i, 1_700_000_000_000 + i);
  })();
  return db.prepare(`SELECT id FROM runs ORDER BY id`).pluck().all() as number[];
}

describe('exporting many runs', () => {
  it('is written to a file a run at a time while a run is live; the file is the whole export', async () => {
    const file = path.join(tempDir(), 'w.db');
    const log = { spawned: 0, handles: [] as InProcessHandle[] };
    const wb = openLeased(file, log);
    opened.push(wb);
    const ids = insertDoneRuns(wb, 2_000);
    const live = wb.createRun({ target: jump(9), solver: 'hill-climb', seed: 1, stop: {} });
    await until(() => wb.store.getRunSummary(live.id)!.evaluations > 0, 30_000, 'progress');
    const watch = watchLease(file, live.id);
    const out = path.join(tempDir(), 'runs.json');
    const { fileName, bytes } = await wb.exportRunsToFile(ids, 'json', out);
    expect(fileName).toMatch(/^runs-2000-.*\.json$/);
    const text = readFileSync(out, 'utf8');
    expect(Buffer.byteLength(text)).toBe(bytes);
    const doc = JSON.parse(text) as { runs: { id: number; bestSolution: unknown }[] };
    expect(doc.runs.map((r) => r.id)).toEqual(ids);
    expect(doc.runs[0]!.bestSolution).toEqual({ cells: [1, 2, 3] });
    expect((await watch.stop()).lapsed).toBe(0);
    expect(wb.store.getRunSummary(live.id)!.status).toBe('running');
  }, 120_000);

  it('is handed to the API a run at a time with the event loop running, and refused in one line past the limit', async () => {
    const wb = Workbench.open({ dbPath: ':memory:', spawn: inProcessSpawner({ spawned: 0, handles: [] }), concurrency: 1 });
    opened.push(wb);
    const ids = insertDoneRuns(wb, 200);
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 0);
    const whole = await wb.exportRunsText(ids, 'json');
    clearInterval(ticker);
    const runsOf = (text: string): unknown => (JSON.parse(text) as { runs: unknown }).runs;
    expect(runsOf(whole.text)).toEqual(runsOf(wb.history.exportRuns(ids, 'json').text));
    expect(ticks).toBeGreaterThan(0);
    await expect(wb.exportRunsText(ids, 'json', 10_000)).rejects.toThrow(/^the export of 200 runs is larger than 0.01 MiB: export fewer runs at a time$/);
  }, 60_000);
});
