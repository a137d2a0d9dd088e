import { expect, it } from 'vitest';
import { puzzleFromJson, solutionFromJson } from '../../../src/core/families/edge/model/json';
import { faceOutRotation, outMask, pieceClass, edgeAt, type EdgePuzzle } from '../../../src/core/families/edge/model/model';
import { EdgeDriver } from '../families/edge/board-driver';
import { describeBrowser, findPuzzleId, useHarness } from './harness';

/** A corner piece and a side piece that match when both face out at (0, 0) and (0, 1). */
function matchingPair(p: EdgePuzzle): { corner: number; side: number } {
  const n = p.edges.length / 4;
  for (let c = 0; c < n; c++) {
    if (pieceClass(p, c) !== 'corner') continue;
    const rc = faceOutRotation(p, c, outMask(p.rows, p.cols, 0, 0));
    for (let s = 0; s < n; s++) {
      if (pieceClass(p, s) !== 'side') continue;
      const rs = faceOutRotation(p, s, outMask(p.rows, p.cols, 0, 1));
      if (edgeAt(p, c, rc, 1) === edgeAt(p, s, rs, 3)) return { corner: c, side: s };
    }
  }
  throw new Error('no matching corner and side piece');
}

describeBrowser('edge placement', () => {
  const h = useHarness();

  it('places clue 1 pieces by dragging, rotates, undoes, redoes and finds the placement again after reopening', async () => {
    const id = await findPuzzleId(h, 'e2_clue1_6x6');
    const rec = await h.api.getPuzzle({ id });
    const puzzle = puzzleFromJson((rec.document as { puzzle: unknown }).puzzle);
    const { corner, side } = matchingPair(puzzle);

    const page = await h.newPage({ hash: `#/puzzle/${id}` });
    const d = new EdgeDriver(page);
    await d.ready();
    expect(await d.score()).toMatchObject({ score: 0, max: 60, placed: 0, mismatches: 0 });
    expect(await page.getByTestId('tray').getAttribute('data-count')).toBe('36');

    // Two drags from the tray; auto-orient turns the border pieces to face out, so they match.
    await d.dragFromTray(corner + 1, 0, 0);
    await expect.poll(async () => (await d.score()).placed).toBe(1);
    await d.dragFromTray(side + 1, 0, 1);
    await expect.poll(() => d.score()).toMatchObject({ score: 1, placed: 2, mismatches: 0 });
    const placed = await d.placement();
    expect(placed[0][0]).toBe(corner + 1);
    expect(placed[1][0]).toBe(side + 1);
    expect(await page.getByTestId('tray').getAttribute('data-count')).toBe('34');
    await h.screenshot(page, 'edge-clue1-two-placed');

    // Turn the side piece: the join breaks and is highlighted.
    await d.rotate(0, 1);
    await expect.poll(() => d.score()).toMatchObject({ score: 0, placed: 2 });
    expect((await d.score()).mismatches).toBeGreaterThan(0);
    expect((await d.placement())[1][1]).toBe((placed[1][1] + 1) % 4);
    await h.screenshot(page, 'edge-clue1-mismatch');

    // Undo and redo, from the keyboard.
    await d.board().focus();
    await page.keyboard.press('Control+z');
    await expect.poll(() => d.score()).toMatchObject({ score: 1, mismatches: 0 });
    expect(await d.placement()).toEqual(placed);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => d.score()).toMatchObject({ score: 0 });
    const final = await d.placement();
    expect(final[1][1]).toBe((placed[1][1] + 1) % 4);

    // Saved with the puzzle as its solution...
    await d.saved();
    const saved = await h.api.getPuzzle({ id });
    const board = solutionFromJson(puzzle, (saved.document as { solution: unknown }).solution);
    expect([board.piece[0], board.rotation[0]]).toEqual([corner, placed[0][1]]);
    expect([board.piece[1], board.rotation[1]]).toEqual([side, final[1][1]]);

    // ...and restored on reopening.
    await page.getByTestId('editor-back').click();
    await page.locator('[data-testid="app-shell"][data-view="library"]').waitFor();
    await page.goto(`${h.url}#/puzzle/${id}`);
    const again = new EdgeDriver(page);
    await again.ready();
    expect(await again.placement()).toEqual(final);
    expect(await again.score()).toMatchObject({ score: 0, placed: 2 });
    await h.screenshot(page, 'edge-clue1-reopened');
    expect(h.pageErrors(page)).toEqual([]);
  });

  it('swaps pieces by dragging between cells and returns them to the tray', async () => {
    const id = await findPuzzleId(h, 'e2_clue3_6x6');
    const page = await h.newPage({ hash: `#/puzzle/${id}` });
    const d = new EdgeDriver(page);
    await d.ready();
    await d.dragFromTray(1, 2, 2);
    await d.dragFromTray(2, 2, 3);
    await expect.poll(async () => (await d.score()).placed).toBe(2);
    const before = await d.placement();
    await d.dragCell(2, 2, 2, 3);
    await expect.poll(async () => (await d.placement())[14]).toEqual(before[15]);
    expect((await d.placement())[15]).toEqual(before[14]);
    // Back to the tray.
    const tray = (await page.getByTestId('tray').boundingBox())!;
    const from = await d.point(2, 3);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(tray.x + tray.width / 2, tray.y + tray.height - 20, { steps: 10 });
    await page.mouse.up();
    await expect.poll(async () => (await d.score()).placed).toBe(1);
    // Keyboard: a click puts the cursor on (2, 2); Enter picks the piece up, ArrowDown moves, Enter drops it.
    const onto = await d.point(2, 2);
    await page.mouse.click(onto.x, onto.y);
    await expect.poll(() => d.board().getAttribute('data-cursor')).toBe('14');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await d.placement())[20][0]).toBeGreaterThan(0);
    expect((await d.placement())[14]).toEqual([0, 0]);
    // R turns it, Delete returns it to the tray.
    const turned = (await d.placement())[20][1];
    await page.keyboard.press('r');
    await expect.poll(async () => (await d.placement())[20][1]).toBe((turned + 1) % 4);
    await h.screenshot(page, 'edge-keyboard-cursor');
    await page.keyboard.press('Delete');
    await expect.poll(async () => (await d.score()).placed).toBe(0);
    expect(h.pageErrors(page)).toEqual([]);
  });
});
