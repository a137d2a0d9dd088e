/** DOM events to the play tool's plain records: which cell, whether over the tray, where to zoom. */
import type { BoardHandle } from '../../../board/board';
import { cellIndexAt, type View } from '../../../board/layout';
import type { PointerInfo, WheelInfo } from '../play-tool/types';

type At = { clientX: number; clientY: number };

export interface HitTarget {
  host: HTMLElement | null;
  handle: BoardHandle | null;
  view: View;
  tray: HTMLElement | null;
}

function inside(el: HTMLElement | null, ev: At): boolean {
  if (!el) return false;
  const r = el.getBoundingClientRect();
  return ev.clientX >= r.left && ev.clientX < r.right && ev.clientY >= r.top && ev.clientY < r.bottom;
}

/** The point relative to the board's element. */
export function localPoint(t: HitTarget, ev: At): { x: number; y: number } | null {
  if (!t.host) return null;
  const r = t.host.getBoundingClientRect();
  return { x: ev.clientX - r.left, y: ev.clientY - r.top };
}

/** The cell under the pointer, or -1 (also where the board is hidden behind its frame's edge). */
export function cellUnder(t: HitTarget, ev: At): number {
  const p = localPoint(t, ev);
  if (!p || !t.handle || !inside(t.host, ev)) return -1;
  return cellIndexAt(t.handle.grid, t.view, p.x, p.y);
}

export function pointerInfo(t: HitTarget, ev: PointerEvent): PointerInfo {
  return {
    pointerId: ev.pointerId,
    button: ev.button,
    buttons: ev.buttons,
    shiftKey: ev.shiftKey,
    x: ev.clientX,
    y: ev.clientY,
    cell: cellUnder(t, ev),
    // Asked only for a drop: no layout read on every hover move.
    get overTray() {
      return inside(t.tray, ev);
    },
  };
}

export function wheelInfo(t: HitTarget, ev: WheelEvent): WheelInfo {
  const p = localPoint(t, ev);
  const w = t.host?.clientWidth ?? 0;
  const h = t.host?.clientHeight ?? 0;
  return {
    deltaX: ev.deltaX,
    deltaY: ev.deltaY,
    deltaMode: ev.deltaMode,
    ctrlKey: ev.ctrlKey || ev.metaKey,
    shiftKey: ev.shiftKey,
    x: p?.x ?? w / 2,
    y: p?.y ?? h / 2,
    cell: cellUnder(t, ev),
  };
}
