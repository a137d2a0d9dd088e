/**
 * Issue 21, item 5: Tetravex is a first-class variant. New puzzle deals one (size, colours, as
 * GNOME Tetravex); it is called Tetravex; no turning (no auto-orient, no R in the help), no
 * corner/side filters; the launch form offers only the solvers that take it.
 */
import { expect, it } from 'vitest';
import { describeBrowser, useHarness } from './harness';

describeBrowser('tetravex', () => {
  const h = useHarness({ viewport: { width: 1024, height: 700 } });

  it('deals a Tetravex from New puzzle and shows it as one', async () => {
    const page = await h.newPage();
    await page.getByTestId('library-new').click();
    const dialog = page.getByTestId('new-puzzle-dialog');
    await dialog.getByTestId('new-family-edge').click();
    await dialog.getByTestId('new-edge-kind').getByRole('radio', { name: 'Tetravex' }).click();
    await dialog.getByTestId('new-rows').fill('3');
    await dialog.getByTestId('new-cols').fill('3');
    await dialog.getByTestId('new-colours').fill('10');
    await h.screenshot(page, 'tetravex-new');
    await dialog.getByTestId('new-create').click();
    await page.locator('[data-testid="app-shell"][data-view="puzzle"]').waitFor();
    await page.getByTestId('edge-board').waitFor();
    await expect.poll(() => page.getByText('Tetravex', { exact: true }).count()).toBeGreaterThan(0);
    expect(await page.getByTestId('auto-orient').count()).toBe(0);
    expect(await page.getByTestId('filter-corner').count()).toBe(0);
    expect(await page.getByTestId('tray').getAttribute('data-count')).toBe('9');
    await h.screenshot(page, 'tetravex-editor');

    const made = (await h.api.listPuzzles({ search: 'Tetravex 3×3' }))[0]!;
    const doc = (await h.api.getPuzzle({ id: made.id })).document as { puzzle: { rotatable?: boolean } };
    expect(doc.puzzle.rotatable).toBe(false);
    // The launch form offers only the solvers that take it (not the 2x2 transform).
    const fit = await h.api.solvers({ puzzleId: made.id });
    const refused = fit.filter((s) => s.refused).map((s) => s.id);
    expect(refused).toContain('backtrack-2x2');
    await page.getByTestId('editor-solve').click();
    await page.locator('[data-testid^="launch-solver-"]').first().waitFor();
    for (const id of refused) expect(await page.getByTestId(`launch-solver-${id}`).count()).toBe(0);
    expect(await page.getByTestId('launch-solver-backtrack').count()).toBe(1);
    await expect.poll(() => page.getByTestId('launch-dialog').locator('.sub').textContent()).toMatch(/^\s*Tetravex · 3×3/);
    await h.screenshot(page, 'tetravex-launch');
    expect(h.pageErrors(page)).toEqual([]);

    // The library calls it Tetravex too, in the family's colour; a framed edge puzzle stays "Edge".
    const library = await h.newPage();
    const row = library.locator(`[data-testid="library-row"][data-id="${made.id}"]`);
    await row.waitFor();
    expect(await row.locator('.badge').textContent()).toBe('Tetravex');
    expect(await row.locator('.badge').getAttribute('class')).toMatch(/\bedge\b/);
    const framed = (await h.api.listPuzzles({})).find((p) => p.family === 'edge' && p.id !== made.id);
    if (framed) expect(await library.locator(`[data-testid="library-row"][data-id="${framed.id}"] .badge`).textContent()).toBe('Edge');
    await h.screenshot(library, 'tetravex-library');
    expect(h.pageErrors(library)).toEqual([]);
  });
});
