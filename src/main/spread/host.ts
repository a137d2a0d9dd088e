/**
 * A spread run's coordinator, in the place of its solver process: the run manager starts it as it
 * would start a solver (`WorkerHandle`), and it answers with the solver's messages (started,
 * progress, improvement, checkpoint, done), so the run is an ordinary run (one history entry, its
 * lease, its checkpoints, `stop` and `resume`) and the recorder checks every board it records
 * once more. The work is done by pass jobs on Redis (farm.ts) that `workbench worker` processes
 * take; every board they send back is checked here with the family's own scoring before it
 * enters the pool or the run, and a false one is refused in one line of the run.
 *
 * Clocks: `seconds` counts the run's clock as any run's does: with `--cpu`, CPU time summed over
 * every worker's passes; without, the run's wall-clock time. Both are kept and shown.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { FromWorker, ToWorker } from '../../core/engine/protocol';
import type { RunSpec, StopReason } from '../../core/engine/run-types';
import { getFamily } from '../../core/families';
import { improvementCheck, type ImprovementCheck } from '../../core/families/verify';
import { Rng } from '../../core/rng/rng';
import type { WorkerHandle, WorkerSpawner } from '../runs/worker-host';
import type { Store } from '../store/store';
import { connectRedis } from '../studies/redis/connection';
import { databaseId } from '../studies/redis/coordinator';
import { passSpec, readSpreadState, spreadCheckpoint, spreadRefusal, type SpreadState } from './beam-start';
import { Farm } from './farm';
import { MAX_NOTES, writeSpreadInfo } from './info';
import { Ledger } from './ledger';
import { edgeDistance, ElitePool } from './pool';
import { SPREAD_VERSION, type PassEntry, type PassJob } from './protocol';
import { countNoun, nounFor } from '../../core/text/plural';
import { PassTally } from '../../core/families/edge/beam/tally';

/** What a spread run takes when not told: 90-s pass jobs, a pool of 8 tops, a fifth of the passes from empty (docs/spread-runs.md). */
export const SPREAD_DEFAULTS = { passSeconds: 90, poolSize: 8, fresh: 0.2 } as const;

export interface SpreadOptions {
  /** The Redis server of the workers: the host connects to it as the run starts and leaves it as the run ends. */
  redisUrl: string;
  store: Store;
  /** CPU seconds of one pass job. */
  passSeconds: number;
  /** Most boards in the elite pool. */
  poolSize: number;
  /** Share of passes from empty once the pool holds a board. */
  fresh: number;
  /** Boards (solution JSON) the pool starts with when the run starts fresh (a bench's `--from`); checked and scored here. */
  seedBoards?: readonly unknown[];
  /** Jobs kept out when no worker has announced itself yet (default 1). */
  minOutstanding?: number;
  /** How often Redis is read (ms, default 250). */
  readEveryMs?: number;
  /** The coordinator's log (stderr in the CLI). */
  log?: (line: string) => void;
}

/** Most jobs out at once, whatever the workers announce. */
const MAX_OUTSTANDING = 256;
/** A pass's CPU as a worker reports it, at most this times its budget (and 5 s): more is a fault. */
const PASS_CPU_SLACK = 1.5;
/** Passes that failed in a row, with none ending well, after which the run fails. */
const MAX_FAILURES = 5;

/** A spawner for the run manager: every run it starts is spread (see RunManager.hostRunsWith). */
export function spreadSpawner(opts: SpreadOptions): WorkerSpawner {
  return () => new SpreadHost(opts);
}

