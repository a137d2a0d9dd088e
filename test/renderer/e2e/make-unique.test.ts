/**
 * Issue 51 item 1: a puzzle with 10 solutions made unique in the app. Make unique proposes the
 * fewest hints, shows them on the board (badges) with the cells where the solutions differ
 * (outlines); Apply fixes them (saved: a new analysis counts one solution), and the notice's Undo
 * or the editor's takes them off again (ten solutions).
 */
import { expect, it } from 'vitest';
import { describeBrowser, useHarness } from './harness';
import { analyzed, openTenSolutions, textOf } from './ten-solutions';

describeBrowser('make unique', () => {
  const h = useHarness({ resourcesDir: null, viewport: { width: 1280, height: 800 } });

  const text = textOf;

  it('proposes hints, shows them with the differences, applies them and undoes them', async () => {
    const { id, page, panel } = await openTenSolutions(h);

    await panel.getByTestId('make-unique-start').click();
    await expect
      .poll(() => text(panel.getByTestId('make-unique-headline')), { timeout: 30_000 })
      .toMatch(
        /^4x4: 10 solutions \(40 boards with the whole board's turns, which a fixed piece tells apart\); fix 1 piece of one solution to leave exactly one board \(the fewest that do: every solution's pieces were tried/,
      );
    const report = await text(panel.getByTestId('make-unique-report'));
    expect(report).toMatch(/piece \d+ at row \d, column \d/);
    expect(report).toContain('the solutions differ in 12 of 16 cells');
    // The proposal is on the board at once, with what its marks mean.
    await panel.getByTestId('make-unique-legend').waitFor();
    await h.screenshot(page, 'make-unique-proposal');

    await panel.getByTestId('make-unique-apply').click();
    const fixedSaved = async (): Promise<number> => (((await h.api.getPuzzle({ id })).document as { puzzle: { fixed?: unknown[] } }).puzzle.fixed ?? []).length;
    await expect.poll(fixedSaved).toBe(1);
    await h.screenshot(page, 'make-unique-applied');
    // The notice's Undo (it stays 10 s) takes them off; the editor's Redo puts them back with the placement.
    await page.getByTestId('notice').filter({ hasText: 'Fixed 1 piece as a hint' }).getByTestId('notice-action').click();
    await expect.poll(fixedSaved).toBe(0);
    await page.getByTestId('editor-redo').click();
    await expect.poll(fixedSaved).toBe(1);
    await analyzed(page, panel, 'unique');

    // The editor's Undo, however long after: ten solutions again.
    await page.getByTestId('editor-undo').click();
    await expect.poll(fixedSaved).toBe(0);
    await analyzed(page, panel, '10 solutions');
    expect(h.pageErrors(page)).toEqual([]);
  });
});
