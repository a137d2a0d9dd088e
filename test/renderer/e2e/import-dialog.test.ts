import { expect, it } from 'vitest';
import { generateEdgePuzzle } from '../../../src/core/families/edge/design/generator';
import { describeBrowser, useHarness } from './harness';

describeBrowser('import dialog', () => {
  const h = useHarness();

  it('asks for the size of a 6x12 piece list in n s w e order, shows what it read, and imports it', async () => {
    const page = await h.newPage();
    const { puzzle } = generateEdgePuzzle({ rows: 6, cols: 12, frameColours: 4, innerColours: 5, seed: 31 });
    const lines: string[] = [];
    for (let i = 0; i < 72; i++) lines.push([0, 2, 3, 1].map((s) => puzzle.edges[4 * i + s]).join(' '));
    await page.getByTestId('library-file').setInputFiles({ name: 'clue_like.txt', mimeType: 'text/plain', buffer: Buffer.from(lines.join('\n') + '\n') });
    const dialog = page.getByTestId('import-dialog');
    await dialog.waitFor();
    await expect.poll(() => page.getByTestId('import-error').textContent()).toMatch(/cannot tell the board size/);
    await page.getByTestId('import-size').fill('6x12');
    await expect.poll(() => page.getByTestId('import-read-as').textContent()).toBe('top bottom left right');
    expect(await page.getByTestId('import-facts').textContent()).toContain('Edge matching 6 × 12, 72 pieces');
    await h.screenshot(page, 'import-dialog');
    await page.getByTestId('import-confirm').click();
    await expect.poll(() => page.getByTestId('library-notice').textContent()).toContain('Imported “clue_like”');
    const list = await h.api.listPuzzles({ search: 'clue_like' });
    expect(list.map((p) => [p.rows, p.cols])).toEqual([[6, 12]]);
    expect(h.pageErrors(page)).toEqual([]);
  });
});
