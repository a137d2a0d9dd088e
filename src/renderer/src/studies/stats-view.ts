/**
 * What the study page's statistics draw, from the API's analysis: the who-beats-whom matrix of
 * a row and the text of its cells, the table of each pair's tests, the verdict in words, the
 * runtime distribution lines of a row at a score level, and the performance profiles across the
 * rows (curves that coincide marked so both stay visible). The statistics are core's
 * (core/stats) and every sentence core's text (core/text/stats-text.ts); this only arranges
 * them for the view. No DOM, so it is tested as plain functions.
 */
import type { StudyAnalysisDetail, StudyCellResult } from '../../../main/api/types';
import { meanReach, runtimeDistribution, scoreLevels, type Measure, type RunTrace } from '../../../core/stats/runtime';
import { scoreProfile, timeProfile } from '../../../core/stats/profiles';
import { a12Text, effectText, overPuzzlesVerdictText, pairVerdictText, pText } from '../../../core/text/stats-text';
import { countNoun } from '../../../core/text/plural';
import { seriesStyle } from '../runs/charts/palette';
import type { ChartLine } from '../runs/charts/chart';
import type { XY } from '../runs/charts/series';

type Comparison = StudyAnalysisDetail['comparisons'][number];

export interface MatrixCell {
  /** Row setting i against column setting j: i better, j better, no significant difference, or no test. */
  kind: 'win' | 'loss' | 'tie' | 'none' | 'self';
  /** What decided it, when decided. */
  by: Comparison['by'];
  /** Hover text: the tests, p (and Holm's), A12 seen from i, and the verdict in words. */
  title: string;
}

const tested = (c: Comparison): boolean => !!(c.score || c.paired || c.success || c.time);

const mirror = (a12: number, flip: boolean): number => (flip ? 1 - a12 : a12);

function testLine(name: string, t: { test: string; p: number; pHolm: number; a12: number } | null, flip: boolean): string | null {
  return t ? `${name}: p ${pText(t.p)} (Holm ${pText(t.pHolm)}), ${effectText({ test: t.test, a12: mirror(t.a12, flip) })}` : null;
}

/** The verdict of a comparison in words, seen from setting i (i named first when it is not the winner's turn to be). */
function verdictFrom(c: Comparison, labels: readonly string[], pairedBy: string): string {
  return pairVerdictText(c, labels[c.a] ?? `solver ${c.a + 1}`, labels[c.b] ?? `solver ${c.b + 1}`, pairedBy);
}

/** The n x n matrix of one row: cell [i][j] is setting i against setting j. */
export function comparisonMatrix(comparisons: readonly Comparison[], rowIndex: number, labels: readonly string[], pairedBy = 'seed'): MatrixCell[][] {
  const n = labels.length;
  return Array.from({ length: n }, (_, i) =>
    Array.from({ length: n }, (_, j): MatrixCell => {
      if (i === j) return { kind: 'self', by: null, title: labels[i]! };
      const c = comparisons.find((x) => x.rowIndex === rowIndex && ((x.a === i && x.b === j) || (x.a === j && x.b === i)));
      if (!c || !tested(c)) return { kind: 'none', by: null, title: `${labels[i]} vs ${labels[j]}: no done runs to compare yet` };
      const flip = c.a !== i;
      const s = c.success;
      const lines = [
        `${labels[i]} vs ${labels[j]}`,
        testLine('best score, Mann-Whitney', c.score, flip),
        testLine(`paired by ${pairedBy}, signed-rank`, c.paired, flip),
        s
          ? `reached the target: ${s.reached[flip ? 1 : 0]} of ${s.runs[flip ? 1 : 0]} vs ${s.reached[flip ? 0 : 1]} of ${s.runs[flip ? 0 : 1]}, Fisher p ${pText(s.p)} (Holm ${pText(s.pHolm)})`
          : null,
        testLine('time to target, every run (non-reachers slowest)', c.time, flip),
      ].filter((l): l is string => l !== null);
      const kind = c.winner === null ? 'tie' : c.winner === i ? 'win' : 'loss';
      lines.push(verdictFrom(c, labels, pairedBy));
      return { kind, by: c.by, title: lines.join('\n') };
    }),
  );
}

/** One tested pair of a row as the pairs table shows it: every figure as text, the verdict in words. */
export interface PairRow {
  rowIndex: number;
  a: number;
  b: number;
  score: { p: string; holm: string; a12: string };
  success: { a: string; b: string; p: string; holm: string } | null;
  time: { p: string; holm: string; a12: string; test: string } | null;
  verdict: string;
  winner: number | null;
}

