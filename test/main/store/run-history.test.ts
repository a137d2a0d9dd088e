import { afterEach, describe, expect, it } from 'vitest';
import { Store } from '../../../src/main/store';
import { RunHistory, csvField, runPageSql, runsToCsv, thinSeries, type RunHistoryQuery, type RunSortKey } from '../../../src/main/store/run-history';
import type { RunStatus, RunSummary } from '../../../src/main/store/types';
import type { FromWorker, ToWorker } from '../../../src/core/engine/protocol';
import type { WorkerSpawner } from '../../../src/main/runs/worker-host';
import { Workbench } from '../../../src/main/services/workbench';
import { newRun, tickingClock } from './helpers';

const stores: Store[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.dispose();
});

function open(): { store: Store; history: RunHistory } {
  const store = Store.open(':memory:', { now: tickingClock() });
  stores.push(store);
  return { store, history: new RunHistory(store) };
}

/** A small, varied history: 3 puzzles x 2 solvers x 2 seeds, with statuses, scores and times. */
function sample(): { store: Store; history: RunHistory; ids: number[] } {
  const { store, history } = open();
  const clue = store.addPuzzle({ name: 'Clue 1', family: 'edge', source: 'x', document: {}, rows: 6, cols: 6 });
  const ids: number[] = [];
  const specs: {
    puzzle: string;
    puzzleId: number | null;
    family: 'edge' | 'jump';
    solver: string;
    seed: number;
    status: RunStatus;
    best: number | null;
    max: number | null;
    ms: number;
    evals: number;
  }[] = [
    { puzzle: 'Clue 1', puzzleId: clue.id, family: 'edge', solver: 'hill-climb', seed: 1, status: 'done', best: 50, max: 60, ms: 5000, evals: 1000 },
    { puzzle: 'Clue 1', puzzleId: clue.id, family: 'edge', solver: 'hill-climb', seed: 2, status: 'stopped', best: 42, max: 60, ms: 3000, evals: 800 },
    { puzzle: 'Clue 1', puzzleId: clue.id, family: 'edge', solver: 'sa', seed: 1, status: 'done', best: 58, max: 60, ms: 9000, evals: 5000 },
    { puzzle: 'Clue 1', puzzleId: clue.id, family: 'edge', solver: 'sa', seed: 2, status: 'failed', best: null, max: 60, ms: 0, evals: 0 },
    { puzzle: 'META 10x10', puzzleId: null, family: 'edge', solver: 'ga', seed: 7, status: 'interrupted', best: 120, max: 180, ms: 60000, evals: 90000 },
    { puzzle: 'Maze 9', puzzleId: null, family: 'jump', solver: 'hill-climb', seed: 99, status: 'done', best: 56, max: null, ms: 2000, evals: 100 },
    { puzzle: 'Maze 9', puzzleId: null, family: 'jump', solver: 'hill-climb', seed: 100, status: 'running', best: 30, max: null, ms: 1000, evals: 50 },
  ];
  for (const s of specs) {
    const r = store.createRun(
      newRun({
        puzzleId: s.puzzleId,
        puzzleName: s.puzzle,
        family: s.family,
        solver: s.solver,
        seed: s.seed,
        maxScore: s.max,
        params: { population: s.seed * 10, greedy: true },
      }),
    );
    store.setRunStatus(r.id, s.status, { elapsedMs: s.ms, evaluations: s.evals });
    if (s.best !== null) store.recordImprovement(r.id, { elapsedMs: s.ms, evaluations: s.evals, score: s.best, solution: { cells: [[s.best]] } });
    ids.push(r.id);
  }
  return { store, history, ids };
}

