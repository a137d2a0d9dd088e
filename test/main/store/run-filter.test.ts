import { afterEach, describe, expect, it } from 'vitest';
import { Store } from '../../../src/main/store';
import { MAX_PAGE, RunHistory, type RunHistoryFilter } from '../../../src/main/store/run-history';
import { RUN_STATUSES, type RunFilter, type RunStatus } from '../../../src/main/store/types';
import { newRun, tickingClock } from './helpers';

// Store.listRuns / countRuns and the history view share one WHERE builder. These cases pin each
// filter to a plain-JS expectation on both paths, so a change to either one fails here.

const stores: Store[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.dispose();
});

interface Spec {
  id: number;
  puzzleId: number | null;
  family: 'edge' | 'jump';
  solver: string;
  status: RunStatus;
}

function sample(): { store: Store; history: RunHistory; runs: Spec[]; puzzles: number[] } {
  const store = Store.open(':memory:', { now: tickingClock() });
  stores.push(store);
  const puzzles = [1, 2].map((n) => store.addPuzzle({ name: `P${n}`, family: 'edge', source: 'x', document: {}, rows: 4, cols: 4 }).id);
  const runs: Spec[] = [];
  for (let i = 0; i < 36; i++) {
    const spec = {
      puzzleId: [puzzles[0]!, puzzles[1]!, null][i % 3]!,
      family: i % 4 === 0 ? 'jump' : 'edge',
      solver: ['hill-climb', 'sa', 'ga'][Math.floor(i / 3) % 3]!,
      status: RUN_STATUSES[i % 6]!,
    } as const;
    const r = store.createRun(newRun({ puzzleId: spec.puzzleId, family: spec.family, solver: spec.solver, seed: i }));
    if (spec.status !== 'queued') store.setRunStatus(r.id, spec.status);
    runs.push({ id: r.id, ...spec });
  }
  return { store, history: new RunHistory(store), runs, puzzles };
}

describe('listRuns and the run history agree on a filter', () => {
  it('same runs, same order, same count for every filter listRuns accepts', () => {
    const { store, history, runs, puzzles } = sample();
    const p1 = puzzles[0]!;
    const some = [runs[3]!.id, runs[17]!.id, runs[30]!.id];
    const cases: [RunFilter, RunHistoryFilter, (r: Spec) => boolean][] = [
      [{}, {}, () => true],
      [{ status: 'done' }, { statuses: ['done'] }, (r) => r.status === 'done'],
      [{ status: ['queued', 'running'] }, { statuses: ['queued', 'running'] }, (r) => r.status === 'queued' || r.status === 'running'],
      [{ status: [] }, { statuses: [] }, () => false],
      [{ family: 'jump' }, { family: 'jump' }, (r) => r.family === 'jump'],
      [{ solver: 'sa' }, { solvers: ['sa'] }, (r) => r.solver === 'sa'],
      [{ puzzleId: p1 }, { puzzleId: p1 }, (r) => r.puzzleId === p1],
      [{ ids: some }, { ids: some }, (r) => some.includes(r.id)],
      [{ ids: [] }, { ids: [] }, () => false],
      [
        { status: ['done', 'stopped'], family: 'edge', solver: 'hill-climb', puzzleId: p1 },
        { statuses: ['done', 'stopped'], family: 'edge', solvers: ['hill-climb'], puzzleId: p1 },
        (r) => (r.status === 'done' || r.status === 'stopped') && r.family === 'edge' && r.solver === 'hill-climb' && r.puzzleId === p1,
      ],
    ];
    for (const [filter, historyFilter, keep] of cases) {
      const expected = runs
        .filter(keep)
        .map((r) => r.id)
        .reverse(); // newest first
      const label = JSON.stringify(filter);
      expect(
        store.listRuns(filter).map((r) => r.id),
        label,
      ).toEqual(expected);
      expect(store.countRuns(filter), label).toBe(expected.length);
      const page = history.query({ ...historyFilter, limit: MAX_PAGE });
      expect(
        page.runs.map((r) => r.id),
        label,
      ).toEqual(expected);
      expect(page.total, label).toBe(expected.length);
      expect(history.ids(historyFilter), label).toEqual(expected);
    }
    // The combined case must match something, or it would not tell the conditions apart from '0'.
    expect(runs.filter(cases.at(-1)![2]).length).toBeGreaterThan(0);
  });

  it('pages alike and refuse the same unknown status', () => {
    const { store, history } = sample();
    expect(store.listRuns({ solver: 'ga', limit: 4, offset: 2 })).toEqual(history.query({ solvers: ['ga'], limit: 4, offset: 2 }).runs);
    expect(() => store.listRuns({ status: 'bogus' as RunStatus })).toThrow(/unknown run status "bogus"/);
    expect(() => history.query({ statuses: ['bogus' as RunStatus] })).toThrow(
      /unknown run status "bogus" \(known: queued, running, done, stopped, interrupted, failed\)/,
    );
  });
});
