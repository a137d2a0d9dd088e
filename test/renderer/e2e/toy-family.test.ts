/**
 * Issue 52 item 3: a family the renderer has no entry of its own for still opens, edits and solves.
 * The test-only toy family (test/fixtures/families/toy) is registered in core here, where the
 * backend runs, and in its solver processes (./toy worker entry); the renderer knows nothing of it
 * and shows it with the generic grid view (src/renderer/src/families/grid), from what core tells
 * through the API: the puzzle's size and what a cell may hold (`Family.cellValues`).
 */
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { registerToy } from '../../fixtures/families/toy/register';
import { describeBrowser, useHarness } from './harness';

registerToy();
const WORKER = fileURLToPath(new URL('../../fixtures/families/toy/worker.ts', import.meta.url));
const FILE = '# toy grid: lights\n2 3\n0 1 0\n0 0 1\n';

describeBrowser('a family with no renderer entry (the toy family)', () => {
  const h = useHarness({ resourcesDir: null, workerEntry: WORKER });

  it('is imported, opened from the library, edited, saved and solved by its own solver', async () => {
    // Imported through the API's handlers (the served import reads files in a parse thread, which
    // knows the built-in families only: a family registered at run time is registered per process).
    const imported = await h.api.importFile({ fileName: 'lights.toy', text: FILE });
    expect(imported.added).toHaveLength(1);
    const page = await h.newPage();
    const [toy] = await h.api.listPuzzles({});
    expect(toy).toMatchObject({ family: 'toy', rows: 2, cols: 3, placement: { score: 2, maxScore: 6 } });
    await page.locator(`[data-testid="library-row"][data-id="${toy!.id}"]`).waitFor();
    await h.screenshot(page, 'toy-library');

    // Open it from the library (the row, then Enter): the generic grid editor, sized and ranged by core.
    await page.locator(`[data-testid="library-row"][data-id="${toy!.id}"]`).click();
    await page.keyboard.press('Enter');
    await page.getByTestId('grid-editor').waitFor();
    const cells = page.getByTestId('grid-cell');
    await expect.poll(() => cells.count()).toBe(6);
    expect(await cells.evaluateAll((els) => els.map((e) => e.getAttribute('data-value')))).toEqual(['0', '1', '0', '0', '0', '1']);
    expect(await page.getByTestId('grid-editor').textContent()).toContain('2 × 3, values 0 to 1');

    // Edit a cell (click: the next value), then save; the backend checks the document with the toy's own code.
    await cells.nth(0).click();
    await expect.poll(() => cells.nth(0).getAttribute('data-value')).toBe('1');
    await page.keyboard.press('Control+s');
    await expect
      .poll(async () => ((await h.api.getPuzzle({ id: toy!.id })).document as { solution?: unknown }).solution)
      .toEqual({ cells: [1, 1, 0, 0, 0, 1] });
    await expect.poll(async () => (await h.api.listPuzzles({}))[0]!.placement).toEqual({ score: 3, maxScore: 6 });
    await h.screenshot(page, 'toy-editor-edited');

    // Solve: the launch form offers the toy's solver; the run ends with a best the recorder checked.
    await page.getByTestId('editor-solve').click();
    await page.getByTestId('launch-dialog').waitFor();
    await expect.poll(() => page.getByTestId('launch-solver-light-one').getAttribute('data-chosen')).toBe('true');
    await page.getByTestId('launch-time').fill('20 s');
    await page.getByTestId('launch-seed').fill('3');
    await h.screenshot(page, 'toy-launch');
    await page.getByTestId('launch-go').click();
    await page.locator('[data-testid="runs-view"][data-section="dashboard"]').waitFor();
    await page.locator('[data-testid="recent-run"][data-status="done"]').waitFor({ timeout: 30_000 });
    const [run] = (await h.api.queryRuns({ puzzleId: toy!.id })).runs;
    expect(run).toMatchObject({ family: 'toy', solver: 'light-one', status: 'done', bestScore: 6, maxScore: 6 });
    await expect.poll(() => page.getByTestId('fig-best').textContent()).toBe('6 / 6');
    await page.getByTestId('live-board').waitFor();
    await page.getByTestId('canvas-run-board').waitFor();
    await expect
      .poll(() =>
        page
          .getByTestId('live-board-caption')
          .textContent()
          .then((t) => t?.trim()),
      )
      .toBe('The board: 6 cells, 6 not 0');
    await h.screenshot(page, 'toy-run-solved');
    expect(h.pageErrors(page)).toEqual([]);
  });
});
