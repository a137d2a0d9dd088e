/**
 * Issue 13, item 2: solve from where you are. The editor's Solve button and shortcut open the
 * launch form on the recommended solver; several solvers go in one launch (solvers x seeds); the
 * parameters have labels in words with their names in the help; the run page has Solve too.
 */
import { expect, it } from 'vitest';
import { getFamily } from '../../../src/core/families';
import { describeBrowser, findPuzzleId, useHarness } from './harness';

describeBrowser('solve from where you are', () => {
  const h = useHarness();

  it('launches two solvers x two seeds from the edge editor', async () => {
    const id = await findPuzzleId(h, 'e2_clue1_6x6');
    const rec = await h.api.getPuzzle({ id });
    const fam = getFamily('edge');
    const recommended = fam.recommend(fam.puzzleFromJson((rec.document as { puzzle: unknown }).puzzle)).solver;
    const other = recommended === 'hill-climb' ? 'sa' : 'hill-climb';

    const page = await h.newPage({ hash: `#/puzzle/${id}` });
    await page.getByTestId('edge-board').waitFor();
    await page.keyboard.press('Control+Enter');
    const dialog = page.getByTestId('launch-dialog');
    await dialog.waitFor();
    // The family's recommended solver is chosen at first, and marked.
    await expect.poll(() => page.getByTestId(`launch-solver-${recommended}`).getAttribute('data-chosen')).toBe('true');
    expect(await page.getByTestId(`launch-solver-${recommended}`).textContent()).toContain('recommended');

    await page.getByTestId(`launch-add-${other}`).click();
    expect(await page.getByTestId(`launch-solver-${other}`).getAttribute('data-chosen')).toBe('true');
    // Labels in words, the parameter's name in its help.
    if (other === 'hill-climb') {
      const walk = dialog.locator('[data-param="randomWalk"]');
      expect(await walk.locator('label').first().textContent()).toBe('Random walk');
      expect(await walk.locator('.help code').textContent()).toBe('randomWalk');
    }
    await page.getByTestId('launch-time').fill('1 s');
    await page.getByTestId('launch-seed').fill('5');
    await page.getByTestId('launch-count').fill('2');
    await expect.poll(() => page.getByTestId('launch-go').textContent()).toContain('Launch 4 runs');
    await h.screenshot(page, 'solve-two-solvers-two-seeds');
    await page.getByTestId('launch-go').click();
    await dialog.waitFor({ state: 'detached' });

    const runs = (await h.api.queryRuns({ puzzleId: id })).runs;
    expect(runs.map((r) => `${r.solver}:${r.seed}`).sort()).toEqual([`${recommended}:5`, `${recommended}:6`, `${other}:5`, `${other}:6`].sort());
    await page.locator('[data-testid="runs-view"]').waitFor();
    await h.screenshot(page, 'solve-launched-live');

    // The run page: Solve opens the form on the same puzzle.
    await page.goto(`${h.url}#/runs/run/${runs[0]!.id}`);
    await page.getByTestId('page-solve').click();
    await dialog.waitFor();
    // The form names the puzzle once the solver list is in (it loads after the dialog opens).
    await expect.poll(() => dialog.textContent()).toContain(rec.name);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(h.pageErrors(page)).toEqual([]);
  });

  it('has Solve in the jump and casse-tete editors', async () => {
    for (const file of ['cs440_hill_climbing_5x5.maze', 'casse_tete_4x4_m4.grid']) {
      const id = await findPuzzleId(h, file);
      const page = await h.newPage({ hash: `#/puzzle/${id}` });
      await page.getByTestId('editor-solve').click();
      await page.getByTestId('launch-dialog').waitFor();
      await expect.poll(async () => page.locator('[data-testid^="launch-solver-"][data-chosen="true"]').count()).toBe(1);
      await h.screenshot(page, `solve-dialog-${file.split('.')[0]}`);
    }
  });
});
