import { describe, expect, it } from 'vitest';
import { applyDrop, canDropOn } from '../../../../src/renderer/src/families/edge/drop';
import { startBoard } from '../../../../src/renderer/src/families/edge/placement';
import { boardOf, twoByTwo } from './helpers';

describe('drops', () => {
  const p = twoByTwo();
  const off = { autoOrient: false };
  const on = { autoOrient: true };

  it('tray to cell places, auto-oriented when asked', () => {
    const b = startBoard(p);
    const plain = applyDrop(p, b, { kind: 'tray', piece: 3, rotation: 0 }, { kind: 'cell', cell: 0 }, off)!;
    expect([plain.piece[0], plain.rotation[0]]).toEqual([3, 0]);
    const turned = applyDrop(p, b, { kind: 'tray', piece: 3, rotation: 0 }, { kind: 'cell', cell: 0 }, on)!;
    expect([turned.piece[0], turned.rotation[0]]).toEqual([3, 2]);
    expect(applyDrop(p, b, { kind: 'tray', piece: 3, rotation: 0 }, { kind: 'tray' }, on)).toBeNull();
    expect(applyDrop(p, b, { kind: 'tray', piece: 3, rotation: 0 }, { kind: 'none' }, on)).toBeNull();
  });

  it('cell to cell swaps, keeping turns made while dragging', () => {
    const b = boardOf([
      [0, 0],
      [1, 0],
      [-1, 0],
      [-1, 0],
    ]);
    const s = applyDrop(p, b, { kind: 'cell', cell: 0, turns: 0 }, { kind: 'cell', cell: 1 }, on)!;
    expect(Array.from(s.piece)).toEqual([1, 0, -1, -1]);
    const t = applyDrop(p, b, { kind: 'cell', cell: 0, turns: 1 }, { kind: 'cell', cell: 3 }, on)!;
    expect(Array.from(t.piece)).toEqual([-1, 1, -1, 0]);
    expect(t.rotation[3]).toBe(1);
    // Dropped back where it came from after turning: just the turn.
    const u = applyDrop(p, b, { kind: 'cell', cell: 0, turns: 3 }, { kind: 'cell', cell: 0 }, on)!;
    expect(u.rotation[0]).toBe(3);
    expect(applyDrop(p, b, { kind: 'cell', cell: 0, turns: 0 }, { kind: 'cell', cell: 0 }, on)).toBeNull();
  });

  it('cell to tray removes; cell to nowhere cancels', () => {
    const b = boardOf([
      [0, 0],
      [-1, 0],
      [-1, 0],
      [-1, 0],
    ]);
    expect(applyDrop(p, b, { kind: 'cell', cell: 0, turns: 0 }, { kind: 'tray' }, on)!.piece[0]).toBe(-1);
    expect(applyDrop(p, b, { kind: 'cell', cell: 0, turns: 0 }, { kind: 'none' }, on)).toBeNull();
  });

  it('refuses fixed cells and pieces', () => {
    const q = { ...p, fixed: [{ piece: 0, row: 0, col: 0, rotation: 0 }] };
    const b = startBoard(q);
    expect(canDropOn(q, b, { kind: 'tray', piece: 1, rotation: 0 }, 0)).toBe(false);
    expect(canDropOn(q, b, { kind: 'tray', piece: 1, rotation: 0 }, 1)).toBe(true);
    expect(applyDrop(q, b, { kind: 'cell', cell: 0, turns: 0 }, { kind: 'tray' }, on)).toBeNull();
    expect(applyDrop(q, b, { kind: 'cell', cell: 0, turns: 0 }, { kind: 'cell', cell: 2 }, on)).toBeNull();
  });
});
