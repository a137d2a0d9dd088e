import { open } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { catalogue, findSolver } from '../../core/catalogue/catalogue';
import { documentToText, makeDocument, parseDocument } from '../../core/document/document';
import { readPuzzleFile } from '../../core/document/read-file';
import { MAX_SEED, type StopCriteria } from '../../core/engine/run-types';
import { threadsOf } from '../../core/engine/shards';
import type { SolverDef } from '../../core/engine/solver';
import { getFamily } from '../../core/families';
import type { FamilyId } from '../../core/families/family';
import { resolveParams, type Params } from '../../core/params/schema';
import { randomSeed } from '../../core/rng/rng';
import { checkName, oneLine } from '../../core/text/display';
import { safeFileName } from '../../core/text/file-name';
import type { PushEvent, SolverInfo } from '../api/contract';
import type { Disposable } from '../lifecycle/disposable';
import { RunManager, type RunManagerOptions } from '../runs/manager';
import type { WorkerSpawner } from '../runs/worker-host';
import { Store } from '../store/store';
import { RunHistory } from '../store/run-history';
import { MAX_RUNS_AT_ONCE } from '../api/runs';
import { importRunFile, runToFile } from './run-file';
import { launchRefusal } from './machine-memory';
import { resumableKeys, retune } from './retune';
import { checkStop, targetRefusal } from './stop-criteria';
import type { PuzzleRecord, RunRecord } from '../store/types';
import { ACTIVE_STATUSES } from '../../core/engine/run-types';
import { mibText } from '../../core/text/numbers';

// Their home is stop-criteria.ts (run files and studies check stops without the Workbench); kept here for callers.
export { checkStop, MAX_STOP_SECONDS } from './stop-criteria';

export interface WorkbenchOptions {
  dbPath: string;
  spawn: WorkerSpawner;
  concurrency?: number;
  checkpointIntervalMs?: number;
  progressIntervalMs?: number;
  nativeBinding?: string;
  /** Lease settings and owner identity (tests); see RunManagerOptions. */
  lease?: Pick<RunManagerOptions, 'owner' | 'leaseTtlMs' | 'heartbeatMs' | 'stopGraceMs' | 'heldGiveUpMs'>;
  /** The cores a run's threads may take: this machine's (a test may give more, to try many threads). */
  cores?: number;
}

/** A study's grid as its launches see it: every puzzle with every solver setting (studies/spec.ts). */
export interface StudyLaunches {
  family: FamilyId;
  puzzles: readonly { label: string; puzzle: unknown }[];
  configs: readonly { label: string; solver: string; params: Params }[];
}

/** A puzzle to run: a library entry, or a puzzle given directly (CLI on a file). */
export type RunTarget = { puzzleId: number } | { family: FamilyId; name: string; puzzle: unknown };

export interface NewRun {
  target: RunTarget;
  solver: string;
  params?: Record<string, unknown>;
  seed?: number | null;
  stop?: Partial<StopCriteria>;
}

/**
 * The services every front end shares (Electron IPC, WebSocket serve, CLI): the library, runs
 * and the solver catalogue, over one store and one run manager.
 */
export class Workbench implements Disposable {
  readonly store: Store;
  readonly runs: RunManager;
  /** Browsing every run: paged queries, facets, chart series, boards, exports. */
  readonly history: RunHistory;
  private readonly pushListeners = new Set<(e: PushEvent) => void>();

  private constructor(
    store: Store,
    runs: RunManager,
    private readonly cores: number,
  ) {
    this.store = store;
    this.runs = runs;
    this.history = new RunHistory(store);
    runs.subscribe((e) => {
      if (e.type === 'progress')
        this.push({
          type: 'run-progress',
          runId: e.runId,
          elapsedMs: e.elapsedMs,
          evaluations: e.evaluations,
          bestScore: e.bestScore,
          currentScore: e.currentScore,
          ...(e.memory ? { rssBytes: e.memory.rssBytes, peakRssBytes: e.memory.peakRssBytes } : {}),
        });
      else if (e.type === 'status' && e.error !== undefined) {
        // The store could not save how the run ended; show it anyway.
        let run = null;
        try {
          run = this.store.getRunSummary(e.runId);
        } catch {
          /* unreadable as well */
        }
        if (!run && e.run) {
          const { puzzle: _puzzle, bestSolution: _best, ...summary } = e.run;
          run = summary;
        }
        if (run) this.push({ type: 'run-updated', run: { ...run, status: e.status, error: e.error } });
      } else {
        const run = this.store.getRunSummary(e.runId);
        if (run) this.push({ type: 'run-updated', run: this.runs.overlay(run) });
      }
    });
  }

