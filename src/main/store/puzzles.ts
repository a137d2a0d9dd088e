/** The puzzle library: one row per puzzle, its document as JSON, and the best score its runs on its present pieces reached. */
import type { FamilyId } from '../../core/families/family';
import { documentKind } from '../../core/document/document';
import { notFound, pageArgs, toJson, type StoreCore } from './core';
import { documentContentKey } from './content-key';
import { parseStored } from './errors';
import { escapeLike } from './run-query';
import type { NewPuzzle, PuzzleFilter, PuzzleQuery, PuzzleRecord, PuzzleSummary, PuzzleUpdate } from './types';

interface PuzzleRow {
  id: number;
  name: string;
  family: string;
  kind: string;
  source: string;
  rows: number;
  cols: number;
  created_at: number;
  updated_at: number;
  last_opened_at: number | null;
  best_score: number | null;
  document?: string;
}

const PUZZLE_SUMMARY_COLS = 'id, name, family, kind, source, rows, cols, created_at, updated_at, last_opened_at, best_score';

const PUZZLE_ORDER = {
  name: 'name COLLATE NOCASE ASC, id ASC',
  updated: 'updated_at DESC, id DESC',
  opened: 'last_opened_at IS NULL, last_opened_at DESC, id DESC',
  best: 'best_score IS NULL, best_score DESC, id DESC',
} as const;

function toPuzzleSummary(r: PuzzleRow): PuzzleSummary {
  return {
    id: r.id,
    name: r.name,
    family: r.family as FamilyId,
    kind: r.kind,
    source: r.source,
    rows: r.rows,
    cols: r.cols,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    lastOpenedAt: r.last_opened_at,
    bestScore: r.best_score,
  };
}

function toPuzzleRecord(r: PuzzleRow): PuzzleRecord {
  return { ...toPuzzleSummary(r), document: parseStored(r.document!, () => `puzzle ${r.id} (${r.name})`) };
}

function puzzleWhere(f: PuzzleFilter): { where: string; args: unknown[] } {
  const conds: string[] = [];
  const args: unknown[] = [];
  const search = f.search?.trim();
  if (search) {
    conds.push(`(name LIKE ? ESCAPE '\\' OR source LIKE ? ESCAPE '\\')`);
    const pattern = `%${escapeLike(search)}%`;
    args.push(pattern, pattern);
  }
  if (f.family !== undefined) {
    conds.push('family = ?');
    args.push(f.family);
  }
  return { where: conds.length ? `WHERE ${conds.join(' AND ')}` : '', args };
}

function prepare(core: StoreCore) {
  const p = <R = unknown>(sql: string) => core.db.prepare<unknown[], R>(sql);
  return {
    insert: p(
      `INSERT INTO puzzles (name, family, kind, source, document, rows, cols, created_at, updated_at, content_key)
       VALUES (@name, @family, @kind, @source, @document, @rows, @cols, @now, @now, @contentKey)`,
    ),
    get: p<PuzzleRow>(`SELECT ${PUZZLE_SUMMARY_COLS}, document FROM puzzles WHERE id = ?`),
    update: p(
      `UPDATE puzzles SET name = COALESCE(@name, name), document = COALESCE(@document, document), kind = COALESCE(@kind, kind),
              rows = COALESCE(@rows, rows), cols = COALESCE(@cols, cols), updated_at = @now,
              content_key = IIF(@document IS NULL, content_key, @contentKey)
       WHERE id = @id`,
    ),
    touch: p(`UPDATE puzzles SET last_opened_at = ? WHERE id = ?`),
    delete: p(`DELETE FROM puzzles WHERE id = ?`),
    exists: p(`SELECT 1 FROM puzzles WHERE id = ?`).pluck(),
    family: p<string>(`SELECT family FROM puzzles WHERE id = ?`).pluck(),
    // Only a run on the puzzle's present pieces: one launched before an edit of them scores another puzzle.
    raiseBest: p(
      `UPDATE puzzles SET best_score = @score
       WHERE id = (SELECT puzzle_id FROM runs WHERE id = @runId) AND (best_score IS NULL OR best_score < @score)
         AND content_key IS (SELECT content_key FROM runs WHERE id = @runId)`,
    ),
    same: p<{ id: number; name: string }>(`SELECT id, name FROM puzzles WHERE content_key = ? ORDER BY id LIMIT ?`),
    recomputeBest: p(
      `UPDATE puzzles SET best_score = (SELECT MAX(r.best_score) FROM runs r WHERE r.puzzle_id = @id AND r.content_key IS puzzles.content_key) WHERE id = @id`,
    ),
  };
}

/** The Store's puzzle methods (see Store for each one's contract). */
export class Puzzles {
  private readonly stmts: ReturnType<typeof prepare>;

  constructor(private readonly core: StoreCore) {
    this.stmts = prepare(core);
  }

  add(p: NewPuzzle): PuzzleRecord {
    return this.core.write(() => {
      const info = this.stmts.insert.run({
        name: p.name,
        family: p.family,
        kind: documentKind(p.family, p.document),
        source: p.source,
        document: toJson(p.document),
        rows: p.rows,
        cols: p.cols,
        now: this.core.now(),
        contentKey: documentContentKey(p.family, p.document),
      });
      return this.getOrThrow(Number(info.lastInsertRowid));
    });
  }

