/**
 * The window-wide listeners a press or a drag needs (the pointer leaves the board for the tray,
 * the wheel and right click turn the dragged piece anywhere). Each returns its unbinding, for an $effect.
 */
import { bindShortcuts } from '../../../lib/shortcuts';
import type { PlayTool } from '../play-tool/machine';
import { pointerInfo, wheelInfo, type HitTarget } from './hit';

/** While a press or drag lasts: the pointer's moves, release and cancel, wherever it is. */
export function listenWhilePressing(tool: PlayTool, hit: HitTarget): () => void {
  const move = (ev: PointerEvent): void => tool.pointerMove(pointerInfo(hit, ev));
  const up = (ev: PointerEvent): void => tool.pointerUp(pointerInfo(hit, ev));
  const cancel = (): void => tool.pointerCancel();
  window.addEventListener('pointermove', move);
  window.addEventListener('pointerup', up);
  window.addEventListener('pointercancel', cancel);
  return () => {
    window.removeEventListener('pointermove', move);
    window.removeEventListener('pointerup', up);
    window.removeEventListener('pointercancel', cancel);
  };
}

/** While dragging: the wheel, right click and R turn the piece wherever the pointer is. */
export function listenWhileDragging(tool: PlayTool, hit: HitTarget): () => void {
  const onWheel = (ev: WheelEvent): void => {
    if (ev.ctrlKey || ev.metaKey) return;
    ev.preventDefault();
    ev.stopPropagation();
    tool.wheel(wheelInfo(hit, ev));
  };
  const onMenu = (ev: MouseEvent): void => {
    ev.preventDefault();
    ev.stopPropagation();
    tool.contextMenu(-1);
  };
  const during = (): boolean => tool.drag !== null;
  const unbind = bindShortcuts(
    [
      { key: 'turn', run: () => tool.turn(1), when: during, stop: true },
      { key: 'turnBack', run: () => tool.turn(-1), when: during, stop: true },
    ],
    { capture: true },
  );
  window.addEventListener('wheel', onWheel, { passive: false, capture: true });
  window.addEventListener('contextmenu', onMenu, { capture: true });
  return () => {
    window.removeEventListener('wheel', onWheel, { capture: true });
    window.removeEventListener('contextmenu', onMenu, { capture: true });
    unbind();
  };
}
