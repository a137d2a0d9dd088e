/**
 * Drives the edge workbench in a browser test. The board is a canvas, so cell positions come
 * from the board host's documented layout attributes (CSS pixels, relative to the host element):
 *   data-cell-px   the size of a cell on screen
 *   data-origin-x  where the board's left edge is (the view's pan)
 *   data-origin-y  where the board's top edge is
 * A cell (row, col) spans origin + [col, col + 1) * cell-px across and origin + [row, row + 1) * cell-px down.
 * State hooks: data-placement (row-major [piece 1-based, rotation], [0, 0] = empty) on the board,
 * data-score / data-max / data-mismatches / data-placed / data-solved on [data-testid="edge-score"],
 * data-known-solution and data-save-state on [data-testid="edge-workbench"].
 */
import type { Page } from 'playwright-core';

export type Cells = [number, number][];

export interface Layout {
  left: number;
  top: number;
  cellPx: number;
  originX: number;
  originY: number;
  rows: number;
  cols: number;
}

export class EdgeDriver {
  constructor(
    readonly page: Page,
    readonly boardTestId: 'edge-board' | 'design-board' = 'edge-board',
  ) {}

  board() {
    return this.page.getByTestId(this.boardTestId);
  }

  /** Wait until the Pixi renderer is up (the play board reports its renderer's name). */
  async ready(): Promise<void> {
    await this.board().waitFor();
    if (this.boardTestId === 'edge-board')
      await this.page.waitForFunction(() => !!document.querySelector('[data-testid="edge-board"]')?.getAttribute('data-renderer'), undefined, {
        timeout: 30_000,
      });
  }

  async layout(): Promise<Layout> {
    return this.board().evaluate((el) => {
      const r = el.getBoundingClientRect();
      const d = (el as HTMLElement).dataset;
      return {
        left: r.left,
        top: r.top,
        cellPx: Number(d.cellPx),
        originX: Number(d.originX),
        originY: Number(d.originY),
        rows: Number(d.rows),
        cols: Number(d.cols),
      };
    });
  }

  /** A point of a cell in page coordinates; fx, fy in [0, 1) across and down the cell. */
  async point(row: number, col: number, fx = 0.5, fy = 0.5): Promise<{ x: number; y: number }> {
    const l = await this.layout();
    return { x: l.left + l.originX + (col + fx) * l.cellPx, y: l.top + l.originY + (row + fy) * l.cellPx };
  }

  async trayPiece(piece1: number) {
    const loc = this.page.locator(`[data-testid="tray-piece"][data-piece="${piece1}"]`);
    await loc.scrollIntoViewIfNeeded();
    return loc;
  }

  /** Drag a piece (1-based) from the tray onto a cell, with real pointer moves. */
  async dragFromTray(piece1: number, row: number, col: number): Promise<void> {
    const box = (await (await this.trayPiece(piece1)).boundingBox())!;
    await this.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await this.page.mouse.down();
    const to = await this.point(row, col);
    await this.page.mouse.move(to.x, to.y, { steps: 10 });
    await this.page.mouse.up();
  }

  /** Drag the piece on one cell to another (a swap when the other is filled). */
  async dragCell(fromRow: number, fromCol: number, toRow: number, toCol: number): Promise<void> {
    const a = await this.point(fromRow, fromCol);
    const b = await this.point(toRow, toCol);
    await this.page.mouse.move(a.x, a.y);
    await this.page.mouse.down();
    await this.page.mouse.move(b.x, b.y, { steps: 10 });
    await this.page.mouse.up();
  }

  /** Turn the piece on a cell a quarter clockwise with a right click. */
  async rotate(row: number, col: number): Promise<void> {
    const p = await this.point(row, col);
    await this.page.mouse.click(p.x, p.y, { button: 'right' });
  }

  async placement(): Promise<Cells> {
    return JSON.parse((await this.board().getAttribute('data-placement')) ?? '[]') as Cells;
  }

  async score(): Promise<{ score: number; max: number; mismatches: number; placed: number; solved: boolean }> {
    return this.page.getByTestId('edge-score').evaluate((el) => {
      const d = (el as HTMLElement).dataset;
      return { score: Number(d.score), max: Number(d.max), mismatches: Number(d.mismatches), placed: Number(d.placed), solved: d.solved === 'true' };
    });
  }

  async knownSolution(): Promise<Cells | null> {
    const a = await this.page.getByTestId('edge-workbench').getAttribute('data-known-solution');
    return a ? (JSON.parse(a) as Cells) : null;
  }

  async saved(): Promise<void> {
    await this.page.waitForFunction(() => document.querySelector('[data-testid="edge-workbench"]')?.getAttribute('data-save-state') === 'saved', undefined, {
      timeout: 15_000,
    });
  }
}
