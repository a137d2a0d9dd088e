/**
 * Issue 21, item 8: details that break trust. Each check here failed before its fix.
 */
import { expect, it } from 'vitest';
import { EdgeDriver } from '../families/edge/board-driver';
import { describeBrowser, findPuzzleId, useHarness } from './harness';

describeBrowser('details that break trust', () => {
  const h = useHarness();

  it('a drag from an empty spot of the tray selects no text, and board swaps still work', async () => {
    const id = await findPuzzleId(h, 'e2_clue3_6x6');
    const page = await h.newPage({ hash: `#/puzzle/${id}` });
    const d = new EdgeDriver(page);
    await d.ready();
    await d.dragFromTray(1, 2, 2);
    await d.dragFromTray(2, 2, 3);
    await expect.poll(async () => (await d.score()).placed).toBe(2);
    // From below the last piece of the tray up across its heading and filters.
    const tray = (await page.getByTestId('tray').boundingBox())!;
    await page.mouse.move(tray.x + tray.width - 8, tray.y + tray.height - 8);
    await page.mouse.down();
    await page.mouse.move(tray.x + 10, tray.y - 60, { steps: 12 });
    await page.mouse.up();
    expect(await page.evaluate(() => window.getSelection()?.toString() ?? '')).toBe('');
    const before = await d.placement();
    await d.dragCell(2, 2, 2, 3);
    await expect.poll(async () => (await d.placement())[14]).toEqual(before[15]);
    expect(h.pageErrors(page)).toEqual([]);
  });

  it('the Load run popover closes on Esc and on a click outside', async () => {
    const id = await findPuzzleId(h, 'e2_clue1_6x6');
    const page = await h.newPage({ hash: `#/puzzle/${id}` });
    await new EdgeDriver(page).ready();
    const menu = page.getByTestId('run-menu');
    await page.getByTestId('load-run').click();
    await menu.waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('load-run');
    await page.getByTestId('load-run').click();
    await menu.waitFor();
    const board = (await page.getByTestId('edge-board').boundingBox())!;
    await page.mouse.click(board.x + board.width - 5, board.y + board.height - 5);
    await expect.poll(() => menu.count()).toBe(0);
    expect(h.pageErrors(page)).toEqual([]);
  });

  it('"?" lists the keys in the library, the history and on a run page; Space on the replay bar is Play; parameters in words', async () => {
    const id = await findPuzzleId(h, 'e2_clue1_6x6');
    const [run] = await h.api.startRuns({ puzzleId: id, solver: 'beam', seed: 1, count: 1, evaluations: 20_000 });
    await expect.poll(async () => (await h.api.queryRuns({ ids: [run!.id] })).runs[0]!.status, { timeout: 60_000 }).toBe('done');

    const page = await h.newPage();
    const help = page.getByTestId('keys-help');
    for (const hash of ['#/', '#/runs/history', `#/runs/run/${run!.id}`]) {
      await page.goto(`${h.url}${hash}`);
      await page.locator('[data-testid="app-shell"][data-connection="open"]').waitFor();
      await page.waitForTimeout(300);
      await page.keyboard.press('?');
      await help.waitFor();
      expect(await help.textContent()).toMatch(/Keys/);
      await h.screenshot(page, `keys-help-${hash.replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '') || 'library'}`);
      await page.keyboard.press('Escape');
      await expect.poll(() => help.count()).toBe(0);
    }

    // The run page: Space with the replay bar's Next focused plays, it does not press Next again.
    // From the start, not after a click on Next: a run whose one improvement is its last moment
    // would sit at the end, and Play from the end rightly starts over.
    await page.getByTestId('replay-slider').focus();
    await page.keyboard.press('Home');
    await page.getByTestId('replay-next').focus();
    await page.keyboard.press(' ');
    await expect.poll(() => page.getByTestId('replay-play').getAttribute('aria-label')).toBe('Pause');
    await page.getByTestId('replay-play').click();

    // Parameters as the launch form says them: Off, not "false"; a sentinel with its meaning.
    const params = page.locator('dl.params');
    await expect.poll(() => params.textContent()).toMatch(/Balance\s*Off/);
    expect(await params.textContent()).not.toMatch(/\bfalse\b|\btrue\b/);
    expect(h.pageErrors(page)).toEqual([]);
  });
});
