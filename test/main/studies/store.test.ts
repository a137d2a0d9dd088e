import { describe, expect, it } from 'vitest';
import { Store } from '../../../src/main/store/store';
import { StudyStore } from '../../../src/main/store/studies';
import { newRun } from '../store/helpers';

describe('study tables', () => {
  it('link runs to cells in one transaction; a deleted run frees its cell; a deleted study leaves its runs', () => {
    const store = Store.open(':memory:');
    const studies = new StudyStore(store);
    const s = studies.create('grid', { any: 'json' });
    expect(studies.get(s.id)).toMatchObject({ id: s.id, name: 'grid', spec: { any: 'json' } });
    const runs = studies.addRuns(s.id, [
      { cell: { puzzleIndex: 0, configIndex: 0, seed: 1 }, run: newRun({ seed: 1 }) },
      { cell: { puzzleIndex: 0, configIndex: 1, seed: 1 }, run: newRun({ seed: 1 }) },
    ]);
    expect(studies.runs(s.id).map((l) => [l.run.id, l.configIndex, l.seed])).toEqual([
      [runs[0]!.id, 0, 1],
      [runs[1]!.id, 1, 1],
    ]);
    expect(studies.studyOfRun(runs[1]!.id)).toBe(s.id);
    // A cell that has a run (another process started the study at the same moment) gets no second one.
    const more = studies.addRuns(s.id, [
      { cell: { puzzleIndex: 1, configIndex: 0, seed: 1 }, run: newRun() },
      { cell: { puzzleIndex: 0, configIndex: 0, seed: 1 }, run: newRun() },
    ]);
    expect(more.map((r) => studies.runs(s.id).find((l) => l.run.id === r.id)?.puzzleIndex)).toEqual([1]);
    expect(store.countRuns()).toBe(3);
    expect(() =>
      store.connection.prepare('INSERT INTO study_runs (run_id, study_id, puzzle_index, config_index, seed) VALUES (?, ?, 0, 0, 1)').run(more[0]!.id, s.id),
    ).toThrow(/UNIQUE/);
    expect(() => studies.addRuns(999, [{ cell: { puzzleIndex: 0, configIndex: 0, seed: 1 }, run: newRun() }])).toThrow(/no study with id 999/);
    store.deleteRun(runs[0]!.id);
    expect(studies.runs(s.id)).toHaveLength(2);
    expect(studies.delete(s.id)).toBe(true);
    expect(studies.get(s.id)).toBeNull();
    expect(store.getRun(runs[1]!.id)).not.toBeNull();
    expect(studies.studyOfRun(runs[1]!.id)).toBeNull();
  });

  it('time to a score comes from the first improvement reaching it', () => {
    const store = Store.open(':memory:');
    const studies = new StudyStore(store);
    const run = store.createRun(newRun());
    store.recordImprovement(run.id, { elapsedMs: 10, evaluations: 5, score: 3, solution: null });
    store.recordImprovement(run.id, { elapsedMs: 40, evaluations: 9, score: 8, solution: null });
    expect(studies.timeToScore(run.id, 3)).toBe(10);
    expect(studies.timeToScore(run.id, 5)).toBe(40);
    expect(studies.timeToScore(run.id, 9)).toBeNull();
    expect(studies.firstReach(run.id, 5)).toEqual({ elapsedMs: 40, evaluations: 9 });
    expect(studies.firstReach(run.id, 9)).toBeNull();
  });

  it('gives every improvement of the runs of a study, by run and in time order', () => {
    const store = Store.open(':memory:');
    const studies = new StudyStore(store);
    const s = studies.create('s', {});
    const [a, b] = studies.addRuns(s.id, [
      { cell: { puzzleIndex: 0, configIndex: 0, seed: 1 }, run: newRun() },
      { cell: { puzzleIndex: 0, configIndex: 0, seed: 2 }, run: newRun() },
    ]);
    const other = store.createRun(newRun());
    store.recordImprovement(b!.id, { elapsedMs: 30, evaluations: 5, score: 4, solution: null });
    store.recordImprovement(a!.id, { elapsedMs: 20, evaluations: 5, score: 2, solution: null });
    store.recordImprovement(b!.id, { elapsedMs: 10, evaluations: 1, score: 1, solution: null });
    store.recordImprovement(other.id, { elapsedMs: 10, evaluations: 1, score: 9, solution: null });
    expect([...studies.improvements(s.id)]).toEqual([
      [a!.id, [{ t: 20, evaluations: 5, score: 2 }]],
      [
        b!.id,
        [
          { t: 10, evaluations: 1, score: 1 },
          { t: 30, evaluations: 5, score: 4 },
        ],
      ],
    ]);
  });
});
