/**
 * Studies in the database: a study row holds its resolved grid as JSON (the store does not read
 * it), and `study_runs` links each of its runs to a cell (puzzle, setting) and a seed. The runs
 * themselves are ordinary runs, written by the run manager like any other.
 */
import type Database from 'better-sqlite3';
import { StoreError, parseStored } from './errors';
import type { StoreCore } from './core';
import type { LeaseGrant } from './leases';
import { RUN_SUMMARY_COLS, toRunSummary, type RunRow } from './run-rows';
import type { Store } from './store';
import type { NewRun, RunRecord, RunSummary } from './types';

export interface StudyRecord {
  id: number;
  name: string;
  /** The study's grid as the studies module wrote it. */
  spec: unknown;
  createdAt: number;
}

/** Where a run sits in its study's grid. */
export interface StudyCell {
  puzzleIndex: number;
  configIndex: number;
  seed: number;
}

export interface StudyRun extends StudyCell {
  run: RunSummary;
}

interface StudyRow {
  id: number;
  name: string;
  spec: string;
  created_at: number;
}

type LinkedRow = RunRow & { puzzle_index: number; config_index: number; link_seed: number };

const toStudy = (r: StudyRow): StudyRecord => ({
  id: r.id,
  name: r.name,
  spec: parseStored(r.spec, () => `study ${r.id} (${r.name})`),
  createdAt: r.created_at,
});

export class StudyStore {
  private readonly db: Database.Database;
  private readonly core: StoreCore;
  private readonly stmts;

  constructor(
    private readonly store: Store,
    private readonly now: () => number = Date.now,
  ) {
    this.core = store.core;
    this.db = store.connection;
    const p = <R = unknown>(sql: string) => this.db.prepare<unknown[], R>(sql);
    this.stmts = {
      insert: p(`INSERT INTO studies (name, spec, created_at) VALUES (?, ?, ?)`),
      get: p<StudyRow>(`SELECT * FROM studies WHERE id = ?`),
      list: p<StudyRow>(`SELECT * FROM studies ORDER BY id DESC`),
      remove: p(`DELETE FROM studies WHERE id = ?`),
      link: p(`INSERT INTO study_runs (run_id, study_id, puzzle_index, config_index, seed) VALUES (?, ?, ?, ?, ?)`),
      cellTaken: p(`SELECT 1 FROM study_runs WHERE study_id = ? AND puzzle_index = ? AND config_index = ? AND seed = ?`).pluck(),
      runs: p<LinkedRow>(
        `SELECT ${RUN_SUMMARY_COLS.split(', ')
          .map((c) => `r.${c}`)
          .join(', ')},
                l.puzzle_index, l.config_index, l.seed AS link_seed
         FROM study_runs l JOIN runs r ON r.id = l.run_id
         WHERE l.study_id = ? ORDER BY r.id`,
      ),
      studyOfRun: p<number>(`SELECT study_id FROM study_runs WHERE run_id = ?`).pluck(),
      firstReached: p<number | null>(`SELECT MIN(elapsed_ms) FROM run_events WHERE run_id = ? AND kind = 'improvement' AND best_score >= ?`).pluck(),
      firstReach: p<{ elapsed_ms: number; evaluations: number }>(
        `SELECT elapsed_ms, evaluations FROM run_events WHERE run_id = ? AND kind = 'improvement' AND best_score >= ? ORDER BY elapsed_ms, id LIMIT 1`,
      ),
      improvements: p<{ run_id: number; elapsed_ms: number; evaluations: number; best_score: number }>(
        `SELECT e.run_id, e.elapsed_ms, e.evaluations, e.best_score FROM study_runs l JOIN run_events e ON e.run_id = l.run_id AND e.kind = 'improvement'
         WHERE l.study_id = ? ORDER BY e.run_id, e.elapsed_ms, e.id`,
      ),
    };
  }

  create(name: string, spec: unknown): StudyRecord {
    return this.core.write(() => {
      const info = this.stmts.insert.run(name, JSON.stringify(spec), this.now());
      return toStudy(this.stmts.get.get(Number(info.lastInsertRowid))!);
    });
  }