export class SpreadHost implements WorkerHandle {
  private readonly listeners: ((m: FromWorker) => void)[] = [];
  private readonly exitListeners: ((d: string) => void)[] = [];
  private spec!: RunSpec;
  private check!: ImprovementCheck;
  private maxScore: number | null = null;
  private state!: SpreadState;
  private rng!: Rng;
  private pool!: ElitePool;
  private ledger!: Ledger;
  private farm: Farm | null = null;
  private redis: Redis | null = null;
  private epoch = '';
  private startedAt = 0;
  private runBest = -Infinity;
  /** The score of the last pass a worker reported (kept across a resume); before any, the board the run starts from (0 from empty). */
  private current = 0;
  /** The ended jobs' passes at the top width (a job's from its last checkpoint), with the checkpoint's. */
  private tally = new PassTally();
  private readonly notes: string[] = [];
  private readonly told = new Set<string>();
  private failuresInRow = 0;
  private stopAsked = false;
  private ended = false;
  private exited = false;
  private timer?: NodeJS.Timeout;
  private lastProgress = 0;
  private lastCheckpoint = 0;
  private lastInfo = 0;
  private lastLostCheck = 0;

  constructor(private readonly opts: SpreadOptions) {}

  // ---- WorkerHandle -------------------------------------------------------------------------

  post(m: ToWorker): void {
    if (m.type === 'stop') this.stopAsked = true;
    else if (!this.spec) {
      this.spec = m.spec;
      void this.begin().catch((e: unknown) => this.fail(e instanceof Error ? e.message : String(e)));
    }
  }

  onMessage(l: (m: FromWorker) => void): void {
    this.listeners.push(l);
  }

  onExit(l: (d: string) => void): void {
    this.exitListeners.push(l);
  }

  dispose(): void {
    if (this.exited) return;
    this.ended = true;
    void this.leave('killed');
  }

  // ---- the run ------------------------------------------------------------------------------

  private async begin(): Promise<void> {
    const spec = this.spec;
    const refusal = spreadRefusal(spec.family, spec.solver, spec.params);
    if (refusal) return this.fail(refusal);
    this.check = improvementCheck(spec.family, spec.puzzle);
    const family = getFamily(spec.family);
    this.maxScore = family.maxScore(family.puzzleFromJson(spec.puzzle, 'run puzzle'));
    const { state, note } = readSpreadState(spec.checkpoint, spec.seed);
    if (note) this.note(note);
    this.state = { ...state, epochs: state.epochs + 1 };
    // A run whose checkpoint did not count its passes counts them from here on, and says so.
    this.tally = PassTally.from(state.tally, state.jobsDone);
    this.rng = new Rng(state.rng);
    const { rows, cols } = spec.puzzle as { rows: number; cols: number };
    const cells = rows * cols;
    this.pool = new ElitePool({ size: this.opts.poolSize, minDiff: Math.max(1, Math.ceil(cells / 10)), distance: edgeDistance });
    // What comes from a checkpoint is checked as any board is: it was written outside this process.
    for (const e of state.pool) {
      const wrong = this.check(e.board, e.score);
      if (wrong) this.note(`a board of the checkpoint was left out: ${wrong}`);
      else this.pool.offer(e);
    }
    if (!spec.checkpoint)
      for (const board of this.opts.seedBoards ?? []) {
        const model = family.puzzleFromJson(spec.puzzle);
        let score = NaN;
        try {
          score = family.evaluate(model, family.solutionFromJson(model, board)).score;
        } catch {
          /* said below */
        }
        const wrong = Number.isFinite(score) ? this.check(board, score) : 'it is not a board of this puzzle';
        if (wrong) this.note(`a board given to start from was left out: ${wrong}`);
        else this.pool.offer({ score, board, by: 'given', n: -1 });
      }
    this.ledger = new Ledger(state);
    this.runBest = spec.recordedBest ?? -Infinity;
    this.startedAt = Date.now();
    this.epoch = `${this.state.epochs}.${randomUUID().slice(0, 8)}`;
    this.emit({ type: 'started', runId: spec.runId, maxScore: this.maxScore });
    const best = this.pool.best;
    // A run given a board stands on it, as a lone beam run from a board does.
    this.current = this.state.current ?? best?.score ?? 0;
    if (best && best.score > this.runBest) this.improved(best.score, best.board);
    this.redis = await connectRedis(this.opts.redisUrl);
    if (this.ended) return void this.redis.disconnect();
    this.farm = new Farm(this.redis, databaseId(this.opts.store), spec.runId, this.epoch);
    await this.farm.open();
    this.timer = setInterval(() => this.tick(), 100);
    void this.loop();
  }

