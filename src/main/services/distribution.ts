/**
 * Where this app's studies run: on this machine (the run manager's queue) or on `workbench
 * worker` processes through a Redis queue (studies/redis). The URL comes from outside the app
 * (WORKBENCH_REDIS, `serve --redis`), which wins, or from the database's settings, which the
 * Studies view edits; a new URL takes effect at once. Messages and the API show the URL with its
 * password masked; the password is only ever in the setting and in the connection.
 */
import type { Disposable } from '../lifecycle/disposable';
import type { LeaseGrant } from '../store/leases';
import type { RunRecord } from '../store/types';
import type { RunDispatcher } from '../studies/dispatcher';
import { RemoteRuns } from '../studies/redis/coordinator';
import { maskRedisUrl } from '../studies/redis/connection';
import { readSetting, writeSetting } from './settings';
import type { Workbench } from './workbench';
import type { DistributionState } from '../api/system';

export type { DistributionState };

/** The setting holding the URL the Studies view saved. */
export const REDIS_URL_SETTING = 'redis.url';

export interface DistributionOptions {
  /** A URL given outside the app; the settings' one is then ignored. */
  url?: string;
  /** What gave `url` (shown in the view), default 'WORKBENCH_REDIS'. */
  fixedBy?: string;
  progressIntervalMs?: number;
}

/** Check a URL's form; throws one line (never showing the password). */
export function checkDistributionUrl(url: string): void {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new Error(`"${maskRedisUrl(url)}" is not a URL; a Redis URL looks like redis://host:6379 or rediss://:password@host:6380`);
  }
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:') throw new Error(`a Redis URL starts with redis:// or rediss:// (TLS), not ${u.protocol}//`);
  if (!u.hostname) throw new Error(`the Redis URL "${maskRedisUrl(url)}" names no host`);
}

const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e)).replace(/\s+/g, ' ').trim();

/**
 * The studies' dispatcher: the Redis coordinator while connected, else the local run manager.
 * Runs already handed to one of them stay there when the other takes over (runs on the queue go
 * on on the workers and are followed again by the next coordinator of this database).
 */
export class Distribution implements RunDispatcher, Disposable {
  private remote: RemoteRuns | null = null;
  /** The URL in use or last tried (unmasked: it reaches only RemoteRuns). */
  private url: string | null = null;
  private message: string | null = null;
  /** Changes one after the other. */
  private chain: Promise<unknown> = Promise.resolve();
  private closed = false;
  private readonly fixed: string | null;

  constructor(
    private readonly wb: Workbench,
    private readonly opts: DistributionOptions = {},
  ) {
    this.fixed = opts.url ? (opts.fixedBy ?? 'WORKBENCH_REDIS') : null;
  }

  /**
   * Connect to the URL given outside the app, else to the saved one. An unreachable Redis leaves
   * the studies on this machine and is told by `state()`, unless `strict` (the CLI's `--redis`):
   * then the one-line error is thrown.
   */
  async start(strict = false): Promise<void> {
    const url = this.opts.url ?? this.savedUrl();
    if (!url) return;
    await this.connect(url);
    if (strict && this.message) throw new Error(this.message);
  }

  state(): DistributionState {
    const saved = this.savedUrl();
    return {
      url: this.url === null ? null : maskRedisUrl(this.url),
      fromEnv: this.fixed !== null,
      fixedBy: this.fixed,
      saved: saved === null ? null : maskRedisUrl(saved),
      state: this.remote ? 'connected' : this.message ? 'unreachable' : 'local',
      message: this.message,
    };
  }

  /**
   * Save a URL (null or blank: forget it) and use it at once: the studies started from now on go
   * to its queue, or stay on this machine when it cannot be reached (the URL is kept: Redis may
   * only be down for now). Refused while a URL from outside the app is in use.
   */
  set(url: string | null): Promise<DistributionState> {
    const next = url?.trim() || null;
    if (this.fixed) throw new Error(`the Redis URL is set by ${this.fixed} for this session; start the app without it to use a saved URL`);
    if (next !== null) checkDistributionUrl(next);
    const run = this.chain.then(async () => {
      writeSetting(this.wb.store, REDIS_URL_SETTING, next);
      await this.disconnect();
      if (next !== null) await this.connect(next);
      return this.state();
    });
    this.chain = run.catch(() => {});
    return run;
  }

  /** Release the Redis connections and workers (the backend's disposable store calls this). */
  async dispose(): Promise<void> {
    this.closed = true;
    await this.chain;
    await this.disconnect();
  }

  private savedUrl(): string | null {
    return readSetting(this.wb.store, REDIS_URL_SETTING) ?? null;
  }

  private async connect(url: string): Promise<void> {
    this.url = url;
    this.message = null;
    if (this.closed) return;
    try {
      checkDistributionUrl(url);
      this.remote = await RemoteRuns.open(this.wb.store, url, { elsewhere: this.wb.runs, progressIntervalMs: this.opts.progressIntervalMs });
    } catch (e) {
      this.message = errorText(e);
    }
  }

  private async disconnect(): Promise<void> {
    const r = this.remote;
    this.remote = null;
    this.url = null;
    this.message = null;
    await r?.dispose();
  }

  // ---- RunDispatcher: the current one takes new runs; each run stays with the one holding it --

  private get current(): RunDispatcher {
    return this.remote ?? this.wb.runs;
  }

  get grant(): LeaseGrant {
    return this.current.grant;
  }

  enqueue(runId: number): void {
    this.current.enqueue(runId);
  }

  resume(runId: number): RunRecord {
    return this.current.resume(runId);
  }

  isActive(runId: number): boolean {
    return (this.remote?.isActive(runId) ?? false) || this.wb.runs.isActive(runId);
  }

  /** RemoteRuns hands runs it does not follow to the run manager (`elsewhere`). */
  waitFor(runId: number): Promise<RunRecord> {
    return this.current.waitFor(runId);
  }

  stop(runId: number): Promise<RunRecord> {
    return this.current.stop(runId);
  }
}
