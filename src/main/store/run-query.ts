/**
 * The SQL of the run history's queries: the WHERE clause of a filter (shared with Store.listRuns,
 * so the two never drift apart), the ORDER BY of each sort key, and paging.
 */
import { catalogue } from '../../core/catalogue/catalogue';
import type { FamilyId } from '../../core/families/family';
import { RUN_SORT_KEYS, type RunSortKey, type SortDir } from '../api/runs';
import { RUN_SUMMARY_COLS } from './run-rows';
import { RUN_STATUSES, type RunStatus } from './types';
import { DEFAULT_PAGE, MAX_PAGE } from '../api/runs';

export { DEFAULT_PAGE, MAX_PAGE };

export interface RunHistoryFilter {
  /**
   * Words that must all match: `#12` = run 12; a number = a run id or seed (or part of a puzzle
   * name); any other word = part of the puzzle name, the solver id or a parameter name / value,
   * or the start of a word of the solver's name as the history shows it ("annealing").
   */
  search?: string;
  /** Runs made on this library puzzle. */
  puzzleId?: number;
  /** Runs whose puzzle has this exact name (also finds runs of puzzles since deleted). */
  puzzleName?: string;
  family?: FamilyId;
  /** Any of these solver ids. */
  solvers?: readonly string[];
  /** Any of these statuses. */
  statuses?: readonly RunStatus[];
  /** Created at or after (ms since the epoch). */
  from?: number;
  /** Created before (ms since the epoch). */
  to?: number;
  /** Best score at least / at most (runs without a score are left out when either is given). */
  scoreMin?: number;
  scoreMax?: number;
  /** Only these runs. */
  ids?: readonly number[];
}

export interface RunHistoryQuery extends RunHistoryFilter {
  /** Default 'created' (newest first). Ties break on the id, in the same direction. */
  sort?: RunSortKey;
  dir?: SortDir;
  /** Default 100. */
  limit?: number;
  offset?: number;
}

const PERCENT_SQL = '(CASE WHEN max_score > 0 AND best_score IS NOT NULL THEN best_score / max_score END)';

/** ORDER BY for a sort key; nullable keys put their nulls last whichever the direction. */
function orderSql(sort: RunSortKey, dir: SortDir): string {
  const d = dir === 'asc' ? 'ASC' : 'DESC';
  switch (sort) {
    case 'id':
      return `id ${d}`;
    case 'puzzle':
      return `puzzle_name COLLATE NOCASE ${d}, id ${d}`;
    // The history's Family column shows the kind ("Tetravex" among edge runs): sorted by the
    // family, Tetravex rows came between Edge ones. What is shown is what is sorted.
    case 'family':
      return `kind ${d}, created_at ${d}, id ${d}`;
    case 'solver':
      return `solver ${d}, created_at ${d}, id ${d}`;
    case 'seed':
      return `seed ${d}, id ${d}`;
    case 'status':
      return `status ${d}, created_at ${d}, id ${d}`;
    case 'created':
      return `created_at ${d}, id ${d}`;
    case 'duration':
      return `elapsed_ms ${d}, id ${d}`;
    case 'evaluations':
      return `evaluations ${d}, id ${d}`;
    // SQLite sorts NULL lowest, so descending already puts runs without a score last (and can
    // walk the index); ascending needs the explicit NULL test.
    case 'best':
      return dir === 'desc' ? `best_score DESC, id DESC` : `best_score IS NULL, best_score ASC, id ASC`;
    case 'percent':
      return dir === 'desc' ? `${PERCENT_SQL} DESC, id DESC` : `${PERCENT_SQL} IS NULL, ${PERCENT_SQL} ASC, id ASC`;
  }
}

/** A LIKE pattern's literal text (with ESCAPE '\\'). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The solvers whose name in words has a word starting with `word` (3 letters at least, so short
 * ids such as `sa` keep matching only what they did): the history shows names, and people search
 * by what they see.
 */
function solversNamed(word: string): { family: string; id: string }[] {
  const w = word.toLowerCase();
  if (w.length < 3) return [];
  return catalogue
    .filter((d) =>
      d.label
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .some((part) => part.startsWith(w)),
    )
    .map((d) => ({ family: d.family, id: d.id }));
}