/** The tested pairs of every row (or one), figures as text. */
export function pairRows(analysis: Pick<StudyAnalysisDetail, 'comparisons' | 'pairing'>, labels: readonly string[], rowIndex?: number): PairRow[] {
  const pairedBy = analysis.pairing?.by ?? 'seed';
  return analysis.comparisons
    .filter((c) => tested(c) && (rowIndex === undefined || c.rowIndex === rowIndex))
    .map((c) => {
      const st = c.paired ?? c.score;
      return {
        rowIndex: c.rowIndex,
        a: c.a,
        b: c.b,
        score: { p: pText(st?.p), holm: pText(st?.pHolm), a12: effectText(st, true, '—') },
        success: c.success
          ? {
              a: `${c.success.reached[0]}/${c.success.runs[0]}`,
              b: `${c.success.reached[1]}/${c.success.runs[1]}`,
              p: pText(c.success.p),
              holm: pText(c.success.pHolm),
            }
          : null,
        time: c.time
          ? { p: pText(c.time.p), holm: pText(c.time.pHolm), a12: a12Text(c.time.a12), test: c.time.test === 'gehan' ? 'Gehan' : 'Mann-Whitney' }
          : null,
        verdict: verdictFrom(c, labels, pairedBy),
        winner: c.winner,
      };
    });
}

/**
 * The study's verdict in words: over the puzzles (Wilcoxon or Friedman) when it has one, else,
 * for a study of one puzzle, each pair's verdict; empty when there is nothing to say yet.
 */
export function studyVerdict(
  analysis: Pick<StudyAnalysisDetail, 'overPuzzles' | 'comparisons' | 'pairing'>,
  labels: readonly string[],
  rows: number,
): string[] {
  if (analysis.overPuzzles) return [overPuzzlesVerdictText(analysis.overPuzzles, labels)];
  if (rows === 1) return pairRows(analysis, labels, 0).map((r) => r.verdict);
  return [];
}