describe('run history queries', () => {
  it('pages newest first and counts every match', () => {
    const { history, ids } = sample();
    const p1 = history.query({ limit: 3 });
    expect(p1.total).toBe(7);
    expect(p1.runs.map((r) => r.id)).toEqual([ids[6], ids[5], ids[4]]);
    const p2 = history.query({ limit: 3, offset: 3 });
    expect(p2.runs.map((r) => r.id)).toEqual([ids[3], ids[2], ids[1]]);
    const p3 = history.query({ limit: 3, offset: 6 });
    expect(p3.runs.map((r) => r.id)).toEqual([ids[0]]);
    expect(history.query({ limit: 3, offset: 9 })).toEqual({ runs: [], total: 7 });
    // Summaries are complete and parsed.
    expect(p3.runs[0]).toMatchObject({
      puzzleName: 'Clue 1',
      solver: 'hill-climb',
      seed: 1,
      status: 'done',
      bestScore: 50,
      maxScore: 60,
      elapsedMs: 5000,
      evaluations: 1000,
      params: { population: 10, greedy: true },
    });
  });

  it('filters by puzzle, family, solvers, statuses, dates and scores, together', () => {
    const { history, ids, store } = sample();
    const clueId = store.listPuzzles({})[0]!.id;
    const idsOf = (q: Parameters<RunHistory['query']>[0]): number[] => history.query({ ...q, sort: 'id', dir: 'asc' }).runs.map((r) => r.id);
    expect(idsOf({ puzzleId: clueId })).toEqual(ids.slice(0, 4));
    expect(idsOf({ puzzleName: 'maze 9' })).toEqual([ids[5], ids[6]]);
    expect(idsOf({ family: 'jump' })).toEqual([ids[5], ids[6]]);
    expect(idsOf({ solvers: ['sa', 'ga'] })).toEqual([ids[2], ids[3], ids[4]]);
    expect(idsOf({ solvers: [] })).toEqual([]);
    expect(idsOf({ statuses: ['done'] })).toEqual([ids[0], ids[2], ids[5]]);
    expect(idsOf({ statuses: ['stopped', 'interrupted'] })).toEqual([ids[1], ids[4]]);
    expect(idsOf({ scoreMin: 50 })).toEqual([ids[0], ids[2], ids[4], ids[5]]);
    expect(idsOf({ scoreMin: 40, scoreMax: 56 })).toEqual([ids[0], ids[1], ids[5]]);
    expect(idsOf({ puzzleId: clueId, solvers: ['hill-climb'], statuses: ['done', 'stopped'], scoreMin: 45 })).toEqual([ids[0]]);
    const all = history.query({ sort: 'id', dir: 'asc' }).runs;
    const t = all[3]!.createdAt;
    expect(idsOf({ from: t })).toEqual(ids.slice(3));
    expect(idsOf({ to: t })).toEqual(ids.slice(0, 3));
    expect(idsOf({ from: all[1]!.createdAt, to: all[3]!.createdAt })).toEqual([ids[1], ids[2]]);
    expect(history.query({ statuses: ['done'] }).total).toBe(3);
    expect(() => history.query({ statuses: ['bogus' as RunStatus] })).toThrow(/unknown run status/);
  });

  it('searches ids, seeds, puzzle names, solvers and parameters', () => {
    const { history, ids } = sample();
    const idsOf = (search: string): number[] => history.query({ search, sort: 'id', dir: 'asc' }).runs.map((r) => r.id);
    expect(idsOf(`#${ids[2]}`)).toEqual([ids[2]]);
    expect(idsOf('99')).toEqual([ids[5]]); // seed 99
    expect(idsOf('clue')).toEqual(ids.slice(0, 4));
    expect(idsOf('clue sa')).toEqual([ids[2], ids[3]]);
    expect(idsOf('ga')).toEqual([ids[4]]);
    expect(idsOf('jump')).toEqual([ids[5], ids[6]]);
    expect(idsOf('interrupted')).toEqual([ids[4]]);
    expect(idsOf('population')).toEqual(ids);
    expect(idsOf('"population":70')).toEqual([ids[4]]);
    expect(idsOf('100%')).toEqual([]); // LIKE wildcards are literal
    expect(idsOf('   ')).toEqual(ids);
    // Solvers by the names the history shows, not only by their ids.
    expect(idsOf('Simulated annealing')).toEqual([ids[2], ids[3]]);
    expect(idsOf('annealing clue')).toEqual([ids[2], ids[3]]);
    expect(idsOf('hill climbing maze')).toEqual([ids[5], ids[6]]);
  });

  it('sorts by every column, nulls last, ties by id', () => {
    const { history, ids } = sample();
    const order = (sort: RunSortKey, dir: 'asc' | 'desc'): number[] => history.query({ sort, dir }).runs.map((r) => ids.indexOf(r.id));
    expect(order('best', 'desc')).toEqual([4, 2, 5, 0, 1, 6, 3]);
    expect(order('best', 'asc')).toEqual([6, 1, 0, 5, 2, 4, 3]);
    expect(order('percent', 'desc')).toEqual([2, 0, 1, 4, 6, 5, 3]);
    expect(order('duration', 'asc')).toEqual([3, 6, 5, 1, 0, 2, 4]);
    expect(order('evaluations', 'desc')).toEqual([4, 2, 0, 1, 5, 6, 3]);
    expect(order('puzzle', 'asc')).toEqual([0, 1, 2, 3, 5, 6, 4]); // Clue, Maze, META: case-insensitive
    expect(order('solver', 'asc')).toEqual([4, 0, 1, 5, 6, 2, 3]);
    expect(order('seed', 'desc')).toEqual([6, 5, 4, 3, 1, 2, 0]);
    expect(order('created', 'asc')).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(order('id', 'desc')).toEqual([6, 5, 4, 3, 2, 1, 0]);
    expect(order('status', 'asc').map((i) => ['done', 'stopped', 'done', 'failed', 'interrupted', 'done', 'running'][i])).toEqual([
      'done',
      'done',
      'done',
      'failed',
      'interrupted',
      'running',
      'stopped',
    ]);
  });

  it('sorts the Family column by the kind it shows, Tetravex apart from Edge', () => {
    const { store, history } = open();
    // Edge-family runs, Tetravex and edge matching made in turn, and a jump run.
    const kinds = ['Edge matching', 'Tetravex', 'Edge matching', 'Tetravex', 'Jump maze'];
    const ids = kinds.map((kind, i) => {
      const r = store.createRun(newRun({ family: i === 4 ? 'jump' : 'edge', seed: i }));
      store.connection.prepare('UPDATE runs SET kind = ? WHERE id = ?').run(kind, r.id);
      return r.id;
    });
    const shown = (dir: 'asc' | 'desc'): string[] => history.query({ sort: 'family', dir }).runs.map((r) => r.kind);
    expect(shown('asc')).toEqual(['Edge matching', 'Edge matching', 'Jump maze', 'Tetravex', 'Tetravex']);
    expect(shown('desc')).toEqual(['Tetravex', 'Tetravex', 'Jump maze', 'Edge matching', 'Edge matching']);
    // Ties newest first when descending, oldest first when ascending.
    expect(history.query({ sort: 'family', dir: 'asc' }).runs.map((r) => r.id)).toEqual([ids[0], ids[2], ids[4], ids[1], ids[3]]);
  });

  it('refuses impossible pages', () => {
    const { history } = sample();
    expect(() => history.query({ limit: -1 })).toThrow(/limit/);
    expect(() => history.query({ limit: 20_000 })).toThrow(/limit/);
    expect(() => history.query({ offset: 1.5 })).toThrow(/offset/);
    expect(() => history.query({ sort: 'nope' as RunSortKey })).toThrow(/unknown run sort/);
  });

  it('lists facets with counts', () => {
    const { history } = sample();
    const f = history.facets();
    expect(f.total).toBe(7);
    expect(f.solvers).toEqual([
      { family: 'edge', solver: 'ga', runs: 1 },
      { family: 'edge', solver: 'hill-climb', runs: 2 },
      { family: 'edge', solver: 'sa', runs: 2 },
      { family: 'jump', solver: 'hill-climb', runs: 2 },
    ]);
    expect(f.puzzles.map((p) => [p.name, p.runs])).toEqual([
      ['Maze 9', 2],
      ['META 10x10', 1],
      ['Clue 1', 4],
    ]);
    expect(f.statuses.map((s) => s.status)).toEqual(['running', 'done', 'stopped', 'interrupted', 'failed']);
    expect(f.first).toBeLessThan(f.last!);
  });

  it('with 10,000 runs every page query uses an index', () => {
    const { store, history } = open();
    const db = store.connection;
    const insert = db.prepare(
      `INSERT INTO runs (puzzle_id, puzzle_name, family, solver, params, seed, stop, puzzle, status, created_at, elapsed_ms, evaluations, best_score, max_score)
       VALUES (NULL, ?, ?, ?, '{"a":1}', ?, '{"seconds":60,"evaluations":null,"target":null}', '{}', ?, ?, ?, ?, ?, 480)`,
    );
    const statuses: RunStatus[] = ['done', 'stopped', 'interrupted', 'failed'];
    db.transaction(() => {
      for (let i = 0; i < 10_000; i++) {
        insert.run(
          `Puzzle ${i % 40}`,
          i % 3 === 0 ? 'jump' : 'edge',
          ['hill-climb', 'sa', 'tabu', 'ga'][i % 4],
          i,
          statuses[i % 4],
          1_700_000_000_000 + i * 60_000,
          (i * 7919) % 100_000,
          i * 13,
          (i * 31) % 481,
        );
      }
    })();
    const plan = (q: RunHistoryQuery): string => {
      const { sql, args } = runPageSql(q);
      return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as { detail: string }[]).map((r) => r.detail).join(' | ');
    };
    expect(plan({})).toMatch(/USING INDEX runs_created_at/);
    expect(plan({ statuses: ['done'] })).toMatch(/USING INDEX runs_status_created/);
    expect(plan({ sort: 'best' })).toMatch(/USING INDEX runs_best_score/);
    expect(plan({ sort: 'duration', dir: 'asc' })).toMatch(/USING INDEX runs_elapsed/);
    expect(plan({ solvers: ['sa'] })).toMatch(/USING INDEX runs_solver_created/);

    // Speed is the ui-smoothness bench's (History with 10,000 runs); here the pages and the filters.
    const page = history.query({ limit: 50, offset: 5000 });
    expect(page.total).toBe(10_000);
    expect(page.runs).toHaveLength(50);
    expect(history.query({ statuses: ['done'], solvers: ['hill-climb'], scoreMin: 100, limit: 50 }).total).toBeGreaterThan(0);
    expect(history.query({ limit: 50, offset: 9000 }).runs).toHaveLength(50);
    expect(history.query({ search: 'puzzle 7 sa', limit: 50 }).total).toBeGreaterThan(0);
    expect(history.facets()).toBeTruthy();
  });
});

