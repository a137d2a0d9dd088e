/**
 * The Friedman test's p counted instead of read from the chi-square tail, where the puzzles are
 * few: under the null hypothesis each puzzle's figures are exchangeable among the settings, so
 * the p is the share of within-puzzle reorderings whose statistic reaches the observed one. The
 * chi-square tail (scipy's) is off at small n in either direction (3 settings over 4 puzzles:
 * see the tests). Every reordering is visited while they are few; else 20,000 seeded shuffles
 * ((hits + 1) / (shuffles + 1), a permutation test's p); from 50 puzzles the chi-square tail.
 */
import { Rng } from '../rng/rng';
import { doubledRanks } from './ranks';

export interface CountedP {
  p: number;
  /** 'exact': every reordering counted; 'permutation': seeded shuffles. */
  method: 'exact' | 'permutation';
  /**
   * The post-hoc p of each pair a < b of settings (in the order a = 0, b = 1, 2, ...; then a = 1, ...),
   * counted over the same reorderings: the share of (reordering, pair of settings) whose rank sums
   * differ by at least as much as a and b's do. Under the null hypothesis every pair's difference
   * has that one distribution, so the count of every pair in every reordering is its null.
   */
  pairs: number[];
}

/** Reorderings visited one by one up to this many (the first puzzle held: turning every row alike only relabels the settings). */
const EXACT_MAX = 200_000;
export const FRIEDMAN_SHUFFLES = 20_000;
/** From this many puzzles the chi-square tail is used (null here). */
export const FRIEDMAN_COUNT_BELOW = 50;

/**
 * The counted p of the Friedman test on table[puzzle][setting], or null when the table is too
 * large to need it (see FRIEDMAN_COUNT_BELOW) or too small for a test (under 2 puzzles or 2 settings).
 * The statistic rises with the sum of squared rank sums, and a reordering keeps each puzzle's ties
 * (so the tie correction is the same): that sum is what is compared, in doubled ranks (whole numbers).
 */
export function friedmanCountedP(table: readonly (readonly number[])[]): CountedP | null {
  const n = table.length;
  const k = table[0]?.length ?? 0;
  if (n < 2 || k < 2 || n >= FRIEDMAN_COUNT_BELOW) return null;
  const ranks = table.map((row) => doubledRanks(row));
  const sums = new Float64Array(k);
  for (const r of ranks) for (let j = 0; j < k; j++) sums[j]! += r[j]!;
  const squares = (): number => {
    let s = 0;
    for (let j = 0; j < k; j++) s += sums[j]! * sums[j]!;
    return s;
  };
  const observed = squares();
  const pairs = new PairTail(sums, k, n);
  let perRow = 1;
  for (let f = 2; f <= k; f++) perRow *= f;
  if (perRow ** (n - 1) <= EXACT_MAX) {
    const p = exactP(ranks, k, observed, pairs);
    return { p, method: 'exact', pairs: pairs.pValues() };
  }
  const rng = new Rng(1);
  const row = new Float64Array(k);
  let hits = 0;
  for (let s = 0; s < FRIEDMAN_SHUFFLES; s++) {
    sums.fill(0);
    for (let i = 0; i < n; i++) {
      const r = ranks[i]!;
      for (let j = 0; j < k; j++) row[j] = r[j]!;
      if (i > 0)
        for (let j = k - 1; j > 0; j--) {
          const t = rng.int(j + 1);
          const x = row[j]!;
          row[j] = row[t]!;
          row[t] = x;
        }
      for (let j = 0; j < k; j++) sums[j]! += row[j]!;
    }
    if (squares() >= observed) hits++;
    pairs.add(sums);
  }
  // A permutation test's p counts the observed arrangement among the shuffles.
  return { p: (hits + 1) / (FRIEDMAN_SHUFFLES + 1), method: 'permutation', pairs: pairs.pValues(true) };
}

/**
 * The null distribution of a pair's rank-sum difference, in doubled ranks (whole numbers): how
 * often each difference comes up over the pairs of the reorderings counted. Holding the first row
 * (as the counts do) is sound for it because every pair is counted in every reordering, which
 * covers the relabelings the held row leaves out.
 */
class PairTail {
  private readonly counts: Float64Array;
  private readonly observed: number[] = [];
  private reorderings = 0;

  constructor(
    sums: Float64Array,
    private readonly k: number,
    n: number,
  ) {
    this.counts = new Float64Array(2 * n * (k - 1) + 1);
    for (let a = 0; a < k; a++) for (let b = a + 1; b < k; b++) this.observed.push(Math.abs(sums[a]! - sums[b]!));
  }

  add(sums: Float64Array): void {
    const k = this.k;
    for (let a = 0; a < k; a++) for (let b = a + 1; b < k; b++) this.counts[Math.abs(sums[a]! - sums[b]!)]!++;
    this.reorderings++;
  }

  /** Per pair, the share of counted differences at least its own (`plusOne`: the observed arrangement counted among shuffles). */
  pValues(plusOne = false): number[] {
    const tail = new Float64Array(this.counts.length + 1);
    for (let d = this.counts.length - 1; d >= 0; d--) tail[d] = tail[d + 1]! + this.counts[d]!;
    const all = (this.reorderings * (this.k * (this.k - 1))) / 2;
    return this.observed.map((d) => (plusOne ? (tail[d]! + 1) / (all + 1) : tail[d]! / all));
  }
}

/** Every reordering of the rows after the first, depth first over the rows, counted. */
function exactP(ranks: readonly number[][], k: number, observed: number, pairs: PairTail): number {
  const orders = permutations(k);
  const n = ranks.length;
  const sums = new Float64Array(k);
  for (let j = 0; j < k; j++) sums[j] = ranks[0]![j]!;
  let hits = 0;
  let all = 0;
  const visit = (i: number): void => {
    if (i === n) {
      all++;
      let s = 0;
      for (let j = 0; j < k; j++) s += sums[j]! * sums[j]!;
      if (s >= observed) hits++;
      pairs.add(sums);
      return;
    }
    const r = ranks[i]!;
    for (const o of orders) {
      for (let j = 0; j < k; j++) sums[j]! += r[o[j]!]!;
      visit(i + 1);
      for (let j = 0; j < k; j++) sums[j]! -= r[o[j]!]!;
    }
  };
  visit(1);
  return hits / all;
}

function permutations(k: number): number[][] {
  if (k === 1) return [[0]];
  const out: number[][] = [];
  for (const p of permutations(k - 1)) for (let at = 0; at <= p.length; at++) out.push([...p.slice(0, at), k - 1, ...p.slice(at)]);
  return out;
}
