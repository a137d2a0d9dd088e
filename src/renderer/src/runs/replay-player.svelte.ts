/**
 * The replay of a run: where its timeline stands, whether it plays, and how. The run page feeds it
 * the improvements as they arrive and has it play (`animate`, a `tick` per animation frame); everything else (keys,
 * buttons, the slider, the chart's cursor) goes through its methods. The timeline arithmetic is
 * in replay.ts; this holds the state that arithmetic moves.
 */
import { untrack } from 'svelte';
import type { ImprovementPoint } from '../../../main/api/types';
import { advance, atSlider, atTime, sliderOf, SPEEDS, step, timelineEnd, type Cursor, type TimelineScale } from './replay';

/** Improvement ticks drawn on the timeline at most. */
const MAX_TICKS = 400;

const START: Cursor = { t: 0, frame: -1 };

export class ReplayPlayer {
  #frames = $state.raw<readonly ImprovementPoint[]>([]);
  #elapsedMs = $state(0);
  #cursor = $state.raw<Cursor>(START);
  #playing = $state(false);
  /** Following the end of a live run: the cursor stays at the newest moment. */
  #follow = $state(true);
  #scale = $state<TimelineScale>('steps');
  #speedId = $state('fit');
  /** Slider position playback has reached (carried: improvements sharing a time have no width in time). */
  #x = 0;

  readonly end = $derived(timelineEnd(this.#frames, this.#elapsedMs));
  /** Slider value, 0..10 000. */
  readonly slider = $derived(Math.round(sliderOf(this.#frames, this.end, this.#cursor, this.#scale) * 10_000));
  /** Improvement ticks on the timeline: position in percent and the improvement's index. */
  readonly ticks = $derived.by(() => {
    const frames = this.#frames;
    const stride = Math.max(1, Math.ceil(frames.length / MAX_TICKS));
    const out: { x: number; k: number }[] = [];
    for (let k = 0; k < frames.length; k += stride) out.push({ x: sliderOf(frames, this.end, { t: frames[k]!.t, frame: k }, this.#scale) * 100, k });
    return out;
  });

  get frames(): readonly ImprovementPoint[] {
    return this.#frames;
  }

  get cursor(): Cursor {
    return this.#cursor;
  }

  get t(): number {
    return this.#cursor.t;
  }

  get frame(): number {
    return this.#cursor.frame;
  }

  /** The improvement shown, or null before the first. */
  get frameInfo(): ImprovementPoint | null {
    return this.#frames[this.#cursor.frame] ?? null;
  }

  get playing(): boolean {
    return this.#playing;
  }

  get following(): boolean {
    return this.#follow;
  }

  get scale(): TimelineScale {
    return this.#scale;
  }

  set scale(s: TimelineScale) {
    this.#scale = s;
  }

  get speedId(): string {
    return this.#speedId;
  }

  set speedId(id: string) {
    this.#speedId = id;
  }

  /** Back to the start of a run not loaded yet, following its end. */
  reset(): void {
    this.#frames = [];
    this.#elapsedMs = 0;
    this.#cursor = START;
    this.#follow = true;
    this.#playing = false;
  }

  /** The run's improvements and running time so far; a followed run's cursor moves to its newest moment. */
  update(frames: readonly ImprovementPoint[], elapsedMs: number): void {
    untrack(() => {
      this.#frames = frames;
      this.#elapsedMs = elapsedMs;
      this.#snapToEnd();
    });
  }

  /** Follow the newest moment again (a resumed run). */
  followEnd(): void {
    this.#follow = true;
    this.#snapToEnd();
  }

  togglePlay(): void {
    if (this.#playing) {
      this.#playing = false;
      return;
    }
    if (this.#cursor.t >= this.end) this.#cursor = START;
    this.#follow = false;
    this.#x = sliderOf(this.#frames, this.end, this.#cursor, this.#scale);
    this.#playing = true;
  }

  /** Advance playback by `realMs` of wall time; false once it has stopped (or was not playing). */
  tick(realMs: number): boolean {
    if (!this.#playing) return false;
    const speed = SPEEDS.find((s) => s.id === this.#speedId) ?? SPEEDS[0]!;
    const r = advance(this.#frames, this.end, this.#cursor, realMs, speed, this.#scale, this.#x);
    this.#x = r.x;
    this.#cursor = r.cursor;
    if (r.done) {
      this.#playing = false;
      this.#follow = true;
      return false;
    }
    return true;
  }

  /** Drive `tick` from animation frames until playback stops; returns what cancels the next frame. */
  animate(): () => void {
    let last = performance.now();
    const frame = (now: number): void => {
      const dt = now - last;
      last = now;
      if (this.tick(dt)) raf = requestAnimationFrame(frame);
    };
    let raf = requestAnimationFrame(frame);
    return () => cancelAnimationFrame(raf);
  }

  /** Stop playing and show the moment `c` (clamped to the timeline); at the very end, follow it. */
  seekTo(c: Cursor): void {
    this.#playing = false;
    const end = this.end;
    this.#cursor = { t: Math.min(end, Math.max(0, c.t)), frame: c.frame };
    this.#follow = this.#cursor.t >= end && this.#cursor.frame === this.#frames.length - 1;
  }

  /** Show the running time `time` (ms). */
  seek(time: number): void {
    this.seekTo(atTime(this.#frames, Math.min(this.end, Math.max(0, time))));
  }

  /** Show the slider position `value` (0..10 000). */
  seekSlider(value: number): void {
    this.seekTo(atSlider(this.#frames, this.end, value / 10_000, this.#scale));
  }

  first(): void {
    this.seekTo(START);
  }

  last(): void {
    this.seek(this.end);
  }

  next(): void {
    this.seekTo(step(this.#frames, this.#cursor, 1) ?? atTime(this.#frames, this.end));
  }

  previous(): void {
    const p = step(this.#frames, this.#cursor, -1);
    if (p) this.seekTo(p);
  }

  #snapToEnd(): void {
    if (this.#follow && !this.#playing) this.#cursor = atTime(this.#frames, this.end);
  }
}
