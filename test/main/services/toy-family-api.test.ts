/**
 * Issue 52 item 3: a family is typed end to end and reaches the whole backend through the
 * registration seams alone. The test-only toy family is imported through the API handlers (the
 * ones both transports call), solved by a run the run manager launches on its worker, its best
 * board re-checked by the recorder, and analysed through the same host as the built-in families.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSolver, registerSolvers } from '../../../src/core/catalogue/catalogue';
import { ENDED_STATUSES } from '../../../src/core/engine/run-types';
import { getFamily, hasFamily, registerFamily } from '../../../src/core/families';
import { apiHandlers } from '../../../src/main/services/backend';
import { runAnalysis, DEFAULT_LIMITS } from '../../../src/main/services/analysis-run';
import { Workbench } from '../../../src/main/services/workbench';
import { toyFamily } from '../../fixtures/families/toy/family';
import { toySolvers } from '../../fixtures/families/toy/solver';
import { inProcessSpawner, sleep } from '../runs/in-process';

const FILE = '# toy grid: lights\n2 3\n0 1 0\n0 0 1\n';

let wb: Workbench;

beforeAll(() => {
  if (!hasFamily('toy')) registerFamily(toyFamily);
  try {
    findSolver('toy', 'light-one');
  } catch {
    registerSolvers(toySolvers);
  }
  wb = Workbench.open({ dbPath: ':memory:', spawn: inProcessSpawner({ spawned: 0, handles: [] }) });
});

afterAll(async () => {
  await wb.dispose();
});

describe('a registered family through the API and the run manager', () => {
  it('is previewed and imported through the handlers, solved by a launched run, and its best board checked', async () => {
    const api = apiHandlers(wb, { resourcesDir: null });
    const preview = await api.previewImport({ fileName: 'lights.txt', text: FILE });
    expect(preview).toMatchObject({ family: 'toy', rows: 2, cols: 3 });

    const imported = await api.importFile({ fileName: 'lights.txt', text: FILE });
    expect(imported.added).toHaveLength(1);
    const puzzle = imported.added[0]!;
    expect(puzzle.family).toBe('toy');

    const [run] = await api.startRuns({ puzzleId: puzzle.id, solver: 'light-one', seed: 3, evaluations: 1000 });
    expect(run).toMatchObject({ family: 'toy', solver: 'light-one' });
    const deadline = Date.now() + 20_000;
    let summary = await api.getRun({ id: run!.id });
    while (!ENDED_STATUSES.includes(summary.status) && Date.now() < deadline) {
      await sleep(20);
      summary = await api.getRun({ id: run!.id });
    }
    expect(summary.status).toBe('done');
    expect(summary.bestScore).toBe(6);

    // The stored best is a board of the family's own, which its own code finds solved.
    const best = await api.runBoard({ id: run!.id });
    const toy = getFamily('toy');
    const p = toy.puzzleFromJson({ rows: 2, cols: 3 });
    expect(toy.evaluate(p, toy.solutionFromJson(p, best.solution))).toEqual({ score: 6, maxScore: 6, solved: true });
  });

  it('is analysed through the family hook by the same host as the built-in families', async () => {
    const toy = getFamily('toy');
    const out = await runAnalysis({ family: 'toy', puzzle: toy.puzzleFromJson({ rows: 2, cols: 3 }) }, DEFAULT_LIMITS);
    expect(out).toEqual({ analysis: { family: 'toy', cells: 6 }, eternity2: null });
  });
});
