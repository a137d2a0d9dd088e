/**
 * Studies over a workbench: create one from a study file, run it through the run manager's queue
 * (its runs are ordinary runs), stop it, and read its results. Running a study again continues it:
 * runs that were stopped or interrupted resume from their checkpoints, queued ones are taken
 * back, missing cells get their runs, and finished runs are kept.
 */
import { escapeControls } from '../../core/text/display';
import { StoreError } from '../store/errors';
import { heldByOther } from '../store/leases';
import { StudyStore, type StudyCell, type StudyRecord, type StudyRun } from '../store/studies';
import type { NewRun, RunRecord } from '../store/types';
import type { Workbench } from '../services/workbench';
import type { RunDispatcher } from './dispatcher';
import { cellStop, parseStudy, type StudyContext, type StudySpec } from './spec';
import { studyProgress, studyResults, type ClockRate, type Reach, type StudyProgress, type StudyResults } from './results';
import { studyAnalysis, type StudyAnalysis } from './comparisons';
import { hasEnded, isFinal } from '../../core/engine/run-types';

export interface Study {
  id: number;
  name: string;
  createdAt: number;
  spec: StudySpec;
}

/** What `start` did: runs queued here (resumed or new) and runs another live process is working on. */
export interface StudyStart {
  queued: number[];
  resumed: number[];
  created: number[];
  elsewhere: number[];
}

const toStudy = (r: StudyRecord): Study => ({ id: r.id, name: r.name, createdAt: r.createdAt, spec: r.spec as StudySpec });

export class Studies {
  readonly store: StudyStore;

  /** Where the study's runs go: this workbench's run manager, or a Redis queue of workers (redis/coordinator.ts). */
  private readonly dispatcher: RunDispatcher;

  /** How fast a running run's clock goes against the wall, so a CPU-time budget turns into time a person waits. */
  private readonly clockRate: ClockRate = (runId) => this.wb.store.clockRate(runId);

  constructor(
    private readonly wb: Workbench,
    dispatcher?: RunDispatcher,
  ) {
    this.store = new StudyStore(wb.store);
    this.dispatcher = dispatcher ?? wb.runs;
  }

  /** Read and check a study file, then store the study (no runs yet). */
  create(text: string, fileName: string, ctx: Pick<StudyContext, 'readFile'>): Study {
    const spec = parseStudy(text, fileName, { readFile: ctx.readFile, libraryPuzzle: (id) => this.wb.store.getPuzzle(id) });
    this.wb.checkStudyLaunches(spec, fileName);
    this.wb.store.checkIntegrity();
    return toStudy(this.store.create(spec.name, spec));
  }

  get(id: number): Study {
    const rec = this.store.get(id);
    if (!rec) throw new Error(`there is no study ${id} in ${this.wb.store.path}`);
    return toStudy(rec);
  }

  list(): Study[] {
    return this.store.list().map(toStudy);
  }

  runs(id: number): StudyRun[] {
    return this.store.runs(id);
  }

  progress(id: number): StudyProgress {
    return studyProgress(this.get(id).spec, this.store.runs(id), this.clockRate);
  }

  results(id: number): StudyResults {
    return studyResults(this.get(id).spec, this.store.runs(id), (runId, score) => this.store.firstReach(runId, score), this.clockRate);
  }

  /** The results with their comparisons (tests, effect sizes, intervals): heavier, so asked for apart. */
  analysed(id: number): StudyResults & { analysis: StudyAnalysis } {
    const { spec } = this.get(id);
    const runs = this.store.runs(id);
    const reach: Reach = (runId, score) => this.store.firstReach(runId, score);
    const results = studyResults(spec, runs, reach, this.clockRate);
    return { ...results, analysis: studyAnalysis(spec, runs, reach, results.cells) };
  }

