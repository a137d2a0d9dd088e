/**
 * Turning pieces with the wheel: a mouse notch is one quarter turn, while a trackpad's stream of
 * small deltas adds up to a turn only every `threshold` pixels (instead of spinning the piece).
 */
export interface WheelLike {
  deltaY: number;
  deltaX?: number;
  /** 0 = pixels, 1 = lines, 2 = pages (WheelEvent.deltaMode). */
  deltaMode?: number;
}

export function createWheelStepper(threshold = 50, resetMs = 400, now: () => number = () => Date.now()): (ev: WheelLike) => number {
  let acc = 0;
  let last = -Infinity;
  return (ev) => {
    const t = now();
    if (t - last > resetMs) acc = 0;
    last = t;
    const scale = ev.deltaMode === 1 ? 40 : ev.deltaMode === 2 ? 800 : 1;
    const d = (Math.abs(ev.deltaY) >= Math.abs(ev.deltaX ?? 0) ? ev.deltaY : (ev.deltaX ?? 0)) * scale;
    acc += d;
    // A whole notch (|delta| >= threshold) always counts as exactly one step, so a fast wheel never skips turns.
    if (Math.abs(acc) < threshold) return 0;
    const step = acc > 0 ? 1 : -1;
    acc = 0;
    return step;
  };
}
