/**
 * Analyses the app starts (issue 25): each runs on the backend in slices of about 20 ms that give
 * the event loop a turn between them (so calls, pushes and a stop are answered at once), reports
 * its progress, stops on request or at its CPU limit, and keeps its outcome for the view to
 * collect. Finished analyses are forgotten after a while.
 */
import { parseDocument } from '../../core/document/document';
import type { FamilyId } from '../../core/families/family';
import type { Store } from '../store/store';
import { runAnalysis, DEFAULT_LIMITS, type AnalysisOutcome, type AnalysisProgress } from './analysis-run';

export interface AnalysisStatus {
  id: number;
  puzzleId: number;
  family: FamilyId;
  running: boolean;
  progress: AnalysisProgress | null;
  outcome: AnalysisOutcome | null;
  /** Why the analysis failed (one line), or null. */
  error: string | null;
}

interface Job extends AnalysisStatus {
  stop: boolean;
  finishedAt: number | null;
}

/** Longest an analysis may be asked to run, in CPU seconds. */
export const MAX_ANALYSIS_SECONDS = 3600;
/** Finished analyses kept for their view to collect. */
const KEEP_MS = 10 * 60_000;

export class Analyses {
  private readonly jobs = new Map<number, Job>();
  private nextId = 1;

  constructor(private readonly store: Pick<Store, 'getPuzzle'>) {}

  start(req: { puzzleId: number; seconds?: number; maxSolutions?: number; probes?: number }): AnalysisStatus {
    this.prune();
    const rec = this.store.getPuzzle(req.puzzleId);
    if (!rec) throw new Error(`puzzle ${req.puzzleId} does not exist`);
    const seconds = req.seconds ?? DEFAULT_LIMITS.seconds;
    if (!(seconds > 0 && seconds <= MAX_ANALYSIS_SECONDS)) throw new Error(`seconds must be above 0 and at most ${MAX_ANALYSIS_SECONDS}, got ${seconds}`);
    const { doc, puzzle, solution, reference } = parseDocument(rec.document, `puzzle ${req.puzzleId}`);
    // One analysis per puzzle at a time: a new one replaces (stops) the one before.
    for (const j of this.jobs.values()) if (j.puzzleId === req.puzzleId && j.running) j.stop = true;
    const job: Job = {
      id: this.nextId++,
      puzzleId: req.puzzleId,
      family: doc.family,
      running: true,
      progress: null,
      outcome: null,
      error: null,
      stop: false,
      finishedAt: null,
    };
    this.jobs.set(job.id, job);
    const limits = { ...DEFAULT_LIMITS, seconds, maxSolutions: req.maxSolutions ?? DEFAULT_LIMITS.maxSolutions, probes: req.probes ?? DEFAULT_LIMITS.probes };
    void runAnalysis({ family: doc.family, puzzle, solution: solution ?? undefined, reference: reference ?? undefined }, limits, {
      onProgress: (p) => void (job.progress = p),
      stopRequested: () => job.stop,
      pause: () => new Promise((r) => setImmediate(r)),
    })
      .then((outcome) => void (job.outcome = outcome))
      .catch((e: unknown) => void (job.error = e instanceof Error ? e.message : String(e)))
      .finally(() => {
        job.running = false;
        job.finishedAt = Date.now();
      });
    return this.status(job.id);
  }

  status(id: number): AnalysisStatus {
    const j = this.jobs.get(id);
    if (!j) throw new Error(`analysis ${id} does not exist (finished analyses are kept ${KEEP_MS / 60_000} minutes)`);
    const { id: jid, puzzleId, family, running, progress, outcome, error } = j;
    return { id: jid, puzzleId, family, running, progress, outcome, error };
  }

  stop(id: number): void {
    const j = this.jobs.get(id);
    if (j) j.stop = true;
  }

  private prune(): void {
    const now = Date.now();
    for (const [id, j] of this.jobs) if (j.finishedAt !== null && now - j.finishedAt > KEEP_MS) this.jobs.delete(id);
  }
}
