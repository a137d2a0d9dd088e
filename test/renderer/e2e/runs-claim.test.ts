/**
 * Issue 47 item 1 in the app: a run whose solver claimed more in its progress than any board it
 * showed keeps its checked best, and its page says so in one line. The run comes from a run file
 * whose first progress sample was raised (a sample is only the solver's word: it is imported, and
 * flagged), as a lying solver's would be recorded.
 */
import { expect, it } from 'vitest';
import type { RunSummary } from '../../../src/main/store/types';
import { describeBrowser, findPuzzleId, useHarness } from './harness';

describeBrowser('runs: a claim above the checked best', () => {
  const h = useHarness();

  it("shows the run's checked best and flags the claim on its page", async () => {
    const maze = await findPuzzleId(h, 'cs440_hill_climbing_7x7.maze');
    const [run] = (await h.api.startRuns({ puzzleId: maze, solver: 'hill-climb', seed: 2, seconds: 1 })) as [RunSummary];
    await expect.poll(async () => (await h.api.getRun({ id: run.id })).status, { timeout: 60_000, interval: 250 }).toBe('done');
    const checked = (await h.api.getRun({ id: run.id })).bestScore!;

    const file = JSON.parse((await h.api.exportRunFile({ id: run.id })).text) as { events: { kind: string; bestScore?: number }[] };
    const sample = file.events.find((e) => e.kind === 'progress');
    expect(sample, 'the run recorded a progress sample').toBeDefined();
    sample!.bestScore = 999;
    const moved = await h.api.importRunFile({ fileName: 'claimed.run.json', text: JSON.stringify(file) });
    expect(moved).toMatchObject({ bestScore: checked, claimedBest: 999 });
    expect((await h.api.getPuzzle({ id: maze })).bestScore).toBe(checked);

    const page = await h.newPage({ hash: `#/runs/run/${moved.id}` });
    const claim = page.getByTestId('page-claim');
    await claim.waitFor();
    expect(await claim.textContent()).toBe(`the solver claimed 999 in its progress, above its best checked board (${checked}); only checked boards count`);
    expect(await page.getByTestId('page-best').textContent()).toContain(String(checked));
    await h.screenshot(page, 'runs-claim');
    // The honest run it came from has no such line.
    await page.goto(page.url().replace(/#.*$/, `#/runs/run/${run.id}`));
    await page.getByTestId('page-best').waitFor();
    expect(await page.getByTestId('page-claim').count()).toBe(0);
    expect(h.pageErrors(page)).toEqual([]);
  });
});
