/**
 * Figures that say what they count (a renderer audit): Compare's same-settings groups keep one
 * clock and say which runs their means leave out; a study's strip plot draws the failed runs its
 * figures count, and its progress names each way a run ended short; the new-study dialog's time
 * is the compose dialog's (runs at once counted).
 */
import { expect, it } from 'vitest';
import type { RunSummary } from '../../../src/main/store/types';
import { estimateText, templateEstimate } from '../../../src/renderer/src/studies/compose/study-draft';
import { durationText } from '../../../src/core/text/numbers';
import { describeBrowser, findPuzzleId, useHarness } from './harness';

describeBrowser('figures that say what they count', () => {
  const h = useHarness({ viewport: { width: 1280, height: 800 } });

  it('compares runs: one clock a group, its means over the runs that ended with a best, and saying so', async () => {
    const store = h.backend.workbench.store;
    const clue = await findPuzzleId(h, 'e2_clue1_6x6.txt');
    const rec = await h.api.getPuzzle({ id: clue });
    const puzzle = (rec.document as { puzzle: unknown }).puzzle;
    // Hill climbing for 60 s, three runs on the wall clock and two on CPU time; of the wall runs
    // one failed before any improvement and one is still running.
    const make = (seed: number, clock: 'wall' | 'cpu', end: { status: RunSummary['status']; best: number | null; at: number }): number => {
      const r = store.createRun({
        puzzleId: clue,
        puzzleName: rec.name,
        family: 'edge',
        solver: 'hill-climb',
        params: {},
        seed,
        stop: { seconds: 60, evaluations: null, target: null, clock },
        puzzle,
        maxScore: 60,
      });
      store.setRunStatus(r.id, 'running');
      if (end.best !== null) store.recordImprovement(r.id, { elapsedMs: end.at, evaluations: end.at * 10, score: end.best, solution: {} });
      if (end.status !== 'running')
        store.setRunStatus(r.id, end.status, { elapsedMs: 60_000, evaluations: 600_000, ...(end.status === 'failed' ? { error: 'boom' } : {}) });
      return r.id;
    };
    const ids = [
      make(1, 'wall', { status: 'done', best: 50, at: 1000 }),
      make(2, 'wall', { status: 'done', best: 54, at: 3000 }),
      make(3, 'wall', { status: 'failed', best: null, at: 0 }),
      make(4, 'wall', { status: 'running', best: 20, at: 500 }),
      make(5, 'cpu', { status: 'done', best: 52, at: 20_000 }),
      make(6, 'cpu', { status: 'done', best: 56, at: 40_000 }),
    ];
    const page = await h.newPage({ hash: `#/runs/compare/${ids.join(',')}` });
    await expect.poll(() => page.getByTestId('compare-row').count()).toBe(6);
    const groups = page.getByTestId('compare-group');
    // Wall and CPU runs apart (they were one group of six).
    await expect.poll(() => groups.count()).toBe(2);
    const cells = async (i: number): Promise<string[]> => groups.nth(i).locator('td').allTextContents();
    const wall = await cells(0);
    expect(wall[2]).toBe('4mean of 2 of 4 runs: 1 not ended, 1 without a best');
    // The running run's 20 is not in the mean.
    expect(wall[3]).toBe('52 ± 2.8');
    expect(wall[5]).toBe('2.0 s ± 1.4 s wall');
    const cpu = await cells(1);
    expect(cpu[2]).toBe('2');
    expect(cpu[5]).toBe('30 s ± 14 s CPU');
    await groups.first().scrollIntoViewIfNeeded();
    await h.screenshot(page, 'compare-groups-counted');
    expect(h.pageErrors(page)).toEqual([]);
  });

  it('draws a study’s failed runs in its strip plot and names each way its runs ended', async () => {
    const made = await h.api.createStudy({
      text: JSON.stringify({
        name: 'Failed runs count',
        puzzles: [{ family: 'jump', name: 'maze 5x5', puzzle: { rows: 5, cols: 5 } }],
        solvers: [{ solver: 'hill-climb', label: 'hill climbing' }],
        seeds: 6,
        stop: { evaluations: 3000 },
      }),
    });
    await h.api.startStudy({ id: made.id });
    await expect.poll(async () => (await h.api.getStudy({ id: made.id })).status, { timeout: 100_000 }).toBe('done');
    const runs = (await h.api.getStudy({ id: made.id })).runs[0]!;
    expect(runs.every((r) => r.bestScore !== null)).toBe(true);
    // The best run failed afterwards (with the best it recorded: the figures count it); two others
    // were stopped and interrupted (not counted, no dot).
    const [top, ...rest] = [...runs].sort((a, b) => b.bestScore! - a.bestScore!);
    const store = h.backend.workbench.store;
    store.setRunStatus(top!.runId, 'failed', { error: 'the solver process exited' });
    store.setRunStatus(rest[0]!.runId, 'stopped');
    store.setRunStatus(rest[1]!.runId, 'interrupted');
    const detail = await h.api.getStudy({ id: made.id });
    expect(detail.cells[0]).toMatchObject({ done: 3, failed: 1, best: top!.bestScore });

    const page = await h.newPage({ hash: `#/studies/${made.id}` });
    const strip = page.getByTestId('strip');
    await expect.poll(() => strip.getAttribute('data-dots')).toBe('4');
    expect(await strip.getAttribute('data-failed')).toBe('1');
    expect(await strip.getByTestId('strip-failed').locator('title').textContent()).toMatch(/failed/);
    const progress = page.getByTestId('study-progress');
    expect((await progress.textContent())!.replace(/\s+/g, ' ')).toMatch(/3 of 6 done/);
    expect(await page.getByTestId('study-progress-stopped').textContent()).toBe('1 stopped');
    expect(await page.getByTestId('study-progress-interrupted').textContent()).toBe('1 interrupted');
    expect(await page.getByTestId('study-progress-failed').textContent()).toBe('1 failed');
    await h.screenshot(page, 'study-failed-counted');
    expect(h.pageErrors(page)).toEqual([]);
  });

  it('estimates a template’s time as the compose dialog does, runs at once counted', async () => {
    const page = await h.newPage({ hash: '#/studies' });
    // A machine of 4 cores: 3 runs at once, so "runs × seconds" (what it said) is 3 times too long.
    await page.addInitScript(() => Object.defineProperty(navigator, 'hardwareConcurrency', { get: () => 4 }));
    await page.reload();
    await page.getByTestId('studies-new').click();
    const dialog = page.getByTestId('new-study-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('template-msgvns-table1').click();
    await dialog.getByTestId('study-seeds').fill('2');
    await dialog.getByTestId('study-seconds').fill('2');
    const template = (await h.api.studyTemplates({})).find((t) => t.id === 'msgvns-table1')!;
    expect(await page.evaluate(() => navigator.hardwareConcurrency)).toBe(4);
    const expected = estimateText(templateEstimate(template, 2, 2, 4), null, durationText);
    expect(expected).toBe('4 puzzles × 1 solver × 2 seeds = 8 runs · at most 5.3 s with 3 runs at once');
    await expect
      .poll(async () => (await dialog.getByTestId('study-estimate').textContent())!.replace(/\s+/g, ' ').trim())
      .toMatch(new RegExp(`^${expected.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.`));
    await h.screenshot(page, 'study-new-estimate');
    expect(h.pageErrors(page)).toEqual([]);
  });
});
