/**
 * Issue 13, item 1: nothing a person made is lost to one click. Clear on a full board is undone
 * after autosave and reopening (the undo history is saved with the puzzle), and the jump and
 * casse-tête editors save by themselves with the same history.
 */
import { expect, it } from 'vitest';
import { parseDocument } from '../../../src/core/document/document';
import type { JumpMaze } from '../../../src/core/families/jump';
import { EdgeDriver } from '../families/edge/board-driver';
import { describeBrowser, findPuzzleId, useHarness } from './harness';

describeBrowser('nothing lost to one click', () => {
  const h = useHarness();

  it('clears a full board, then brings it back with undo after reopening', async () => {
    const id = await findPuzzleId(h, 'e2_clue1_6x6');
    const rec = await h.api.getPuzzle({ id });
    // A full board: pieces in order, unturned (a placement is any arrangement of the pieces).
    const doc = rec.document as { puzzle: { rows: number; cols: number } };
    const n = doc.puzzle.rows * doc.puzzle.cols;
    const full = Array.from({ length: n }, (_, i) => [i + 1, 0]);
    await h.api.updatePuzzle({ id, document: { ...(rec.document as object), solution: { cells: full } } });

    const page = await h.newPage({ hash: `#/puzzle/${id}` });
    const d = new EdgeDriver(page);
    await d.ready();
    expect((await d.score()).placed).toBe(n);

    await page.getByTestId('clear-board').click();
    await expect.poll(async () => (await d.score()).placed).toBe(0);
    // One click, so the app says what happened and offers the undo right there.
    await expect(page.getByTestId('notice').last().textContent()).resolves.toContain(`Cleared ${n} pieces`);
    await page.getByTestId('notice-action').last().waitFor();
    await h.screenshot(page, 'safety-edge-cleared');
    await d.saved();
    const stored = parseDocument((await h.api.getPuzzle({ id })).document);
    expect(stored.solution).toBeUndefined();
    expect(stored.doc.history?.length).toBeGreaterThan(0);

    // Reopen (a reload: nothing in memory survives) and undo.
    await page.reload();
    await page.locator('[data-testid="app-shell"][data-connection="open"]').waitFor();
    const again = new EdgeDriver(page);
    await again.ready();
    expect((await again.score()).placed).toBe(0);
    expect(await page.getByTestId('editor-undo').isEnabled()).toBe(true);
    await again.board().focus();
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await again.score()).placed).toBe(n);
    expect(await again.placement()).toEqual(full);
    await again.saved();
    await h.screenshot(page, 'safety-edge-restored');
    const back = parseDocument((await h.api.getPuzzle({ id })).document);
    expect((back.doc.solution as { cells: number[][] }).cells).toEqual(full);

    // The toast's Undo button does the same.
    await page.getByTestId('clear-board').click();
    await expect.poll(async () => (await again.score()).placed).toBe(0);
    await page.getByTestId('notice-action').last().click();
    await expect.poll(async () => (await again.score()).placed).toBe(n);
    expect(h.pageErrors(page)).toEqual([]);
  });

  it('saves a jump maze by itself and undoes after reopening', async () => {
    const id = await findPuzzleId(h, 'cs440_hill_climbing_5x5.maze');
    const page = await h.newPage({ hash: `#/puzzle/${id}` });
    await page.getByTestId('jump-editor').waitFor();
    const before = parseDocument((await h.api.getPuzzle({ id })).document).solution as JumpMaze | undefined;
    await page.getByTestId('editor-solve').waitFor();
    await page.getByRole('button', { name: 'All 1s' }).click();
    await expect.poll(async () => page.getByTestId('editor-save').getAttribute('data-state')).toBe('saved');
    const saved = parseDocument((await h.api.getPuzzle({ id })).document);
    expect(Array.from((saved.solution as JumpMaze).cells).every((v, i, a) => v === 1 || i === a.length - 1)).toBe(true);

    await page.reload();
    await page.getByTestId('jump-editor').waitFor();
    await page.keyboard.press('Control+z');
    await expect.poll(async () => page.getByTestId('editor-save').getAttribute('data-state')).toBe('saved');
    await expect
      .poll(async () => Array.from((parseDocument((await h.api.getPuzzle({ id })).document).solution as JumpMaze).cells))
      .toEqual(before ? Array.from(before.cells) : expect.anything());
    await h.screenshot(page, 'safety-jump-undone-after-reload');

    // The keys are behind "?".
    await page.keyboard.press('?');
    await page.getByTestId('keys-help').waitFor();
    await h.screenshot(page, 'safety-keys-help');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('keys-help').isVisible()).toBe(false);
    expect(h.pageErrors(page)).toEqual([]);
  });
});