  static open(opts: WorkbenchOptions): Workbench {
    const store = Store.open(opts.dbPath, opts.nativeBinding ? { nativeBinding: opts.nativeBinding } : {});
    const runs = new RunManager({
      store,
      spawn: opts.spawn,
      concurrency: opts.concurrency,
      checkpointIntervalMs: opts.checkpointIntervalMs,
      progressIntervalMs: opts.progressIntervalMs,
      ...opts.lease,
    });
    return new Workbench(store, runs, opts.cores ?? availableParallelism());
  }

  subscribe(listener: (e: PushEvent) => void): () => void {
    this.pushListeners.add(listener);
    return () => this.pushListeners.delete(listener);
  }

  private push(e: PushEvent): void {
    for (const l of this.pushListeners) l(e);
  }

  /** Tell every view the library changed (after a change made straight through the store). */
  notifyPuzzlesChanged(): void {
    this.push({ type: 'puzzles-changed' });
  }

  solvers(): SolverInfo[] {
    return solverInfos();
  }

  private integrityChecked = false;

  /** Nothing is added to a damaged database (that other commands would then refuse); checked once per session. */
  private checkBeforeAdding(): void {
    if (this.integrityChecked) return;
    this.store.checkIntegrity();
    this.integrityChecked = true;
  }

  /** Read a file in any known format and add it to the library. */
  importPuzzle(fileName: string, text: string, opts: { format?: string; options?: Record<string, string>; source?: string } = {}): PuzzleRecord {
    this.checkBeforeAdding();
    const read = readPuzzleFile(fileName, text, opts);
    const family = getFamily(read.family);
    const { errors } = family.validate(read.puzzle);
    if (errors.length > 0) throw new Error(`${fileName}: ${errors[0]}${errors.length > 1 ? ` (and ${errors.length - 1} more problems)` : ''}`);
    const name = checkName(read.name);
    const document = makeDocument(read.family, name, read.puzzle, read.solution);
    const { rows, cols } = family.size(read.puzzle);
    const rec = this.store.addPuzzle({ name, family: read.family, source: opts.source ?? fileName, document, rows, cols });
    this.push({ type: 'puzzles-changed' });
    return rec;
  }

  /**
   * Add a puzzle given as a full document; it is validated like an imported file. With
   * `restoreId`, the puzzle deleted under that id in this session comes back exactly as it was
   * (same id, dates, best score, its runs re-linked) carrying this document; when that is no
   * longer possible (e.g. the program restarted), it is added as a new puzzle.
   */
  createPuzzle(document: unknown, source = 'new', restoreId?: number): PuzzleRecord {
    const { doc, puzzle } = parseDocument(document, 'new puzzle');
    if (doc.name) doc.name = checkName(doc.name);
    const trashed = restoreId === undefined ? undefined : this.trash.get(restoreId);
    if (trashed && trashed.record.family === doc.family && this.store.getPuzzle(trashed.record.id) === null) {
      this.trash.delete(trashed.record.id);
      const { rows, cols } = getFamily(doc.family).size(puzzle);
      const rec = this.store.restorePuzzle({ ...trashed.record, name: doc.name || trashed.record.name, document: doc, rows, cols }, trashed.runIds);
      this.push({ type: 'puzzles-changed' });
      return rec;
    }
    const family = getFamily(doc.family);
    const { rows, cols } = family.size(puzzle);
    const rec = this.store.addPuzzle({ name: doc.name || 'Untitled', family: doc.family, source, document: doc, rows, cols });
    this.push({ type: 'puzzles-changed' });
    return rec;
  }

