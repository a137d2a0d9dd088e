import { expect, it } from 'vitest';
import { parseDocument } from '../../../src/core/document/document';
import type { JumpMaze } from '../../../src/core/families/jump';
import type { ParityGrid } from '../../../src/core/families/parity';
import { describeBrowser, findPuzzleId, useHarness, type Page } from './harness';

const fitness = async (page: Page): Promise<number> => Number(await page.getByTestId('jump-fitness').getAttribute('data-fitness'));
const cell = (page: Page, testid: string, i: number) => page.locator(`[data-testid="${testid}"][data-index="${i}"]`);

describeBrowser('jump-maze editor', () => {
  const h = useHarness();

  it('edits a cell from the library, sees the fitness change, undoes, redoes and saves', async () => {
    const page = await h.newPage();
    const id = await findPuzzleId(h, 'cs440_hill_climbing_5x5.maze');
    // Open from the library with the keyboard: select the row, Enter.
    await page.locator(`[data-testid="library-row"][data-id="${id}"]`).click();
    await page.keyboard.press('Enter');
    await page.getByTestId('jump-editor').waitFor();
    expect(await page.getByTestId('jump-cell').count()).toBe(25);
    expect(await fitness(page)).toBe(21);
    await h.screenshot(page, 'jump-editor-5x5');

    // Cell (1,1) holds 3; make it 4 with the picker: the start then jumps straight off to column 5 or row 5.
    await cell(page, 'jump-cell', 0).click();
    await page.getByTestId('jump-picker').waitFor();
    await h.screenshot(page, 'jump-editor-picker');
    await page.getByTestId('jump-value-4').click();
    expect(await cell(page, 'jump-cell', 0).getAttribute('data-value')).toBe('4');
    const changed = await fitness(page);
    expect(changed).not.toBe(21);
    // The change against the saved maze is marked with the app's icons, not text glyphs.
    await page.locator('[data-testid="jump-fitness"] [data-icon="sortUp"], [data-testid="jump-fitness"] [data-icon="sortDown"]').waitFor();
    await h.screenshot(page, 'jump-editor-edited');

    // Undo / redo with the keyboard.
    await page.keyboard.press('Control+z');
    await expect.poll(() => fitness(page)).toBe(21);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => fitness(page)).toBe(changed);

    // Keyboard editing: move right, type 1 (cell (1,2) holds 2 → 1).
    await page.getByTestId('jump-board').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('1');
    expect(await cell(page, 'jump-cell', 1).getAttribute('data-value')).toBe('1');

    await page.keyboard.press('Control+s');
    await expect.poll(() => page.getByTestId('editor-save').textContent()).toBe('Saved');
    const rec = await h.api.getPuzzle({ id });
    const { solution } = parseDocument(rec.document);
    expect(Array.from((solution as JumpMaze).cells.slice(0, 3))).toEqual([4, 1, 2]);

    // Every change is saved by itself: leaving right after an edit waits for the write, asks nothing.
    await page.keyboard.press('+');
    await page.getByRole('button', { name: 'Library', exact: true }).click();
    await page.getByTestId('library').waitFor();
    expect(await page.getByTestId('confirm-dialog').isVisible()).toBe(false);
    const after = parseDocument((await h.api.getPuzzle({ id })).document).solution as JumpMaze;
    expect(after.cells[1]).toBe(2);
    expect(h.pageErrors(page)).toEqual([]);
  });

  it('shows unreachable cells and a long path on the 20x20 maze', async () => {
    const id = await findPuzzleId(h, 'cs440_genetic_20x20.maze');
    const page = await h.newPage({ hash: `#/puzzle/${id}` });
    await page.getByTestId('jump-editor').waitFor();
    expect(await fitness(page)).toBe(323);
    const unreachable = await page.locator('[data-testid="jump-cell"][data-depth="-1"]').count();
    expect(unreachable).toBeGreaterThan(0);
    // Unreachable cells carry the icon set's cross (SVG paths), never a unicode glyph.
    expect(await page.locator('[data-mark="unreachable"]').count()).toBe(unreachable);
    expect(await page.getByTestId('jump-editor').textContent()).not.toMatch(/[✕▲▼]/);
    await h.screenshot(page, 'jump-editor-20x20');
  });
});

describeBrowser('casse-tête editor', () => {
  const h = useHarness();

  it('removes tokens, highlights odd lines, counts against m and saves', async () => {
    const id = await findPuzzleId(h, 'casse_tete_4x4_m4.grid');
    const page = await h.newPage({ hash: `#/puzzle/${id}` });
    await page.getByTestId('parity-editor').waitFor();
    const status = page.getByTestId('parity-status');
    const odd = (kind: 'row' | 'col') => page.locator(`[data-testid="parity-${kind}"][data-odd="true"]`);
    expect(await odd('row').count()).toBe(0);
    expect(await page.getByTestId('parity-feasibility').getAttribute('data-feasible')).toBe('true');

    // Remove (1,1): row 1 and column 1 become odd.
    await cell(page, 'parity-cell', 0).click();
    expect(await cell(page, 'parity-cell', 0).getAttribute('data-kept')).toBe('0');
    expect(await odd('row').count()).toBe(1);
    expect(await odd('col').count()).toBe(1);
    expect(await status.getAttribute('data-removed')).toBe('1');
    await h.screenshot(page, 'parity-editor-odd');

    // Remove (1,2), (2,1) and (2,2) with the keyboard: a 2x2 block keeps every line even — solved.
    await page.getByTestId('parity-board').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Space');
    expect(await odd('row').count()).toBe(0);
    expect(await odd('col').count()).toBe(0);
    expect(await status.getAttribute('data-solved')).toBe('true');
    await page.getByTestId('parity-solved').waitFor();
    await h.screenshot(page, 'parity-editor-solved');

    await page.getByTestId('editor-undo').click();
    expect(await status.getAttribute('data-solved')).toBe('false');
    await page.getByTestId('editor-redo').click();
    await page.getByTestId('editor-save').click();
    await expect.poll(() => page.getByTestId('editor-save').textContent()).toBe('Saved');
    const { solution } = parseDocument((await h.api.getPuzzle({ id })).document);
    expect(Array.from((solution as ParityGrid).cells.slice(0, 8))).toEqual([0, 0, 1, 1, 0, 0, 1, 1]);
    expect(h.pageErrors(page)).toEqual([]);
  });

  it('says when (n, m) has no solution', async () => {
    const id = await findPuzzleId(h, 'casse_tete_8x8_m2_impossible.grid');
    const page = await h.newPage({ hash: `#/puzzle/${id}` });
    const feas = page.getByTestId('parity-feasibility');
    await feas.waitFor();
    expect(await feas.getAttribute('data-feasible')).toBe('false');
    expect(await feas.textContent()).toContain('share both a row and a column');
    await cell(page, 'parity-cell', 9).click();
    await h.screenshot(page, 'parity-editor-infeasible');
  });
});
