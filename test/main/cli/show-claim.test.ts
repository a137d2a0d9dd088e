import { describe, expect, it } from 'vitest';
import { getFamily } from '../../../src/core/families';
import { Store } from '../../../src/main/store';
import type { NewRun } from '../../../src/main/store/types';
import { cli, tempDb } from '../../helpers/cli';

describe('workbench show', () => {
  it('says in one line when the solver claimed more in its progress than its best checked board', () => {
    const db = tempDb();
    const store = Store.open(db);
    const puzzle = getFamily('jump').puzzleToJson(getFamily('jump').puzzleFromJson({ rows: 5, cols: 5 }));
    const spec: NewRun = {
      puzzleId: null,
      puzzleName: 'j5',
      family: 'jump',
      solver: 'hill-climb',
      params: {},
      seed: 1,
      stop: { seconds: 1, evaluations: null, target: null },
      puzzle,
      maxScore: null,
    };
    const run = store.createRun(spec);
    store.recordImprovement(run.id, { elapsedMs: 1, evaluations: 1, score: 8, solution: null });
    store.recordProgress(run.id, { elapsedMs: 2, evaluations: 2, iteration: 2, bestScore: 1000, currentScore: 8, meanScore: null });
    const honest = store.createRun(spec);
    store.recordImprovement(honest.id, { elapsedMs: 1, evaluations: 1, score: 8, solution: null });
    store.recordProgress(honest.id, { elapsedMs: 2, evaluations: 2, iteration: 2, bestScore: 8, currentScore: 8, meanScore: null });
    store.dispose();

    const shown = cli(['show', String(run.id), '--db', db]);
    expect(shown.stderr).toBe('');
    const lines = shown.stdout.split('\n');
    expect(lines[2]).toMatch(/^best 8,/);
    expect(lines[3]).toBe('the solver claimed 1,000 in its progress, above its best checked board (8); only checked boards count');
    const json = JSON.parse(cli(['show', String(run.id), '--json', '--db', db]).stdout) as { bestScore: number; claimedBest: number | null };
    expect(json).toMatchObject({ bestScore: 8, claimedBest: 1000 });

    expect(cli(['show', String(honest.id), '--db', db]).stdout).not.toMatch(/claimed/);
  }, 60_000);
});
