/**
 * Live progress of active runs: what the dashboard shows between the backend's pushes (about one
 * a second per run). Pure: the caller passes the clock.
 */
import { hasEnded, type RunClock, type StopCriteria } from '../../../core/engine/run-types';
import { runRate } from '../../../core/text/run-text';
import type { PushEvent } from '../../../main/api/types';
import type { RunStatus, RunSummary } from '../../../main/api/types';

export interface Progress {
  /** 0..1 towards the nearest limit, or null when the run has no time or evaluation limit. */
  fraction: number | null;
  /** Which limit the fraction measures. */
  basis: 'time' | 'evaluations' | null;
  /** Time left before the nearest limit (evaluations: at the current rate), or null when unknown. */
  remainingMs: number | null;
  /**
   * The clock `remainingMs` counts: `wall`, or `cpu` for a run on a CPU-time budget while the
   * pace of its clock against the wall is not known (then it is the CPU time left).
   */
  remainingClock: RunClock;
}

/**
 * Progress towards a run's time or evaluation limit: the fraction is the larger of the two (the
 * limit reached first ends the run). Both limits count the run's own clock; `pace` (ms of it per
 * ms of wall time, LiveRun.pace) turns a CPU-time budget's rest into the time a person waits: a
 * run on two threads spends its CPU seconds twice as fast as the wall clock goes.
 */
export function progressOf(stop: StopCriteria, elapsedMs: number, evaluations: number, ratePerSecond: number | null, pace: number | null = null): Progress {
  const byTime = stop.seconds !== null ? Math.min(1, elapsedMs / (stop.seconds * 1000)) : null;
  const byEvals = stop.evaluations !== null ? Math.min(1, evaluations / stop.evaluations) : null;
  if (byTime === null && byEvals === null) return { fraction: null, basis: null, remainingMs: null, remainingClock: 'wall' };
  const timeLeft = stop.seconds !== null ? Math.max(0, stop.seconds * 1000 - elapsedMs) : null;
  const evalsLeft =
    stop.evaluations !== null && ratePerSecond !== null && ratePerSecond > 0 ? (Math.max(0, stop.evaluations - evaluations) / ratePerSecond) * 1000 : null;
  const clockLeft = timeLeft === null ? evalsLeft : evalsLeft === null ? timeLeft : Math.min(timeLeft, evalsLeft);
  const onCpu = stop.clock === 'cpu';
  const known = onCpu && pace !== null && pace > 0;
  const remainingMs = clockLeft === null || !known ? clockLeft : clockLeft / pace;
  const remainingClock: RunClock = onCpu && !known ? 'cpu' : 'wall';
  if (byEvals === null || (byTime !== null && byTime >= byEvals)) return { fraction: byTime, basis: 'time', remainingMs, remainingClock };
  return { fraction: byEvals, basis: 'evaluations', remainingMs, remainingClock };
}

/**
 * Evaluations per second over the last `windowMs` of samples (by the run's own elapsed time), and
 * the pace of that elapsed time against the page's clock (a CPU-time run on two threads: about 2).
 */
export class RateMeter {
  private samples: { t: number; evaluations: number; at: number }[] = [];

  constructor(private readonly windowMs = 10_000) {}

  /** `at`: the page's clock when the figures arrived. */
  add(elapsedMs: number, evaluations: number, at = 0): void {
    const last = this.samples[this.samples.length - 1];
    // A resumed run starts again from its checkpoint: earlier samples no longer apply.
    if (last && (elapsedMs < last.t || evaluations < last.evaluations)) this.samples = [];
    if (last && elapsedMs === last.t) this.samples[this.samples.length - 1] = { t: elapsedMs, evaluations, at: last.at };
    else this.samples.push({ t: elapsedMs, evaluations, at });
    while (this.samples.length > 2 && this.samples[0]!.t < elapsedMs - this.windowMs) this.samples.shift();
  }

  /** Null until two samples at least 200 ms apart. */
  rate(): number | null {
    const first = this.samples[0];
    const last = this.samples[this.samples.length - 1];
    if (!first || !last || last.t - first.t < 200) return null;
    return ((last.evaluations - first.evaluations) / (last.t - first.t)) * 1000;
  }

  /** Ms of the run's clock per ms of the page's; null until two samples arrived at least 2 s apart. */
  pace(): number | null {
    const first = this.samples[0];
    const last = this.samples[this.samples.length - 1];
    if (!first || !last || last.at - first.at < 2000) return null;
    return (last.t - first.t) / (last.at - first.at);
  }
}

/** What the dashboard knows of one run right now. */
export interface LiveRun {
  run: RunSummary;
  elapsedMs: number;
  evaluations: number;
  /** The best checked board's score (the summary's), never the solver's claim in a progress push. */
  best: number | null;
  current: number | null;
  rate: number | null;
  /** Ms of the run's clock per ms of the page's while it runs (RateMeter.pace); null while unknown. */
  pace: number | null;
  /** The solver process's memory at the last sample, in bytes; null when not measured. */
  rssBytes: number | null;
  /** The most memory the run has held, in bytes; null when not measured. */
  peakRssBytes: number | null;
  /** When (page clock) the last figures arrived; elapsed time is extrapolated from it while running. */
  receivedAt: number;
}

