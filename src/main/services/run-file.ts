/**
 * Run files: one run with its events and its last checkpoint, to carry a run to another database
 * (another machine) and go on with it there. An overnight run started on a laptop resumes on the
 * desktop with its whole history, and its curve continues where it stopped.
 *
 * Nothing in a run file is trusted: it is read as a run being started is (family, puzzle, solver,
 * settings, stop criteria), every improvement's board is re-scored by the family's own code (a
 * progress sample's best is only what the solver said: it never sets the run's best), and the
 * whole run is stored in one transaction or not at all. A checkpoint the solver cannot use
 * fails the resumed run with the solver's reason; the run's events stay.
 */
import { issueText } from '../../core/validate/validate';
import * as v from 'valibot';
import { findSolver } from '../../core/catalogue/catalogue';
import { FormatError } from '../../core/document/errors';
import { hasEnded, MAX_SEED, STOP_REASONS } from '../../core/engine/run-types';
import { getFamily, hasFamily } from '../../core/families';
import type { AnyFamily } from '../../core/families/family';
import { improvementCheck, type ImprovementCheck } from '../../core/families/verify';
import { resolveParams } from '../../core/params/schema';
import { checkName } from '../../core/text/display';
import { durationText } from '../../core/text/run-text';
import { readSpreadInfo, SpreadInfo, writeSpreadInfo } from '../spread/info';
import type { Store } from '../store/store';
import { RUN_STATUSES, type RunRecord, type RunStatus } from '../store/types';
import { launchRefusal } from './machine-memory';
import { resumableKeys } from './retune';
import { findSame } from './same-puzzles';
import { checkStop } from './stop-criteria';

export const RUN_FILE_FORMAT = 'puzzle-workbench-run';
export const RUN_FILE_VERSION = 1;

const count = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER));
const score = v.pipe(v.number(), v.finite());
const orNull = <T extends v.GenericSchema>(s: T) => v.optional(v.nullable(s), null);

const progressSchema = v.strictObject({
  kind: v.literal('progress'),
  elapsedMs: count,
  evaluations: count,
  iteration: count,
  bestScore: score,
  currentScore: score,
  meanScore: orNull(score),
});

const improvementSchema = v.strictObject({
  kind: v.literal('improvement'),
  elapsedMs: count,
  evaluations: count,
  score,
  solution: v.unknown(),
});

const runFileSchema = v.object({
  format: v.literal(RUN_FILE_FORMAT, `expected "format": "${RUN_FILE_FORMAT}"`),
  version: v.literal(RUN_FILE_VERSION, `expected "version": ${RUN_FILE_VERSION} (a file from a newer version of the workbench?)`),
  run: v.object({
    puzzleName: v.string(),
    family: v.string(),
    solver: v.string(),
    params: v.record(v.string(), v.unknown()),
    seed: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_SEED)),
    stop: v.object({
      seconds: orNull(v.number()),
      evaluations: orNull(v.number()),
      target: orNull(v.number()),
      clock: v.optional(v.picklist(['wall', 'cpu'])),
    }),
    puzzle: v.unknown(),
    status: v.picklist(RUN_STATUSES),
    stopReason: orNull(v.picklist(STOP_REASONS)),
    error: orNull(v.string()),
    elapsedMs: count,
    evaluations: count,
    peakRssBytes: orNull(count),
    /** Settings changed on resumes (files written before there were any: none). */
    changes: v.optional(
      v.array(
        v.strictObject({
          elapsedMs: count,
          evaluations: count,
          key: v.string(),
          from: v.union([v.number(), v.string(), v.boolean()]),
          to: v.union([v.number(), v.string(), v.boolean()]),
        }),
      ),
      [],
    ),
  }),
  events: v.array(v.variant('kind', [progressSchema, improvementSchema])),
  checkpoint: v.nullable(v.object({ elapsedMs: count, evaluations: count, bestScore: score, state: v.unknown() })),
  /** A run spread over workers: its workers, clocks and pool as it last showed them (older files: none). */
  spread: v.optional(v.nullable(SpreadInfo), null),
});

/** A run file as written: a plain run's has no spread record at all. */
export type RunFile = Omit<v.InferOutput<typeof runFileSchema>, 'spread'> & { spread?: SpreadInfo };

/** The run as a run file: its settings, puzzle, events (progress as thinned in the store) and last checkpoint. */
export function runToFile(wb: { readonly store: Store }, runId: number): RunFile {
  const store = wb.store;
  const run = store.getRun(runId);
  if (!run) throw new Error(`no run ${runId}`);
  const events = store.events(runId).map((e) =>
    e.kind === 'improvement'
      ? { kind: 'improvement' as const, elapsedMs: e.elapsedMs, evaluations: e.evaluations, score: e.bestScore, solution: e.solution }
      : {
          kind: 'progress' as const,
          elapsedMs: e.elapsedMs,
          evaluations: e.evaluations,
          iteration: e.iteration,
          bestScore: e.bestScore,
          currentScore: e.currentScore,
          meanScore: e.meanScore,
        },
  );
  return {
    format: RUN_FILE_FORMAT,
    version: RUN_FILE_VERSION,
    run: {
      puzzleName: run.puzzleName,
      family: run.family,
      solver: run.solver,
      params: run.params,
      seed: run.seed,
      stop: { ...run.stop },
      puzzle: run.puzzle,
      status: run.status,
      stopReason: run.stopReason,
      error: run.error,
      elapsedMs: run.elapsedMs,
      evaluations: run.evaluations,
      peakRssBytes: run.peakRssBytes,
      changes: run.changes,
    },
    events,
    checkpoint: store.latestCheckpoint(runId),
    ...spreadOf(store, runId),
  };
}

