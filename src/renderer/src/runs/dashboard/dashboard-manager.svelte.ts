/**
 * The live runs view's state: every active run (kept current from pushed progress), the recently
 * ended ones, the run shown in detail with its record and its best (chart series and best board,
 * one snapshot: live-best.ts), and stopping or resuming. Create it while a component initialises:
 * its effects live as long as that component.
 */
import { untrack } from 'svelte';
import type { RunRecord, RunSeries, RunSummary, WorkbenchApi } from '../../../../main/api/types';
import { ACTIVE_STATUSES, type RunClock } from '../../../../core/engine/run-types';
import { connection } from '../../lib/connection.svelte';
import { messageOf } from '../../lib/format';
import { Latest } from '../../lib/latest';
import { LiveRuns, isActive, progressOf, type LiveRun } from '../progress';
import { SeriesFeed } from '../series-feed';
import { LiveBestFeed, type LiveBest } from './live-best';
import { runChartLines, type XMode } from '../charts/series';
import type { ChartLine } from '../charts/chart';
import { ENDED_STATUSES } from '../../../../core/engine/run-types';

export interface DashboardHooks {
  /** The run shown in detail as asked (the URL); null = the first active one. */
  focusId(): number | null;
  focus(id: number): void;
  message(text: string, kind?: 'info' | 'error'): void;
}

export class DashboardManager {
  readonly #api: WorkbenchApi;
  readonly #hooks: DashboardHooks;
  readonly #live = new LiveRuns();
  #version = $state(0);
  #recent = $state<RunSummary[]>([]);
  #loaded = $state(false);
  #now = $state(Date.now());
  #stopping = $state<ReadonlySet<number>>(new Set());
  #record = $state.raw<RunRecord | null>(null);
  #best = $state.raw<LiveBest | null>(null);
  xMode = $state<XMode>('time');
  readonly #feed: SeriesFeed;
  readonly #bestFeed: LiveBestFeed;
  readonly #lists = new Latest();
  /** The shown run's record: showing another run, or leaving, drops a late answer. */
  readonly #shown = new Latest();
  #refreshTimer: ReturnType<typeof setTimeout> | null = null;
  #seriesTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(api: WorkbenchApi, hooks: DashboardHooks) {
    this.#api = api;
    this.#hooks = hooks;
    this.#bestFeed = new LiveBestFeed(
      async (id, eventId) => (await untrack(() => api).runBoard({ id, eventId })).solution,
      (b) => (this.#best = b),
    );
    this.#feed = new SeriesFeed(
      untrack(() => api),
      { onChange: (s: RunSeries | null) => this.#bestFeed.offer(s) },
    );

    // Reload after a reconnection (the last figures stay on screen meanwhile).
    $effect(() => {
      if (connection.epoch > 0) this.reload();
    });

