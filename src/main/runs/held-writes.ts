/**
 * A run's messages held back while another program holds the database's write lock (a long
 * import in another process, a backup, the sqlite3 shell): written later in their order, so a
 * few seconds of someone else's transaction do not end an overnight run. Only a lock held longer
 * than `giveUpMs` ends it. Progress samples and checkpoints are sampled anyway: of those only the
 * latest waiting is kept, so what waits stays small however long the lock lasts.
 */
import type { FromWorker } from '../../core/engine/protocol';

export interface HeldWritesOptions {
  /** How often the held messages are tried again. */
  retryMs: number;
  /** A lock held longer than this ends the run (as a failed write does). */
  giveUpMs: number;
  now?: () => number;
}

interface Held {
  since: number;
  messages: FromWorker[];
  timer: NodeJS.Timeout | undefined;
}

export class HeldWrites {
  private readonly held = new Map<number, Held>();
  private readonly now: () => number;
  private giveUpMs: number;

  constructor(private readonly opts: HeldWritesOptions) {
    this.now = opts.now ?? Date.now;
    this.giveUpMs = opts.giveUpMs;
  }

  /** On quit: wait no more; the next try of each run's writes gives up (its lease lets the next start recover it). */
  giveUpNow(): void {
    this.giveUpMs = -1;
  }

  /** Whether the run has messages waiting (later ones must wait behind them). */
  holding(runId: number): boolean {
    return this.held.has(runId);
  }

  /**
   * Hold `m` (behind those waiting), and call `retry` after `retryMs`. False when the lock has
   * been held for longer than `giveUpMs`: the caller ends the run.
   */
  hold(runId: number, m: FromWorker, retry: () => void): boolean {
    let h = this.held.get(runId);
    if (!h) this.held.set(runId, (h = { since: this.now(), messages: [], timer: undefined }));
    if (this.now() - h.since > this.giveUpMs) return false;
    const last = h.messages.at(-1);
    // Only the latest sample or checkpoint matters when nothing else came between.
    if (last && last.type === m.type && (m.type === 'progress' || m.type === 'checkpoint')) h.messages[h.messages.length - 1] = m;
    else h.messages.push(m);
    if (!h.timer) h.timer = setTimeout(() => ((h.timer = undefined), retry()), this.opts.retryMs);
    return true;
  }

  /** The messages waiting, in order, taken out (the lock's start kept: a message held again goes back in front). */
  take(runId: number): FromWorker[] {
    const h = this.held.get(runId);
    if (!h) return [];
    const out = h.messages;
    h.messages = [];
    return out;
  }

  /** Put back messages still to write, after those held again while taking. */
  putBack(runId: number, rest: readonly FromWorker[]): void {
    const h = this.held.get(runId);
    if (h) h.messages.push(...rest);
  }

  /** Everything written: the run writes directly again. */
  release(runId: number): void {
    const h = this.held.get(runId);
    if (h?.timer) clearTimeout(h.timer);
    this.held.delete(runId);
  }

  /** Since when the run's writes have waited, or null. */
  since(runId: number): number | null {
    return this.held.get(runId)?.since ?? null;
  }
}