  /** The run's time on its clock. */
  private elapsedMs(): number {
    return this.spec.stop.clock === 'cpu' ? this.ledger.cpuMs : this.wallMs();
  }

  private wallMs(): number {
    return this.state.wallMs + (Date.now() - this.startedAt);
  }

  /** Everything that needs no Redis: the stop criteria, progress, checkpoints, the Live figures. */
  private tick(): void {
    if (this.ended) return;
    const reason = this.reached();
    if (reason) return void this.finish(reason);
    const now = Date.now();
    if (now - this.lastProgress >= this.spec.progressIntervalMs) {
      this.lastProgress = now;
      this.progress();
    }
    if (now - this.lastCheckpoint >= this.spec.checkpointIntervalMs) {
      this.lastCheckpoint = now;
      this.emit({ type: 'checkpoint', runId: this.spec.runId, checkpoint: this.checkpoint() });
    }
    if (now - this.lastInfo >= 2_000) {
      this.lastInfo = now;
      this.writeInfo();
    }
  }

  private reached(): StopReason | null {
    const stop = this.spec.stop;
    if (this.maxScore !== null && this.runBest >= this.maxScore) return 'solved';
    if (stop.target !== null && this.runBest >= stop.target) return 'target';
    if (stop.evaluations !== null && this.ledger.evaluations >= stop.evaluations) return 'evaluations';
    if (stop.seconds !== null && this.elapsedMs() >= stop.seconds * 1000) return 'seconds';
    if (this.stopAsked) return 'stopped';
    return null;
  }

  /** Read what the workers said and keep the queue stocked, until the run ends. */
  private async loop(): Promise<void> {
    let trouble = '';
    while (!this.ended) {
      try {
        // A loss is looked for first, so it is said even when the entries read after it end the run.
        const lost = await this.farm!.recover();
        if (lost !== null) this.note(`Redis lost its data (restarted without saving?): ${countNoun(lost, 'pass', 'passes')} asked again`);
        for (const e of await this.farm!.read()) if (!this.ended) this.apply(e);
        if (this.ended) break;
        await this.stock();
        trouble = '';
      } catch (e) {
        const msg = e instanceof Error ? e.message.split('\n')[0]! : String(e);
        // Once the run has ended, its queue is being closed under the loop: nothing to say.
        if (msg !== trouble && !this.ended) this.opts.log?.(`spread run ${this.spec.runId}: Redis: ${msg}; trying again`);
        trouble = msg;
      }
      await new Promise((r) => setTimeout(r, this.opts.readEveryMs ?? 250));
    }
  }

  /** Keep about (workers x their concurrency + 1) jobs out; look for lost ones every few seconds. */
  private async stock(): Promise<void> {
    const farm = this.farm!;
    const now = Date.now();
    if (now - this.lastLostCheck >= 3_000) {
      this.lastLostCheck = now;
      const again = await farm.reissueLost((n) => this.ledger.isDone(n));
      if (again.length > 0) this.opts.log?.(`spread run ${this.spec.runId}: passes ${again.join(', ')} were lost from the queue; asked again`);
    }
    let slots = 0;
    for (const w of await farm.workers()) {
      if (w.v === SPREAD_VERSION) slots += w.concurrency;
      else this.noteOnce(`v:${w.who}`, `worker ${w.who} speaks spread protocol ${w.v} and this coordinator ${SPREAD_VERSION}: it takes no passes of this run`);
    }
    const want = Math.min(MAX_OUTSTANDING, slots > 0 ? slots + 1 : (this.opts.minOutstanding ?? 1));
    while (!this.ended && farm.size < want) await farm.issue(this.nextJob());
  }

  /** Job number `issued`: its seed is the run's next draw (so the seeds asked for are the run's seed's), its board drawn from the pool. */
  private nextJob(): PassJob {
    const n = this.state.issued++;
    const seed = this.rng.u32();
    // The board is drawn with the job's own generator: the run's draws stay one per job whatever the pool holds.
    const from = this.pool.draw(new Rng(seed ^ 0x5bd1e995), this.opts.fresh);
    return {
      v: SPREAD_VERSION,
      dbId: databaseId(this.opts.store),
      runId: this.spec.runId,
      epoch: this.epoch,
      n,
      from: from?.score ?? null,
      spec: passSpec(this.spec, seed, from, this.opts.passSeconds, this.pool.best !== null),
    };
  }

