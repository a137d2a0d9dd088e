import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  cellAt,
  cellCenter,
  cellIndexAt,
  cellRect,
  clampView,
  fitView,
  neighbour,
  revealCell,
  screenToWorld,
  sideAt,
  sideOfPoint,
  trayHeight,
  trayLayout,
  trayMove,
  traySlotAt,
  traySlotRect,
  worldToScreen,
  zoomAt,
  type Grid,
} from '../../../src/renderer/src/board/layout';

const grid: Grid = { rows: 4, cols: 6, cell: 64 };

describe('board hit testing', () => {
  const view = { zoom: 0.5, x: 100, y: 40 };

  it('maps screen points to cells and back', () => {
    // A cell is 32 px on screen at zoom 0.5.
    expect(cellAt(grid, view, 100, 40)).toEqual({ row: 0, col: 0 });
    expect(cellAt(grid, view, 131.9, 71.9)).toEqual({ row: 0, col: 0 });
    expect(cellAt(grid, view, 132, 72)).toEqual({ row: 1, col: 1 });
    expect(cellAt(grid, view, 100 + 6 * 32 - 0.1, 40 + 4 * 32 - 0.1)).toEqual({ row: 3, col: 5 });
    expect(cellAt(grid, view, 99.9, 50)).toBeNull();
    expect(cellAt(grid, view, 100 + 6 * 32, 50)).toBeNull();
    expect(cellAt(grid, view, 150, 40 + 4 * 32)).toBeNull();
    expect(cellIndexAt(grid, view, 132, 72)).toBe(7);
    expect(cellIndexAt(grid, view, 0, 0)).toBe(-1);
    expect(cellRect(grid, view, 2, 3)).toEqual({ x: 196, y: 104, w: 32, h: 32 });
    expect(cellCenter(grid, view, 2, 3)).toEqual({ x: 212, y: 120 });
  });

  it('finds every cell at its own centre, at any zoom and pan', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.05, max: 8, noNaN: true }), fc.integer({ min: -500, max: 500 }), fc.integer({ min: -500, max: 500 }), (zoom, x, y) => {
        const v = { zoom, x, y };
        for (let r = 0; r < grid.rows; r++)
          for (let c = 0; c < grid.cols; c++) {
            const p = cellCenter(grid, v, r, c);
            expect(cellAt(grid, v, p.x, p.y)).toEqual({ row: r, col: c });
          }
      }),
      { numRuns: 50 },
    );
  });

  it('converts between screen and world coordinates', () => {
    const w = screenToWorld(view, 132, 72);
    expect(w).toEqual({ x: 64, y: 64 });
    expect(worldToScreen(view, w.x, w.y)).toEqual({ x: 132, y: 72 });
  });

  it('tells the side of a cell a point is nearest to', () => {
    expect(sideOfPoint(0.5, 0.1)).toBe(0);
    expect(sideOfPoint(0.9, 0.5)).toBe(1);
    expect(sideOfPoint(0.5, 0.9)).toBe(2);
    expect(sideOfPoint(0.1, 0.5)).toBe(3);
    // On a diagonal the earlier side wins.
    expect(sideOfPoint(0.2, 0.2)).toBe(0);
    expect(sideAt(grid, view, 132 + 16, 72 + 2)).toEqual({ row: 1, col: 1, side: 0 });
    expect(sideAt(grid, view, 132 + 30, 72 + 16)).toEqual({ row: 1, col: 1, side: 1 });
    expect(sideAt(grid, view, 0, 0)).toBeNull();
  });

  it('finds neighbours across sides, none off the board', () => {
    expect(neighbour(grid, 0, 0, 0)).toBeNull();
    expect(neighbour(grid, 0, 0, 3)).toBeNull();
    expect(neighbour(grid, 0, 0, 1)).toEqual({ row: 0, col: 1 });
    expect(neighbour(grid, 0, 0, 2)).toEqual({ row: 1, col: 0 });
    expect(neighbour(grid, 3, 5, 1)).toBeNull();
    expect(neighbour(grid, 3, 5, 2)).toBeNull();
  });
});

