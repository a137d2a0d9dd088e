/**
 * What a finished drag does: the one place that turns "this was dragged from there to here"
 * into a placement transition (see placement.ts), for the mouse and the keyboard alike.
 */
import type { EdgeBoard, EdgePuzzle } from '../../../../core/families/edge/model';
import { bestRotation } from './fits';
import { move, place, remove, rotate } from './placement';

export type DragSource =
  | { kind: 'tray'; piece: number; rotation: number }
  /** `turns`: quarter turns added while dragging (mouse wheel, R). */
  | { kind: 'cell'; cell: number; turns: number };

export type DropTarget = { kind: 'cell'; cell: number } | { kind: 'tray' } | { kind: 'none' };

export interface DropOptions {
  /** Turn pieces dropped from the tray to the rotation that suits the cell best. */
  autoOrient: boolean;
}

/** The board after the drop, or null when it changes nothing or is not allowed. */
export function applyDrop(p: EdgePuzzle, b: EdgeBoard, src: DragSource, target: DropTarget, opts: DropOptions): EdgeBoard | null {
  if (src.kind === 'tray') {
    if (target.kind !== 'cell') return null;
    const rot = opts.autoOrient ? bestRotation(p, b, target.cell, src.piece, src.rotation) : src.rotation;
    return place(p, b, src.piece, target.cell, rot);
  }
  if (target.kind === 'tray') return remove(p, b, src.cell);
  const turned = src.turns % 4 !== 0 ? rotate(p, b, src.cell, src.turns) : null;
  if (target.kind === 'none' || target.cell === src.cell) return turned;
  const moved = move(p, turned ?? b, src.cell, target.cell);
  // Auto-orient turns the swapped pieces to suit their new cells too (a grey edge facing in after
  // a swap), unless the piece was turned by hand while dragging.
  if (!moved || !opts.autoOrient || turned) return moved;
  for (const cell of [target.cell, src.cell])
    if (moved.piece[cell]! >= 0) moved.rotation[cell] = bestRotation(p, moved, cell, moved.piece[cell]!, moved.rotation[cell]!);
  return moved;
}

/** Can this source be dropped on the cell at all (for the drop target's colour while dragging)? */
export function canDropOn(p: EdgePuzzle, b: EdgeBoard, src: DragSource, cell: number): boolean {
  return applyDrop(p, b, src, { kind: 'cell', cell }, { autoOrient: false }) !== null || (src.kind === 'cell' && src.cell === cell);
}
