/**
 * Running a designer's analysis (issue 25) against a CPU-time limit, with progress and a stop: the
 * same driver serves the CLI (in its own process) and the app's analysis worker thread
 * (analysis-worker.ts). The families' analyses are pure; the clock, the limits and Eternity II's bundled
 * statistics live here.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readPuzzleFile } from '../../core/document/read-file';
import { colourStats, type ColourStats, makeUnique, fewestRecolourings } from '../../core/families/edge/analysis';
import { isEdgeRead, solutionToJson } from '../../core/families/edge/model';
import type { AnalysisJob } from '../../core/families/family';
import { withFamily } from '../../core/families/typed';
import { findResourcesDir } from './samples';
import type { AnalysisOutcome, AnalysisProgress, MakeUniqueProposal, RecolourProposal } from '../api/system';

export type { AnalysisOutcome, AnalysisProgress, MakeUniqueProposal, RecolourProposal };

export interface AnalysisTarget {
  /** A built-in family, or one added with `registerFamily`. */
  family: string;
  /** The family's puzzle model (already validated). */
  puzzle: unknown;
  /** The user's current work and the known solution (models), when there are any. */
  solution?: unknown;
  reference?: unknown;
}

export interface AnalysisLimits {
  /** CPU seconds for the whole analysis (edge: the probes, then the count). */
  seconds: number;
  /** Edge: stop counting at this many solutions. */
  maxSolutions: number;
  /** Edge: Knuth probes. */
  probes: number;
  seed: number;
}

export const DEFAULT_LIMITS: AnalysisLimits = { seconds: 10, maxSolutions: 1000, probes: 2000, seed: 1 };

export interface AnalysisHooks {
  onProgress?(p: AnalysisProgress): void;
  stopRequested?(): boolean;
  /** Give the host's event loop a turn between slices (messages, a stop); absent = never. */
  pause?(): Promise<void>;
  /** Milliseconds between progress reports (default 250). */
  progressMs?: number;
  /** The clock the limit is counted on, in ms (default: the process's CPU time). */
  clockMs?(): number;
}

/** This process's CPU time in ms: the clock of the CLI's bounded searches. */
export const processCpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

let e2Stats: ColourStats | null | undefined;

/** Eternity II's colour statistics, computed once from the bundled piece file (null when it is not there). */
export function eternity2Stats(): ColourStats | null {
  if (e2Stats !== undefined) return e2Stats;
  e2Stats = null;
  const dir = findResourcesDir();
  if (dir) {
    try {
      const file = path.join(dir, 'instances', 'eternity2_256.txt');
      const read = readPuzzleFile(file, readFileSync(file, 'utf8'));
      if (isEdgeRead(read)) e2Stats = colourStats(read.puzzle);
    } catch {
      // The comparison is optional: an analysis without it is still whole.
    }
  }
  return e2Stats;
}

export async function runAnalysis(target: AnalysisTarget, limits: AnalysisLimits, hooks: AnalysisHooks = {}): Promise<AnalysisOutcome> {
  // Each family's own analysis, typed by its models; the clock and the limits are this host's.
  const settings = { maxSolutions: limits.maxSolutions, probes: limits.probes, seed: limits.seed };
  const job = withFamily<AnalysisJob<Analysed>, Analysed>(target, (family, read) => family.analysis.start(read.puzzle, read, settings));
  const analysis = await stepJob(job, limits, hooks);
  return { analysis, eternity2: analysis.family === 'edge' ? eternity2Stats() : null };
}

/** The built-in families' analyses, as the API carries them. */
type Analysed = AnalysisOutcome['analysis'];