  /**
   * Queue every run of the study that is not finished in this workbench's run manager: its
   * stopped, interrupted and orphaned queued runs resume (from their checkpoints), and cells
   * without a run get one, seed by seed (so a study cut short has runs in every cell). Runs
   * another live process holds are left to it.
   */
  start(id: number): StudyStart {
    const { spec } = this.get(id);
    const out: StudyStart = { queued: [], resumed: [], created: [], elsewhere: [] };
    const linked = this.store.runs(id);
    for (const l of linked) {
      if (isFinal(l.run.status)) continue;
      if (this.dispatcher.isActive(l.run.id)) {
        out.queued.push(l.run.id);
        continue;
      }
      try {
        this.dispatcher.resume(l.run.id);
        out.resumed.push(l.run.id);
      } catch (e) {
        if (e instanceof Error && e.cause instanceof StoreError && e.cause.code === 'LEASE_HELD') out.elsewhere.push(l.run.id);
        // Already in this manager's queue (the study was started twice in this process).
        else if (e instanceof Error && / is already (queued|running) here$/.test(e.message)) out.queued.push(l.run.id);
        else throw e;
      }
    }
    const have = new Set(linked.map((l) => cellKey(l.puzzleIndex, l.configIndex, l.seed)));
    const missing: { cell: { puzzleIndex: number; configIndex: number; seed: number }; run: NewRun }[] = [];
    for (const seed of spec.seeds) {
      spec.puzzles.forEach((p, pi) => {
        spec.configs.forEach((c, ci) => {
          if (have.has(cellKey(pi, ci, seed))) return;
          // A library puzzle deleted since the study was made: the run keeps its own copy anyway.
          const puzzleId = p.puzzleId !== null && this.wb.store.getPuzzle(p.puzzleId) ? p.puzzleId : null;
          missing.push({
            cell: { puzzleIndex: pi, configIndex: ci, seed },
            run: {
              puzzleId,
              puzzleName: p.label,
              family: spec.family,
              solver: c.solver,
              params: c.params,
              seed,
              stop: cellStop(spec, pi, ci),
              puzzle: p.puzzle,
              maxScore: p.maxScore,
            },
          });
        });
      });
    }
    if (missing.length > 0) {
      this.wb.store.checkIntegrity();
      // Held by this process from the start, so no other process takes them for orphans.
      for (const run of this.store.addRuns(id, missing, this.dispatcher.grant)) {
        this.dispatcher.enqueue(run.id);
        out.created.push(run.id);
      }
    }
    out.queued.push(...out.resumed, ...out.created);
    return out;
  }

  /**
   * Take a run made elsewhere (imported from its run file) into the study: it fills the empty cell
   * whose puzzle, setting, stop criteria and seed are exactly the run's, as if the study had run it
   * here; an unfinished one is resumed from its checkpoint by the next `start`. So a study whose
   * database was lost goes on from the run files it kept. Throws, saying what differs, when no
   * empty cell is the run's.
   */
  adopt(id: number, runId: number): StudyCell {
    const { spec } = this.get(id);
    const run = this.wb.store.getRun(runId);
    if (!run) throw new Error(`there is no run ${runId} in ${this.wb.store.path}`);
    if (!hasEnded(run.status)) throw new Error(`run ${runId} is ${run.status} here: only a run no process works on joins a study`);
    if (run.family !== spec.family) throw new Error(`run ${runId} is of another puzzle family than study ${id}`);
    if (!spec.seeds.includes(run.seed)) throw new Error(`seed ${run.seed} of run ${runId} is not among study ${id}'s seeds`);
    const puzzles = spec.puzzles.flatMap((p, i) => (sameJson(p.puzzle, run.puzzle) ? [i] : []));
    if (puzzles.length === 0) throw new Error(`run ${runId} is on a puzzle study ${id} does not hold`);
    // Two cells may hold the same puzzle and setting (a preset that is the defaults): the first empty one takes it.
    const cells = puzzles.flatMap((puzzleIndex) =>
      spec.configs.flatMap((c, configIndex) =>
        c.solver === run.solver && sameJson(c.params, run.params) && sameJson(cellStop(spec, puzzleIndex, configIndex), run.stop)
          ? [{ puzzleIndex, configIndex, seed: run.seed }]
          : [],
      ),
    );
    if (cells.length === 0) throw new Error(`run ${runId}'s solver, settings or stop criteria are none of study ${id}'s`);
    const taken = new Set(this.store.runs(id).map((l) => cellKey(l.puzzleIndex, l.configIndex, l.seed)));
    const cell = cells.find((c) => !taken.has(cellKey(c.puzzleIndex, c.configIndex, c.seed))) ?? cells[0]!;
    this.store.linkRun(id, cell, runId);
    return cell;
  }

  /**
   * Take runs made elsewhere into the study from their run files (services/run-file.ts), all or
   * none: each is imported and fills the cell that is exactly its own (see `adopt`). Throws, naming
   * the file, when one does not hold or fits no empty cell; then nothing is stored.
   */
  adoptFiles(id: number, files: readonly { name: string; text: string }[]): { run: RunRecord; cell: StudyCell }[] {
    return this.wb.store.core.tx(() =>
      files.map(({ name, text }) => {
        const run = this.wb.importRunFile(name, text);
        try {
          return { run, cell: this.adopt(id, run.id) };
        } catch (e) {
          throw new Error(`${escapeControls(name)}: ${(e as Error).message}`, { cause: e });
        }
      }),
    );
  }

