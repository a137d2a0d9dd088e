/**
 * The books of a spread run: CPU and evaluations by attempt (a job a dead worker left is attempted
 * again; both attempts' work was done, and each counts once, at its latest figures), jobs done by
 * job (the first end of a job counts, later ones add only their work), and each worker's figures
 * for the Live view. Pure: the coordinator feeds it the entries it reads.
 */
import * as v from 'valibot';

/** One worker as the run's Live view shows it. */
export const WorkerSample = v.object({
  who: v.string(),
  jobs: v.number(),
  /** Attempts under way now. */
  busy: v.number(),
  cpuMs: v.number(),
  evaluations: v.number(),
  /** Evaluations per CPU second of its passes. */
  rate: v.number(),
  /** When the run last heard from it (ms since the epoch, the coordinator's clock). */
  lastSeen: v.number(),
});
export type WorkerSample = v.InferOutput<typeof WorkerSample>;

interface Attempt {
  n: number;
  who: string;
  cpuMs: number;
  evaluations: number;
  ended: boolean;
}

interface WorkerBooks {
  jobs: number;
  lastSeen: number;
  /** Work of its attempts folded away by `compact`. */
  cpuMs: number;
  evaluations: number;
}

/**
 * A worker not heard from for this long has nothing under way: its passes send figures every
 * second, and a worker's job lock lapses after 30 s (the pass is then run by another worker).
 */
export const SILENT_MS = 30_000;
const heard = (w: WorkerBooks, now: number): boolean => now - w.lastSeen < SILENT_MS;

export class Ledger {
  private readonly attempts = new Map<string, Attempt>();
  private readonly doneJobs = new Set<number>();
  private readonly workers = new Map<string, WorkerBooks>();
  /** Attempts folded away: anything more they say is not counted again. */
  private readonly folded = new Set<string>();
  /** Work of earlier starts of the run (from its checkpoint). */
  private baseCpuMs: number;
  private baseEvaluations: number;
  private baseJobs: number;

  constructor(base: { cpuMs: number; evaluations: number; jobsDone: number }) {
    this.baseCpuMs = base.cpuMs;
    this.baseEvaluations = base.evaluations;
    this.baseJobs = base.jobsDone;
  }

  /** An attempt's latest figures (they only grow). */
  work(attempt: string, n: number, who: string, cpuMs: number, evaluations: number, now: number): void {
    if (this.folded.has(attempt)) return;
    const a = this.attempts.get(attempt) ?? { n, who, cpuMs: 0, evaluations: 0, ended: false };
    a.cpuMs = Math.max(a.cpuMs, cpuMs);
    a.evaluations = Math.max(a.evaluations, evaluations);
    this.attempts.set(attempt, a);
    this.seen(who, now);
  }

  /** An attempt ended; true when it is the first end of its job (the job counts as done). */
  end(attempt: string, n: number, who: string, now: number): boolean {
    const a = this.attempts.get(attempt);
    if (a) a.ended = true;
    this.seen(who, now);
    if (this.doneJobs.has(n)) return false;
    this.doneJobs.add(n);
    const w = this.workers.get(who)!;
    w.jobs++;
    return true;
  }

  /** Whether job n has ended (on any attempt). */
  isDone(n: number): boolean {
    return this.doneJobs.has(n);
  }

  seen(who: string, now: number): void {
    const w = this.workers.get(who) ?? { jobs: 0, lastSeen: now, cpuMs: 0, evaluations: 0 };
    w.lastSeen = Math.max(w.lastSeen, now);
    this.workers.set(who, w);
  }

  get cpuMs(): number {
    let s = this.baseCpuMs;
    for (const a of this.attempts.values()) s += a.cpuMs;
    return s;
  }

  get evaluations(): number {
    let s = this.baseEvaluations;
    for (const a of this.attempts.values()) s += a.evaluations;
    return s;
  }

  get jobsDone(): number {
    return this.baseJobs + this.doneJobs.size;
  }

  /**
   * Every worker heard from in this start of the run, the most recently heard first. A pass sends
   * its figures every second, so a worker silent for `SILENT_MS` has nothing under way (it died,
   * or lost its link): its passes are not shown as going on.
   */
  sample(now: number): WorkerSample[] {
    const out: WorkerSample[] = [];
    for (const [who, w] of this.workers) {
      let cpuMs = w.cpuMs;
      let evaluations = w.evaluations;
      let busy = 0;
      for (const a of this.attempts.values()) {
        if (a.who !== who) continue;
        cpuMs += a.cpuMs;
        evaluations += a.evaluations;
        if (!a.ended && heard(w, now)) busy++;
      }
      out.push({ who, jobs: w.jobs, busy, cpuMs, evaluations, rate: cpuMs > 0 ? Math.round((evaluations / cpuMs) * 1000) : 0, lastSeen: w.lastSeen });
    }
    return out.sort((a, b) => b.lastSeen - a.lastSeen || a.who.localeCompare(b.who));
  }

  /** The workers silent for `SILENT_MS` with attempts that never ended, and the passes of those attempts. */
  silent(now: number): { who: string; passes: number[] }[] {
    const out = new Map<string, number[]>();
    for (const a of this.attempts.values()) {
      const w = this.workers.get(a.who);
      if (a.ended || !w || heard(w, now)) continue;
      const passes = out.get(a.who) ?? [];
      passes.push(a.n);
      out.set(a.who, passes);
    }
    return [...out].map(([who, passes]) => ({ who, passes: passes.sort((x, y) => x - y) }));
  }

  /** Forget the attempts of ended jobs, folding their work into the base (a night's attempts would pile up). */
  compact(): void {
    for (const [id, a] of this.attempts) {
      if (!a.ended || !this.doneJobs.has(a.n)) continue;
      this.baseCpuMs += a.cpuMs;
      this.baseEvaluations += a.evaluations;
      const w = this.workers.get(a.who);
      if (w) {
        w.cpuMs += a.cpuMs;
        w.evaluations += a.evaluations;
      }
      this.attempts.delete(id);
      this.folded.add(id);
    }
  }
}