    $effect(() => {
      this.reload();
      const tick = setInterval(() => (this.#now = Date.now()), 1000);
      const off = api.subscribe((e) => {
        const t = Date.now();
        const shownId = untrack(() => this.shownId);
        if (e.type === 'run-updated') {
          const before = this.#live.get(e.run.id)?.run.status;
          this.#live.apply(e, t);
          if (before !== e.run.status) this.reloadSoon();
          if (e.run.id === shownId) this.#refreshSeriesSoon(e.run.elapsedMs);
          this.#version++;
        } else if (e.type === 'run-progress') {
          if (this.#live.apply(e, t)) this.#version++;
          if (e.runId === shownId) this.#refreshSeriesSoon(e.elapsedMs);
        } else if (e.type === 'runs-deleted') {
          this.#live.apply(e, t);
          this.reloadSoon();
        }
      });
      return () => {
        off();
        clearInterval(tick);
        this.#lists.cancel();
        if (this.#refreshTimer) clearTimeout(this.#refreshTimer);
        if (this.#seriesTimer) clearTimeout(this.#seriesTimer);
      };
    });

    // The shown run: its record (the puzzle) and its series with its best board.
    $effect(() => {
      const id = this.shownId;
      this.#feed.follow(id);
      this.#record = null;
      if (id === null) return;
      const asked = this.#shown.run(() => api.getRun({ id }));
      asked.then(
        (answer) => {
          if (answer.stale) return;
          this.#record = answer.value;
        },
        (err: unknown) => hooks.message(`Could not load run ${id} — ${messageOf(err)}`, 'error'),
      );
      return () => this.#shown.cancel();
    });
  }

  /** Load the active and the recently ended runs; a late answer (a newer reload overtook it) is dropped. */
  reload(): void {
    const api = this.#api;
    void this.#lists
      .run(() =>
        Promise.all([
          api.queryRuns({ statuses: [...ACTIVE_STATUSES], sort: 'created', dir: 'asc', limit: 500 }),
          api.queryRuns({ statuses: [...ENDED_STATUSES], sort: 'created', dir: 'desc', limit: 6 }),
        ]),
      )
      .then(
        (r) => {
          if (r.stale) return;
          const [active, done] = r.value;
          this.#live.reset(active.runs, Date.now());
          this.#recent = done.runs;
          this.#loaded = true;
          this.#version++;
        },
        (err: unknown) => this.#hooks.message(`Could not load the runs — ${messageOf(err)}`, 'error'),
      );
  }

  reloadSoon(): void {
    this.#refreshTimer ??= setTimeout(() => {
      this.#refreshTimer = null;
      this.reload();
    }, 250);
  }

  /** New figures or an improvement of the shown run (at `elapsedMs`): fetch what is new of its series, at most a few times a second. */
  #refreshSeriesSoon(elapsedMs: number): void {
    this.#feed.sawTime(elapsedMs);
    this.#seriesTimer ??= setTimeout(() => {
      this.#seriesTimer = null;
      this.#feed.refresh();
    }, 200);
  }

  // ---- the lists ---------------------------------------------------------------------------------

  get loaded(): boolean {
    return this.#loaded;
  }
  get now(): number {
    return this.#now;
  }
  get recent(): RunSummary[] {
    return this.#recent;
  }
  /** Running first, then queued, each by id. */
  readonly active = $derived.by(() => {
    void this.#version;
    return this.#live
      .list()
      .filter((l) => isActive(l.run.status))
      .sort((a, b) => (a.run.status === b.run.status ? a.run.id - b.run.id : a.run.status === 'running' ? -1 : 1));
  });
  readonly running = $derived(this.active.filter((l) => l.run.status === 'running'));
  readonly queued = $derived(this.active.filter((l) => l.run.status === 'queued'));
  /** The order the arrow keys walk: active runs, then the recently ended. */
  readonly order = $derived(this.active.map((l) => l.run.id).concat(this.#recent.map((r) => r.id)));

  elapsedNow(l: LiveRun): number {
    return this.#live.elapsedNow(l, this.#now);
  }
  /** How far a live run is towards its limit, and the time left. */
  fraction(l: LiveRun): { fraction: number | null; remaining: number | null; remainingClock: RunClock } {
    const p = progressOf(l.run.stop, this.elapsedNow(l), l.evaluations, l.rate, l.pace);
    return { fraction: p.fraction, remaining: p.remainingMs, remainingClock: p.remainingClock };
  }

  // ---- the shown run ------------------------------------------------------------------------------

  readonly shownId = $derived.by(() => this.#hooks.focusId() ?? this.running[0]?.run.id ?? this.active[0]?.run.id ?? this.#recent[0]?.id ?? null);
  readonly shownLive = $derived.by(() => {
    void this.#version;
    return this.shownId === null ? null : (this.#live.get(this.shownId) ?? null);
  });
  readonly shownSummary = $derived(
    this.shownLive?.run ?? this.#recent.find((r) => r.id === this.shownId) ?? (this.#record?.id === this.shownId ? this.#record : null),
  );
  get record(): RunRecord | null {
    return this.#record;
  }
  /** The shown run's best board: the board of `bestScore` (null before any improvement or while the series loads). */
  get board(): unknown {
    return this.#best?.board ?? null;
  }
  /** The series and the best board are there. */
  get seriesLoaded(): boolean {
    return this.#best !== null;
  }
  /**
   * The shown run's best score, as its chart and its board show it: its best checked improvement
   * (the stored best while the series loads).
   */
  readonly bestScore = $derived.by((): number | null => {
    const b = this.#best;
    return b ? (b.best?.score ?? null) : (this.shownSummary?.bestScore ?? null);
  });
  /** Running time when the shown run's best was first reached (null before any improvement or while its series loads). */
  readonly bestFoundMs = $derived(this.#best?.best?.t ?? null);
  readonly lines = $derived.by((): ChartLine[] => {
    const series = this.#best?.series;
    if (!series) return [];
    const s = this.shownLive;
    const summary = this.shownSummary;
    const end = s
      ? { t: this.#live.elapsedNow(s, this.#now), evaluations: s.evaluations }
      : summary
        ? { t: summary.elapsedMs, evaluations: summary.evaluations }
        : null;
    return runChartLines(series.improvements, series.progress, this.xMode, { end });
  });

  /** Move the shown run up or down the list (arrow keys); returns the run now shown. */
  moveShown(delta: number): number | null {
    const order = this.order;
    if (order.length === 0) return null;
    const i = this.shownId === null ? -1 : order.indexOf(this.shownId);
    const next = order[Math.max(0, Math.min(order.length - 1, i + delta))]!;
    this.#hooks.focus(next);
    return next;
  }

  // ---- stop and resume ----------------------------------------------------------------------------

  isStopping(id: number): boolean {
    return this.#stopping.has(id);
  }

  async stop(r: RunSummary): Promise<void> {
    this.#stopping = new Set([...this.#stopping, r.id]);
    try {
      await this.#api.stopRun({ id: r.id });
      this.#hooks.message(`Stopped run ${r.id}. It can be resumed.`);
    } catch (err) {
      this.#hooks.message(`Could not stop run ${r.id} — ${messageOf(err)}`, 'error');
    } finally {
      this.#stopping = new Set([...this.#stopping].filter((x) => x !== r.id));
      this.reloadSoon();
    }
  }

  async resume(r: RunSummary): Promise<void> {
    try {
      await this.#api.resumeRun({ id: r.id });
      this.#hooks.message(`Resumed run ${r.id} from its last checkpoint.`);
      this.#hooks.focus(r.id);
      this.reloadSoon();
    } catch (err) {
      this.#hooks.message(`Could not resume run ${r.id} — ${messageOf(err)}`, 'error');
    }
  }
}
