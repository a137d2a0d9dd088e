/**
 * Issue 25: the Analyze panels. An edge puzzle with 10 solutions (up to turns) counted in Play,
 * a second solution shown on the board with its differences marked; a maze's shortest paths; a
 * casse-tete's number of solutions.
 */
import { expect, it } from 'vitest';
import { describeBrowser, useHarness } from './harness';
import { openTenSolutions } from './ten-solutions';

describeBrowser('analyze panels', () => {
  const h = useHarness({ resourcesDir: null, viewport: { width: 1280, height: 800 } });

  it('counts an edge puzzle in Play and shows a second solution with the differences marked', async () => {
    const { page, panel } = await openTenSolutions(h);
    await panel.getByTestId('analyze-start').click();
    await expect
      .poll(
        () =>
          panel
            .getByTestId('analyze-headline')
            .textContent()
            .catch(() => ''),
        { timeout: 20_000 },
      )
      .toContain('10 solutions');
    expect(await panel.getByTestId('analyze-report').textContent()).toContain('counted once, not four times');
    await panel.getByTestId('analyze-show-2').click();
    await h.screenshot(page, 'analyze-edge-second-solution');
    await panel.getByTestId('analyze-back').click();
  });

  it('analyses a maze and a casse-tete', async () => {
    const text = ['3 4 2 3 3 1', '1 1 1 2', '1 2 1 1', '0 2 1 3', ''].join('\n');
    const { added } = await h.api.importFile({ fileName: 'ends.txt', text });
    const page = await h.newPage({ hash: `#/puzzle/${added[0]!.id}` });
    const panel = page.getByTestId('analyze-jump');
    await panel.waitFor();
    await panel.getByTestId('analyze-start').click();
    await expect
      .poll(
        () =>
          panel
            .getByTestId('analyze-report')
            .textContent()
            .catch(() => ''),
        { timeout: 20_000 },
      )
      .toMatch(/shortest path: 3 moves/);
    await h.screenshot(page, 'analyze-jump');

    const rec = await h.api.createPuzzle({ document: { format: 'puzzle-workbench', version: 1, family: 'parity', name: 'ct 4 4', puzzle: { n: 4, m: 4 } } });
    const p2 = await h.newPage({ hash: `#/puzzle/${rec.id}` });
    const pp = p2.getByTestId('analyze-parity');
    await pp.waitFor();
    await pp.getByTestId('analyze-start').click();
    await expect
      .poll(
        () =>
          pp
            .getByTestId('analyze-report')
            .textContent()
            .catch(() => ''),
        { timeout: 20_000 },
      )
      .toMatch(/n = 4, m = 4: \d+ solutions, exact/);
    await h.screenshot(p2, 'analyze-parity');
  });
});
