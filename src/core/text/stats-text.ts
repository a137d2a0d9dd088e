/**
 * The figures of a study's comparisons as text, one way everywhere (the CLI, the exports, the
 * results view): p-values, effect sizes, intervals.
 */
import { countText, figureText } from './numbers';
import { FRIEDMAN_SHUFFLES } from '../stats/friedman-count';

/** A p-value: "0.039", "0.0079", "< 0.001"; `none` when missing. */
export function pText(p: number | null | undefined, none = '-'): string {
  if (p === null || p === undefined || !Number.isFinite(p)) return none;
  if (p < 0.001) return '< 0.001';
  return p < 0.01 ? p.toFixed(4) : p.toFixed(3);
}

/** Vargha-Delaney A12 with two decimals. */
export function a12Text(a: number | null | undefined, none = '-'): string {
  return a === null || a === undefined || !Number.isFinite(a) ? none : a.toFixed(2);
}

/**
 * A test's effect size, with its name unless `bare`: the matched-pairs rank-biserial r (2·A12 − 1)
 * for a signed-rank test, "r 0.42"; Vargha-Delaney A12 otherwise, "A12 0.71" (bare: "0.71").
 */
export function effectText(t: { test: string; a12: number } | null | undefined, bare = false, none = '-'): string {
  if (!t) return none;
  if (t.test === 'signed-rank') return `r ${a12Text(2 * t.a12 - 1, none)}`;
  return bare ? a12Text(t.a12, none) : `A12 ${a12Text(t.a12, none)}`;
}

/** A 95 % interval: "[12.40, 15.10]". */
export function intervalText(i: { low: number; high: number } | null | undefined, none = '-'): string {
  return i ? `[${figureText(i.low)}, ${figureText(i.high)}]` : none;
}

/** A p-value in a sentence: "p = 0.004", "p < 0.001". */
export function pIsText(p: number | null | undefined): string {
  const t = pText(p);
  return t.startsWith('<') ? `p ${t}` : `p = ${t}`;
}

/** An average rank or a critical difference: at most two decimals, no trailing zeros ("1.2", "2.45", "3"). */
/** How a p was found, in words (after the p): '' where nothing needs saying. */
export function pMethodText(method: 'exact' | 'approx' | 'permutation' | 'chi-square' | null): string {
  switch (method) {
    case 'exact':
      return 'exact (every arrangement counted)';
    case 'permutation':
      return `(${countText(FRIEDMAN_SHUFFLES)} seeded shuffles)`;
    case 'approx':
      return '(normal approximation)';
    case 'chi-square':
      return '(chi-square tail)';
    default:
      return '';
  }
}

export function rankText(r: number): string {
  return Number.isFinite(r) ? String(Number(r.toFixed(2))) : '-';
}

