/**
 * The passes a beam run made at its top width, counted by kind and score. A long run's records
 * come from the right tail of its full passes, and the run's own events show only the records: a
 * second 466 after the first, or a 466 from a run whose best is already 466, leaves no trace
 * there. Counted here, every long run measures that tail (how many full passes scored 466, of
 * how many), and the count rides in its checkpoint across resumes and into its run file.
 */
import * as v from 'valibot';
import { count } from '../../../engine/checkpoint';
import type { WorkTally } from '../../../engine/work-tally';

const counts = v.record(v.pipe(v.string(), v.regex(/^-?\d+$/, 'a score')), count);

/**
 * The checkpoint's form: passes by score, `full` ones from the empty board, `suffix` ones
 * re-searching the end of a board, `raised` the suffix passes that scored above the board they
 * started from (new boards; absent in counts made before they were told apart); `since`, the
 * passes the run had made when the count began (resumed from a checkpoint that did not count),
 * absent when it counts from the run's start.
 */
export const PassTallyJson = v.object({ full: counts, suffix: counts, raised: v.optional(counts), since: v.optional(count) });
export type PassTallyJson = v.InferOutput<typeof PassTallyJson>;

const Tallied = v.looseObject({ tally: PassTallyJson });

/** The pass count in one beam state (a thread's, or a pass job's), undefined where it holds none. */
export function tallyIn(state: unknown): PassTallyJson | undefined {
  const r = v.safeParse(Tallied, state);
  return r.success ? r.output.tally : undefined;
}

export class PassTally {
  private readonly full = new Map<number, number>();
  private readonly suffix = new Map<number, number>();
  /** Null where the suffix passes above their board were not told apart (a count from before they were). */
  private raisedBy: Map<number, number> | null = new Map();

  /** `since`: the passes made before the count began (0: every pass is counted). */
  constructor(readonly since = 0) {}

  /** The count a checkpoint carries; with none (written before passes were counted), a new one from `pass`. */
  static from(json: PassTallyJson | undefined, pass = 0): PassTally {
    const t = new PassTally(json ? (json.since ?? 0) : pass);
    if (!json) return t;
    if (!json.raised) t.raisedBy = null;
    for (const [kind, map] of [
      [json.full, t.full],
      [json.suffix, t.suffix],
      [json.raised ?? {}, t.raisedBy],
    ] as const)
      for (const [score, n] of Object.entries(kind)) map?.set(Number(score), n);
    return t;
  }

  /** The threads' (or runs') counts together; one that began counting late makes the sum partial. */
  static sum(parts: readonly PassTally[]): PassTally {
    const sum = new PassTally(Math.max(0, ...parts.map((t) => t.since)));
    for (const t of parts) sum.merge(t);
    return sum;
  }

  /** A pass at the top width: `raised`, a suffix pass that scored above the board it started from. */
  add(full: boolean, score: number, raised = false): void {
    bump(full ? this.full : this.suffix, score, 1);
    if (raised && !full && this.raisedBy) bump(this.raisedBy, score, 1);
  }

  /** Adds another run's (or thread's) passes; `since` stays this count's own (the caller's to set). */
  merge(other: PassTally): void {
    for (const [s, n] of other.full) bump(this.full, s, n);
    for (const [s, n] of other.suffix) bump(this.suffix, s, n);
    // One count that did not tell them apart leaves the sum unable to.
    if (!other.raisedBy) this.raisedBy = null;
    else if (this.raisedBy) for (const [s, n] of other.raisedBy) bump(this.raisedBy, s, n);
  }

  /** Whether the suffix passes above their board are counted (`raised`). */
  get countsRaised(): boolean {
    return this.raisedBy !== null;
  }

  /** Suffix passes scoring exactly `score` above the board they started from (0 where not counted). */
  raised(score: number): number {
    return this.raisedBy?.get(score) ?? 0;
  }

  /** Passes of that kind scoring exactly `score`. */
  at(full: boolean, score: number): number {
    return (full ? this.full : this.suffix).get(score) ?? 0;
  }

  /** The scores any pass reached, highest first. */
  scores(): number[] {
    return [...new Set([...this.full.keys(), ...this.suffix.keys()])].sort((a, b) => b - a);
  }

  /** Passes of that kind scoring `score` or more. */
  atLeast(full: boolean, score: number): number {
    return atLeastIn(full ? this.full : this.suffix, score);
  }

  /**
   * New boards scoring `score` or more: the full passes' and the suffix passes' above the board they
   * started from (null where those were not told apart). A suffix pass at its board's score mostly
   * found that board again, so these are the boards a run had to search the ends of.
   */
  newAtLeast(score: number): number | null {
    return this.raisedBy ? this.atLeast(true, score) + atLeastIn(this.raisedBy, score) : null;
  }

  /** Passes of that kind. */
  total(full: boolean): number {
    return this.atLeast(full, -Infinity);
  }

  json(): PassTallyJson {
    const out = (map: Map<number, number>): Record<string, number> => Object.fromEntries([...map].sort((a, b) => a[0] - b[0]).map(([s, n]) => [String(s), n]));
    return {
      full: out(this.full),
      suffix: out(this.suffix),
      ...(this.raisedBy ? { raised: out(this.raisedBy) } : {}),
      ...(this.since > 0 ? { since: this.since } : {}),
    };
  }
}

function bump(map: Map<number, number>, score: number, n: number): void {
  map.set(score, (map.get(score) ?? 0) + n);
}

function atLeastIn(map: Map<number, number>, score: number): number {
  let n = 0;
  for (const [s, c] of map) if (s >= score) n += c;
  return n;
}

/** Rows a person reads: the highest scores passes reached, one each; the rest in one row. */
const TOP_ROWS = 5;

/**
 * The run's passes at the top width as a table by score (its threads' together): the highest
 * scores reached, then the rest; null before any pass at the top width.
 */
export function passTable(tallies: readonly PassTally[]): WorkTally | null {
  const t = PassTally.sum(tallies);
  const all = t.total(true) + t.total(false);
  if (all === 0) return null;
  const scores = t.scores();
  const shown = scores.slice(0, TOP_ROWS);
  const low = shown.at(-1)!;
  // A third column where the count tells the suffix passes that beat their board apart.
  const raised = t.countsRaised;
  const row = (s: number): number[] => [t.at(true, s), t.at(false, s), ...(raised ? [t.raised(s)] : [])];
  const rows = shown.map((s) => ({ label: String(s), counts: row(s) }));
  const totals = [0, 0, 0].slice(0, raised ? 3 : 2);
  for (const s of scores) row(s).forEach((n, k) => (totals[k]! += n));
  if (scores.length > shown.length) {
    const shownSum = (k: number): number => rows.reduce((sum, r) => sum + r.counts[k]!, 0);
    rows.push({ label: `${low - 1} or less`, counts: totals.map((n, k) => n - shownSum(k)) });
  }
  return {
    what: 'passes at the top width',
    kinds: ['full passes', 'suffix passes', ...(raised ? ['of them above their board'] : [])],
    rows,
    totals,
    all,
    partial: t.since > 0 ? 'counted only since the run resumed from a checkpoint written before passes were counted' : null,
    legend: `A full pass builds a whole board from the empty one; a suffix pass keeps the first rows of the board it starts from and searches the rest again, so at that board's score it mostly finds that board, or one that differs in its last rows, again${raised ? '; those above their board are new boards' : ''}.`,
  };
}
