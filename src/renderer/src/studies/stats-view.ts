/**
 * What the study page's statistics draw, from the API's analysis: the who-beats-whom matrix of
 * a row, the hover text of its cells, the runtime distribution lines of a row at a score level,
 * and the performance profiles across the rows. The statistics are core's (core/stats); this
 * only arranges them for the view. No DOM, so it is tested as plain functions.
 */
import type { StudyAnalysisDetail, StudyCellResult } from '../../../main/api/types';
import { meanReach, runtimeDistribution, scoreLevels, type Measure, type RunTrace } from '../../../core/stats/runtime';
import { scoreProfile, timeProfile } from '../../../core/stats/profiles';
import { a12Text, pText } from '../../../core/text/stats-text';
import { seriesStyle } from '../runs/charts/palette';
import type { ChartLine } from '../runs/charts/chart';

type Comparison = StudyAnalysisDetail['comparisons'][number];
type PairTest = NonNullable<Comparison['score']>;

export interface MatrixCell {
  /** Row setting i against column setting j: i better, j better, no significant difference, or no test. */
  kind: 'win' | 'loss' | 'tie' | 'none' | 'self';
  /** What decided it, when decided. */
  by: Comparison['by'];
  /** Hover text: the tests, p (and Holm's), A12 seen from i. */
  title: string;
}

const mirrorA12 = (t: PairTest, flip: boolean): number => (flip ? 1 - t.a12 : t.a12);

function testLine(name: string, t: PairTest | null, flip: boolean): string | null {
  return t ? `${name}: p ${pText(t.p)} (Holm ${pText(t.pHolm)}), A12 ${a12Text(mirrorA12(t, flip))}` : null;
}

/** The n x n matrix of one row: cell [i][j] is setting i against setting j. */
export function comparisonMatrix(comparisons: readonly Comparison[], rowIndex: number, labels: readonly string[]): MatrixCell[][] {
  const n = labels.length;
  return Array.from({ length: n }, (_, i) =>
    Array.from({ length: n }, (_, j): MatrixCell => {
      if (i === j) return { kind: 'self', by: null, title: labels[i]! };
      const c = comparisons.find((x) => x.rowIndex === rowIndex && ((x.a === i && x.b === j) || (x.a === j && x.b === i)));
      if (!c || (!c.score && !c.time)) return { kind: 'none', by: null, title: `${labels[i]} vs ${labels[j]}: no done runs to compare yet` };
      const flip = c.a !== i;
      const lines = [
        `${labels[i]} vs ${labels[j]}`,
        testLine('best score, Mann-Whitney', c.score, flip),
        testLine('paired by puzzle and seed, signed-rank', c.paired, flip),
        testLine('time to target, Mann-Whitney', c.time, flip),
      ].filter((l): l is string => l !== null);
      const kind = c.winner === null ? 'tie' : c.winner === i ? 'win' : 'loss';
      lines.push(kind === 'tie' ? 'no significant difference (Holm p ≥ 0.05)' : `${labels[c.winner!]} ${c.by === 'time' ? 'faster to the target' : 'better'}`);
      return { kind, by: c.by, title: lines.join('\n') };
    }),
  );
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
): { lines: StepLine[]; puzzles: number; xMax: number; wins: number[] } {
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
  return {
    puzzles: p.puzzles,
    xMax,
    wins: p.curves.map((c) => c.wins),
    lines: p.curves.map((c, ci) => {
      const { colour, dash } = seriesStyle(ci);
      const last = c.steps.at(-1)!;
      const points = last.x < xMax ? [...c.steps, { x: xMax, y: last.y }] : c.steps;
      return { id: `profile-${ci}`, label: labels[ci] ?? `solver ${ci + 1}`, colour, dash, points, marks: [] };
    }),
  };
}