/** Step a family's analysis in slices of about 20 ms until it is done, the CPU limit passes or a stop is asked. */
async function stepJob<A>(job: AnalysisJob<A>, limits: AnalysisLimits, hooks: AnalysisHooks): Promise<A> {
  const spent = { estimate: 0, count: 0 };
  const cpuMs = hooks.clockMs ?? processCpuMs;
  const t0 = cpuMs();
  const progressMs = hooks.progressMs ?? 250;
  let lastProgress = -Infinity;
  let budget = 1024;
  let stopped: 'seconds' | 'stopped' | null = null;
  for (;;) {
    const phase = job.phase;
    if (phase === 'done') break;
    if (cpuMs() - t0 >= limits.seconds * 1000) {
      stopped = 'seconds';
      break;
    }
    if (hooks.stopRequested?.()) {
      stopped = 'stopped';
      break;
    }
    const s0 = cpuMs();
    job.step(budget);
    const took = cpuMs() - s0;
    spent[phase] += took;
    // Slices of about 20 ms between checks of the clock, the stop and the host's messages.
    if (took < 10) budget = Math.min(budget * 2, 1 << 26);
    else if (took > 40) budget = Math.max(64, budget >> 1);
    const now = cpuMs() - t0;
    if (hooks.onProgress && now - lastProgress >= progressMs) {
      lastProgress = now;
      hooks.onProgress({ ...job.progress(), cpuMs: Math.round(now) });
    }
    if (hooks.pause) await hooks.pause();
  }
  const last = job.progress();
  const analysis = job.result(spent, stopped);
  hooks.onProgress?.({ phase: 'done', work: last.work, found: last.found, cpuMs: Math.round(cpuMs() - t0) });
  return analysis;
}

/**
 * The fewest hints that leave an edge puzzle one solution (issue 51), within the analysis's CPU
 * limit. The search runs in one go, so the stop is read through `stopRequested` between its slices
 * (a worker thread cannot take a message meanwhile: it passes a shared flag) and the progress is
 * the time spent.
 */
export function runMakeUnique(target: AnalysisTarget, seconds: number, hooks: Omit<AnalysisHooks, 'pause'> = {}): MakeUniqueProposal {
  if (!isEdgeRead(target)) throw new Error('make unique works on edge-matching puzzles (and Tetravex)');
  const limit = timeLimit(seconds, hooks);
  const r = makeUnique(target.puzzle, { shouldStop: limit.shouldStop });
  limit.done(r.nodes, r.solutionsBefore);
  // A stop asked after the last slice leaves the answer whole: it is not said to be stopped.
  return { ...r, reference: r.reference ? solutionToJson(r.reference) : null, stoppedBy: r.outcome === 'stopped' ? limit.stoppedBy() : null };
}

/** The fewest joins to give a colour of their own so one solution is left (issue 51), as runMakeUnique. */
export function runRecolour(target: AnalysisTarget, seconds: number, hooks: Omit<AnalysisHooks, 'pause'> = {}): RecolourProposal {
  if (!isEdgeRead(target)) throw new Error('make unique works on edge-matching puzzles (and Tetravex)');
  const limit = timeLimit(seconds, hooks);
  const { puzzle, ...r } = fewestRecolourings(target.puzzle, { shouldStop: limit.shouldStop });
  limit.done(r.nodes, r.solutionsBefore);
  return { ...r, edges: puzzle ? Array.from(puzzle.edges) : null, stoppedBy: r.outcome === 'stopped' ? limit.stoppedBy() : null };
}

/** The CPU limit and the stop of a search that runs in one go, read between its slices, with the time as its progress. */
function timeLimit(
  seconds: number,
  hooks: Omit<AnalysisHooks, 'pause'>,
): { shouldStop: () => boolean; stoppedBy: () => 'seconds' | 'stopped' | null; done: (nodes: number, found: number) => void } {
  const cpuMs = hooks.clockMs ?? processCpuMs;
  const t0 = cpuMs();
  const progressMs = hooks.progressMs ?? 250;
  let lastProgress = -Infinity;
  let stoppedBy: 'seconds' | 'stopped' | null = null;
  return {
    shouldStop: () => {
      const now = cpuMs() - t0;
      if (hooks.onProgress && now - lastProgress >= progressMs) {
        lastProgress = now;
        hooks.onProgress({ phase: 'unique', work: 0, found: 0, cpuMs: Math.round(now) });
      }
      if (hooks.stopRequested?.()) stoppedBy = 'stopped';
      else if (now >= seconds * 1000) stoppedBy = 'seconds';
      return stoppedBy !== null;
    },
    stoppedBy: () => stoppedBy,
    done: (nodes, found) => hooks.onProgress?.({ phase: 'done', work: nodes, found, cpuMs: Math.round(cpuMs() - t0) }),
  };
}
