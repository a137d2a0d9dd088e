/**
 * Issue 51 item 2 in the app: New puzzle makes a Tetravex with exactly one solution (the backend's
 * thread counts it; the puzzle lands in the library, named for what it promises, and opens); an
 * order the size never reaches shows its one-line refusal; a long search shows its tries and stops.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeBrowser, useHarness } from './harness';
import { parseDocument } from '../../../src/core/document/document';
import type { EdgePuzzle } from '../../../src/core/families/edge/model/model';
import { bruteSolutions } from '../../core/families/edge/analysis/brute';

describeBrowser('generate to order', () => {
  const h = useHarness({ resourcesDir: null, viewport: { width: 1100, height: 760 } });

  async function orderDialog(page: Page, kind: 'Tetravex' | 'E2-style'): Promise<ReturnType<Page['getByTestId']>> {
    await page.getByTestId('library-new').click();
    const dialog = page.getByTestId('new-puzzle-dialog');
    await dialog.getByTestId('new-family-edge').click();
    await dialog.getByTestId('new-edge-kind').getByRole('radio', { name: kind }).click();
    await dialog.getByTestId('new-rows').fill('3');
    await dialog.getByTestId('new-cols').fill('3');
    await dialog.getByTestId('new-unique').check();
    return dialog;
  }

  it('makes a Tetravex with exactly one solution, and opens it', async () => {
    const page = await h.newPage();
    const dialog = await orderDialog(page, 'Tetravex');
    await dialog.getByTestId('new-colours').fill('4');
    expect(await dialog.getByTestId('new-name').getAttribute('placeholder')).toBe('Tetravex 3×3, one solution');
    await h.screenshot(page, 'generate-order-dialog');
    await dialog.getByTestId('new-create').click();
    await page.locator('[data-testid="app-shell"][data-view="puzzle"]').waitFor({ timeout: 30_000 });
    await page.getByTestId('edge-board').waitFor();
    expect(await page.getByTestId('tray').getAttribute('data-count')).toBe('9');

    const made = await h.api.listPuzzles({ search: 'one solution' });
    expect(made.map((p) => p.name)).toEqual(['Tetravex 3×3, one solution']);
    const { puzzle, reference } = parseDocument((await h.api.getPuzzle({ id: made[0]!.id })).document);
    expect(reference).not.toBeNull();
    expect((puzzle as EdgePuzzle).rotatable).toBe(false);
    expect(bruteSolutions(puzzle as EdgePuzzle).layouts).toBe(1);
    expect(h.pageErrors(page)).toEqual([]);
  });

  it('says in one line when the band asked is never reached', async () => {
    const page = await h.newPage();
    const dialog = await orderDialog(page, 'Tetravex');
    await dialog.getByTestId('new-colours').fill('3');
    await dialog.getByTestId('new-difficulty').selectOption('hard');
    expect(await dialog.getByTestId('new-difficulty').locator('option:checked').textContent()).toBe('hard (5 or more)');
    await dialog.getByTestId('new-create').click();
    const refusal = dialog.getByTestId('new-refusal');
    await refusal.waitFor({ timeout: 60_000 });
    expect(await refusal.textContent()).toMatch(
      /^no 3x3 Tetravex with 3 colours gave a unique hard board \(rating 5 or more\) in 200 tries \(\d+ had one solution/,
    );
    await h.screenshot(page, 'generate-order-refused');
    // Nothing was added; the dialog stays open to change the order.
    expect(await h.api.listPuzzles({ search: 'one solution' })).toHaveLength(1);
    expect(await dialog.getByTestId('new-create').isEnabled()).toBe(true);
    expect(h.pageErrors(page)).toEqual([]);
  });

  it('shows a long search as it goes and stops it', async () => {
    const page = await h.newPage();
    const dialog = await orderDialog(page, 'E2-style');
    // A 9x9 with few colours: each count takes long.
    await dialog.getByTestId('new-rows').fill('9');
    await dialog.getByTestId('new-cols').fill('9');
    await dialog.getByTestId('new-frame-colours').fill('1');
    await dialog.getByTestId('new-inner-colours').fill('3');
    await dialog.getByTestId('new-create').click();
    const progress = dialog.getByTestId('new-order-progress');
    await progress.waitFor();
    expect(await progress.textContent()).toMatch(/Searching: \d+ of 200 boards tried, \d+ with exactly one solution/);
    await h.screenshot(page, 'generate-order-progress');
    // The window answers while it searches.
    await dialog.getByTestId('new-name').fill('still typing');
    await dialog.getByTestId('new-order-stop').click();
    await expect.poll(() => dialog.getByTestId('new-refusal').textContent()).toMatch(/^Stopped after \d+ tr(y|ies)\.$/);
    expect(await progress.count()).toBe(0);
    expect(await h.api.listPuzzles({ search: 'still typing' })).toHaveLength(0);
    expect(h.pageErrors(page)).toEqual([]);
  });
});