  get(id: number): PuzzleRecord | null {
    return this.core.guard(() => {
      const row = this.stmts.get.get(id);
      return row ? toPuzzleRecord(row) : null;
    });
  }

  list(q: PuzzleQuery): PuzzleSummary[] {
    return this.core.guard(() => {
      const { where, args } = puzzleWhere(q);
      const order = PUZZLE_ORDER[q.sort ?? 'updated'];
      if (!order) throw new RangeError(`unknown puzzle sort ${JSON.stringify(q.sort)}`);
      const sql = `SELECT ${PUZZLE_SUMMARY_COLS} FROM puzzles ${where} ORDER BY ${order} LIMIT ? OFFSET ?`;
      return (this.core.statements.get(sql).all(...args, ...pageArgs(q.limit, q.offset)) as PuzzleRow[]).map(toPuzzleSummary);
    });
  }

  count(filter: PuzzleFilter): number {
    return this.core.guard(() => {
      const { where, args } = puzzleWhere(filter);
      return this.core.statements
        .get(`SELECT COUNT(*) AS n FROM puzzles ${where}`)
        .pluck()
        .get(...args) as number;
    });
  }

  update(id: number, u: PuzzleUpdate): PuzzleRecord {
    return this.core.tx(() => {
      const family = this.stmts.family.get(id) as FamilyId | undefined;
      if (family === undefined) throw notFound('puzzle', id);
      const info = this.stmts.update.run({
        id,
        name: u.name ?? null,
        document: 'document' in u ? toJson(u.document) : null,
        kind: 'document' in u ? documentKind(family, u.document) : null,
        rows: u.rows ?? null,
        cols: u.cols ?? null,
        now: this.core.now(),
        contentKey: 'document' in u ? documentContentKey(family, u.document) : null,
      });
      if (info.changes === 0) throw notFound('puzzle', id);
      // New pieces make another puzzle: its best is that of the runs on these pieces (none, or an earlier version's again after an undo).
      if ('document' in u) this.recomputeBest(id);
      return this.getOrThrow(id);
    });
  }

  touch(id: number): void {
    this.core.write(() => {
      if (this.stmts.touch.run(this.core.now(), id).changes === 0) throw notFound('puzzle', id);
    });
  }

  delete(id: number): boolean {
    return this.core.write(() => this.stmts.delete.run(id).changes > 0);
  }

  restore(p: PuzzleRecord, runIds: readonly number[]): PuzzleRecord {
    return this.core.tx(() => {
      this.core.statements
        .get(
          `INSERT INTO puzzles (id, name, family, kind, source, document, rows, cols, created_at, updated_at, last_opened_at, best_score, content_key)
           VALUES (@id, @name, @family, @kind, @source, @document, @rows, @cols, @createdAt, @updatedAt, @lastOpenedAt, @bestScore, @contentKey)`,
        )
        .run({
          id: p.id,
          name: p.name,
          family: p.family,
          kind: documentKind(p.family, p.document),
          source: p.source,
          document: toJson(p.document),
          rows: p.rows,
          cols: p.cols,
          createdAt: p.createdAt,
          updatedAt: p.updatedAt,
          lastOpenedAt: p.lastOpenedAt,
          bestScore: p.bestScore,
          contentKey: documentContentKey(p.family, p.document),
        });
      const relink = this.core.statements.get(`UPDATE runs SET puzzle_id = ? WHERE id = ? AND puzzle_id IS NULL`);
      for (const runId of runIds) relink.run(p.id, runId);
      if (runIds.length > 0) this.recomputeBest(p.id);
      return this.getOrThrow(p.id);
    });
  }

  /**
   * The first `limit` puzzles (oldest first) whose content key (see content-key.ts, which keys the
   * family too) is `key`: one index lookup, however many puzzles the library holds or share the key.
   */
  same(key: string, limit: number): { id: number; name: string }[] {
    return this.core.guard(() => this.stmts.same.all(key, limit));
  }

  runIds(puzzleId: number): number[] {
    return this.core.guard(() => this.core.statements.get(`SELECT id FROM runs WHERE puzzle_id = ? ORDER BY id`).pluck().all(puzzleId) as number[]);
  }

  // ---- for the run modules (inside their transactions) ----------------------------------------

  exists(id: number): boolean {
    return this.stmts.exists.get(id) !== undefined;
  }

  /** The puzzle of run `runId` takes `score` as its best when it is higher. */
  raiseBest(runId: number, score: number): void {
    this.stmts.raiseBest.run({ runId, score });
  }

  /** The puzzle's best score is its runs' best again, of those on its present pieces (after runs were deleted or re-linked, or the pieces edited). */
  recomputeBest(id: number): void {
    this.stmts.recomputeBest.run({ id });
  }

  private getOrThrow(id: number): PuzzleRecord {
    const row = this.stmts.get.get(id);
    if (!row) throw notFound('puzzle', id);
    return toPuzzleRecord(row);
  }
}
