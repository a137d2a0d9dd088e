import { copyFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { bundledSamples } from '../../../src/main/services/samples';
import { getFamily } from '../../../src/core/families';
import { describeBrowser, findPuzzleId, SCREENSHOT_DIR, useHarness, type Page } from './harness';

const root = path.resolve(import.meta.dirname, '../../..');
const resources = path.join(root, 'resources');
const meta10 = path.join(resources, 'instances', 'meta2010_10x10.txt');

const rows = (page: Page) => page.getByTestId('library-row');
const row = (page: Page, name: string) => page.locator(`[data-testid="library-row"][data-name="${name}"]`);

describeBrowser('library', () => {
  const h = useHarness();

  it('shows the bundled puzzles of every family on a fresh database', async () => {
    const page = await h.newPage();
    const total = bundledSamples(resources).length;
    await expect.poll(() => rows(page).count()).toBe(total);
    await expect.poll(() => page.getByTestId('library-count').textContent()).toBe(`${total} puzzles`);
    for (const name of [
      'META 2010 10×10',
      'Eternity II',
      'Eternity II with the 4 clue hints',
      'Eternity II clue puzzle 1',
      'CS 440 5×5 hill climbing (fitness 21)',
      'Casse-tête 4×4, remove 4',
    ]) {
      expect(await row(page, name).count(), name).toBe(1);
    }
    // Each family's badge wears the colour its core module gives (Family.colour), no CSS per family.
    for (const [name, family] of [
      ['META 2010 10×10', 'edge'],
      ['CS 440 5×5 hill climbing (fitness 21)', 'jump'],
      ['Casse-tête 4×4, remove 4', 'parity'],
    ] as const) {
      const badge = row(page, name).locator(`.badge.${family}`).first();
      const hex = getFamily(family).colour.text.slice(1);
      const rgb = `rgb(${[0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
      await expect.poll(() => badge.evaluate((el) => getComputedStyle(el).color), { message: name }).toBe(rgb);
    }
    await page.getByTestId('library-search').fill('clue');
    await expect.poll(() => rows(page).count()).toBe(5);
    await h.screenshot(page, 'library-search');
    await page.getByTestId('library-search').fill('');
    await expect.poll(() => rows(page).count()).toBe(total);
    await h.screenshot(page, 'library-fresh');
    expect(h.pageErrors(page)).toEqual([]);
  });

  it('imports the META 10x10 file from the file dialog and by dropping it on the window', async () => {
    const page = await h.newPage();
    await page.getByTestId('library-file').setInputFiles(meta10);
    // The bundled META 10x10 is the same puzzle: the import dialog says so and offers to open it; import a copy.
    await page.getByTestId('import-same').waitFor();
    expect(await page.getByTestId('import-same').textContent()).toContain('Already in the library as “META 2010 10×10”');
    await h.screenshot(page, 'library-import-same');
    await page.getByTestId('import-confirm').click();
    await expect.poll(() => page.getByTestId('library-notice').textContent()).toContain('Imported “meta2010_10x10”');
    const imported = row(page, 'meta2010_10x10');
    await imported.waitFor();
    expect(await imported.locator('td').nth(2).textContent()).toBe('10 × 10');
    await h.screenshot(page, 'library-imported');

    // Drop: a DataTransfer with the file, as the browser builds it for a real drag from the desktop.
    const text = readFileSync(meta10, 'utf8');
    await page.evaluate(async (body) => {
      const dt = new DataTransfer();
      dt.items.add(new File([body], 'dropped_10x10.txt', { type: 'text/plain' }));
      window.dispatchEvent(new DragEvent('dragenter', { dataTransfer: dt, bubbles: true, cancelable: true }));
      window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    }, text);
    // Now two puzzles hold it (the sample and the first import): both are named.
    await expect.poll(() => page.getByTestId('import-same').count()).toBe(2);
    await page.getByTestId('import-confirm').click();
    await row(page, 'dropped_10x10').waitFor();
    const list = await h.api.listPuzzles({ search: '10x10' });
    expect(
      list
        .filter((p) => !p.source.startsWith('bundled:'))
        .map((p) => p.name)
        .sort(),
    ).toEqual(['dropped_10x10', 'meta2010_10x10']);
  });

  it('shows a malformed file as one line naming the file and the line', async () => {
    const page = await h.newPage();
    await page.getByTestId('library-file').setInputFiles({ name: 'broken.maze', mimeType: 'text/plain', buffer: Buffer.from('3\n1 2 1\n1 x 1\n2 1 0\n') });
    const banner = page.getByTestId('library-error');
    await banner.waitFor();
    const lines = await banner.locator('p').allTextContents();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^broken\.maze:3: .*expected a jump length/);
    expect(lines[0]).not.toContain('\n');
    await h.screenshot(page, 'library-import-error');
  });

  it('renames, duplicates, deletes and undoes the delete', async () => {
    const page = await h.newPage();
    const id = await findPuzzleId(h, 'e2_clue3_6x6.txt');
    const original = row(page, 'Eternity II clue puzzle 3');
    await original.click();

    // Rename with F2, type, Enter.
    await page.keyboard.press('F2');
    const input = page.getByTestId('library-rename-input');
    await input.fill('Clue three');
    await input.press('Enter');
    await row(page, 'Clue three').waitFor();
    expect((await h.api.listPuzzles({ search: 'Clue three' })).map((p) => p.id)).toEqual([id]);

    // Duplicate with the row's button.
    await row(page, 'Clue three').hover();
    await row(page, 'Clue three').locator('[data-action="duplicate"]').click();
    await row(page, 'Clue three (copy)').waitFor();
    await h.screenshot(page, 'library-duplicated');

    // Delete with the Delete key, then undo from the toast.
    await row(page, 'Clue three').click();
    await page.keyboard.press('Delete');
    await page.getByTestId('library-undo-toast').waitFor();
    await expect.poll(() => row(page, 'Clue three').count()).toBe(0);
    expect((await h.api.listPuzzles({ search: 'Clue three' })).map((p) => p.name)).toEqual(['Clue three (copy)']);
    await h.screenshot(page, 'library-deleted');
    await page.getByTestId('library-undo').click();
    await row(page, 'Clue three').waitFor();
    const back = await h.api.getPuzzle({ id });
    expect(back.name).toBe('Clue three');
    await h.screenshot(page, 'library-undone');
    expect(h.pageErrors(page)).toEqual([]);
  });

  it('exports a puzzle in its formats and as a picture', async () => {
    const page = await h.newPage();
    const r = row(page, 'CS 440 5×5 hill climbing (fitness 21)');
    await r.click();
    await r.locator('[data-action="export"]').click();
    const menu = page.getByTestId('menu');
    await menu.waitFor();
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
      expect.stringContaining('Jump maze (text)'),
      expect.stringContaining('Puzzle document (JSON)'),
      expect.stringContaining('Picture of the board'),
    ]);
    await h.screenshot(page, 'library-export-menu');
    let download = page.waitForEvent('download');
    await menu.locator('[data-id="maze"]').click();
    let file = await download;
    expect(file.suggestedFilename()).toMatch(/\.maze$/);
    const text = readFileSync(await file.path(), 'utf8');
    expect(text).toContain('3 2 2 3 3');

    // Keyboard: Ctrl+E opens the menu on the selected row, arrows + Enter choose.
    await r.focus();
    await page.keyboard.press('Control+e');
    await menu.waitFor();
    download = page.waitForEvent('download');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    file = await download;
    expect(file.suggestedFilename()).toMatch(/\.png$/);
    const png = readFileSync(await file.path());
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.length).toBeGreaterThan(2000);
    copyFileSync(await file.path(), path.join(SCREENSHOT_DIR, 'library-export-picture.png'));

    // An edge board with a placement: Blackwood's 470.
    const e2 = row(page, 'Eternity II — Blackwood’s 470 board');
    await e2.click();
    await page.keyboard.press('Control+e');
    await menu.waitFor();
    download = page.waitForEvent('download');
    await menu.locator('[data-id="png"]').click();
    file = await download;
    copyFileSync(await file.path(), path.join(SCREENSHOT_DIR, 'library-export-e2-470.png'));
  });

  it('creates a new puzzle of each family from the dialog', async () => {
    const page = await h.newPage();
    await page.keyboard.press('Control+n');
    const dialog = page.getByTestId('new-puzzle-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('new-family-parity').click();
    await dialog.getByTestId('new-n').fill('6');
    await dialog.getByTestId('new-m').fill('2');
    await expect.poll(() => dialog.getByTestId('new-feasibility').textContent()).toContain('No solution');
    await dialog.getByTestId('new-m').fill('8');
    await expect.poll(() => dialog.getByTestId('new-feasibility').textContent()).toContain('Can be solved');
    await h.screenshot(page, 'library-new-parity');
    await dialog.getByTestId('new-create').click();
    await page.getByTestId('parity-editor').waitFor();
    expect(await page.getByTestId('parity-cell').count()).toBe(36);

    await page.getByTestId('editor-back').click();
    await page.getByTestId('library').waitFor();
    await page.getByTestId('library-new').click();
    await dialog.getByTestId('new-family-jump').click();
    await dialog.getByTestId('new-rows').fill('8');
    await dialog.getByTestId('new-cols').fill('6');
    await dialog.getByTestId('new-name').fill('My maze');
    await h.screenshot(page, 'library-new-jump');
    await dialog.getByTestId('new-create').click();
    await page.getByTestId('jump-editor').waitFor();
    expect(await page.getByTestId('jump-cell').count()).toBe(48);
    const saved = (await h.api.listPuzzles({ search: 'My maze' }))[0]!;
    expect(saved).toMatchObject({ family: 'jump', rows: 8, cols: 6, source: 'new' });
  });
});