  /**
   * At the start of the app or `serve`: every study run left interrupted (its process died, or
   * the app was closed mid-run) resumes from its checkpoint, so a study survives a restart.
   * Runs another live process holds are left to it. Returns the runs resumed here.
   */
  resumeInterrupted(): number[] {
    const out: number[] = [];
    for (const study of this.store.list())
      for (const l of this.store.runs(study.id)) {
        if (l.run.status !== 'interrupted') continue;
        try {
          this.dispatcher.resume(l.run.id);
          out.push(l.run.id);
        } catch (e) {
          if (!(e instanceof Error && e.cause instanceof StoreError && e.cause.code === 'LEASE_HELD')) throw e;
        }
      }
    return out;
  }

  /** Resolves when every given run has ended (here, or in the process that holds it). */
  async waitFor(runIds: readonly number[]): Promise<RunRecord[]> {
    return Promise.all(runIds.map((r) => this.dispatcher.waitFor(r)));
  }

  /**
   * Start the study (see `start`) and resolve when every run of it has ended. A run that ends
   * interrupted meanwhile (its solver process died) is resumed from its checkpoint once; a
   * second interruption leaves it interrupted, for a later `study run` to try again. Runs another
   * process holds are waited for, and taken over here when that process dies or lets them go:
   * otherwise its queued runs would wait for nobody, and this for ever.
   */
  async run(id: number, onResume: (run: RunRecord) => void = () => {}): Promise<StudyStart> {
    const started = this.start(id);
    const elsewhere = new Set(started.elsewhere);
    let pending = [...started.queued, ...started.elsewhere];
    const resumed = new Set<number>();
    while (pending.length > 0) {
      const ended = await Promise.all(pending.map((r) => (elsewhere.has(r) ? this.waitElsewhere(r, onResume) : this.dispatcher.waitFor(r))));
      pending = [];
      for (const r of ended) {
        if (r.status !== 'interrupted' || resumed.has(r.id)) continue;
        resumed.add(r.id);
        try {
          this.dispatcher.resume(r.id);
        } catch {
          continue; // another process took it: it is theirs now
        }
        onResume(r);
        pending.push(r.id);
      }
    }
    return started;
  }

  /**
   * Resolves when a run another process holds has ended; if that process dies or gives the run up
   * first (its lease no longer held), the run is resumed here from its checkpoint and this
   * resolves when it ends here.
   */
  private async waitElsewhere(runId: number, onTake: (run: RunRecord) => void): Promise<RunRecord> {
    const done = this.dispatcher.waitFor(runId);
    // A lease lapses after its ttl without a renewal: looking a few times a ttl takes a run over soon after.
    const every = Math.max(10, this.dispatcher.grant.ttlMs / 3);
    for (;;) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const ended = await Promise.race([done, new Promise<null>((r) => (timer = setTimeout(() => r(null), every)))]);
      clearTimeout(timer);
      if (ended) return ended;
      // Only a run left queued or running is taken: one that ended (stopped on purpose, say) is
      // `done`'s to report, at its next look. A look first, as reads: a claim is a write, and a
      // study's many runs held by a live process would keep the database busy for nothing.
      if (hasEnded(this.wb.store.getRunSummary(runId)?.status ?? 'done')) return done;
      if (heldByOther(this.wb.store.lease(runId), this.dispatcher.grant.owner, this.wb.store.core.now())) continue;
      let taken: RunRecord;
      try {
        taken = this.dispatcher.resume(runId);
      } catch (e) {
        if (e instanceof Error && e.cause instanceof StoreError && e.cause.code === 'LEASE_HELD') continue;
        throw e;
      }
      onTake(taken);
      return this.dispatcher.waitFor(runId);
    }
  }

  /** Stop every queued or running run of the study, wherever it runs; resolves when they have stopped. */
  async stop(id: number): Promise<RunRecord[]> {
    this.get(id);
    const live = this.store.runs(id).filter((l) => !hasEnded(l.run.status) || this.dispatcher.isActive(l.run.id));
    return Promise.all(live.map((l) => this.dispatcher.stop(l.run.id)));
  }
}

const cellKey = (pi: number, ci: number, seed: number): string => `${pi}/${ci}/${seed}`;

/** Equal as JSON values, whatever the order of their keys (a run file may list them otherwise). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  return ka.every((k) => Object.hasOwn(rb, k) && sameJson(ra[k], rb[k]));
}
