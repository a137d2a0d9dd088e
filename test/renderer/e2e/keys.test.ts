/**
 * Issue 13, item 11: the widgets' own keys go through the shortcut registry too (the tray's piece
 * keys, R while dragging a piece, the launch form's Ctrl+Enter).
 */
import { expect, it } from 'vitest';
import { EdgeDriver } from '../families/edge/board-driver';
import { describeBrowser, findPuzzleId, useHarness } from './harness';

describeBrowser('widget keys through the registry', () => {
  const h = useHarness();

  it('moves through the tray and turns a piece with keys, turns a dragged piece with R, launches with Ctrl+Enter', async () => {
    const id = await findPuzzleId(h, 'e2_clue1_6x6');
    const page = await h.newPage({ hash: `#/puzzle/${id}` });
    const d = new EdgeDriver(page);
    await d.ready();
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-piece') ?? null);

    // The tray: arrows move the focus from piece to piece, R turns the focused piece.
    const first = page.locator('[data-testid="tray-piece"]').first();
    await first.focus();
    const start = await focused();
    await page.keyboard.press('ArrowRight');
    await expect.poll(focused).not.toBe(start);
    const piece = (await focused())!;
    const inTray = page.locator(`[data-testid="tray-piece"][data-piece="${piece}"]`);
    const before = Number(await inTray.getAttribute('data-rotation'));
    await page.keyboard.press('r');
    await expect.poll(async () => Number(await inTray.getAttribute('data-rotation'))).toBe((before + 1) % 4);
    await page.keyboard.press('Shift+R');
    await expect.poll(async () => Number(await inTray.getAttribute('data-rotation'))).toBe(before);
    expect((await d.score()).placed).toBe(0);

    // R while dragging turns the held piece: it lands turned once more than it left the tray.
    const box = (await inTray.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    const to = await d.point(2, 2);
    await page.mouse.move(to.x, to.y, { steps: 8 });
    await page.keyboard.press('r');
    await page.mouse.up();
    await expect.poll(async () => (await d.placement())[14]![0]).toBe(Number(piece));
    expect((await d.placement())[14]![1]).toBe((before + 1) % 4);
    await h.screenshot(page, 'keys-turned-while-dragging');

    // The key that opens the launch form launches it.
    await d.board().focus();
    await page.keyboard.press('Control+Enter');
    const dialog = page.getByTestId('launch-dialog');
    await dialog.waitFor();
    await expect.poll(() => dialog.textContent()).toContain('Launch');
    await page.getByTestId('launch-time').fill('1 s');
    await page.keyboard.press('Control+Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await h.api.queryRuns({ puzzleId: id })).runs.length).toBe(1);
    expect(h.pageErrors(page)).toEqual([]);
  });

  it('opens a library row menu with Shift+F10, moves in it with arrows and closes it with Esc', async () => {
    const page = await h.newPage();
    const row = page.getByTestId('library-row').first();
    await row.click();
    await row.focus();
    await page.keyboard.press('Shift+F10');
    const menu = page.getByTestId('menu');
    await menu.waitFor();
    const active = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    const first = await active();
    await page.keyboard.press('ArrowDown');
    await expect.poll(active).not.toBe(first);
    await page.keyboard.press('End');
    await page.keyboard.press('Home');
    await expect.poll(active).toBe(first);
    await h.screenshot(page, 'keys-library-row-menu');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(h.pageErrors(page)).toEqual([]);
  });
});