  updatePuzzle(id: number, change: { name?: string; document?: unknown }): PuzzleRecord {
    const current = this.store.getPuzzle(id);
    if (!current) throw new Error(`no puzzle ${id} in the library`);
    const update: { name?: string; document?: unknown; rows?: number; cols?: number } = {};
    if (change.name !== undefined) {
      update.name = checkName(change.name);
    }
    if (change.document !== undefined) {
      const { doc, puzzle } = parseDocument(change.document, `puzzle ${id}`);
      if (doc.family !== current.family) throw new Error(`puzzle ${id} is ${current.family}; a ${doc.family} document cannot replace it`);
      if (update.name !== undefined) doc.name = update.name;
      Object.assign(update, { document: doc }, getFamily(doc.family).size(puzzle));
    } else if (update.name !== undefined) {
      const doc = current.document as Record<string, unknown>;
      update.document = { ...doc, name: update.name };
    }
    const rec = this.store.updatePuzzle(id, update);
    this.push({ type: 'puzzles-changed' });
    return rec;
  }

  duplicatePuzzle(id: number): PuzzleRecord {
    const p = this.store.getPuzzle(id);
    if (!p) throw new Error(`no puzzle ${id} in the library`);
    const doc = { ...(p.document as Record<string, unknown>), name: `${p.name} (copy)` };
    return this.createPuzzle(doc, p.source);
  }

  /** The whole run as a run file (see run-file.ts), to resume in another database. */
  exportRunFile(id: number): { fileName: string; text: string } {
    const file = runToFile(this, id);
    return { fileName: `${safeFileName(file.run.puzzleName)}-run-${id}.run.json`, text: `${JSON.stringify(file)}\n` };
  }

  /** A run file stored as a new run (see run-file.ts); every view hears of it. */
  importRunFile(fileName: string, text: string): RunRecord {
    const run = importRunFile(this, text, fileName);
    this.push({ type: 'run-updated', run: this.store.getRunSummary(run.id)! });
    if (run.puzzleId !== null) this.push({ type: 'puzzles-changed' });
    return run;
  }

  /** Text of a library puzzle in one of its family's formats, or the JSON document. */
  exportPuzzle(id: number, format: string): { fileName: string; text: string } {
    const p = this.store.getPuzzle(id);
    if (!p) throw new Error(`no puzzle ${id} in the library`);
    const { doc, puzzle, solution } = parseDocument(p.document, `puzzle ${id}`);
    const safe = safeFileName(p.name);
    if (format === 'json') return { fileName: `${safe}.json`, text: documentToText(doc) };
    const fmt = getFamily(doc.family).formats.find((f) => f.id === format);
    if (!fmt)
      throw new Error(
        `a ${doc.family} puzzle cannot be written as ${format} (use json or ${getFamily(doc.family)
          .formats.map((f) => f.id)
          .join(', ')})`,
      );
    const text = fmt.write(puzzle, solution ?? undefined);
    if (text === null) throw new Error(`format ${format} cannot hold this puzzle${solution === undefined ? ' (it has no solution or placement yet)' : ''}`);
    // The format's own ending where it has one (`.maze`, `.grid`), so the file reads back as the same format.
    const ending = fmt.extensions.find((e) => e !== 'txt') ?? fmt.extensions[0] ?? 'txt';
    return { fileName: `${safe}.${ending}`, text };
  }

  /** Deleted puzzles of this session, newest last, so a delete can be undone (see createPuzzle). */
  private readonly trash = new Map<number, { record: PuzzleRecord; runIds: number[] }>();

  deletePuzzle(id: number): void {
    const record = this.store.getPuzzle(id);
    if (record) {
      const runIds = this.store.runIdsOfPuzzle(id);
      this.trash.set(id, { record, runIds });
      while (this.trash.size > TRASH_SIZE) this.trash.delete(this.trash.keys().next().value!);
    }
    this.store.deletePuzzle(id);
    this.push({ type: 'puzzles-changed' });
  }