/** The critical-difference diagram as an image source: core escapes its labels, and an image runs no script. */
export function diagramSrc(svg: string | null | undefined): string | null {
  return svg ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` : null;
}

/** The value of a curve at x (its last point at or before x), or null before its first. */
function valueAt(points: readonly XY[], x: number): number | null {
  let y: number | null = null;
  for (const p of points) {
    if (p.x > x) break;
    y = p.y;
  }
  return y;
}

/** Two curves that take the same values at every x either has: drawn one over the other, the lower one would vanish. */
export function sameCurve(a: readonly XY[], b: readonly XY[], eps = 1e-9): boolean {
  if (a.length === 0 || b.length === 0) return false;
  const xs = new Set([...a.map((p) => p.x), ...b.map((p) => p.x)]);
  for (const x of xs) {
    const ya = valueAt(a, x);
    const yb = valueAt(b, x);
    if (ya === null || yb === null) {
      if (ya !== yb) return false;
      continue;
    }
    if (Math.abs(ya - yb) > eps * Math.max(1, Math.abs(ya))) return false;
  }
  return true;
}

/** The dash that marks a curve lying on an earlier one: the earlier one shows through its gaps. */
export const COINCIDE_DASH = [5, 5];

/**
 * Curves that lie on an earlier curve (among those `ids` picks) are dashed, so both stay visible;
 * `notes` says which lies on which, for the legend.
 */
export function markCoinciding<L extends ChartLine>(
  lines: readonly L[],
  pick: (l: L) => boolean = () => true,
): { lines: L[]; notes: { id: string; label: string; on: string }[] } {
  const notes: { id: string; label: string; on: string }[] = [];
  const seen: L[] = [];
  const out = lines.map((l) => {
    if (!pick(l)) return l;
    const under = seen.find((e) => sameCurve(e.points, l.points));
    seen.push(l);
    if (!under) return l;
    notes.push({ id: l.id, label: l.label, on: under.label });
    return { ...l, dash: COINCIDE_DASH };
  });
  return { lines: out, notes };
}

/** Wins of each setting in a row (cells it beats). */
export function winsOf(matrix: readonly MatrixCell[][]): number[] {
  return matrix.map((row) => row.filter((c) => c.kind === 'win').length);
}

/** A step line of a statistic (drawn by the charts' module with `yShare`). */
export interface StepLine extends ChartLine {
  dash: number[];
  /** Censored runs: a cross on the curve at the run's end (hollow while it still runs). */
  marks: { x: number; y: number; live: boolean }[];
}

/** The traces of one row's cells, setting by setting. */
export function rowTraces(traces: readonly (readonly RunTrace[])[], rowIndex: number, settings: number): RunTrace[][] {
  return traces.slice(rowIndex * settings, rowIndex * settings + settings).map((t) => [...t]);
}

/** Score levels a row's runs passed through (the choices of the target), best first. */
export function rowLevels(traces: readonly (readonly RunTrace[])[]): number[] {
  return scoreLevels(traces.flat());
}

/** The level shown first: the cells' target when some run reached it, else the best level any run reached. */
export function defaultLevel(cells: readonly StudyCellResult[], levels: readonly number[]): number | null {
  const target = cells.find((c) => c.target !== null)?.target ?? null;
  if (target !== null && levels.some((l) => l >= target)) return target;
  return levels[0] ?? null;
}

/** One step line per setting of a row: the share of its runs that had reached `level` by x. */
export function runtimeLines(traces: readonly (readonly RunTrace[])[], level: number, measure: Measure, labels: readonly string[]): StepLine[] {
  return traces.flatMap((t, ci) => {
    if (t.length === 0) return [];
    const d = runtimeDistribution(t, level, measure);
    const { colour, dash } = seriesStyle(ci);
    // A setting none of whose runs reached the level still shows its censored runs, at 0.
    return [{ id: `rtd-${ci}`, label: labels[ci] ?? `solver ${ci + 1}`, colour, dash, points: d.steps, marks: d.marks }];
  });
}

/** Success share of each setting at a level ("3 of 5"), for the legend. */
export function reachedCounts(traces: readonly (readonly RunTrace[])[], level: number): { reached: number; runs: number }[] {
  return traces.map((t) => {
    const d = runtimeDistribution(t, level, 'time');
    return { reached: d.reached.length, runs: d.runs };
  });
}

export type ProfileKind = 'time' | 'score';

/**
 * Performance profiles across the rows: `time` = the time (or evaluations) at which a setting's
 * mean best score first reached the row's best mean, over the best setting's; `score` = the gap
 * of a setting's mean best score to the best mean of the row.
 */
export function profileLines(
  analysis: Pick<StudyAnalysisDetail, 'traces'>,
  cells: readonly StudyCellResult[],
  labels: readonly string[],
  kind: ProfileKind,
  measure: Measure = 'time',
): {
  lines: StepLine[];
  puzzles: number;
  leftOut: number;
  xMax: number;
  wins: number[];
  coinciding: { id: string; label: string; on: string }[];
} {
  const n = labels.length;
  const rows = Math.floor(cells.length / Math.max(1, n));
  const means = Array.from({ length: rows }, (_, r) => cells.slice(r * n, r * n + n).map((c) => c.mean));
  const p =
    kind === 'score'
      ? scoreProfile(means, n)
      : timeProfile(
          means.map((m, r) => {
            const known = m.filter((x): x is number => x !== null);
            if (known.length === 0) return m.map(() => null);
            const best = Math.max(...known);
            // Only finished runs: a live run's mean is not its final one yet.
            return m.map((_, ci) => {
              const done = (analysis.traces[r * n + ci] ?? []).filter((t) => !t.live);
              return done.length === 0 ? null : meanReach(done, best, measure);
            });
          }),
          n,
        );
  // Every line out to a readable span, even when all the settings tie (tau = 1, d = 0).
  const xMax = Math.max(p.xMax, kind === 'time' ? 2 : 1);
  const marked = markCoinciding(
    p.curves.map((c, ci): StepLine => {
      const { colour, dash } = seriesStyle(ci);
      const last = c.steps.at(-1)!;
      const points = last.x < xMax ? [...c.steps, { x: xMax, y: last.y }] : c.steps;
      return { id: `profile-${ci}`, label: labels[ci] ?? `solver ${ci + 1}`, colour, dash, points, marks: [] };
    }),
  );
  return { puzzles: p.puzzles, leftOut: p.leftOut, xMax, wins: p.curves.map((c) => c.wins), lines: marked.lines, coinciding: marked.notes };
}

/** What the profile chart shows, and how many puzzles it leaves out (they would rank nobody). */
export function profileNote(kind: ProfileKind, measure: Measure, puzzles: number, leftOut: number): string {
  const counted = `the ${countNoun(puzzles, 'puzzle')}`;
  const what =
    kind === 'time'
      ? `Share of ${counted} on which a setting's mean best score reached the best mean of the puzzle within a factor τ of the fastest setting's ${measure === 'time' ? 'time' : 'evaluations'}`
      : `Share of ${counted} on which a setting's mean best score is within d of the best mean`;
  const why = kind === 'time' ? "no setting's finished runs reached the best mean there" : 'no setting has a mean best score there';
  const left = leftOut > 0 ? `; ${countNoun(leftOut, 'more puzzle')} left out: ${why}` : '';
  return `${what} (Dolan and Moré)${left}`;
}
