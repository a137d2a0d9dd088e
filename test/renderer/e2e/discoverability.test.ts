/**
 * Issue 13, item 8: things can be found. Row actions are visible and in a context menu, a single
 * click on a history row selects and shows it, popovers close on Esc and outside clicks, and the
 * keyboard focus is where typing is expected.
 */
import { expect, it } from 'vitest';
import { describeBrowser, findPuzzleId, useHarness } from './harness';

describeBrowser('discoverability', () => {
  const h = useHarness();

  it('shows library row actions and offers them in a context menu', async () => {
    const page = await h.newPage();
    const row = page.locator('[data-testid="library-row"][data-name="Eternity II clue puzzle 1"]');
    await row.waitFor();
    await page.mouse.move(2, 2);
    const opacity = await row.locator('[data-action="rename"]').evaluate((b) => Number(getComputedStyle(b).opacity));
    expect(opacity).toBeGreaterThan(0.3);
    const before = await page.getByTestId('library-row').count();
    await row.click({ button: 'right' });
    const menu = page.getByTestId('menu');
    await menu.waitFor();
    expect(await menu.locator('[role="menuitem"]').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('Open'), expect.stringContaining('Duplicate'), expect.stringContaining('Delete')]),
    );
    await h.screenshot(page, 'discover-library-menu');
    await menu.locator('[data-id="duplicate"]').click();
    await expect.poll(() => page.getByTestId('library-row').count()).toBe(before + 1);
    expect(h.pageErrors(page)).toEqual([]);
  });

  it('selects and shows a history run with one click; its context menu opens it', async () => {
    const id = await findPuzzleId(h, 'cs440_hill_climbing_5x5.maze');
    const runs = await h.api.startRuns({ puzzleId: id, solver: 'hill-climb', seed: 4, count: 2, evaluations: 2000 });
    await expect.poll(async () => (await h.api.queryRuns({ statuses: ['done'] })).total, { timeout: 30_000 }).toBe(2);
    const page = await h.newPage({ hash: '#/runs/history' });
    const row = page.locator(`[data-testid="history-row"][data-id="${runs[0]!.id}"]`);
    // A plain cell that every window width shows (some columns hide in narrow windows).
    await row.locator('td.dim:visible').first().click();
    await expect.poll(() => page.getByTestId('history-shown').getAttribute('data-id')).toBe(String(runs[0]!.id));
    await h.screenshot(page, 'discover-history-shown');
    await row.click({ button: 'right' });
    await page.getByTestId('menu').locator('[data-id="open"]').click();
    await page.locator(`[data-testid="run-page"][data-run="${runs[0]!.id}"]`).waitFor();
    expect(h.pageErrors(page)).toEqual([]);
  });

  it('closes the checks popover on Esc and on a click outside; Design takes the keys at once', async () => {
    const id = await findPuzzleId(h, 'e2_clue1_6x6');
    const page = await h.newPage({ hash: `#/puzzle/${id}` });
    await page.getByTestId('edge-board').waitFor();
    // The board has the focus from the start.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('edge-board');
    const checks = page.getByTestId('puzzle-checks');
    if ((await checks.count()) > 0) {
      await checks.click();
      await page.getByTestId('checks-popover').waitFor();
      await page.keyboard.press('Escape');
      await page.getByTestId('checks-popover').waitFor({ state: 'detached' });
      await checks.click();
      await page.getByTestId('checks-popover').waitFor();
      await page.mouse.click(700, 600);
      await page.getByTestId('checks-popover').waitFor({ state: 'detached' });
    }
    await page.keyboard.press('Control+2');
    await page.getByTestId('design-board').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('design-board');
    expect(h.pageErrors(page)).toEqual([]);
  });
});