describe('zoom and pan', () => {
  it('fits the board centred in the area', () => {
    const v = fitView(grid, 800, 600, 16, 8);
    // 6 x 64 = 384 wide, 4 x 64 = 256 high: width-limited at (800 - 32) / 384 = 2.
    expect(v.zoom).toBeCloseTo(2);
    expect(v.x).toBe(Math.round((800 - 384 * v.zoom) / 2));
    expect(v.y).toBe(Math.round((600 - 256 * v.zoom) / 2));
    expect(fitView(grid, 800, 600, 16, 1.5).zoom).toBe(1.5);
  });

  it('keeps the point under the pointer still when zooming', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.1, max: 4, noNaN: true }),
        fc.double({ min: 0.5, max: 2, noNaN: true }),
        fc.integer({ min: 0, max: 800 }),
        fc.integer({ min: 0, max: 600 }),
        (zoom, f, sx, sy) => {
          const v = { zoom, x: 30, y: -20 };
          const before = screenToWorld(v, sx, sy);
          const after = screenToWorld(zoomAt(v, f, sx, sy), sx, sy);
          expect(after.x).toBeCloseTo(before.x, 6);
          expect(after.y).toBeCloseTo(before.y, 6);
        },
      ),
    );
  });

  it('clamps zoom and never pans the board out of sight', () => {
    expect(zoomAt({ zoom: 1, x: 0, y: 0 }, 1000, 0, 0).zoom).toBe(8);
    expect(zoomAt({ zoom: 1, x: 0, y: 0 }, 0.00001, 0, 0).zoom).toBe(0.05);
    const far = clampView(grid, { zoom: 1, x: 5000, y: -5000 }, 800, 600, 48);
    expect(far.x).toBe(800 - 48);
    expect(far.y).toBe(48 - 256);
    const ok = { zoom: 1, x: 10, y: 10 };
    expect(clampView(grid, ok, 800, 600)).toEqual(ok);
  });

  it('pans just enough to reveal a cell', () => {
    const v = { zoom: 1, x: -100, y: 0 };
    const r = revealCell(grid, v, 0, 0, 300, 300, 10);
    expect(cellRect(grid, r, 0, 0).x).toBe(10);
    const inside = { zoom: 1, x: 20, y: 20 };
    expect(revealCell(grid, inside, 1, 1, 800, 600)).toBe(inside);
  });
});

describe('tray layout', () => {
  const t = trayLayout(300, 52, 6, 10);

  it('fits as many slots as the width allows', () => {
    // (300 - 20 + 6) / 58 = 4.9 -> 4 columns.
    expect(t.columns).toBe(4);
    expect(trayLayout(10, 52, 6, 10).columns).toBe(1);
    expect(trayHeight(t, 0)).toBe(20);
    expect(trayHeight(t, 9)).toBe(20 + 3 * 52 + 2 * 6);
  });

  it('hit-tests slots, not gaps or padding', () => {
    expect(traySlotAt(t, 10, 10, 10)).toBe(0);
    expect(traySlotAt(t, 10, 5, 10)).toBe(-1); // padding
    expect(traySlotAt(t, 10, 10 + 52 + 2, 20)).toBe(-1); // gap
    expect(traySlotAt(t, 10, 10 + 58, 20)).toBe(1);
    expect(traySlotAt(t, 10, 10 + 58 * 3 + 1, 10 + 58 + 1)).toBe(7);
    expect(traySlotAt(t, 10, 10 + 58 * 2 + 1, 10 + 58 * 2 + 1)).toBe(-1); // past the end (index 10)
    // Scrolled by one row: the top-left slot is now index 4.
    expect(traySlotAt(t, 10, 11, 11, 58)).toBe(4);
  });

  it('puts each slot where hit testing finds it', () => {
    for (let i = 0; i < 13; i++) {
      const r = traySlotRect(t, i);
      expect(traySlotAt(t, 13, r.x + r.w / 2, r.y + r.h / 2)).toBe(i);
    }
  });

  it('moves through slots with arrow keys, clamped', () => {
    expect(trayMove(t, 10, 0, 'ArrowLeft')).toBe(0);
    expect(trayMove(t, 10, 0, 'ArrowRight')).toBe(1);
    expect(trayMove(t, 10, 1, 'ArrowDown')).toBe(5);
    expect(trayMove(t, 10, 8, 'ArrowDown')).toBe(9);
    expect(trayMove(t, 10, 5, 'ArrowUp')).toBe(1);
    expect(trayMove(t, 0, 0, 'ArrowUp')).toBe(-1);
  });
});
