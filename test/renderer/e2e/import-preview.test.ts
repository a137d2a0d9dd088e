/**
 * Issue 48, item 2: the import preview. The file's first lines beside the board as read, the
 * readings to switch between (each redrawn at once), options that read the file again, nothing
 * stored until Import; and the record board landing on the bundled Eternity II.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { describeBrowser, useHarness, type Page } from './harness';

const root = fileURLToPath(new URL('../../../', import.meta.url));
/** Tetravex-like tiles without a header: read as Tetravex or as turning edge pieces, about as well. */
const TILES = ['2 8 8 6', '2 1 8 3', '5 5 4 3', '4 7 6 1', '1 6 2 5', '4 6 6 6', '8 8 4 2', '2 2 2 6', '6 3 8 7'].join('\n') + '\n';
const board = readFileSync(path.join(root, 'resources/instances/eternity2_best470_board_blackwood.txt'));

/** The board as drawn now (its pixels), to tell a redraw. */
const drawn = (page: Page): Promise<string> =>
  page
    .getByTestId('import-board')
    .locator('canvas')
    .evaluate((c) => (c as HTMLCanvasElement).toDataURL());
const boardLabel = (page: Page): Promise<string | null> => page.getByTestId('import-board').getAttribute('data-label');

describeBrowser('import preview', () => {
  const h = useHarness();

  it('shows the first lines beside the board, switches readings and options with the board redrawn, and stores nothing until Import', async () => {
    const before = (await h.api.listPuzzles({})).length;
    const page = await h.newPage({ viewport: { width: 1024, height: 700 } });
    await page.getByTestId('library-file').setInputFiles({ name: 'tiles.txt', mimeType: 'text/plain', buffer: Buffer.from(TILES) });
    const dialog = page.getByTestId('import-dialog');
    await dialog.waitFor();
    await expect.poll(() => page.getByTestId('import-reading').count()).toBeGreaterThanOrEqual(2);
    expect((await page.getByTestId('import-head').textContent())?.split('\n').slice(0, 2)).toEqual(['2 8 8 6', '2 1 8 3']);
    await expect.poll(() => boardLabel(page)).toMatch(/^Tetravex 3x3/);
    const readings = page.getByTestId('import-reading');
    expect(await readings.first().textContent()).toMatch(/Tetravex 3x3/);
    expect(await readings.first().locator('canvas').count()).toBe(1);
    const tetravex = await drawn(page);
    await h.screenshot(page, 'import-preview-1024');

    // The other reading: turning edge pieces, drawn at once.
    const pieces = readings.filter({ hasText: 'edge-matching pieces' });
    await pieces.click();
    await expect.poll(() => boardLabel(page)).toMatch(/^edge-matching pieces/);
    expect(await drawn(page)).not.toBe(tetravex);
    await expect.poll(() => page.getByTestId('import-facts').textContent()).toContain('pieces');
    expect((await h.api.listPuzzles({})).length).toBe(before);

    // An option reads the file again: Tetravex in n s w e order is one reading, drawn so.
    await page.getByTestId('import-format').selectOption('tetravex');
    await page.getByTestId('import-order').selectOption('nswe');
    await expect.poll(() => boardLabel(page)).toMatch(/^Tetravex 3x3, top bottom left right/);
    expect(await drawn(page)).not.toBe(tetravex);
    await expect.poll(() => page.getByTestId('import-read-as').textContent()).toBe('top bottom left right');
    expect((await h.api.listPuzzles({})).length).toBe(before);

    await page.setViewportSize({ width: 1440, height: 900 });
    await h.screenshot(page, 'import-preview-1440');
    await page.getByTestId('import-confirm').click();
    await expect.poll(() => page.getByTestId('library-notice').textContent()).toContain('Imported “tiles”');
    const added = (await h.api.listPuzzles({ search: 'tiles' })).filter((p) => p.name === 'tiles');
    expect(added.map((p) => [p.family, p.rows, p.cols])).toEqual([['edge', 3, 3]]);
    expect(h.pageErrors(page)).toEqual([]);
  });

  it('fits the dialog at 1024x700: the buttons show and the body scrolls inside it', async () => {
    const page = await h.newPage({ viewport: { width: 1024, height: 700 } });
    await page.getByTestId('library-file').setInputFiles({ name: 'tiles.txt', mimeType: 'text/plain', buffer: Buffer.from(TILES) });
    await expect.poll(() => page.getByTestId('import-reading').count()).toBeGreaterThanOrEqual(2);
    const box = await page.getByTestId('import-dialog').boundingBox();
    const button = await page.getByTestId('import-confirm').boundingBox();
    expect(box && button).toBeTruthy();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(700);
    expect(box!.x + box!.width).toBeLessThanOrEqual(1024);
    expect(button!.y + button!.height).toBeLessThanOrEqual(box!.y + box!.height);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('import-dialog').waitFor({ state: 'hidden' });
  });

  it('places the Blackwood record board on the bundled Eternity II of a fresh library, scored as checked', async () => {
    const all = await h.api.listPuzzles({});
    const e2 = all.find((p) => p.name === 'Eternity II')!;
    expect(e2.placement).toBeNull();
    const page = await h.newPage({ viewport: { width: 1024, height: 700 } });
    await page.getByTestId('library-file').setInputFiles({ name: 'best470.txt', mimeType: 'text/plain', buffer: board });
    await page.getByTestId('import-dialog').waitFor();
    const destination = page.getByTestId('import-destination');
    await destination.waitFor();
    expect(await destination.inputValue()).toBe(String(e2.id));
    await expect.poll(() => page.getByTestId('import-confirm').textContent()).toContain('Place on “Eternity II”');
    expect(await page.getByTestId('import-board-caption').textContent()).toContain('laid out: 470 / 480 joins');
    await h.screenshot(page, 'import-preview-board');
    await page.getByTestId('import-confirm').click();
    const row = page.locator(`[data-testid="library-row"][data-id="${e2.id}"]`);
    await expect.poll(() => row.textContent()).toContain('saved 470 / 480');
    const after = await h.api.listPuzzles({});
    expect(after.length).toBe(all.length);
    expect(after.find((p) => p.id === e2.id)!.placement).toEqual({ score: 470, maxScore: 480 });
    expect(h.pageErrors(page)).toEqual([]);
  });
});
