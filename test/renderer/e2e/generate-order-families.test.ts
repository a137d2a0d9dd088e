/**
 * Issue 51 item 2 in the app for jump mazes and casse-tete grids: New puzzle makes a maze with a
 * unique shortest path of the length asked (the backend's thread; the maze analysis confirms it
 * here), and a casse-tete with exactly the solutions asked, or says in one line why none exists.
 */
import { expect, it } from 'vitest';
import { describeBrowser, useHarness } from './harness';
import { parseDocument } from '../../../src/core/document/document';
import { analyseMaze } from '../../../src/core/families/jump/analysis';
import type { JumpMaze, JumpPuzzle } from '../../../src/core/families/jump/model';

describeBrowser('jump mazes and casse-tete grids to order', () => {
  // The smallest window the app supports: the forms must fit it.
  const h = useHarness({ resourcesDir: null, viewport: { width: 1024, height: 700 } });

  it('makes a maze with a unique shortest path of the length asked, and opens it', async () => {
    const page = await h.newPage();
    await page.getByTestId('library-new').click();
    const dialog = page.getByTestId('new-puzzle-dialog');
    await dialog.getByTestId('new-family-jump').click();
    await dialog.getByTestId('new-rows').fill('5');
    await dialog.getByTestId('new-cols').fill('5');
    await dialog.getByTestId('new-jump-order').check();
    await dialog.getByTestId('new-length').fill('12');
    expect(await dialog.getByTestId('new-name').getAttribute('placeholder')).toBe('Jump maze 5×5, one shortest path of 12');
    await h.screenshot(page, 'generate-order-jump-dialog');
    // A length no 5x5 path can have is a problem of the form, shown before anything starts.
    await dialog.getByTestId('new-length').fill('25');
    await dialog.getByTestId('new-create').click();
    await expect.poll(() => dialog.textContent()).toContain('The path length must be 1 to 24');
    await dialog.getByTestId('new-length').fill('12');
    await dialog.getByTestId('new-create').click();
    await page.locator('[data-testid="app-shell"][data-view="puzzle"]').waitFor({ timeout: 60_000 });

    const made = await h.api.listPuzzles({ search: 'one shortest path' });
    expect(made.map((p) => p.name)).toEqual(['Jump maze 5×5, one shortest path of 12']);
    const { puzzle, solution } = parseDocument((await h.api.getPuzzle({ id: made[0]!.id })).document);
    expect(analyseMaze(puzzle as JumpPuzzle, (solution as JumpMaze).cells)).toMatchObject({ shortest: 12, shortestPaths: '1' });
    expect(h.pageErrors(page)).toEqual([]);
  });

  it('makes a casse-tete with exactly the solutions asked, or says why none is', async () => {
    const page = await h.newPage();
    await page.getByTestId('library-new').click();
    const dialog = page.getByTestId('new-puzzle-dialog');
    await dialog.getByTestId('new-family-parity').click();
    await dialog.getByTestId('new-parity-order').check();
    await dialog.getByTestId('new-n').fill('6');
    await dialog.getByTestId('new-solutions').fill('6');
    await dialog.getByTestId('new-create').click();
    const refusal = dialog.getByTestId('new-refusal');
    await refusal.waitFor({ timeout: 30_000 });
    expect(await refusal.textContent()).toBe(
      'no 6×6 casse-tête has exactly 6 solutions (nearest: m = 0 has 1; m = 4 has 225); 3×3 with m = 3 has exactly that many',
    );
    await h.screenshot(page, 'generate-order-parity-refused');
    expect(await dialog.getByTestId('new-create').isEnabled()).toBe(true);

    await dialog.getByTestId('new-n').fill('3');
    expect(await dialog.getByTestId('new-name').getAttribute('placeholder')).toBe('Casse-tête 3×3, exactly 6 solutions');
    await dialog.getByTestId('new-create').click();
    await page.locator('[data-testid="app-shell"][data-view="puzzle"]').waitFor({ timeout: 30_000 });
    const made = await h.api.listPuzzles({ search: 'exactly 6 solutions' });
    expect(made).toHaveLength(1);
    expect((await h.api.getPuzzle({ id: made[0]!.id })).document).toMatchObject({ family: 'parity', puzzle: { n: 3, m: 3 } });
    expect(h.pageErrors(page)).toEqual([]);
  });

  it('shows a long maze search as it goes and stops it', async () => {
    const page = await h.newPage();
    await page.getByTestId('library-new').click();
    const dialog = page.getByTestId('new-puzzle-dialog');
    await dialog.getByTestId('new-family-jump').click();
    await dialog.getByTestId('new-rows').fill('32');
    await dialog.getByTestId('new-cols').fill('32');
    await dialog.getByTestId('new-jump-order').check();
    await dialog.getByTestId('new-length').fill('900');
    await dialog.getByTestId('new-create').click();
    const progress = dialog.getByTestId('new-order-progress');
    await expect.poll(() => progress.textContent(), { timeout: 30_000 }).toMatch(/^\s*Searching: [1-9][\d,]* of 200,000 cell changes tried…\s*$/);
    await h.screenshot(page, 'generate-order-jump-progress');
    await dialog.getByTestId('new-order-stop').click();
    await expect.poll(() => dialog.getByTestId('new-refusal').textContent()).toMatch(/^Stopped after [\d,]+ cell changes\.$/);
    expect(await progress.count()).toBe(0);
    expect(await h.api.listPuzzles({ search: '32×32' })).toHaveLength(0);
    expect(h.pageErrors(page)).toEqual([]);
  });
});