describe('series, boards and exports', () => {
  it('returns progress and every improvement, thinned and incremental', () => {
    const { store, history } = open();
    const run = store.createRun(newRun());
    for (let i = 0; i < 100; i++) {
      store.recordProgress(run.id, { elapsedMs: i * 1000, evaluations: i * 10, iteration: i, bestScore: i, currentScore: i % 2 ? i : -i, meanScore: i / 2 });
      if (i % 10 === 0) store.recordImprovement(run.id, { elapsedMs: i * 1000 + 1, evaluations: i * 10, score: i, solution: { cells: [[i]] } });
    }
    const all = history.series(run.id)!;
    expect(all.progress).toHaveLength(100);
    expect(all.progressTotal).toBe(100);
    expect(all.progress[3]).toEqual({ t: 3000, evaluations: 30, iteration: 3, best: 3, current: 3, mean: 1.5 });
    expect(all.improvements.map((p) => p.score)).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
    const thin = history.series(run.id, { maxPoints: 20 })!;
    expect(thin.progress.length).toBeLessThanOrEqual(20);
    expect(thin.progress[0]!.t).toBe(0);
    expect(thin.progress.at(-1)!.t).toBe(99_000);
    expect(thin.improvements).toHaveLength(10);
    const live = history.series(run.id, { after: 95_000 })!;
    expect(live.progress.map((p) => p.t)).toEqual([96_000, 97_000, 98_000, 99_000]);
    expect(live.improvements).toEqual([]);
    expect(history.series(9999)).toBeNull();

    const ev = all.improvements[3]!;
    expect(history.board(run.id, ev.eventId)).toEqual({
      runId: run.id,
      eventId: ev.eventId,
      t: 30_001,
      evaluations: 300,
      score: 30,
      solution: { cells: [[30]] },
    });
    // The samples claimed 99; the best board is the last improvement's, with its own score.
    expect(history.board(run.id)).toMatchObject({ eventId: null, score: 90, solution: { cells: [[90]] } });
    expect(history.board(run.id, 123456)).toBeNull();
    expect(history.board(run.id + 1, ev.eventId)).toBeNull();
  });

  it('exports CSV a spreadsheet reads and JSON with boards and series', () => {
    const { store, history, ids } = sample();
    store.setRunStatus(ids[0]!, 'done', { peakRssBytes: 640 * 2 ** 20 });
    const csv = history.exportRuns([ids[2]!, ids[0]!], 'csv', Date.UTC(2026, 0, 2, 3, 4, 5));
    expect(csv.fileName).toBe('runs-2-2026-01-02-03-04-05.csv');
    const lines = csv.text.split('\r\n');
    expect(lines[0]).toBe(
      'id,puzzle,puzzle_id,family,solver,params,seed,status,stop_reason,stop_seconds,stop_evaluations,stop_target,created,started,ended,duration_s,evaluations,best_score,max_score,percent_of_max,error,peak_memory_bytes',
    );
    expect(lines[1]).toMatch(new RegExp(`^${ids[2]},Clue 1,\\d+,edge,sa,greedy=true; population=10,1,done,,60,,,20\\d\\d-`));
    expect(lines[1]).toMatch(/,9,5000,58,60,96\.67,,$/);
    // The peak memory last (empty for a run without it).
    expect(lines[2]).toMatch(/,671088640$/);
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
    const json = JSON.parse(history.exportRuns([ids[0]!], 'json').text) as {
      format: string;
      runs: (RunSummary & { bestSolution: unknown; improvements: unknown[] })[];
    };
    expect(json.format).toBe('puzzle-workbench-runs');
    expect(json.runs[0]).toMatchObject({
      id: ids[0],
      bestScore: 50,
      bestSolution: { cells: [[50]] },
      improvements: [{ elapsedMs: 5000, evaluations: 1000, score: 50 }],
    });
    expect(history.exportRuns([ids[0]!], 'json').fileName).toBe(`run-${ids[0]}.json`);
    expect(() => history.exportRuns([424242], 'csv')).toThrow(/none of the selected runs/);
  });

  it('the streamed export is the same text in pieces, one run at a time, formatted as the whole document would be', async () => {
    const { history, ids } = sample();
    const all = [...ids, ...ids];
    for (const format of ['csv', 'json'] as const) {
      const whole = history.exportRuns(all, format, 0);
      const { fileName, chunks } = history.exportRunsStream(all, format, 0);
      const pieces: string[] = [];
      for await (const c of chunks) pieces.push(c);
      expect(fileName).toBe(whole.fileName);
      expect(pieces.length).toBeGreaterThan(format === 'json' ? all.length : 0);
      expect(pieces.join('')).toBe(whole.text);
    }
    const json = history.exportRuns(all, 'json', 0).text;
    expect(json).toBe(`${JSON.stringify(JSON.parse(json), null, 1)}\n`);
  });

  it('quotes CSV fields only when needed', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(' padded')).toBe('" padded"');
    expect(csvField(null)).toBe('');
    expect(csvField(3.5)).toBe('3.5');
    expect(runsToCsv([]).split('\r\n')).toHaveLength(2);
  });
});

