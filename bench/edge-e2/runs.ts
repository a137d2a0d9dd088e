// The edge-e2 bench's runs: the grid it runs as a study, each finished run as a logged record
// (its best board kept, so that reports re-score it) and the puzzles the records name.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findSolver } from '../../src/core/catalogue/catalogue';
import { getFamily } from '../../src/core/families';
import { findPreset } from '../../src/core/presets/presets';
import { puzzleOfFile, rescoreNote, rescoreRecords, shown, type LoggedBest, type PuzzleRef, type Rescored } from '../records';
import { solverEntry, templateJson, withStudy, type FinishedStudy } from '../study';

export const RESULTS = fileURLToPath(new URL('../results/', import.meta.url));
export const LOG = `${RESULTS}edge-e2.jsonl`;
export const PIN_LOG = `${RESULTS}edge-e2-8pin.jsonl`;

/** The template's puzzles, in its order. */
export const INSTANCES = [
  { id: 'e2', label: 'Eternity II, starter piece (139 at I8)' },
  { id: 'e2-clues', label: 'Eternity II, the five clue pieces' },
  { id: 'meta16', label: 'META 2010 16x16' },
  { id: 'meta10', label: 'META 2010 10x10' },
];

export interface Record_ extends LoggedBest {
  instance: string;
  solver: string;
  seed: number;
  seconds: number;
  best: number;
  bestMs: number;
  evaluations: number;
  date: string;
  /** CPU ms at which the run first reached each score from REACH_FROM to its best (records before 2026-11-27 have none). */
  reach?: Record<string, number>;
}

/**
 * The lowest score whose first time is recorded: below the Eternity II targets (issue 23: 458-463)
 * and the public figures (452-461), few enough scores to keep each record one short line.
 */
const REACH_FROM = 450;

/**
 * For each score from `from` up to the best of `improvements` (in time order), the time of the
 * first improvement at or above it; one pass.
 */
export function reachTimes(improvements: readonly { t: number; score: number }[], from: number): Record<string, number> {
  const reach: Record<string, number> = {};
  let next = from;
  for (const { t, score } of improvements) for (; next <= score; next++) reach[next] = t;
  return reach;
}

export const pinFile = (v: number): string => `../instances/e2-8pin/eternity2_8pin_v${String(v).padStart(2, '0')}.txt`;
export const pinLabel = (v: number): string => `v${String(v).padStart(2, '0')}`;

/** Fails at once, naming it, on a `solver[:preset]` that edge matching does not have. */
export function checkSpec(spec: string): void {
  const { solver, preset } = solverEntry(spec);
  findSolver('edge', solver);
  if (preset) findPreset('edge', solver, preset);
}

/**
 * The grid as a study: the template's puzzles, these solver settings and seeds, `seconds` CPU
 * seconds per run. Runs to its end, then `read` reads it.
 */
export async function runGrid<T>(
  instances: string[],
  specs: string[],
  seeds: number[],
  seconds: number,
  o: Record<string, string | true>,
  read: (done: FinishedStudy) => T,
): Promise<T> {
  const { json, file } = templateJson({ template: 'eternity2-comparison', keepPuzzle: (_, i) => instances.includes(INSTANCES[i]!.id) });
  const grid: Record<string, unknown> = {
    ...json,
    name: `edge-e2: ${instances.join(', ')} x ${specs.join(', ')}`,
    solvers: specs.map((spec) => solverEntry(spec)),
    seeds,
    stop: { seconds, clock: 'cpu' },
  };
  delete grid.published;
  return withStudy(grid, file, 'edge-e2', o, read);
}

/** Each finished run of the study as a record, its best board checked by a full rescore. */
export function records(done: FinishedStudy, instances: string[], specs: string[], seconds: number): Record_[] {
  const edge = getFamily('edge');
  const out: Record_[] = [];
  const improvements = done.studies.store.improvements(done.id);
  for (const sr of done.studies.runs(done.id)) {
    if (sr.run.status !== 'done') continue;
    const run = done.wb.store.getRun(sr.run.id)!;
    const best = run.bestScore ?? 0;
    const puzzle = edge.puzzleFromJson(run.puzzle);
    const check = run.bestSolution ? edge.evaluate(puzzle, edge.solutionFromJson(puzzle, run.bestSolution)).score : 0;
    if (check !== best) throw new Error(`run ${run.id} (${specs[sr.configIndex]}) reports ${best} but its board scores ${check}`);
    out.push({
      instance: instances[sr.puzzleIndex]!,
      solver: specs[sr.configIndex]!,
      seed: sr.seed,
      seconds,
      best,
      bestMs: done.studies.store.firstReach(run.id, best)?.elapsedMs ?? 0,
      evaluations: run.evaluations,
      date: new Date().toISOString().slice(0, 10),
      reach: reachTimes(improvements.get(run.id) ?? [], REACH_FROM),
      // So that the report re-scores the figure rather than repeat it (bench/records.ts).
      ...(run.bestSolution ? { board: run.bestSolution } : {}),
    });
  }
  return out;
}

export function readLog(file = LOG): Record_[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record_);
}

const STUDIES = fileURLToPath(new URL('../../resources/studies/', import.meta.url));

/**
 * The puzzle file a logged instance was run from, as the bench's studies read it: an instance of
 * edge-e2.jsonl is the template's puzzle, a variant of edge-e2-8pin.jsonl (`v00`) its file.
 */
export function instanceFile(instance: string): string {
  const variant = instance.match(/^v(\d+)$/);
  if (variant) return join(STUDIES, pinFile(Number(variant[1])));
  const index = INSTANCES.findIndex((i) => i.id === instance);
  if (index < 0) throw new Error(`unknown instance ${instance}`);
  const template = JSON.parse(readFileSync(join(STUDIES, 'eternity2-comparison.json'), 'utf8')) as { puzzles: { file: string }[] };
  return join(STUDIES, template.puzzles[index]!.file);
}

/** The latest record per instance, solver, seed and budget, each re-scored from its board if it keeps one. */
export function latestRescored(all: readonly Record_[]): { runs: Record_[]; rescored: Rescored<Record_> } {
  const latest = new Map<string, Record_>();
  for (const r of all) latest.set(`${r.instance}|${r.solver}|${r.seed}|${r.seconds}`, r);
  const records = [...latest.values()];
  const puzzles = new Map<string, PuzzleRef>();
  const puzzleOf = (r: Record_): PuzzleRef => {
    let p = puzzles.get(r.instance);
    if (!p) puzzles.set(r.instance, (p = puzzleOfFile(instanceFile(r.instance))));
    return p;
  };
  const rescored = rescoreRecords(records, puzzleOf, RESULTS);
  return { runs: shown(rescored, records), rescored };
}

const recordName = (r: Record_): string => `\`${r.solver}\` on ${r.instance}, seed ${r.seed}, ${r.seconds} CPU s (logged ${r.best} on ${r.date})`;

/** The report's section on what its figures were re-scored from; refused records are also said on stderr. */
export function rescoredSection(rescored: Rescored<Record_>): string[] {
  for (const { record, why } of rescored.refused) process.stderr.write(`edge-e2: refused ${recordName(record)}: ${why}\n`);
  const note = rescoreNote(rescored, recordName);
  return note.length > 0 ? ['## Which figures were re-scored\n', ...note, ''] : [];
}
