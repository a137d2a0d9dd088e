/**
 * Issue 51 item 1 by colours: the puzzle with 10 solutions made unique by giving the fewest joins a
 * colour of their own. The proposal is shown on the board (the kept solution in the new colours,
 * the joins marked, the cells where the solutions differ outlined) beside the panel's hints;
 * Apply recolours the puzzle (saved: a new analysis counts one solution), and the notice's Undo or
 * the editor's puts the colours back (ten solutions).
 */
import { expect, it } from 'vitest';
import { describeBrowser, useHarness } from './harness';
import { analyzed, openTenSolutions, textOf } from './ten-solutions';

describeBrowser('make unique by colours', () => {
  // The smallest window the app supports: the panel must fit it.
  const h = useHarness({ resourcesDir: null, viewport: { width: 1024, height: 700 } });

  const text = textOf;

  it('proposes joins to recolour beside the hints, applies them and undoes them', async () => {
    const { id, page, panel } = await openTenSolutions(h);
    const pieces = async (): Promise<number[][]> => ((await h.api.getPuzzle({ id })).document as { puzzle: { pieces: number[][] } }).puzzle.pieces;
    const original = await pieces();
    /** Half-edges whose colour differs from the puzzle as created. */
    const changedSides = async (): Promise<number> => (await pieces()).flat().filter((c, i) => c !== original.flat()[i]).length;

    await panel.getByTestId('make-unique-start').click();
    await expect
      .poll(() => text(panel.getByTestId('make-unique-headline')), { timeout: 30_000 })
      .toMatch(
        /^4x4: 10 solutions \(40 boards with the whole board's turns, which a fixed piece tells apart\); fix 1 piece of one solution to leave exactly one board \(the fewest that do: every solution's pieces were tried/,
      );
    await panel.getByTestId('recolour-start').click();
    await expect
      .poll(() => text(panel.getByTestId('recolour-headline')), { timeout: 30_000 })
      .toMatch(
        /^4x4: 10 solutions; give (\d+) joins? of one solution a colour of (its|their) own to leave exactly one \(the fewest of this solution's joins that do; confirmed by an exact count/,
      );
    // The hints' proposal stays beside it.
    expect(await text(panel.getByTestId('make-unique-headline'))).toMatch(
      /^4x4: 10 solutions \(40 boards with the whole board's turns, which a fixed piece tells apart\); fix 1 piece of one solution to leave exactly one board \(the fewest that do: every solution's pieces were tried/,
    );
    const report = await text(panel.getByTestId('recolour-report'));
    expect(report).toMatch(/the join (right of|below) row \d, column \d: new colour \d+ on both its sides/);
    expect(report).toMatch(/the solutions differ in \d+ of 16 cells/);
    const n = Number(/give (\d+) join/.exec(await text(panel.getByTestId('recolour-headline')))![1]);
    await panel.getByTestId('recolour-legend').waitFor();
    await panel.getByTestId('recolour-legend').scrollIntoViewIfNeeded();
    await h.screenshot(page, 'make-unique-colours-proposal');

    await panel.getByTestId('recolour-apply').click();
    await expect.poll(changedSides).toBe(2 * n);
    expect(await panel.getByTestId('recolour-headline').count()).toBe(0);
    await h.screenshot(page, 'make-unique-colours-applied');
    const notice = page.getByTestId('notice').filter({ hasText: `Gave ${n} join` });
    expect(await text(notice)).toContain('the puzzle has exactly one solution');
    // The notice's Undo puts the colours back; the editor's Redo gives them again.
    await notice.getByTestId('notice-action').click();
    await expect.poll(changedSides).toBe(0);
    await page.getByTestId('editor-redo').click();
    await expect.poll(changedSides).toBe(2 * n);
    await analyzed(page, panel, 'unique');

    // The editor's Undo: ten solutions again.
    await page.getByTestId('editor-undo').click();
    await expect.poll(changedSides).toBe(0);
    await analyzed(page, panel, '10 solutions');
    expect(h.pageErrors(page)).toEqual([]);
  });
});
