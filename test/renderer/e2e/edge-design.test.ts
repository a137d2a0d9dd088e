import { expect, it } from 'vitest';
import { parseDocument } from '../../../src/core/document/document';
import { EdgeDriver } from '../families/edge/board-driver';
import { describeBrowser, useHarness } from './harness';

describeBrowser('edge design', () => {
  const h = useHarness({ resourcesDir: null });

  it('paints a 3x3 board, cuts it and solves it by hand', async () => {
    const rec = await h.api.createPuzzle({
      document: { format: 'puzzle-workbench', version: 1, family: 'edge', name: 'Drawn 3x3', puzzle: { rows: 3, cols: 3, pieces: [] } },
    });
    const page = await h.newPage({ hash: `#/puzzle/${rec.id}` });
    await page.locator('[data-testid="edge-workbench"][data-mode="design"]').waitFor();
    const design = new EdgeDriver(page, 'design-board');
    await design.ready();
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="design-board"]')?.getAttribute('data-cell-px')) > 10);

    // Every join of a 3x3 board: right joins at fx 0.85 of the left cell, lower joins at fy 0.85 of the upper cell.
    const joins: { row: number; col: number; dir: 'right' | 'down'; colour: number }[] = [];
    let k = 0;
    for (let r = 0; r < 3; r++) for (let c = 0; c < 2; c++) joins.push({ row: r, col: c, dir: 'right', colour: r === 1 ? 3 + (k++ % 4) : 1 + c });
    for (let r = 0; r < 2; r++) for (let c = 0; c < 3; c++) joins.push({ row: r, col: c, dir: 'down', colour: c === 1 ? 3 + (k++ % 4) : 1 + r });
    for (const j of joins) {
      await page.getByTestId(`motif-${j.colour}`).click();
      const p = j.dir === 'right' ? await design.point(j.row, j.col, 0.88, 0.5) : await design.point(j.row, j.col, 0.5, 0.88);
      await page.mouse.click(p.x, p.y);
    }
    await expect.poll(() => design.board().getAttribute('data-unpainted')).toBe('0');
    await expect.poll(() => page.getByTestId('validation').textContent()).toContain('12 of 12 joins painted');
    await h.screenshot(page, 'edge-design-painted');

    await page.getByTestId('cut-seed').fill('7');
    await page.getByTestId('cut').click();
    await page.locator('[data-testid="edge-workbench"][data-mode="play"]').waitFor();
    const d = new EdgeDriver(page);
    await d.ready();
    const known = (await d.knownSolution())!;
    expect(known).toHaveLength(9);
    expect(new Set(known.map((c) => c[0])).size).toBe(9);
    expect(await d.score()).toMatchObject({ score: 0, max: 12, placed: 0 });
    await h.screenshot(page, 'edge-design-cut');

    // Drag each piece to its cell, then turn it until it has the solution's rotation.
    for (let cell = 0; cell < 9; cell++) {
      const [piece, rotation] = known[cell];
      const row = Math.floor(cell / 3);
      const col = cell % 3;
      await d.dragFromTray(piece, row, col);
      await expect.poll(async () => (await d.placement())[cell][0]).toBe(piece);
      const now = (await d.placement())[cell][1];
      for (let t = 0; t < (rotation - now + 4) % 4; t++) await d.rotate(row, col);
      await expect.poll(async () => (await d.placement())[cell]).toEqual([piece, rotation]);
    }
    await expect.poll(() => d.score()).toMatchObject({ score: 12, mismatches: 0, placed: 9, solved: true });
    await page.getByTestId('solved').waitFor();
    await d.saved();
    await h.screenshot(page, 'edge-design-solved');

    // The cut pieces and the placement are in the library.
    const saved = await h.api.getPuzzle({ id: rec.id });
    const doc = saved.document as { puzzle: { pieces: unknown[] }; solution: { cells: [number, number][] } };
    expect(doc.puzzle.pieces).toHaveLength(9);
    expect(doc.solution.cells).toEqual(known);
    expect(h.pageErrors(page)).toEqual([]);
  });

  it('saves the drawing by itself and undoes a stroke after reopening', async () => {
    const rec = await h.api.createPuzzle({
      document: { format: 'puzzle-workbench', version: 1, family: 'edge', name: 'Draft 3x3', puzzle: { rows: 3, cols: 3, pieces: [] } },
    });
    const page = await h.newPage({ hash: `#/puzzle/${rec.id}` });
    await page.locator('[data-testid="edge-workbench"][data-mode="design"]').waitFor();
    const design = new EdgeDriver(page, 'design-board');
    await design.ready();
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="design-board"]')?.getAttribute('data-cell-px')) > 10);
    const saveState = () => page.getByTestId('editor-save').getAttribute('data-state');

    // Two strokes, saved without Save.
    await page.getByTestId('motif-2').click();
    for (const [row, col] of [
      [0, 0],
      [1, 1],
    ]) {
      const p = await design.point(row, col, 0.88, 0.5);
      await page.mouse.click(p.x, p.y);
    }
    await expect.poll(() => design.board().getAttribute('data-unpainted')).toBe('10');
    await expect.poll(saveState).toBe('saved');
    const stored = parseDocument((await h.api.getPuzzle({ id: rec.id })).document).doc.draft as { drawing: { h: number[] }; history: unknown[] };
    expect(stored.drawing.h.filter((c) => c !== 0)).toHaveLength(2);
    expect(stored.history.length).toBeGreaterThanOrEqual(2);

    // Leaving does not ask: the library has everything.
    await page.getByTestId('editor-back').click();
    await page.getByTestId('library').waitFor();

    // Reopen: the drawing is there, and undo takes back the last stroke (saved too).
    await page.reload();
    await page.locator('[data-testid="app-shell"][data-connection="open"]').waitFor();
    await page.evaluate((id) => (location.hash = `#/puzzle/${id}`), rec.id);
    await page.locator('[data-testid="edge-workbench"][data-mode="design"]').waitFor();
    const again = new EdgeDriver(page, 'design-board');
    await again.ready();
    await expect.poll(() => again.board().getAttribute('data-unpainted')).toBe('10');
    expect(await page.getByTestId('editor-undo').isEnabled()).toBe(true);
    await h.screenshot(page, 'edge-design-reopened');
    await page.getByTestId('editor-undo').click();
    await expect.poll(() => again.board().getAttribute('data-unpainted')).toBe('11');
    await expect.poll(saveState).toBe('saved');
    const undone = parseDocument((await h.api.getPuzzle({ id: rec.id })).document).doc.draft as { drawing: { h: number[] } };
    expect(undone.drawing.h.filter((c) => c !== 0)).toHaveLength(1);
    await h.screenshot(page, 'edge-design-undone-after-reopening');
    expect(h.pageErrors(page)).toEqual([]);
  });
});
