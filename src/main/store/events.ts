/**
 * Run events: progress samples (thinned as a run grows old; see thin.ts) and improvements (each
 * with its board, never thinned). Only an improvement moves the run's and its puzzle's best: its
 * board was re-scored before it got here, while a sample's best is the solver's word, kept as
 * its claim (see `claimedBest`).
 */
import type { Improvement, MemoryUse, ProgressSample } from '../../core/engine/run-types';
import { notFound, toJson, type StoreCore } from './core';
import { parseStored } from './errors';
import type { LeaseTable } from './lease-table';
import type { LeaseOwner } from './leases';
import type { Puzzles } from './puzzles';
import { RAISE_PEAK_SQL, storedBytes } from './run-rows';
import { thinPlan } from './thin';
import type { EventQuery, ProgressEvent, RunEvent } from './types';

interface EventRow {
  id: number;
  run_id: number;
  kind: string;
  elapsed_ms: number;
  evaluations: number;
  iteration: number | null;
  best_score: number;
  current_score: number | null;
  mean_score: number | null;
  solution: string | null;
}

function toEvent(r: EventRow): RunEvent {
  const base = { id: r.id, runId: r.run_id, elapsedMs: r.elapsed_ms, evaluations: r.evaluations, bestScore: r.best_score };
  if (r.kind === 'improvement') {
    return {
      ...base,
      kind: 'improvement',
      iteration: null,
      currentScore: null,
      meanScore: null,
      solution: r.solution === null ? null : parseStored(r.solution, () => `an improvement of run ${r.run_id}`),
    };
  }
  return { ...base, kind: 'progress', iteration: r.iteration ?? 0, currentScore: r.current_score ?? r.best_score, meanScore: r.mean_score, solution: null };
}

function prepare(core: StoreCore) {
  const p = <R = unknown>(sql: string) => core.db.prepare<unknown[], R>(sql);
  return {
    // A sample without memory figures leaves the run's as they were; the peak only rises. Its best
    // raises only the claim, never best_score.
    progressRun: p(
      `UPDATE runs SET elapsed_ms = @elapsedMs, evaluations = @evaluations,
              claimed_best = CASE WHEN claimed_best IS NULL OR @score > claimed_best THEN @score ELSE claimed_best END,
              rss_bytes = COALESCE(@rss, rss_bytes),
              ${RAISE_PEAK_SQL}
       WHERE id = @id`,
    ),
    // SET expressions all see the old row, so both CASEs compare against the old best.
    improveRun: p(
      `UPDATE runs SET elapsed_ms = @elapsedMs, evaluations = @evaluations,
              best_score = CASE WHEN best_score IS NULL OR @score > best_score THEN @score ELSE best_score END,
              best_solution = CASE WHEN best_score IS NULL OR @score >= best_score OR best_solution IS NULL
                                   THEN @solution ELSE best_solution END
       WHERE id = @id`,
    ),
    insertProgress: p(
      `INSERT INTO run_events (run_id, kind, elapsed_ms, evaluations, iteration, best_score, current_score, mean_score)
       VALUES (@runId, 'progress', @elapsedMs, @evaluations, @iteration, @bestScore, @currentScore, @meanScore)`,
    ),
    insertImprovement: p(
      `INSERT INTO run_events (run_id, kind, elapsed_ms, evaluations, best_score, current_score, solution)
       VALUES (@runId, 'improvement', @elapsedMs, @evaluations, @score, @score, @solution)`,
    ),
    countProgress: p<number>(`SELECT COUNT(*) FROM run_events WHERE run_id = ? AND kind = 'progress'`).pluck(),
    progressIds: p<number>(`SELECT id FROM run_events WHERE run_id = ? AND kind = 'progress' ORDER BY elapsed_ms, id`).pluck(),
    deleteEvent: p(`DELETE FROM run_events WHERE id = ?`),
    deleteProgressAfter: p(`DELETE FROM run_events WHERE run_id = ? AND kind = 'progress' AND elapsed_ms > ?`),
    latestProgress: p<EventRow>(`SELECT * FROM run_events WHERE run_id = ? AND kind = 'progress' ORDER BY elapsed_ms DESC, id DESC LIMIT 1`),
  };
}

/** The Store's event methods (see Store for each one's contract). */
export class RunEvents {
  private readonly stmts: ReturnType<typeof prepare>;

  constructor(
    private readonly core: StoreCore,
    private readonly puzzles: Puzzles,
    private readonly leases: LeaseTable,
    private readonly maxProgressSamples: number,
  ) {
    this.stmts = prepare(core);
  }

  recordProgress(id: number, s: ProgressSample, owner?: LeaseOwner, memory?: MemoryUse): void {
    this.core.tx(() => {
      this.leases.fence(id, owner);
      const info = this.stmts.progressRun.run({
        id,
        elapsedMs: s.elapsedMs,
        evaluations: s.evaluations,
        score: s.bestScore,
        rss: storedBytes(memory?.rssBytes),
        peak: storedBytes(memory?.peakRssBytes),
      });
      if (info.changes === 0) throw notFound('run', id);
      this.stmts.insertProgress.run({
        runId: id,
        elapsedMs: s.elapsedMs,
        evaluations: s.evaluations,
        iteration: s.iteration,
        bestScore: s.bestScore,
        currentScore: s.currentScore,
        meanScore: s.meanScore ?? null,
      });
      const count = this.stmts.countProgress.get(id) as number;
      if (count > this.maxProgressSamples) {
        const ids = this.stmts.progressIds.all(id);
        for (const i of thinPlan(ids.length, this.maxProgressSamples)) this.stmts.deleteEvent.run(ids[i]);
      }
    });
  }

  recordImprovement(id: number, imp: Improvement, owner?: LeaseOwner): void {
    this.core.tx(() => {
      this.leases.fence(id, owner);
      const solution = toJson(imp.solution);
      const info = this.stmts.improveRun.run({ id, elapsedMs: imp.elapsedMs, evaluations: imp.evaluations, score: imp.score, solution });
      if (info.changes === 0) throw notFound('run', id);
      this.puzzles.raiseBest(id, imp.score);
      this.stmts.insertImprovement.run({ runId: id, elapsedMs: imp.elapsedMs, evaluations: imp.evaluations, score: imp.score, solution });
    });
  }

  list(runId: number, q: EventQuery): RunEvent[] {
    return this.core.guard(() => {
      const args: unknown[] = [runId];
      let kindSql = '';
      if (q.kinds) {
        if (q.kinds.length === 0) return [];
        kindSql = ` AND kind IN (${q.kinds.map(() => '?').join(', ')})`;
        args.push(...q.kinds);
      }
      const sql = `SELECT * FROM run_events WHERE run_id = ?${kindSql} ORDER BY elapsed_ms, id`;
      return (this.core.statements.get(sql).all(...args) as EventRow[]).map(toEvent);
    });
  }

  latestProgress(runId: number): ProgressEvent | null {
    return this.core.guard(() => {
      const row = this.stmts.latestProgress.get(runId);
      return row ? (toEvent(row) as ProgressEvent) : null;
    });
  }

  /** Inside a transaction: drop the progress samples after `elapsedMs` (a resumed run samples that stretch again). */
  dropProgressAfter(runId: number, elapsedMs: number): void {
    this.stmts.deleteProgressAfter.run(runId, elapsedMs);
  }
}