/** The spread record, only for a spread run (a plain run's file is as it always was). */
function spreadOf(store: Store, runId: number): { spread?: SpreadInfo } {
  const info = readSpreadInfo(store, runId);
  return info ? { spread: info } : {};
}

const RUN_FILE_START = new RegExp(`^\\s*\\{\\s*"format"\\s*:\\s*"${RUN_FILE_FORMAT}"`);

/** A run file says so first (as `runToFile` writes it), so it is told from a puzzle document without parsing. */
export function isRunFileText(text: string): boolean {
  return RUN_FILE_START.test(text);
}

/** What a run that was live where it was written becomes here: it can be resumed. */
function statusHere(s: RunStatus): RunStatus {
  return hasEnded(s) ? s : 'interrupted';
}

/**
 * Store a run file as a new run (never started here, so no process holds it): `interrupted` or
 * `stopped` runs resume with `workbench resume`. Throws a FormatError naming `source` for anything
 * that does not hold, before anything is stored.
 */
export function importRunFile(wb: { readonly store: Store }, text: string, source: string): RunRecord {
  const store = wb.store;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new FormatError(`not JSON (${(e as Error).message})`, source);
  }
  const r = v.safeParse(runFileSchema, json, { abortEarly: true });
  if (!r.success) throw new FormatError(issueText(r.issues), source);
  const { run, events, checkpoint, spread } = r.output;
  const fail = (msg: string): never => {
    throw new FormatError(msg, source);
  };
  if (!hasFamily(run.family)) fail(`unknown puzzle family "${run.family}"`);
  const family = getFamily(run.family);
  const name = checkName(run.puzzleName);
  const puzzle: unknown = family.puzzleFromJson(run.puzzle, `${source}: run.puzzle`);
  const { errors } = family.validate(puzzle);
  if (errors.length > 0) fail(`run.puzzle: ${errors[0]}`);
  // The catalogue's and the stop criteria's own messages, with the file's name in front.
  const named = <T>(fn: () => T): T => {
    try {
      return fn();
    } catch (e) {
      return fail((e as Error).message);
    }
  };
  const def = named(() => findSolver(family.id, run.solver));
  const params = named(() => resolveParams(def.params, run.params));
  run.changes.forEach((c, i) => {
    if (!resumableKeys(def).includes(c.key)) fail(`run.changes.${i}: ${c.key} is not a setting a resume may change`);
  });
  // A run from a larger machine is refused here rather than resumed into swapping.
  const refused = launchRefusal(def, puzzle, params);
  if (refused) fail(refused);
  const stop = named(() => checkStop(run.stop));
  const check = improvementCheck(family.id, run.puzzle);
  let n = 0;
  for (const e of events) {
    if (e.kind !== 'improvement') continue;
    n++;
    const wrong = falseClaim(check, family, puzzle, e);
    if (wrong) fail(`improvement ${n} (at ${durationText(e.elapsedMs)}) claims score ${e.score}, but ${wrong}`);
  }
  const same = findSame(wb, family.id, puzzle);
  return store.core.tx(() => {
    const created = store.createRun({
      puzzleId: same[0]?.id ?? null,
      puzzleName: name,
      family: family.id,
      solver: def.id,
      params,
      seed: run.seed,
      stop,
      puzzle: family.puzzleToJson(puzzle),
      maxScore: family.maxScore(puzzle),
      changes: run.changes,
    });
    for (const e of events) {
      if (e.kind === 'improvement') store.recordImprovement(created.id, e);
      else store.recordProgress(created.id, { ...e, meanScore: e.meanScore ?? null });
    }
    if (checkpoint) store.saveCheckpoint(created.id, checkpoint);
    if (spread) writeSpreadInfo(store, created.id, spread);
    const status = statusHere(run.status);
    store.setRunStatus(created.id, status, {
      stopReason: run.stopReason ?? null,
      error: run.error ?? null,
      elapsedMs: run.elapsedMs,
      evaluations: run.evaluations,
      ...(run.peakRssBytes != null ? { peakRssBytes: run.peakRssBytes } : {}),
      ...(status === 'interrupted' ? { endedAt: null } : {}),
    });
    return store.getRun(created.id)!;
  });
}

/**
 * Why an improvement of a run file is false ("its board scores 457", "its board is illegal: …"),
 * or null when its board is legal and scores what it claims. The family's check decides; the
 * board's own score is worked out only to say what it is.
 */
function falseClaim(check: ImprovementCheck, family: AnyFamily, puzzle: unknown, e: { score: number; solution: unknown }): string | null {
  const wrong = check(e.solution, e.score);
  if (wrong === null) return null;
  let actual: number;
  try {
    actual = family.evaluate(puzzle, family.solutionFromJson(puzzle, e.solution)).score;
  } catch {
    return wrong;
  }
  return check(e.solution, actual) === null ? `its board scores ${actual}` : wrong;
}
