/**
 * Analyses the app starts (issue 25; making a puzzle unique, issue 51): each runs in its own worker
 * thread (analysis-worker.ts), so the backend's event loop (calls, pushes, the window) never waits
 * for it; it reports its progress, stops on request (the thread is ended if it does not answer
 * within a grace) or at its CPU limit, and keeps its outcome for the view to collect. Finished
 * analyses are forgotten after a while.
 */
import { parseDocument } from '../../core/document/document';
import type { Disposable } from '../lifecycle/disposable';
import type { Store } from '../store/store';
import { DEFAULT_LIMITS, type AnalysisOutcome } from './analysis-run';
import type { AnalysisJob, AnalysisMessage } from './analysis-worker';
import type { AnalysisStatus, AnalysisTask, MakeUniqueProposal, RecolourProposal } from '../api/system';
import { ThreadJobs, threadSource } from './thread-jobs';

export type { AnalysisStatus };

/** What an analysis makes: its count, a make-unique proposal, or a recolouring. */
type Made = { outcome: AnalysisOutcome } | { unique: MakeUniqueProposal } | { recolour: RecolourProposal };

/** Longest an analysis may be asked to run, in CPU seconds. */
export const MAX_ANALYSIS_SECONDS = 3600;
/** How long a stopped analysis may take to hand over its count so far before its thread is ended. */
const STOP_GRACE_MS = 2000;

export class Analyses implements Disposable {
  private readonly jobs = new ThreadJobs<AnalysisStatus, Made, AnalysisMessage>({
    noun: 'analysis',
    plural: 'analyses',
    source: () => threadSource(new URL('./analysis-worker.ts', import.meta.url), new URL('./analysis-worker.js', import.meta.url)),
    stopGraceMs: STOP_GRACE_MS,
    // The count reads messages between slices; make-unique and recolour read the flag.
    postStop: true,
    message: (status, m) => {
      if (m.kind === 'progress') {
        status.progress = m.progress;
        return null;
      }
      if (m.kind === 'done') return { outcome: m.outcome };
      if (m.kind === 'unique') return { unique: m.unique };
      if (m.kind === 'recolour') return { recolour: m.recolour };
      return { error: m.error };
    },
    made: (status, made) => {
      if ('outcome' in made) status.outcome = made.outcome;
      else if ('unique' in made) status.unique = made.unique;
      else status.recolour = made.recolour;
    },
    failed: (e) => `the analysis failed: ${e.message}`,
    exited: 'the analysis ended without a result',
    late: () => `the analysis did not stop within ${STOP_GRACE_MS / 1000} s and was ended`,
  });

  constructor(private readonly store: Pick<Store, 'getPuzzle'>) {}

  start(req: { puzzleId: number; task?: AnalysisTask; seconds?: number; maxSolutions?: number; probes?: number }): AnalysisStatus {
    this.jobs.prune();
    const rec = this.store.getPuzzle(req.puzzleId);
    if (!rec) throw new Error(`puzzle ${req.puzzleId} does not exist`);
    const seconds = req.seconds ?? DEFAULT_LIMITS.seconds;
    if (!(seconds > 0 && seconds <= MAX_ANALYSIS_SECONDS)) throw new Error(`seconds must be above 0 and at most ${MAX_ANALYSIS_SECONDS}, got ${seconds}`);
    const { doc, puzzle, solution, reference } = parseDocument(rec.document, `puzzle ${req.puzzleId}`);
    const task = req.task ?? 'analyze';
    if ((task === 'make-unique' || task === 'recolour') && doc.family !== 'edge')
      throw new Error(`make unique works on edge-matching puzzles (and Tetravex), not on ${doc.family} puzzles`);
    // One analysis per puzzle at a time: a new one replaces (stops) the one before.
    for (const j of this.jobs.all()) if (j.puzzleId === req.puzzleId && j.running) this.stop(j.id);
    const limits = { ...DEFAULT_LIMITS, seconds, maxSolutions: req.maxSolutions ?? DEFAULT_LIMITS.maxSolutions, probes: req.probes ?? DEFAULT_LIMITS.probes };
    return this.jobs.start(
      (id) => ({
        id,
        puzzleId: req.puzzleId,
        family: doc.family,
        task,
        running: true,
        progress: null,
        outcome: null,
        unique: null,
        recolour: null,
        error: null,
      }),
      (stopFlag): AnalysisJob => ({
        target: { family: doc.family, puzzle, solution: solution ?? undefined, reference: reference ?? undefined },
        limits,
        task,
        stopFlag,
      }),
    );
  }

  status(id: number): AnalysisStatus {
    return this.jobs.status(id);
  }

  /**
   * Ask the analysis to stop (it keeps its count so far); its thread is ended if it does not answer
   * in time. One that has finished stays as it is; an unknown id is refused, as by `status`.
   */
  stop(id: number): void {
    this.jobs.stop(id);
  }

  /** End every running analysis (the backend is closing). */
  dispose(): Promise<void> {
    return this.jobs.dispose();
  }
}