  /** Check everything about a run before it is stored, so impossible settings fail at once. */
  createRun(req: NewRun): RunRecord {
    let family: FamilyId;
    let name: string;
    let puzzleJson: unknown;
    let puzzleId: number | null = null;
    if ('puzzleId' in req.target) {
      const rec = this.store.getPuzzle(req.target.puzzleId);
      if (!rec) throw new Error(`no puzzle ${req.target.puzzleId} in the library`);
      const { doc } = parseDocument(rec.document, `puzzle ${rec.id}`);
      family = doc.family;
      name = rec.name;
      puzzleJson = doc.puzzle;
      puzzleId = rec.id;
    } else {
      family = req.target.family;
      name = checkName(req.target.name);
      puzzleJson = getFamily(family).puzzleToJson(req.target.puzzle);
    }
    const fam = getFamily(family);
    const puzzle: unknown = fam.puzzleFromJson(puzzleJson);
    const { errors } = fam.validate(puzzle);
    if (errors.length > 0) throw new Error(`${name}: ${errors[0]}`);
    const def = findSolver(family, req.solver);
    const params = this.launchParams(def, req.params ?? {});
    // Parameters too, so one whose cost no stop criterion bounds is refused here, not a failed run.
    const refused = this.launchRefusal(def, puzzle, params);
    if (refused) throw new Error(`${name}: ${refused}`);
    const stop = checkStop(req.stop ?? {});
    const maxScore = fam.maxScore(puzzle);
    const unreachable = targetRefusal(stop.target, maxScore);
    if (unreachable) throw new Error(`${name}: ${unreachable}`);
    const seed = req.seed ?? randomSeed();
    // Held by this process from the start, so no other process takes it for an orphan.
    const run = this.store.createRun({ puzzleId, puzzleName: name, family, solver: def.id, params, seed, stop, puzzle: puzzleJson, maxScore }, this.runs.grant);
    this.runs.enqueue(run.id);
    return run;
  }

  /** A launch's parameters resolved against the solver's schema, as the run will store them. */
  private launchParams(def: SolverDef, given: Readonly<Record<string, unknown>>): Params {
    const params = resolveParams(def.params, given);
    // threads=0 asks for all cores but one of this machine: stored as that number, so the run is deterministic for it and resumes with it.
    if (params.threads === 0) params.threads = Math.max(1, this.cores - 1);
    return params;
  }

  /**
   * Why a run of these (resolved) params cannot be launched here, or null: the solver's refusal
   * (its memory or work, a puzzle it cannot solve, such as an infeasible casse-tete), the run's
   * memory against this machine, and threads beyond its cores (they would share cores, each round
   * slower, for nothing). Asked of every launch, and of every run a study would make before it is stored.
   */
  private launchRefusal(def: SolverDef, puzzle: unknown, params: Params): string | null {
    return launchRefusal(def, puzzle, params) ?? threadsRefusal(threadsOf(params), this.cores);
  }

  /**
   * Every run a study would make, checked as `createRun` checks a launch, before the study is
   * stored: a study with a run that cannot run is refused in one line naming the file and the cell.
   */
  checkStudyLaunches(study: StudyLaunches, fileName: string): void {
    const fam = getFamily(study.family);
    study.puzzles.forEach((p, pi) => {
      const puzzle: unknown = fam.puzzleFromJson(p.puzzle);
      study.configs.forEach((c, ci) => {
        const def = findSolver(study.family, c.solver);
        const refused = this.launchRefusal(def, puzzle, this.launchParams(def, c.params));
        if (refused) throw new Error(`${oneLine(fileName, 200)}: solvers[${ci}] (${c.label}) on puzzles[${pi}] (${p.label}): ${refused}`);
      });
    });
  }

  /**
   * Continue a stopped or interrupted run from its last checkpoint; `set` changes the settings a
   * resume may change (see retune.ts), checked as a launch is before anything is written.
   */
  resumeRun(id: number, set: Readonly<Record<string, unknown>> = {}): RunRecord {
    const run = this.store.getRun(id);
    if (!run) throw new Error(`no run ${id}`);
    // Its threads cannot change (its checkpoint holds one search per thread), so a run started on
    // a bigger machine (a run file, a database moved here) is refused as a launch of them would be.
    const threads = threadsOf(run.params);
    if (threadsRefusal(threads, this.cores))
      throw new Error(
        `run ${id}: threads: ${threads} is more than the ${this.cores} cores of this machine, and a run resumes on the threads it started with: resume it on a machine with at least ${threads} cores`,
      );
    if (Object.keys(set).length === 0) return this.runs.resume(id);
    // Only a new setting needs the run's puzzle (to check the setting against it as a launch does).
    const tuned = retune(findSolver(run.family, run.solver), getFamily(run.family).puzzleFromJson(run.puzzle), run, set, this.store.latestCheckpoint(id));
    return this.runs.resume(id, tuned ?? undefined);
  }

