/**
 * Issue 13, item 11: the widgets' own keys go through the shortcut registry too (the tray's piece
 * keys, R while dragging a piece, the launch form's Ctrl+Enter, a library row's keys, the fields
 * that act on Enter or Esc, the checks popover's Esc).
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

  it('moves through library rows and acts on them with keys; F2 then Esc gives a rename up', async () => {
    const page = await h.newPage();
    const rows = page.getByTestId('library-row');
    await rows.first().waitFor();
    const ids = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-id')));
    const focusedId = () => page.evaluate(() => document.activeElement?.getAttribute('data-id') ?? null);
    await rows.first().click();
    await rows.first().focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(focusedId).toBe(ids[1]);
    await page.keyboard.press('End');
    await expect.poll(focusedId).toBe(ids.at(-1));
    await page.keyboard.press('ArrowUp');
    await expect.poll(focusedId).toBe(ids.at(-2));
    await page.keyboard.press('Home');
    await expect.poll(focusedId).toBe(ids[0]);

    // F2 opens the rename field; Esc gives it up (the name stays) and hands the keys back to the row.
    const first = page.locator(`[data-testid="library-row"][data-id="${ids[0]}"]`);
    const name = (await first.getAttribute('data-name'))!;
    await page.keyboard.press('F2');
    const input = page.getByTestId('library-rename-input');
    await input.fill('Not kept');
    // A key typed in the field stays there: Ctrl+F does not take the focus to the search field.
    await page.keyboard.press('Control+f');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('library-rename-input');
    await input.press('Escape');
    await input.waitFor({ state: 'detached' });
    expect(await first.getAttribute('data-name')).toBe(name);
    expect((await h.api.getPuzzle({ id: Number(ids[0]) })).name).toBe(name);
    await expect.poll(focusedId).toBe(ids[0]);

    // S opens the launch form for the row's puzzle; Ctrl+D duplicates it.
    await page.keyboard.press('s');
    const dialog = page.getByTestId('launch-dialog');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await first.focus();
    await page.keyboard.press('Control+d');
    await page.locator(`[data-testid="library-row"][data-name="${name} (copy)"]`).waitFor();
    // The footer's key line comes from the registry's names.
    const footer = page.locator('#library-keys');
    await footer.scrollIntoViewIfNeeded();
    expect(await footer.textContent()).toMatch(/↑↓ select · Enter open · S solve · F2 rename · (Ctrl\+D|⌘D) duplicate .* Del delete/);
    await h.screenshot(page, 'keys-library-rows');
    expect(h.pageErrors(page)).toEqual([]);
  });

  it('closes the checks popover on Esc and resizes the design board on Enter in a size field', async () => {
    // A 2x2 board always has a warning (no inner pieces), so the checks button is there.
    const rec = await h.api.createPuzzle({
      document: {
        format: 'puzzle-workbench',
        version: 1,
        family: 'edge',
        name: 'Two by two',
        puzzle: {
          rows: 2,
          cols: 2,
          pieces: [
            [0, 1, 2, 0],
            [0, 0, 3, 1],
            [2, 4, 0, 0],
            [3, 0, 0, 4],
          ],
        },
      },
    });
    const page = await h.newPage({ hash: `#/puzzle/${rec.id}` });
    await page.getByTestId('edge-board').waitFor();
    await page.getByTestId('puzzle-checks').click();
    const popover = page.getByTestId('checks-popover');
    await popover.waitFor();
    await page.keyboard.press('Escape');
    await popover.waitFor({ state: 'detached' });

    await page.keyboard.press('Control+2');
    const board = page.getByTestId('design-board');
    await board.waitFor();
    await page.getByTestId('rows').fill('3');
    await page.getByTestId('rows').press('Enter');
    await expect.poll(() => board.getAttribute('data-rows')).toBe('3');
    await page.getByTestId('cols').fill('4');
    await page.getByTestId('cols').press('Enter');
    await expect.poll(() => board.getAttribute('data-cols')).toBe('4');
    // The field keeps the focus, and the board's Enter (paint the tile) did not act.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('cols');
    await page.getByTestId('puzzle-checks').click();
    await popover.waitFor();
    await h.screenshot(page, 'keys-design-resized');
    await page.keyboard.press('Escape');
    await popover.waitFor({ state: 'detached' });
    // The key help names the size fields' Enter.
    await board.focus();
    await page.keyboard.press('?');
    const help = page.getByTestId('keys-help');
    await help.waitFor();
    expect(await help.textContent()).toContain('Enter in Rows, Columns');
    await h.screenshot(page, 'keys-design-help');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });
    expect(h.pageErrors(page)).toEqual([]);
  });
});
