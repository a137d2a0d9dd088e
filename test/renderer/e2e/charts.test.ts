/**
 * Issue 13, item 9: charts without axis defects (no repeated or "-0" ticks, an empty chart with a
 * sensible axis), and a log time axis on every chart.
 */
import { expect, it } from 'vitest';
import { durationText } from '../../../src/core/text/run-text';
import { describeBrowser, findPuzzleId, useHarness, type Page } from './harness';

const yTicks = async (page: Page, testid: string): Promise<string[]> =>
  ((await page.getByTestId(testid).getAttribute('data-y-ticks')) ?? '').split('|').filter(Boolean);
const sane = (ticks: string[]): boolean => ticks.length >= 2 && new Set(ticks).size === ticks.length && !ticks.includes('-0');

describeBrowser('charts', () => {
  const h = useHarness();

  it('draws clean axes, empty or not, and offers a log time axis on the run page and in Live', async () => {
    const maze = await findPuzzleId(h, 'cs440_hill_climbing_5x5.maze');
    const [done] = await h.api.startRuns({ puzzleId: maze, solver: 'hill-climb', seed: 2, count: 1, evaluations: 3000 });
    await expect.poll(async () => (await h.api.queryRuns({ ids: [done!.id] })).runs[0]!.status, { timeout: 30_000 }).toBe('done');

    const page = await h.newPage({ hash: `#/runs/run/${done!.id}` });
    const chart = page.getByTestId('page-chart');
    await expect.poll(async () => Number(await chart.getAttribute('data-points'))).toBeGreaterThan(0);
    await expect.poll(async () => sane(await yTicks(page, 'page-chart'))).toBe(true);
    await page.getByTestId('page-chart-log').check();
    await expect.poll(() => chart.getAttribute('data-x-log')).toBe('true');
    await expect.poll(async () => ((await chart.getAttribute('data-x-ticks')) ?? '').length).toBeGreaterThan(0);
    await h.screenshot(page, 'charts-run-page-log');

    // The run page says when the best was first reached and how long it stood to the end.
    const found = (await h.api.runSeries({ id: done!.id })).improvements.at(-1)!;
    const ended = (await h.api.queryRuns({ ids: [done!.id] })).runs[0]!;
    await expect.poll(() => page.getByTestId('page-best-at').textContent()).toBe(durationText(found.t));
    const foundCard = page.locator('.stat', { has: page.getByTestId('page-best-at') });
    expect(await foundCard.locator('.k').textContent()).toBe('Best found at');
    expect(await foundCard.locator('.note').textContent()).toBe(`unchanged for ${durationText(ended.elapsedMs - found.t)}`);

    // An empty chart (a run still waiting for its turn) has a plain 0-to-max axis.
    const meta = await findPuzzleId(h, 'meta2010_10x10.txt');
    const runs = await h.api.startRuns({ puzzleId: meta, solver: 'sa', seed: 1, count: 2, seconds: 60 });
    await page.goto(`${h.url}#/runs/live/${runs[1]!.id}`);
    const live = page.getByTestId('live-chart');
    await live.waitFor();
    expect(await live.getAttribute('data-points')).toBe('0');
    await expect.poll(async () => sane(await yTicks(page, 'live-chart'))).toBe(true);
    // The log choice is kept for every run chart.
    expect(await live.getAttribute('data-x-log')).toBe('true');
    await h.screenshot(page, 'charts-empty-live');
    for (const r of runs) await h.api.stopRun({ id: r.id });
    expect(h.pageErrors(page)).toEqual([]);
  });
});