/** WHERE clause and its arguments for a filter. Throws RangeError on a value no run can have. */
export function runHistoryWhere(f: RunHistoryFilter): { where: string; args: unknown[] } {
  const conds: string[] = [];
  const args: unknown[] = [];
  const inList = (col: string, values: readonly unknown[]): void => {
    if (values.length === 0) conds.push('0');
    else {
      conds.push(`${col} IN (${values.map(() => '?').join(', ')})`);
      args.push(...values);
    }
  };
  if (f.ids !== undefined) inList('id', f.ids);
  if (f.puzzleId !== undefined) {
    conds.push('puzzle_id = ?');
    args.push(f.puzzleId);
  }
  if (f.puzzleName !== undefined) {
    conds.push('puzzle_name = ? COLLATE NOCASE');
    args.push(f.puzzleName);
  }
  if (f.family !== undefined) {
    conds.push('family = ?');
    args.push(f.family);
  }
  if (f.solvers !== undefined) inList('solver', f.solvers);
  if (f.statuses !== undefined) {
    for (const s of f.statuses)
      if (!RUN_STATUSES.includes(s)) throw new RangeError(`unknown run status ${JSON.stringify(s)} (known: ${RUN_STATUSES.join(', ')})`);
    inList('status', f.statuses);
  }
  if (f.from !== undefined) {
    conds.push('created_at >= ?');
    args.push(f.from);
  }
  if (f.to !== undefined) {
    conds.push('created_at < ?');
    args.push(f.to);
  }
  if (f.scoreMin !== undefined) {
    conds.push('best_score >= ?');
    args.push(f.scoreMin);
  }
  if (f.scoreMax !== undefined) {
    conds.push('best_score <= ?');
    args.push(f.scoreMax);
  }
  for (const word of (f.search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 8)) {
    const idMatch = /^#(\d{1,15})$/.exec(word);
    if (idMatch) {
      conds.push('id = ?');
      args.push(Number(idMatch[1]));
      continue;
    }
    const like = `%${escapeLike(word)}%`;
    if (/^\d{1,15}$/.test(word)) {
      conds.push(`(id = ? OR seed = ? OR puzzle_name LIKE ? ESCAPE '\\')`);
      args.push(Number(word), Number(word), like);
    } else {
      const named = solversNamed(word);
      const byName = named.map(() => ' OR (family = ? AND solver = ?)').join('');
      conds.push(`(puzzle_name LIKE ? ESCAPE '\\' OR solver LIKE ? ESCAPE '\\' OR family = ? OR status = ? OR params LIKE ? ESCAPE '\\'${byName})`);
      args.push(like, like, word.toLowerCase(), word.toLowerCase(), like, ...named.flatMap((n) => [n.family, n.id]));
    }
  }
  return { where: conds.length ? `WHERE ${conds.join(' AND ')}` : '', args };
}

/**
 * The SQL of one page: `sql` takes `args` (the filter's, then LIMIT and OFFSET); `countSql` takes
 * the same args without the last two. Throws RangeError for an unknown sort or a bad page.
 */
export function runPageSql(q: RunHistoryQuery): { sql: string; countSql: string; args: unknown[] } {
  const sort = q.sort ?? 'created';
  if (!RUN_SORT_KEYS.includes(sort)) throw new RangeError(`unknown run sort ${JSON.stringify(sort)}`);
  const dir: SortDir = q.dir ?? (sort === 'puzzle' || sort === 'family' || sort === 'solver' || sort === 'status' ? 'asc' : 'desc');
  if (dir !== 'asc' && dir !== 'desc') throw new RangeError(`unknown sort direction ${JSON.stringify(dir)}`);
  const limit = q.limit ?? DEFAULT_PAGE;
  const offset = q.offset ?? 0;
  if (!Number.isInteger(limit) || limit < 0 || limit > MAX_PAGE) throw new RangeError(`limit must be a whole number from 0 to ${MAX_PAGE}, got ${limit}`);
  if (!Number.isInteger(offset) || offset < 0) throw new RangeError(`offset must be a whole number ≥ 0, got ${offset}`);
  const { where, args } = runHistoryWhere(q);
  return {
    sql: `SELECT ${RUN_SUMMARY_COLS} FROM runs ${where} ORDER BY ${orderSql(sort, dir)} LIMIT ? OFFSET ?`,
    countSql: `SELECT COUNT(*) FROM runs ${where}`,
    args: [...args, limit, offset],
  };
}