  /**
   * `count` runs with the same settings and different seeds (seed, seed + 1, … when a seed is
   * given, else random ones). Every setting is checked before the first run is stored.
   */
  createRuns(req: NewRun, count = 1): RunRecord[] {
    if (!Number.isInteger(count) || count < 1 || count > MAX_RUNS_AT_ONCE)
      throw new Error(`runs must be a whole number from 1 to ${MAX_RUNS_AT_ONCE}, got ${count}`);
    const base = req.seed ?? null;
    const seedOf = (i: number): number => (base === null ? randomSeed() : (base + i) % (MAX_SEED + 1));
    const first = this.createRun({ ...req, seed: seedOf(0) });
    const out = [first];
    for (let i = 1; i < count; i++) out.push(this.createRun({ ...req, seed: seedOf(i) }));
    return out;
  }

  /** Delete runs with their events and checkpoints; active or queued ones are stopped first. Returns how many were deleted. */
  async deleteRuns(ids: readonly number[]): Promise<number> {
    const wanted = new Set(ids);
    const live = this.store.listRuns({ status: [...ACTIVE_STATUSES] }).map((r) => r.id);
    for (const id of new Set([...live.filter((i) => wanted.has(i)), ...ids.filter((i) => this.runs.isActive(i))])) await this.runs.stop(id);
    // In short transactions with the event loop let run in between: a long delete (10,000 runs)
    // in one go would hold up this process's lease heartbeat past the lease, and another process
    // would take its live runs for abandoned.
    let deleted = 0;
    for (let at = 0; at < ids.length;) {
      const { handled, deleted: n } = this.store.deleteRunsFor(ids.slice(at, at + DELETE_SLICE));
      at += handled;
      deleted += n;
      if (at < ids.length) await new Promise((r) => setImmediate(r));
    }
    // Puzzles' best scores were recomputed too, so the library listens to this as well.
    if (deleted > 0) this.push({ type: 'runs-deleted', ids: [...ids] });
    return deleted;
  }

  /**
   * Write an export of runs (see RunHistory.exportRuns) to `file` a run at a time, never holding
   * the whole text: for thousands of runs. Returns the suggested file name and the bytes written.
   */
  async exportRunsToFile(ids: readonly number[], format: 'csv' | 'json', file: string): Promise<{ fileName: string; bytes: number }> {
    const { fileName, chunks } = this.history.exportRunsStream(ids, format);
    const out = await open(file, 'w');
    let bytes = 0;
    try {
      for await (const chunk of chunks) bytes += (await out.write(chunk)).bytesWritten;
    } finally {
      await out.close();
    }
    return { fileName, bytes };
  }

  /**
   * The export of runs as one text for the API, built a run at a time with the event loop let run
   * in between (heartbeats and other calls go on) and refused in one line once it passes
   * `EXPORT_TEXT_LIMIT`, so no export holds a server's memory or answers with one huge message.
   */
  async exportRunsText(ids: readonly number[], format: 'csv' | 'json', limit = EXPORT_TEXT_LIMIT): Promise<{ fileName: string; text: string }> {
    const { fileName, chunks } = this.history.exportRunsStream(ids, format);
    const parts: string[] = [];
    let size = 0;
    for await (const chunk of chunks) {
      size += chunk.length;
      if (size > limit) throw new Error(`the export of ${ids.length} runs is larger than ${mibText(limit)}: export fewer runs at a time`);
      parts.push(chunk);
    }
    return { fileName, text: parts.join('') };
  }

  /** End the runs (they become resumable), then close the database. */
  async dispose(): Promise<void> {
    await this.runs.dispose();
    this.store.dispose();
  }
}

/** The largest export of runs handed over as one text (characters); bigger ones are refused. */
export const EXPORT_TEXT_LIMIT = 32 * 1024 * 1024;

/** Ids handed to one short delete transaction at most (it stops earlier when its time is up). */
const DELETE_SLICE = 1_000;

/** How many deleted puzzles a session can bring back. */
const TRASH_SIZE = 50;

/**
 * Threads beyond a machine's cores would share them, every round slower, for nothing a run on
 * fewer does not give: refused in one line (null when `threads` fit in `cores`).
 */
export function threadsRefusal(threads: number, cores: number): string | null {
  return threads > cores ? `threads: ${threads} is more than the ${cores} cores of this machine: choose at most ${cores}` : null;
}

/** The catalogue as the views and the CLI list it. */
export function solverInfos(): SolverInfo[] {
  return catalogue.map((d) => ({ family: d.family, id: d.id, label: d.label, description: d.description, params: d.params, resumable: resumableKeys(d) }));
}