describe('thinning series for long runs', () => {
  const series = (n: number, f: (i: number) => number) => Array.from({ length: n }, (_, i) => ({ i, v: f(i) }));

  it('returns short series unchanged', () => {
    const s = series(10, (i) => i);
    expect(thinSeries(s, 10, (p) => p.v)).toBe(s);
    expect(thinSeries([], 5, (p: { v: number }) => p.v)).toEqual([]);
  });

  it('keeps at most max points, the first and the last, in order', () => {
    for (const [n, max] of [
      [11, 10],
      [1000, 100],
      [86_400, 1500],
      [5000, 3],
      [5000, 2],
    ] as const) {
      const s = series(n, (i) => Math.sin(i / 7) * 100 + (i % 13));
      const t = thinSeries(s, max, (p) => p.v);
      expect(t.length).toBeLessThanOrEqual(max);
      expect(t[0]).toBe(s[0]);
      expect(t.at(-1)).toBe(s.at(-1));
      for (let k = 1; k < t.length; k++) expect(t[k]!.i).toBeGreaterThan(t[k - 1]!.i);
    }
  });

  it('keeps spikes and dips: the thinned series spans what the full one did', () => {
    const s = series(10_000, (i) => (i === 4321 ? 1000 : i === 7777 ? -1000 : i % 5));
    const t = thinSeries(s, 200, (p) => p.v);
    expect(t.some((p) => p.v === 1000)).toBe(true);
    expect(t.some((p) => p.v === -1000)).toBe(true);
    expect(Math.max(...t.map((p) => p.v))).toBe(1000);
    // Bucket extremes are spread over the whole run, not bunched at one end.
    const quarters = [0, 1, 2, 3].map((q) => t.filter((p) => p.i >= q * 2500 && p.i < (q + 1) * 2500).length);
    for (const q of quarters) expect(q).toBeGreaterThan(40);
  });

  it('refuses a max below 2', () => {
    expect(() =>
      thinSeries(
        series(5, (i) => i),
        1,
        (p) => p.v,
      ),
    ).toThrow(/at least 2/);
  });
});