/** The larger of two peaks, either of which may be unknown. */
export function higherPeak(a: number | null | undefined, b: number | null | undefined): number | null {
  if (a === null || a === undefined) return b ?? null;
  return b === null || b === undefined ? a : Math.max(a, b);
}

/** Queued or running: a process works on it, or will. */
export const isActive = (status: RunStatus): boolean => !hasEnded(status);

/**
 * Live runs kept from summaries and pushes. Holds one RateMeter per run; `apply` returns true
 * when something shown changed.
 */
export class LiveRuns {
  private readonly runs = new Map<number, LiveRun>();
  private readonly meters = new Map<number, RateMeter>();

  /** Replace the known runs by a fresh list (keeping the live figures of runs still there). */
  reset(list: readonly RunSummary[], now: number): void {
    const keep = new Set(list.map((r) => r.id));
    for (const id of [...this.runs.keys()])
      if (!keep.has(id)) {
        this.runs.delete(id);
        this.meters.delete(id);
      }
    for (const r of list) this.upsert(r, now);
  }

  get(id: number): LiveRun | undefined {
    return this.runs.get(id);
  }

  list(): LiveRun[] {
    return [...this.runs.values()];
  }

  apply(e: PushEvent, now: number): boolean {
    if (e.type === 'run-updated') {
      if (!this.runs.has(e.run.id) && !isActive(e.run.status)) return false;
      this.upsert(e.run, now);
      return true;
    }
    if (e.type === 'run-progress') {
      const live = this.runs.get(e.runId);
      if (!live) return false;
      const meter = this.meter(e.runId);
      meter.add(e.elapsedMs, e.evaluations, now);
      this.runs.set(e.runId, {
        ...live,
        run: live.run.status === 'queued' ? { ...live.run, status: 'running' } : live.run,
        elapsedMs: e.elapsedMs,
        evaluations: e.evaluations,
        // Not the push's bestScore: that is the solver's claim; the checked best comes with the summaries.
        best: live.best,
        current: e.currentScore,
        rate: meter.rate(),
        pace: meter.pace(),
        rssBytes: e.rssBytes ?? live.rssBytes,
        // The process's peak; a resumed run's earlier processes may have held more.
        peakRssBytes: higherPeak(live.peakRssBytes, e.peakRssBytes),
        receivedAt: now,
      });
      return true;
    }
    if (e.type === 'runs-deleted') {
      let changed = false;
      for (const id of e.ids) changed = this.runs.delete(id) || changed;
      return changed;
    }
    return false;
  }

  /**
   * Elapsed time now: the last figure plus the time since it arrived, while the run is running
   * (capped at 5 s of guessing), on the run's clock: CPU time at its measured pace, none before.
   */
  elapsedNow(live: LiveRun, now: number): number {
    if (live.run.status !== 'running') return live.elapsedMs;
    const pace = live.run.stop.clock === 'cpu' ? (live.pace ?? 0) : 1;
    return live.elapsedMs + Math.min(5_000, Math.max(0, now - live.receivedAt)) * pace;
  }

  /**
   * A run's running time (extrapolated as elapsedNow), evaluations and rate over the whole run
   * now: its pushes' while it runs, the summary's for a run not kept here.
   */
  figuresNow(r: RunSummary, now: number): { elapsedMs: number; evaluations: number; rate: number | null } {
    const live = this.runs.get(r.id);
    if (!live) return { elapsedMs: r.elapsedMs, evaluations: r.evaluations, rate: runRate(r.evaluations, r.elapsedMs) };
    return { elapsedMs: this.elapsedNow(live, now), evaluations: live.evaluations, rate: runRate(live.evaluations, live.elapsedMs) };
  }

  private meter(id: number): RateMeter {
    let m = this.meters.get(id);
    if (!m) this.meters.set(id, (m = new RateMeter()));
    return m;
  }

  private upsert(r: RunSummary, now: number): void {
    const prev = this.runs.get(r.id);
    // Summaries come from the store; the pushes may be fresher. Not those of a run starting again
    // (a resume from an older checkpoint): its figures go back to the checkpoint's.
    const fresher = prev && prev.elapsedMs > r.elapsedMs && r.status === 'running' && prev.run.status === 'running';
    // A queued run's clock stands still while its solver process starts: no sample of its pace.
    if (r.status !== 'queued') this.meter(r.id).add(r.elapsedMs, r.evaluations, now);
    this.runs.set(r.id, {
      run: r,
      elapsedMs: fresher ? prev.elapsedMs : r.elapsedMs,
      evaluations: fresher ? prev.evaluations : r.evaluations,
      best: r.bestScore === null ? (prev?.best ?? null) : Math.max(r.bestScore, prev?.best ?? -Infinity),
      current: prev?.current ?? null,
      rate: isActive(r.status) ? this.meter(r.id).rate() : runRate(r.evaluations, r.elapsedMs),
      pace: r.status === 'running' ? this.meter(r.id).pace() : null,
      rssBytes: fresher ? (prev.rssBytes ?? r.rssBytes) : (r.rssBytes ?? prev?.rssBytes ?? null),
      peakRssBytes: higherPeak(r.peakRssBytes, prev?.peakRssBytes),
      receivedAt: fresher ? prev.receivedAt : now,
    });
  }
}