  private apply(e: PassEntry | { id: string; who: string; version: number }): void {
    if (!('event' in e)) {
      this.noteOnce(`v:${e.who}`, `worker ${e.who} speaks spread protocol ${e.version} and this coordinator ${SPREAD_VERSION}: what it sends is ignored`);
      return;
    }
    // A job of an earlier start of the run (before a resume) does not count in this one.
    if (e.epoch !== this.epoch) return;
    const now = Date.now();
    const ev = e.event;
    switch (ev.type) {
      case 'progress':
        this.work(e, ev.cpuMs, ev.evaluations, now);
        // Before a job's first pass ends its solver's current score is no pass's: the run's stays.
        if (ev.passes > 0) this.current = ev.currentScore;
        return;
      case 'improvement': {
        this.work(e, ev.cpuMs, ev.evaluations, now);
        const wrong = this.check(ev.solution, ev.score);
        if (wrong) return this.note(`refused a board from worker ${e.who} (pass ${e.n}): ${wrong}`);
        // A pass from empty first reports its empty board: no place to start a pass from.
        if (ev.score > 0) this.pool.offer({ score: ev.score, board: ev.solution, by: e.who, n: e.n });
        if (ev.score > this.runBest) this.improved(ev.score, ev.solution);
        return;
      }
      case 'end':
        this.work(e, ev.cpuMs, ev.evaluations, now);
        if (this.ledger.end(e.attempt, e.n, e.who, now)) {
          this.settle(e.n);
          if (ev.tally) this.count(e, PassTally.from(ev.tally));
        }
        this.failuresInRow = 0;
        return;
      case 'failed':
        this.work(e, ev.cpuMs, ev.evaluations, now);
        if (this.ledger.end(e.attempt, e.n, e.who, now)) this.settle(e.n);
        this.noteOnce(`f:${ev.message}`, `pass ${e.n} failed on worker ${e.who}: ${ev.message}`);
        if (++this.failuresInRow >= MAX_FAILURES) void this.fail(`${MAX_FAILURES} passes in a row failed on the workers (the last: ${ev.message})`);
        return;
      case 'refused':
        this.ledger.seen(e.who, now);
        this.noteOnce(`r:${e.who}`, `worker ${e.who} refused a pass: ${ev.message}`);
        // Another worker may take it; a while later, so one refusing worker does not spin on it.
        void this.farm?.again(e.n, 5_000).catch(() => {});
        return;
    }
  }

  /**
   * A job's passes by score into the run's, once per job. A worker's word is all there is of them,
   * so a count with a pass above every board the run has checked is left out in one line.
   */
  private count(e: PassEntry, t: PassTally): void {
    const top = t.scores()[0];
    if (top !== undefined && top > this.runBest)
      return this.noteOnce(`t:${e.who}`, `left out the pass count of worker ${e.who} (pass ${e.n}): a pass of ${top}, above every board checked`);
    this.tally.merge(t);
  }

  /**
   * An attempt's figures into the books. A pass stops at its CPU budget (a step late at most), so
   * a worker that says more is wrong: counted at the most a pass can spend, noted once, and a
   * faulty worker cannot end a run on the CPU clock early.
   */
  private work(e: PassEntry, cpuMs: number, evaluations: number, now: number): void {
    const most = this.opts.passSeconds * 1000 * PASS_CPU_SLACK + 5_000;
    if (cpuMs > most)
      this.noteOnce(
        `c:${e.who}`,
        `worker ${e.who} reported ${Math.round(cpuMs / 1000)} CPU s for pass ${e.n} of ${this.opts.passSeconds}: counted as ${Math.round(most / 1000)}`,
      );
    this.ledger.work(e.attempt, e.n, e.who, Math.min(cpuMs, most), evaluations, now);
  }