/** "a", "a and b", "a, b and c". */
export function andList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)!}`;
}

/** A score test of two settings (the figures of a study comparison; see StudyComparison in main/api/studies.ts). */
export interface ScoreTestFigures {
  test: 'mann-whitney' | 'signed-rank';
  p: number;
  pHolm: number;
  /** Above 0.5 = the first setting better (A12; for the signed-rank test the share of its signed ranks). */
  a12: number;
}

export interface SuccessTestFigures {
  reached: readonly [number, number];
  runs: readonly [number, number];
  p: number;
  pHolm: number;
}

export interface TimeTestFigures {
  test: 'mann-whitney' | 'gehan';
  p: number;
  pHolm: number;
  /** Above 0.5 = the first setting faster. */
  a12: number;
}

/** A comparison of settings a and b of a row, as the verdict needs it. */
export interface PairFigures {
  a: number;
  b: number;
  score: ScoreTestFigures | null;
  paired: ScoreTestFigures | null;
  success: SuccessTestFigures | null;
  time: TimeTestFigures | null;
  winner: number | null;
  by: 'score' | 'paired' | 'success' | 'time' | null;
}

/**
 * A test's figures in brackets' words, seen from one side (`flip`: from b's):
 * "Mann-Whitney p = 0.0020, Holm 0.0060, A12 0.91"; the signed-rank test shows the matched-pairs
 * rank-biserial r (2 x share - 1) instead of A12.
 */
export function scoreTestText(t: ScoreTestFigures, flip = false, pairedBy = 'seed'): string {
  const share = flip ? 1 - t.a12 : t.a12;
  return t.test === 'signed-rank'
    ? `Wilcoxon signed-rank paired by ${pairedBy} ${pIsText(t.p)}, Holm ${pText(t.pHolm)}, r ${(2 * share - 1).toFixed(2)}`
    : `Mann-Whitney ${pIsText(t.p)}, Holm ${pText(t.pHolm)}, A12 ${a12Text(share)}`;
}

/** "censored Mann-Whitney p = 0.01, Holm 0.03, A12 0.85" (A12 = the chance of being faster, from the side shown). */
export function timeTestText(t: TimeTestFigures, flip = false): string {
  return `${t.test === 'gehan' ? 'Gehan' : 'Mann-Whitney'} on times with non-reachers slowest ${pIsText(t.p)}, Holm ${pText(t.pHolm)}, A12 ${a12Text(flip ? 1 - t.a12 : t.a12)}`;
}

/** "lns reached the target in 10 of 10 runs, sa in 1 of 10 (Fisher p < 0.001, Holm 0.0020)"; `first` names who is told first. */
export function successSentence(t: SuccessTestFigures, labelA: string, labelB: string, first: 'a' | 'b' = 'a'): string {
  const [i, j] = first === 'a' ? [0, 1] : [1, 0];
  const [li, lj] = first === 'a' ? [labelA, labelB] : [labelB, labelA];
  return `${li} reached the target in ${t.reached[i]} of ${t.runs[i]} runs, ${lj} in ${t.reached[j]} of ${t.runs[j]} (Fisher ${pIsText(t.p)}, Holm ${pText(t.pHolm)})`;
}

/**
 * Who beats whom on a row, with the test that says so: "beam better than lns (Mann-Whitney
 * p = 0.0020, Holm 0.0060, A12 0.91)", "lns reached the target in 10 of 10 runs, sa in 1 of 10
 * (Fisher p < 0.001, Holm 0.0030)", "beam faster to the target than lns (…)", or "beam and lns
 * not told apart (…)"; the success counts follow when another test decided.
 */
export function pairVerdictText(c: PairFigures, labelA: string, labelB: string, pairedBy = 'seed'): string {
  const winnerIsA = c.winner === c.a;
  const [w, l] = winnerIsA ? [labelA, labelB] : [labelB, labelA];
  let main: string;
  const scoreTest = c.paired ?? c.score;
  if (c.winner !== null && (c.by === 'score' || c.by === 'paired') && c[c.by])
    main = `${w} better than ${l} (${scoreTestText(c[c.by]!, !winnerIsA, pairedBy)})`;
  else if (c.winner !== null && c.by === 'success' && c.success) main = successSentence(c.success, labelA, labelB, winnerIsA ? 'a' : 'b');
  else if (c.winner !== null && c.by === 'time' && c.time) main = `${w} faster to the target than ${l} (${timeTestText(c.time, !winnerIsA)})`;
  else {
    const tests = [scoreTest ? scoreTestText(scoreTest, false, pairedBy) : null, c.time ? timeTestText(c.time) : null].filter((x) => x !== null);
    main = `${labelA} and ${labelB} not told apart${tests.length ? ` (${tests.join('; ')})` : ''}`;
  }
  return c.success && c.by !== 'success' ? `${main}; ${successSentence(c.success, labelA, labelB)}` : main;
}

/** The settings over the puzzles, as the verdict needs them (see OverPuzzles in main/api/studies.ts). */
export interface OverPuzzlesFigures {
  aggregate: 'median' | 'mean';
  rows: readonly number[];
  test: 'wilcoxon' | 'friedman';
  p: number | null;
  averageRanks: readonly number[];
  ahead: readonly number[];
  tied: number;
  leader: number | null;
  cd: number | null;
  alpha: number;
  cliques: readonly (readonly number[])[];
}

/**
 * The comparison over the puzzles in one sentence, with its test: "beam ahead of lns on 9 of 10
 * puzzles (median best score), Wilcoxon over puzzles p = 0.004", or "Friedman over 10 puzzles
 * (median best score) p = 0.001: beam (average rank 1.2) ahead of lns (2.4) and sa (2.4); lns and
 * sa not told apart (Nemenyi CD 1.05)". Who is ahead of whom after Friedman is by the critical
 * difference, as the diagram draws it.
 */
export function overPuzzlesVerdictText(o: OverPuzzlesFigures, labels: readonly string[]): string {
  const n = o.rows.length;
  const what = `(${o.aggregate} best score)`;
  const L = (i: number): string => labels[i] ?? `solver ${i + 1}`;
  const significant = o.p !== null && Number.isFinite(o.p) && o.p < o.alpha;
  if (o.test === 'wilcoxon') {
    if (o.p === null || !Number.isFinite(o.p))
      return `${L(0)} and ${L(1)} tie on ${n === 2 ? 'both puzzles' : `all ${n} puzzles`} ${what}: nothing for Wilcoxon's test to tell apart`;
    if (significant && o.leader !== null) {
      const other = o.leader === 0 ? 1 : 0;
      return `${L(o.leader)} ahead of ${L(other)} on ${o.ahead[o.leader]} of ${n} puzzles ${what}, Wilcoxon over puzzles ${pIsText(o.p)}`;
    }
    const ties = o.tied > 0 ? `, ${o.tied} tied` : '';
    return `${L(0)} and ${L(1)} not told apart over ${n} puzzles ${what}: ${L(0)} ahead on ${o.ahead[0]}, ${L(1)} on ${o.ahead[1]}${ties}; Wilcoxon over puzzles ${pIsText(o.p)}`;
  }
  const order = o.averageRanks.map((_, i) => i).sort((x, y) => o.averageRanks[x]! - o.averageRanks[y]! || x - y);
  const ranks = andList(order.map((i) => `${L(i)} ${rankText(o.averageRanks[i]!)}`));
  const head = `Friedman over ${n} puzzles ${what} ${pIsText(o.p)}`;
  if (!significant) return `${head}: the settings not told apart (average ranks ${ranks})`;
  const cd = o.cd ?? Infinity;
  const parts: string[] = [];
  order.forEach((i, at) => {
    const behind = order.slice(at + 1).filter((j) => o.averageRanks[j]! - o.averageRanks[i]! > cd);
    if (behind.length === 0) return;
    const me = parts.length === 0 ? `average rank ${rankText(o.averageRanks[i]!)}` : rankText(o.averageRanks[i]!);
    parts.push(`${L(i)} (${me}) ahead of ${andList(behind.map((j) => `${L(j)} (${rankText(o.averageRanks[j]!)})`))}`);
  });
  const cdText = `Nemenyi CD ${o.cd === null ? '-' : rankText(o.cd)}`;
  if (parts.length === 0) return `${head}: no two settings apart by more than the critical difference (average ranks ${ranks}; ${cdText})`;
  const together = o.cliques.map((c) => `${andList(c.map(L))} not told apart`);
  return `${head}: ${[...parts, ...together].join('; ')} (${cdText})`;
}
