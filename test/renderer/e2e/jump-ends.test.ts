import { expect, it } from 'vitest';
import { parseDocument } from '../../../src/core/document/document';
import { goalIndex, startIndex, type JumpMaze, type JumpPuzzle } from '../../../src/core/families/jump';
import { describeBrowser, useHarness, type Page } from './harness';

const fitness = async (page: Page): Promise<number> => Number(await page.getByTestId('jump-fitness').getAttribute('data-fitness'));
const cell = (page: Page, i: number) => page.locator(`[data-testid="jump-cell"][data-index="${i}"]`);

describeBrowser('jump-maze start and goal', () => {
  const h = useHarness({ resourcesDir: null });

  it('imports a maze whose header puts start and goal inside the board, shows them there, moves them with G, S and the panel, undoably', async () => {
    // 3x4, start row 2 column 3, goal row 3 column 1 (counted from 1): 3 moves.
    const text = ['# a maze from elsewhere', '3 4 2 3 3 1', '1 1 1 2', '1 2 1 1', '0 2 1 3', ''].join('\n');
    const { added } = await h.api.importFile({ fileName: 'ends.txt', text });
    expect(added).toHaveLength(1);
    const id = added[0]!.id;
    const page = await h.newPage({ hash: `#/puzzle/${id}` });
    await page.getByTestId('jump-editor').waitFor();
    expect(await fitness(page)).toBe(3);
    expect(await cell(page, 8).getAttribute('data-value')).toBe('0');
    expect(await cell(page, 6).getAttribute('data-depth')).toBe('0');
    expect(await page.locator('svg text.start').count()).toBe(1);
    await h.screenshot(page, 'jump-ends-imported');

    // Select the top-left cell and make it the goal with G: 0 there, a jump of 1 on the old goal.
    await cell(page, 0).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('jump-board').focus();
    await page.keyboard.press('g');
    await expect.poll(() => cell(page, 0).getAttribute('data-value')).toBe('0');
    expect(await cell(page, 8).getAttribute('data-value')).toBe('1');
    // (1,2) -> (0,2) -> (0,1) -> (0,0).
    await expect.poll(() => fitness(page)).toBe(3);

    // The start with the panel's button, onto the bottom-right cell (it holds 3: up is off the board, left lands on (2,0)).
    await cell(page, 11).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('jump-set-start').click();
    await expect.poll(() => cell(page, 11).getAttribute('data-depth')).toBe('0');
    await expect.poll(() => page.getByTestId('editor-save').textContent()).toBe('Saved');
    const saved = parseDocument((await h.api.getPuzzle({ id })).document);
    const p = saved.puzzle as JumpPuzzle;
    expect([startIndex(p), goalIndex(p)]).toEqual([11, 0]);
    expect(saved.doc.puzzle as { start?: unknown; goal?: unknown }).toMatchObject({ start: [2, 3], goal: [0, 0] });
    expect(Array.from((saved.solution as JumpMaze).cells)).toEqual([0, 1, 1, 2, 1, 2, 1, 1, 1, 2, 1, 3]);
    const moved = await fitness(page);
    await h.screenshot(page, 'jump-ends-moved');

    // A cell edit after the moves undoes as usual; so do the moves themselves, and redo brings them back.
    await cell(page, 1).click();
    await page.getByTestId('jump-value-2').click();
    await page.keyboard.press('Control+z');
    await expect.poll(() => cell(page, 1).getAttribute('data-value')).toBe('1');
    await expect.poll(() => fitness(page)).toBe(moved);
    await page.keyboard.press('Control+z');
    await expect.poll(() => cell(page, 6).getAttribute('data-depth')).toBe('0');
    await page.keyboard.press('Control+z');
    await expect.poll(() => cell(page, 8).getAttribute('data-value')).toBe('0');
    expect(await cell(page, 0).getAttribute('data-value')).toBe('1');
    await expect.poll(() => page.getByTestId('editor-save').textContent()).toBe('Saved');
    const undone = parseDocument((await h.api.getPuzzle({ id })).document);
    expect(undone.doc.puzzle).toEqual({ rows: 3, cols: 4, start: [1, 2], goal: [2, 0] });
    await page.keyboard.press('Control+Shift+z');
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => cell(page, 11).getAttribute('data-depth')).toBe('0');
    expect(await cell(page, 0).getAttribute('data-value')).toBe('0');
    await expect.poll(() => page.getByTestId('editor-save').textContent()).toBe('Saved');
    await expect
      .poll(async () => parseDocument((await h.api.getPuzzle({ id })).document).doc.puzzle)
      .toEqual({ rows: 3, cols: 4, start: [2, 3], goal: [0, 0] });

    // Reopened, start and goal are where they were left.
    const again = await h.newPage({ hash: `#/puzzle/${id}` });
    await again.getByTestId('jump-editor').waitFor();
    expect(await cell(again, 0).getAttribute('data-value')).toBe('0');
    expect(await cell(again, 11).getAttribute('data-depth')).toBe('0');
    expect(h.pageErrors(page)).toEqual([]);
    expect(h.pageErrors(again)).toEqual([]);
  });
});
