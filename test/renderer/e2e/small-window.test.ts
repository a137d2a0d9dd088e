/**
 * Issue 13, item 7: 1024x700 is comfortable. The tray folds away (and says so), the keys are
 * behind "?", nothing covers the board's cells, and wide tables scroll.
 */
import { expect, it } from 'vitest';
import { EdgeDriver } from '../families/edge/board-driver';
import { describeBrowser, findPuzzleId, useHarness } from './harness';

describeBrowser('1024x700', () => {
  const h = useHarness({ viewport: { width: 1024, height: 700 } });

  it('gives the 16x16 board the room: tray folds, zoom stays off the cells, keys behind ?', async () => {
    const id = await findPuzzleId(h, 'meta2010_16x16.txt');
    const page = await h.newPage({ hash: `#/puzzle/${id}` });
    const d = new EdgeDriver(page);
    await d.ready();
    await h.screenshot(page, 'small-edge-tray-open');
    const open = await d.layout();

    // The zoom buttons sit in the toolbar, outside the board.
    const zoom = (await page.getByRole('group', { name: 'Zoom' }).boundingBox())!;
    const host = (await d.board().boundingBox())!;
    expect(zoom.y + zoom.height).toBeLessThanOrEqual(host.y + 1);

    await page.keyboard.press('Control+b');
    await expect.poll(() => page.getByTestId('edge-play').getAttribute('data-tray')).toBe('closed');
    await expect.poll(async () => (await d.layout()).cellPx).toBeGreaterThan(open.cellPx);
    const closed = await d.layout();
    expect(closed.cellPx * 16).toBeLessThanOrEqual((await d.board().boundingBox())!.height + 8);
    await h.screenshot(page, 'small-edge-tray-closed');

    // The choice is kept: reopening the puzzle keeps the tray folded; the rail opens it.
    await page.reload();
    await new EdgeDriver(page).ready();
    expect(await page.getByTestId('edge-play').getAttribute('data-tray')).toBe('closed');
    await page.getByTestId('tray-show').click();
    await expect.poll(() => page.getByTestId('edge-play').getAttribute('data-tray')).toBe('open');

    await page.keyboard.press('?');
    await page.getByTestId('keys-help').waitFor();
    await h.screenshot(page, 'small-edge-keys');
    await page.keyboard.press('Escape');
    expect(h.pageErrors(page)).toEqual([]);
  });

  it('scrolls wide tables instead of clipping them', async () => {
    const id = await findPuzzleId(h, 'cs440_hill_climbing_5x5.maze');
    const runs = await h.api.startRuns({ puzzleId: id, solver: 'hill-climb', seed: 1, count: 3, evaluations: 2000 });
    await expect.poll(async () => (await h.api.queryRuns({ statuses: ['done'] })).total, { timeout: 30_000 }).toBe(3);
    const page = await h.newPage({ hash: `#/runs/compare/${runs.map((r) => r.id).join(',')}` });
    await page.getByTestId('compare-table').waitFor();
    const box = await page.getByTestId('compare-table').evaluate((t) => {
      const wrap = t.parentElement!;
      return { wrap: wrap.getBoundingClientRect().right, scroll: getComputedStyle(wrap).overflowX };
    });
    expect(box.wrap).toBeLessThanOrEqual(1024);
    expect(box.scroll).toBe('auto');
    await h.screenshot(page, 'small-compare');
    await page.goto(`${h.url}#/runs/history`);
    await page.getByTestId('history-row').first().waitFor();
    await h.screenshot(page, 'small-history');
  });
});
