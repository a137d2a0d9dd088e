import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { emptyBoard, type EdgeBoard } from '../../../../src/core/families/edge/model/model';
import {
  cellOf,
  clearBoard,
  isLocked,
  lockedCells,
  move,
  normalize,
  place,
  placedCount,
  remove,
  rotate,
  sameBoard,
  startBoard,
  unplaced,
} from '../../../../src/renderer/src/families/edge/placement';
import { boardOf, cutPuzzle, piecesOn, twoByTwo } from './helpers';

describe('placement transitions', () => {
  const p = twoByTwo();

  it('places from the tray, moving the occupant back to the tray', () => {
    const b0 = startBoard(p);
    const b1 = place(p, b0, 2, 0, 1)!;
    expect([b1.piece[0], b1.rotation[0]]).toEqual([2, 1]);
    expect(unplaced(p, b1)).toEqual([0, 1, 3]);
    const b2 = place(p, b1, 3, 0, 0)!;
    expect(b2.piece[0]).toBe(3);
    expect(unplaced(p, b2)).toEqual([0, 1, 2]);
    // The input board is untouched.
    expect(b1.piece[0]).toBe(2);
    expect(b0.piece[0]).toBe(-1);
  });

  it('moves a piece already on the board instead of copying it', () => {
    const b1 = place(p, startBoard(p), 1, 0, 0)!;
    const b2 = place(p, b1, 1, 3, 2)!;
    expect(Array.from(b2.piece)).toEqual([-1, -1, -1, 1]);
    expect(b2.rotation[3]).toBe(2);
    expect(place(p, b2, 1, 3, 2)).toBeNull();
    expect(place(p, b2, 1, 3, 6)).toBeNull(); // rotation 6 = 2
  });

  it('swaps two cells, or moves onto an empty one', () => {
    const b = boardOf([
      [0, 1],
      [1, 2],
      [-1, 0],
      [-1, 0],
    ]);
    const s = move(p, b, 0, 1)!;
    expect(Array.from(s.piece)).toEqual([1, 0, -1, -1]);
    expect(Array.from(s.rotation)).toEqual([2, 1, 0, 0]);
    const m = move(p, b, 1, 3)!;
    expect(Array.from(m.piece)).toEqual([0, -1, -1, 1]);
    expect(m.rotation[3]).toBe(2);
    expect(m.rotation[1]).toBe(0);
    expect(move(p, b, 2, 3)).toBeNull(); // nothing to move
    expect(move(p, b, 0, 0)).toBeNull();
  });

  it('removes and rotates', () => {
    const b = boardOf([
      [0, 3],
      [-1, 0],
      [-1, 0],
      [-1, 0],
    ]);
    expect(rotate(p, b, 0, 1)!.rotation[0]).toBe(0);
    expect(rotate(p, b, 0, -1)!.rotation[0]).toBe(2);
    expect(rotate(p, b, 0, 4)).toBeNull();
    expect(rotate(p, b, 1, 1)).toBeNull();
    expect(remove(p, b, 0)!.piece[0]).toBe(-1);
    expect(remove(p, b, 1)).toBeNull();
    expect(placedCount(b)).toBe(1);
  });

  it('keeps fixed pieces locked', () => {
    const q = { ...p, fixed: [{ piece: 3, row: 1, col: 1, rotation: 0 }] };
    const b = startBoard(q);
    expect(b.piece[3]).toBe(3);
    expect(isLocked(q, 3)).toBe(true);
    expect([...lockedCells(q)]).toEqual([[3, 3]]);
    expect(place(q, b, 0, 3, 0)).toBeNull();
    expect(place(q, b, 3, 0, 0)).toBeNull();
    expect(move(q, b, 3, 0)).toBeNull();
    const b1 = place(q, b, 0, 0, 0)!;
    expect(move(q, b1, 0, 3)).toBeNull();
    expect(remove(q, b, 3)).toBeNull();
    expect(rotate(q, b, 3, 1)).toBeNull();
    const cleared = clearBoard(q, b1)!;
    expect(Array.from(cleared.piece)).toEqual([-1, -1, -1, 3]);
    expect(clearBoard(q, cleared)).toBeNull();
  });

  it('normalises foreign boards: size, range, duplicates, fixed pieces', () => {
    const q = { ...p, fixed: [{ piece: 0, row: 0, col: 0, rotation: 0 }] };
    const b: EdgeBoard = boardOf([
      [2, 5],
      [2, 1],
      [0, 0],
      [9, 0],
      [1, 0],
    ]);
    const n = normalize(q, b);
    expect(Array.from(n.piece)).toEqual([0, -1, -1, -1]);
    expect(normalize(q, null).piece[0]).toBe(0);
    const m = normalize(
      p,
      boardOf([
        [1, 7],
        [1, 1],
        [3, 2],
        [-1, 0],
      ]),
    );
    expect(Array.from(m.piece)).toEqual([1, -1, 3, -1]);
    expect(m.rotation[0]).toBe(3);
    expect(cellOf(m, 3)).toBe(2);
    expect(cellOf(m, 0)).toBe(-1);
    expect(sameBoard(m, normalize(p, m))).toBe(true);
  });

  it('any sequence of actions keeps each piece at most once and the fixed pieces in place', () => {
    const { puzzle } = cutPuzzle(4, 4, 7, [5, 10]);
    const n = 16;
    const action = fc.oneof(
      fc.tuple(fc.constant('place' as const), fc.nat(n - 1), fc.nat(n - 1), fc.nat(3)),
      fc.tuple(fc.constant('move' as const), fc.nat(n - 1), fc.nat(n - 1), fc.constant(0)),
      fc.tuple(fc.constant('remove' as const), fc.nat(n - 1), fc.constant(0), fc.constant(0)),
      fc.tuple(fc.constant('rotate' as const), fc.nat(n - 1), fc.integer({ min: -3, max: 3 }), fc.constant(0)),
      fc.tuple(fc.constant('clear' as const), fc.constant(0), fc.constant(0), fc.constant(0)),
    );
    fc.assert(
      fc.property(fc.array(action, { maxLength: 60 }), (actions) => {
        let b = startBoard(puzzle);
        for (const [kind, a, c, d] of actions) {
          const next =
            kind === 'place'
              ? place(puzzle, b, a, c, d)
              : kind === 'move'
                ? move(puzzle, b, a, c)
                : kind === 'remove'
                  ? remove(puzzle, b, a)
                  : kind === 'rotate'
                    ? rotate(puzzle, b, a, c)
                    : clearBoard(puzzle, b);
          if (next) {
            expect(sameBoard(next, b)).toBe(false);
            b = next;
          }
          const on = piecesOn(b);
          expect(new Set(on).size).toBe(on.length);
          for (const f of puzzle.fixed) {
            const i = f.row * puzzle.cols + f.col;
            expect([b.piece[i], b.rotation[i]]).toEqual([f.piece, f.rotation]);
          }
          expect(on.length + unplaced(puzzle, b).length).toBe(n);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('starts empty without fixed pieces', () => {
    expect(startBoard(twoByTwo())).toEqual(emptyBoard(2, 2));
  });
});