  get(id: number): StudyRecord | null {
    return this.core.guard(() => {
      const row = this.stmts.get.get(id);
      return row ? toStudy(row) : null;
    });
  }

  /** Newest first. */
  list(): StudyRecord[] {
    return this.core.guard(() => this.stmts.list.all().map(toStudy));
  }

  /** The study row and its links; the runs stay in the history. False if there was none. */
  delete(id: number): boolean {
    return this.core.write(() => this.stmts.remove.run(id).changes > 0);
  }

  /** Every run of the study with its cell, oldest first. */
  runs(studyId: number): StudyRun[] {
    return this.core.guard(() =>
      this.stmts.runs.all(studyId).map((r) => ({ puzzleIndex: r.puzzle_index, configIndex: r.config_index, seed: r.link_seed, run: toRunSummary(r) })),
    );
  }

  /** The study a run was made for, or null. */
  studyOfRun(runId: number): number | null {
    return this.core.guard(() => this.stmts.studyOfRun.get(runId) ?? null);
  }

  /** When (elapsed ms) a run first reached `score`, by its improvements; null if it never did. */
  timeToScore(runId: number, score: number): number | null {
    return this.core.guard(() => this.stmts.firstReached.get(runId, score) ?? null);
  }

  /** When a run first reached `score`: elapsed ms and evaluations then; null if it never did. */
  firstReach(runId: number, score: number): { elapsedMs: number; evaluations: number } | null {
    return this.core.guard(() => {
      const r = this.stmts.firstReach.get(runId, score);
      return r ? { elapsedMs: r.elapsed_ms, evaluations: r.evaluations } : null;
    });
  }

  /** Every improvement (elapsed ms, evaluations then, new best) of every run of the study, by run, in time order. */
  improvements(studyId: number): Map<number, { t: number; evaluations: number; score: number }[]> {
    return this.core.guard(() => {
      const out = new Map<number, { t: number; evaluations: number; score: number }[]>();
      for (const r of this.stmts.improvements.all(studyId)) {
        let list = out.get(r.run_id);
        if (!list) out.set(r.run_id, (list = []));
        list.push({ t: r.elapsed_ms, evaluations: r.evaluations, score: r.best_score });
      }
      return out;
    });
  }

  /**
   * Link a run already in the store to an empty cell of a study (a run made elsewhere and
   * imported here). Throws when the cell has a run by now.
   */
  linkRun(studyId: number, cell: StudyCell, runId: number): void {
    this.core.tx(() => {
      if (this.stmts.cellTaken.get(studyId, cell.puzzleIndex, cell.configIndex, cell.seed) !== undefined)
        throw new Error(`study ${studyId} has a run for seed ${cell.seed} of that cell already`);
      this.stmts.link.run(runId, studyId, cell.puzzleIndex, cell.configIndex, cell.seed);
    });
  }

  /**
   * Store queued runs for cells of a study, each linked to its cell, all in one transaction (a
   * crash leaves either all of them or none); with `lease`, this process holds them from the start.
   * Cells that have a run by now (another process started the study at the same moment) are
   * skipped: only the runs made here are returned.
   */
  addRuns(studyId: number, cells: readonly { cell: StudyCell; run: NewRun }[], lease?: LeaseGrant): RunRecord[] {
    return this.core.tx(() => {
      if (!this.stmts.get.get(studyId)) throw new StoreError('NOT_FOUND', `there is no study with id ${studyId}`);
      const made: RunRecord[] = [];
      for (const { cell, run } of cells) {
        if (this.stmts.cellTaken.get(studyId, cell.puzzleIndex, cell.configIndex, cell.seed) !== undefined) continue;
        const rec = this.store.createRun(run, lease);
        this.stmts.link.run(rec.id, studyId, cell.puzzleIndex, cell.configIndex, cell.seed);
        made.push(rec);
      }
      return made;
    });
  }
}