describe('launching and deleting runs through the workbench', () => {
  /** Workers that start and then wait, answering `stop` with `done` (so runs stay running until stopped). */
  const idleWorkers = (): WorkerSpawner => () => {
    let onMsg: ((m: FromWorker) => void) | null = null;
    let onExit: ((d: string) => void) | null = null;
    let runId = 0;
    return {
      post(m: ToWorker) {
        if (m.type === 'start') runId = m.spec.runId;
        if (m.type === 'stop') setTimeout(() => onMsg?.({ type: 'done', runId, reason: 'stopped', elapsedMs: 10, evaluations: 5 } as FromWorker), 1);
      },
      onMessage: (l) => void (onMsg = l),
      onExit: (l) => void (onExit = l),
      dispose: () => onExit?.('killed'),
    };
  };

  it('starts N runs with consecutive seeds, or random ones, after checking the settings once', async () => {
    const wb = Workbench.open({ dbPath: ':memory:', spawn: idleWorkers(), concurrency: 2 });
    const p = wb.importPuzzle('m.maze', '3\n1 2 1\n1 1 1\n2 1 0\n');
    const runs = wb.createRuns({ target: { puzzleId: p.id }, solver: 'hill-climb', params: { restartAfter: 5 }, seed: 2 ** 32 - 2, stop: { seconds: 5 } }, 4);
    expect(runs.map((r) => r.seed)).toEqual([2 ** 32 - 2, 2 ** 32 - 1, 0, 1]);
    expect(runs.every((r) => r.params.restartAfter === 5 && r.stop.seconds === 5)).toBe(true);
    const random = wb.createRuns({ target: { puzzleId: p.id }, solver: 'hill-climb' }, 3);
    expect(new Set(random.map((r) => r.seed)).size).toBe(3);
    const before = wb.store.countRuns();
    expect(() => wb.createRuns({ target: { puzzleId: p.id }, solver: 'hill-climb', params: { nope: 1 } }, 3)).toThrow(/unknown parameter nope/);
    expect(() => wb.createRuns({ target: { puzzleId: p.id }, solver: 'hill-climb' }, 0)).toThrow(/from 1 to 64/);
    expect(wb.store.countRuns()).toBe(before);
    // Two run at once (concurrency 2), the rest wait in the queue.
    expect(wb.history.query({ statuses: ['running'] }).total).toBe(2);
    expect(wb.history.query({ statuses: ['queued'] }).total).toBe(5);

    const pushed: string[] = [];
    wb.subscribe((e) => pushed.push(e.type));
    const deleted = await wb.deleteRuns([runs[0]!.id, runs[2]!.id, 999]);
    expect(deleted).toBe(2);
    expect(wb.store.getRun(runs[0]!.id)).toBeNull();
    expect(pushed).toContain('runs-deleted');
    await wb.dispose();
  });
});
