/**
 * Issue 21, item 4 (and item 2 for the library path): a record board file for a puzzle already in
 * the library is offered as that puzzle's placement (undoable) or a new puzzle with it; the library
 * then shows its score, 470 for Blackwood's board onto Eternity II.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { describeBrowser, useHarness, type Page } from './harness';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const board = readFileSync(path.join(root, 'resources/instances/eternity2_best470_board_blackwood.txt'));

/** Choose the board file; the dialog proposes the library puzzles with its pieces: pick `id`. */
async function chooseFile(page: Page, id: number): Promise<void> {
  await page.getByTestId('library-file').setInputFiles({ name: 'best470.txt', mimeType: 'text/plain', buffer: board });
  await page.getByTestId('import-dialog').waitFor();
  await page.getByTestId('import-destination').selectOption(String(id));
}

describeBrowser('a record board onto its puzzle', () => {
  const h = useHarness();

  it('loads the 470 board as the placement of Eternity II, says so with Undo, and as a new puzzle', async () => {
    // The piece set as people have it (the bundled samples carry the starter piece fixed).
    const pieces = readFileSync(path.join(root, 'resources/instances/eternity2_256.txt'), 'utf8');
    const id = (await h.api.importFile({ fileName: 'eternity2_256.txt', text: pieces })).added[0]!.id;
    const row = (page: Page, pid: number) => page.locator(`[data-testid="library-row"][data-id="${pid}"]`);
    const page = await h.newPage({ viewport: { width: 1440, height: 900 } });
    await chooseFile(page, id);
    expect(await page.getByTestId('import-same').first().textContent()).toContain('Already in the library');
    await expect.poll(() => page.getByTestId('import-confirm').textContent()).toContain('Place on “eternity2_256”');
    await h.screenshot(page, 'import-board-offer');
    await page.getByTestId('import-confirm').click();
    await expect.poll(() => row(page, id).textContent()).toContain('saved 470 / 480');
    const notice = page.getByTestId('notice').filter({ hasText: 'best470.txt' });
    expect(await notice.textContent()).toContain('as the placement of');
    await h.screenshot(page, 'import-board-placed');
    // Undo: the puzzle's placement is what it was (none).
    await notice.getByTestId('notice-action').click();
    await expect.poll(async () => ((await h.api.getPuzzle({ id })).document as { solution?: unknown }).solution).toBeUndefined();
    await expect.poll(() => row(page, id).textContent()).not.toContain('saved 470');

    // As a new puzzle with the placement.
    await chooseFile(page, id);
    await page.getByTestId('import-place-copy').click();
    await expect.poll(async () => (await h.api.listPuzzles({ search: 'eternity2_256' })).filter((p) => p.placement?.score === 470).length).toBe(1);
    expect(h.pageErrors(page)).toEqual([]);
  });
});
