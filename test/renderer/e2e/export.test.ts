/**
 * Issue 13, item 5: one painter for the screen and the PNG export. The PNG exported from the
 * board view (Ctrl+E) has the board's colours inside every triangle of every placed piece, and
 * the same mismatch marks.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { borderFaults, mismatches } from '../../../src/core/families/edge/model/score';
import { puzzleFromJson, solutionFromJson } from '../../../src/core/families/edge/model/json';
import { imageLayout } from '../../../src/renderer/src/lib/board-image';
import { EdgeDriver } from '../families/edge/board-driver';
import { describeBrowser, findPuzzleId, useHarness, type Page } from './harness';

type Rgb = [number, number, number];

/** Pixels of a PNG (given as bytes) at the given points, read by the page's own canvas. */
async function pixels(page: Page, png: Buffer, points: [number, number][]): Promise<Rgb[]> {
  return page.evaluate(
    async ({ b64, pts }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.naturalWidth;
      c.height = img.naturalHeight;
      const ctx = c.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      return pts.map(([x, y]) => {
        const d = ctx.getImageData(Math.round(x), Math.round(y), 1, 1).data;
        return [d[0]!, d[1]!, d[2]!] as [number, number, number];
      });
    },
    { b64: png.toString('base64'), pts: points },
  );
}

const close = (a: Rgb, b: Rgb): boolean => a.every((v, i) => Math.abs(v - b[i]!) <= 24);

describeBrowser('one painter', () => {
  const h = useHarness();

  it('exports the board as the PNG it shows: same colours, motifs and mismatch marks', async () => {
    const id = await findPuzzleId(h, 'e2_clue1_6x6');
    const rec = await h.api.getPuzzle({ id });
    const puzzle = puzzleFromJson((rec.document as { puzzle: unknown }).puzzle);
    // Twelve pieces in file order, unturned: a board with placed pieces, empty slots and mismatches.
    const cells = Array.from({ length: 36 }, (_, i) => (i < 12 ? [i + 1, i % 4] : [0, 0]));
    await h.api.updatePuzzle({ id, document: { ...(rec.document as object), solution: { cells } } });
    const board = solutionFromJson(puzzle, { cells });
    const bad = mismatches(puzzle, board);
    expect(bad.length).toBeGreaterThan(0);

    const page = await h.newPage({ hash: `#/puzzle/${id}` });
    const d = new EdgeDriver(page);
    await d.ready();
    // The count shown marks colours facing out of the frame too.
    await expect.poll(async () => (await d.score()).mismatches).toBe(bad.length + borderFaults(puzzle, board).length);
    // The cursor to an empty corner (its outline is not part of the picture), the pointer off the board.
    const corner = await d.point(5, 5);
    await page.mouse.click(corner.x, corner.y);
    await expect.poll(() => d.board().getAttribute('data-cursor')).toBe('35');
    await page.mouse.move(5, 5);
    await page.waitForTimeout(300);
    const shot = await page.screenshot();
    await h.screenshot(page, 'export-board-on-screen');

    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Control+e')]);
    const png = readFileSync((await download.path())!);
    expect(download.suggestedFilename()).toMatch(/\.png$/);

    // Sample points: inside each triangle of each placed piece, and on each mismatch bar.
    const L = await d.layout();
    const img = imageLayout(puzzle.rows, puzzle.cols);
    const imgX = Math.round((img.width - puzzle.cols * img.cell) / 2);
    const imgY = img.header + img.margin;
    const inside: [number, number][] = [
      [0.5, 0.36],
      [0.64, 0.5],
      [0.5, 0.64],
      [0.36, 0.5],
    ];
    const screenPts: [number, number][] = [];
    const pngPts: [number, number][] = [];
    for (let i = 0; i < 12; i++) {
      const r = Math.floor(i / puzzle.cols);
      const c = i % puzzle.cols;
      for (const [fx, fy] of inside) {
        screenPts.push([L.left + L.originX + (c + fx) * L.cellPx, L.top + L.originY + (r + fy) * L.cellPx]);
        pngPts.push([imgX + (c + fx) * img.cell, imgY + (r + fy) * img.cell]);
      }
    }
    for (const m of bad) {
      // Along the bar, a quarter of a cell from the join's middle.
      const [fx, fy] = m.dir === 'right' ? [1, 0.25] : [0.25, 1];
      screenPts.push([L.left + L.originX + (m.col + fx) * L.cellPx, L.top + L.originY + (m.row + fy) * L.cellPx]);
      pngPts.push([imgX + (m.col + fx) * img.cell, imgY + (m.row + fy) * img.cell]);
    }
    const onScreen = await pixels(page, shot, screenPts);
    const inPng = await pixels(page, png, pngPts);
    const differ = onScreen.map((s, k) => (close(s, inPng[k]!) ? null : { k, screen: s, png: inPng[k] })).filter((x) => x !== null);
    expect(differ).toEqual([]);
    // The marks are the white bars, in both.
    for (const p of inPng.slice(48)) expect(p.every((v) => v > 200)).toBe(true);

    // The file, shown in the page, for the screenshot record.
    await page.setContent(
      `<body style="margin:0;background:#000"><img src="data:image/png;base64,${png.toString('base64')}" style="max-width:100%;max-height:100vh"></body>`,
    );
    await h.screenshot(page, 'export-board-png');
  });
});