  private settle(n: number): void {
    this.farm?.settle(n).catch(() => {
      /* Redis away: a copy left waiting runs, and its work is counted as any attempt's */
    });
  }

  private improved(score: number, solution: unknown): void {
    this.runBest = score;
    this.emit({
      type: 'improvement',
      runId: this.spec.runId,
      improvement: { elapsedMs: Math.round(this.elapsedMs()), evaluations: this.ledger.evaluations, score, solution },
    });
  }

  private progress(): void {
    const scores = this.pool.entries.map((e) => e.score);
    this.emit({
      type: 'progress',
      runId: this.spec.runId,
      sample: {
        elapsedMs: Math.round(this.elapsedMs()),
        evaluations: this.ledger.evaluations,
        iteration: this.ledger.jobsDone,
        bestScore: Number.isFinite(this.runBest) ? this.runBest : 0,
        currentScore: this.current,
        meanScore: scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : null,
      },
    });
  }

  private snapshot(): SpreadState {
    this.ledger.compact();
    return {
      ...this.state,
      rng: this.rng.getState(),
      jobsDone: this.ledger.jobsDone,
      cpuMs: Math.round(this.ledger.cpuMs),
      evaluations: this.ledger.evaluations,
      wallMs: this.wallMs(),
      pool: [...this.pool.entries],
      current: this.current,
      tally: this.tally.json(),
    };
  }

  private checkpoint() {
    return spreadCheckpoint(this.spec.params, this.snapshot(), Math.round(this.elapsedMs()));
  }

  private writeInfo(): void {
    const now = Date.now();
    for (const { who, passes } of this.ledger.silent(now))
      this.noteOnce(
        `s:${who}:${passes.join()}`,
        `worker ${who} went silent during ${nounFor(passes.length, 'pass', 'passes')} ${passes.join(', ')}: run again by another worker once the job's lock lapses`,
      );
    try {
      writeSpreadInfo(this.opts.store, this.spec.runId, {
        v: 1,
        passSeconds: this.opts.passSeconds,
        poolSize: this.opts.poolSize,
        fresh: this.opts.fresh,
        pool: this.pool.entries.map((e) => e.score),
        cpuMs: Math.round(this.ledger.cpuMs),
        wallMs: this.wallMs(),
        jobsDone: this.ledger.jobsDone,
        outstanding: this.farm?.size ?? 0,
        workers: this.ledger.sample(now),
        notes: this.notes,
        updatedAt: now,
      });
    } catch {
      /* the store is busy: the next round writes it */
    }
  }

  private note(line: string): void {
    if (this.notes.length < MAX_NOTES) this.notes.push(line);
    this.opts.log?.(`spread run ${this.spec.runId}: ${line}`);
    this.lastInfo = 0;
  }

  private noteOnce(key: string, line: string): void {
    if (this.told.has(key)) return;
    this.told.add(key);
    this.note(line);
  }

  /** The run reached its stop: the last figures, the checkpoint, `done`; then the workers are told. */
  private async finish(reason: StopReason): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    this.progress();
    const checkpoint = this.checkpoint();
    this.emit({ type: 'checkpoint', runId: this.spec.runId, checkpoint });
    this.writeInfo();
    this.emit({
      type: 'done',
      runId: this.spec.runId,
      reason,
      elapsedMs: checkpoint.elapsedMs,
      evaluations: this.ledger.evaluations,
      bestScore: Number.isFinite(this.runBest) ? this.runBest : 0,
    });
    await this.leave('ended');
  }

  private async fail(message: string): Promise<void> {
    if (this.ended && this.exited) return;
    this.ended = true;
    if (this.spec) this.emit({ type: 'error', runId: this.spec.runId, message });
    await this.leave('failed');
  }

  private async leave(description: string): Promise<void> {
    clearInterval(this.timer);
    if (this.ledger && this.spec) this.writeInfo();
    await this.farm?.dispose().catch(() => {});
    this.redis?.disconnect();
    if (this.exited) return;
    this.exited = true;
    for (const l of this.exitListeners) l(description);
  }

  private emit(m: FromWorker): void {
    for (const l of this.listeners) l(m);
  }
}
