/**
 * Issue 13, item 4: a lost connection is shown as such (a banner, the last data kept and greyed,
 * actions disabled), never as empty data; everything comes back when the server does.
 */
import { expect, it } from 'vitest';
import { describeBrowser, findPuzzleId, useHarness } from './harness';

describeBrowser('lost connection', () => {
  const h = useHarness();

  it('keeps History on screen, greyed, while the backend is down, and reloads when it is back', async () => {
    const id = await findPuzzleId(h, 'cs440_hill_climbing_5x5.maze');
    const runs = await h.api.startRuns({ puzzleId: id, solver: 'hill-climb', seed: 1, count: 3, evaluations: 2000 });
    await expect.poll(async () => (await h.api.queryRuns({ statuses: ['done'] })).total, { timeout: 30_000 }).toBe(runs.length);

    const page = await h.newPage({ hash: '#/runs/history' });
    await expect.poll(() => page.getByTestId('history-row').count()).toBe(3);

    await h.serverUp(false);
    const banner = page.getByTestId('connection-lost');
    await banner.waitFor({ timeout: 10_000 });
    expect(await banner.textContent()).toContain('Lost the connection');
    // The last data stays, and nothing in it can be used meanwhile.
    expect(await page.getByTestId('history-row').count()).toBe(3);
    expect(await page.getByTestId('history-empty').count()).toBe(0);
    expect(await page.locator('main.content').getAttribute('inert')).not.toBeNull();
    await h.screenshot(page, 'connection-lost-history');

    // A run ends while the window is cut off; it is there once the connection is back.
    await h.api.startRuns({ puzzleId: id, solver: 'hill-climb', seed: 9, count: 1, evaluations: 2000 });
    await expect.poll(async () => (await h.api.queryRuns({ statuses: ['done'] })).total, { timeout: 30_000 }).toBe(4);
    await h.serverUp(true);
    await banner.waitFor({ state: 'detached', timeout: 20_000 });
    await expect.poll(() => page.getByTestId('history-row').count(), { timeout: 10_000 }).toBe(4);
    expect(await page.locator('main.content').getAttribute('inert')).toBeNull();
    await h.screenshot(page, 'connection-back-history');
  });
});
