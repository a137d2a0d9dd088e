/**
 * Keeping a run's chart series up to date while it runs: fetch once (thinned by the backend),
 * then only what came after the last sample, merged in; when the merged series grows past a
 * limit, fetch it thinned again. At most one request in flight; late answers for another run are
 * dropped. A run resumed from an older checkpoint goes back in time: the store drops its samples
 * after the checkpoint and samples that stretch again, so the series is fetched whole again.
 */
import type { WorkbenchApi } from '../../../main/api/types';
import type { RunSeries } from '../../../main/api/types';

/** `base` followed by what `delta` adds after it (samples later than base's last, unseen improvements). */
export function mergeSeries(base: RunSeries, delta: RunSeries): RunSeries {
  if (delta.runId !== base.runId) return base;
  const lastT = base.progress.length ? base.progress[base.progress.length - 1]!.t : -1;
  const progress = delta.progress.filter((p) => p.t > lastT);
  const seen = new Set(base.improvements.map((i) => i.eventId));
  const improvements = delta.improvements.filter((i) => !seen.has(i.eventId));
  if (progress.length === 0 && improvements.length === 0) return base;
  const imps = [...base.improvements, ...improvements].sort((a, b) => a.t - b.t || a.eventId - b.eventId);
  return { runId: base.runId, progress: [...base.progress, ...progress], progressTotal: base.progressTotal + progress.length, improvements: imps };
}

/**
 * The time after which new samples are asked for: the last sample's (the last improvement's when
 * there is none). Not the later of the two: a run resumed from an older checkpoint keeps its
 * improvements past it while it samples that stretch again, and improvements asked for twice are
 * merged once.
 */
export function lastTime(s: RunSeries): number {
  const a = s.progress.at(-1)?.t;
  if (a !== undefined) return a;
  return s.improvements.at(-1)?.t ?? -1;
}

/** How many samples a feed asks for when it fetches a series whole (Live's; the run page asks for more). */
export const FEED_POINTS = 1500;

export interface SeriesFeedOptions {
  maxPoints?: number;
  onChange: (s: RunSeries | null, error: string | null) => void;
}

export class SeriesFeed {
  private series: RunSeries | null = null;
  private runId: number | null = null;
  private busy = false;
  private again = false;
  /** The series kept no longer matches the store (the run went back in time): fetch it whole. */
  private stale = false;
  private readonly maxPoints: number;

  constructor(
    private readonly api: WorkbenchApi,
    private readonly opts: SeriesFeedOptions,
  ) {
    this.maxPoints = opts.maxPoints ?? FEED_POINTS;
  }

  /** Follow another run (null = none): loads its series from scratch. */
  follow(runId: number | null): void {
    if (runId === this.runId) return;
    this.runId = runId;
    this.series = null;
    this.stale = false;
    this.opts.onChange(null, null);
    if (runId !== null) this.refresh();
  }

  /**
   * The run's running time as a push gave it: before the last sample kept, the run was resumed
   * from an older checkpoint, and the next refresh fetches the whole series again.
   */
  sawTime(elapsedMs: number): void {
    const last = this.series?.progress.at(-1)?.t;
    if (last !== undefined && elapsedMs < last) this.stale = true;
  }

  /** New data may be there (a progress push, an improvement): fetch what is new. `elapsedMs`: as for sawTime. */
  refresh(elapsedMs?: number): void {
    if (this.runId === null) return;
    if (elapsedMs !== undefined) this.sawTime(elapsedMs);
    if (this.busy) {
      this.again = true;
      return;
    }
    this.busy = true;
    const runId = this.runId;
    const base = this.series;
    const full = base === null || this.stale || base.progress.length > this.maxPoints * 2;
    if (full) this.stale = false;
    const req = full ? this.api.runSeries({ id: runId, maxPoints: this.maxPoints }) : this.api.runSeries({ id: runId, after: lastTime(base!) });
    req
      .then(
        (s) => {
          if (runId !== this.runId) return;
          this.series = full || !this.series ? s : mergeSeries(this.series, s);
          this.opts.onChange(this.series, null);
        },
        (err: unknown) => {
          if (runId === this.runId) this.opts.onChange(this.series, err instanceof Error ? err.message : String(err));
        },
      )
      .finally(() => {
        this.busy = false;
        if (this.again) {
          this.again = false;
          this.refresh();
        }
      });
  }

  get current(): RunSeries | null {
    return this.series;
  }
}
