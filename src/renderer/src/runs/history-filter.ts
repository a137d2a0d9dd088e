/**
 * The run history's filter bar as state, and the `queryRuns` call it becomes. Dates are local
 * calendar days (what the user sees), turned into epoch milliseconds here.
 */
import type { FamilyId } from '../../../core/families/family';
import type { ApiArgs } from '../../../main/api/types';
import type { RunSortKey, SortDir } from '../../../main/api/types';
import type { RunStatus } from '../../../main/api/types';
import { countText } from '../../../core/text/numbers';

export type DateRange = 'any' | 'today' | '7d' | '30d' | 'custom';

export interface HistoryFilter {
  search: string;
  /** '' = any; `id:12` = library puzzle 12; `name:…` = puzzle name (e.g. a deleted puzzle). */
  puzzle: string;
  /** '' = any; `family/solver`. */
  solver: string;
  statuses: RunStatus[];
  range: DateRange;
  /** `YYYY-MM-DD` (custom range; both ends included). */
  from: string;
  to: string;
  scoreMin: string;
  scoreMax: string;
}

export const EMPTY_FILTER: HistoryFilter = { search: '', puzzle: '', solver: '', statuses: [], range: 'any', from: '', to: '', scoreMin: '', scoreMax: '' };

export const DATE_RANGES: { id: DateRange; label: string }[] = [
  { id: 'any', label: 'Any time' },
  { id: 'today', label: 'Today' },
  { id: '7d', label: 'Last 7 days' },
  { id: '30d', label: 'Last 30 days' },
  { id: 'custom', label: 'Between…' },
];

export type QueryArgs = ApiArgs<'queryRuns'>;

/** Local midnight of a `YYYY-MM-DD` day, or null if it is not a real date. */
export function dayStart(day: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day.trim());
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (d.getFullYear() !== Number(m[1]) || d.getMonth() !== Number(m[2]) - 1 || d.getDate() !== Number(m[3])) return null;
  return d.getTime();
}

/** The next local midnight after a day's start (handles daylight-saving days of 23 or 25 hours). */
function nextDay(start: number): number {
  const d = new Date(start);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime();
}

function startOfToday(now: number): number {
  const d = new Date(now);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

function daysBefore(start: number, days: number): number {
  const d = new Date(start);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() - days).getTime();
}

/** `YYYY-MM-DD` of a time, local. */
export function dayOf(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Problems a filter has (shown next to its field): `from`, `to`, `scoreMin`, `scoreMax`. */
export function filterErrors(f: HistoryFilter): Record<string, string> {
  const e: Record<string, string> = {};
  if (f.range === 'custom') {
    if (f.from && dayStart(f.from) === null) e.from = 'Not a date';
    if (f.to && dayStart(f.to) === null) e.to = 'Not a date';
    const a = dayStart(f.from);
    const b = dayStart(f.to);
    if (a !== null && b !== null && a > b) e.to = 'Before the start';
  }
  const num = (t: string): number | null => (t.trim() === '' ? null : Number.isFinite(Number(t)) ? Number(t) : NaN);
  const lo = num(f.scoreMin);
  const hi = num(f.scoreMax);
  if (Number.isNaN(lo)) e.scoreMin = 'Not a number';
  if (Number.isNaN(hi)) e.scoreMax = 'Not a number';
  if (lo !== null && hi !== null && !Number.isNaN(lo) && !Number.isNaN(hi) && lo > hi) e.scoreMax = 'Below the minimum';
  return e;
}

/** The filter part of a `queryRuns` call (invalid fields are left out; see filterErrors). */
export function filterArgs(f: HistoryFilter, now: number = Date.now()): Omit<QueryArgs, 'sort' | 'dir' | 'limit' | 'offset'> {
  const args: Omit<QueryArgs, 'sort' | 'dir' | 'limit' | 'offset'> = {};
  const search = f.search.trim();
  if (search) args.search = search.slice(0, 200);
  if (f.puzzle.startsWith('id:')) {
    const id = Number(f.puzzle.slice(3));
    if (Number.isInteger(id) && id > 0) args.puzzleId = id;
  } else if (f.puzzle.startsWith('name:')) args.puzzleName = f.puzzle.slice(5);
  if (f.solver) {
    const [family, solver] = f.solver.split('/') as [FamilyId, string];
    if (family && solver) {
      args.family = family;
      args.solvers = [solver];
    }
  }
  if (f.statuses.length > 0) args.statuses = [...f.statuses];
  const today = startOfToday(now);
  if (f.range === 'today') args.from = today;
  else if (f.range === '7d') args.from = daysBefore(today, 6);
  else if (f.range === '30d') args.from = daysBefore(today, 29);
  else if (f.range === 'custom') {
    const a = dayStart(f.from);
    const b = dayStart(f.to);
    if (a !== null) args.from = a;
    if (b !== null && (a === null || b >= a)) args.to = nextDay(b);
  }
  const errs = filterErrors(f);
  if (f.scoreMin.trim() !== '' && !errs.scoreMin) args.scoreMin = Number(f.scoreMin);
  if (f.scoreMax.trim() !== '' && !errs.scoreMax) args.scoreMax = Number(f.scoreMax);
  return args;
}

/** True when anything narrows the list. */
export function isFiltered(f: HistoryFilter): boolean {
  return (
    f.search.trim() !== '' ||
    f.puzzle !== '' ||
    f.solver !== '' ||
    f.statuses.length > 0 ||
    (f.range !== 'any' && (f.range !== 'custom' || f.from !== '' || f.to !== '')) ||
    f.scoreMin.trim() !== '' ||
    f.scoreMax.trim() !== ''
  );
}

export function toggleStatus(f: HistoryFilter, s: RunStatus): HistoryFilter {
  return { ...f, statuses: f.statuses.includes(s) ? f.statuses.filter((x) => x !== s) : [...f.statuses, s] };
}

/** Clicking a column: the same column flips direction; a new one starts in its natural direction. */
export function nextSort(current: { sort: RunSortKey; dir: SortDir }, clicked: RunSortKey): { sort: RunSortKey; dir: SortDir } {
  if (current.sort === clicked) return { sort: clicked, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  const textual = clicked === 'puzzle' || clicked === 'family' || clicked === 'solver' || clicked === 'status';
  return { sort: clicked, dir: textual ? 'asc' : 'desc' };
}

/** "1–50 of 10,000" for a page. */
export function pageLabel(offset: number, shown: number, total: number): string {
  if (total === 0) return 'No runs';
  return `${countText(offset + 1)}–${countText(offset + shown)} of ${countText(total)}`;
}
