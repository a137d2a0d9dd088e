/**
 * One edge solver run in this process through the run driver on a CPU clock, for the benches that
 * try settings quickly (edge-quality, scratch drivers); the papers' tables run as studies instead.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { drive } from '../../src/core/engine/driver';
import type { SolverDef } from '../../src/core/engine/solver';
import { maxScore, piecesFormat, scoreBoard, solutionFromJson, type EdgePuzzle } from '../../src/core/families/edge';
import { findSolver } from '../../src/core/catalogue/catalogue';
import type { Params } from '../../src/core/params/schema';

export const INSTANCES = fileURLToPath(new URL('../../../shared/instances/', import.meta.url));

export function readPieces(name: string): EdgePuzzle {
  return piecesFormat.read(readFileSync(INSTANCES + name, 'utf8'), name).puzzle;
}

export function edgeSolver(id: string): SolverDef {
  return findSolver('edge', id);
}

export interface TimedOutcome {
  best: number;
  /** When the best was first reached. */
  bestMs: number;
  evaluations: number;
  ms: number;
}

/**
 * The process's CPU time in ms. Budgets are "seconds on one core": on a shared machine the wall
 * clock also runs while other processes have the core, and would cut runs short.
 */
export function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/**
 * One run through the real run driver (slices, stop on time or on the maximum), without the
 * store: what a `workbench solve --cpu --seconds S` run does, minus the I/O.
 */
export async function timedRun(
  def: SolverDef,
  puzzle: EdgePuzzle,
  params: Params,
  seed: number,
  seconds: number,
  onBest?: (ms: number, score: number) => void,
): Promise<TimedOutcome> {
  const run = def.create(puzzle, params, seed);
  let bestMs = 0;
  const t0 = cpuMs();
  await drive(
    run,
    { seconds, evaluations: null, target: null },
    {
      now: cpuMs,
      pause: async () => {},
      stopRequested: () => false,
      onProgress: () => {},
      onImprovement: (i) => {
        bestMs = i.elapsedMs;
        onBest?.(i.elapsedMs, i.score);
      },
      onCheckpoint: () => {},
    },
    { elapsedMs: 0, maxScore: maxScore(puzzle.rows, puzzle.cols), progressIntervalMs: 1e12, checkpointIntervalMs: 1e12 },
  );
  const ms = cpuMs() - t0;
  // The reported best must be a real board of that score.
  const check = scoreBoard(puzzle, solutionFromJson(puzzle, run.bestSolution()));
  if (check !== run.bestScore) throw new Error(`${def.id} reports ${run.bestScore} but its board scores ${check}`);
  return { best: run.bestScore, bestMs, evaluations: run.evaluations, ms };
}
