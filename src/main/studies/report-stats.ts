/**
 * A study's comparisons as text, for report.ts: the lines of `study show`, the markdown tables
 * of a report, the CSV columns beside each cell. Every figure through core/text.
 */
import { displayText } from '../../core/text/display';
import { a12Text, intervalText, pText } from '../../core/text/stats-text';
import type { PairTest, PublishedTestResult, StudyAnalysis, StudyComparison } from './comparisons';
import type { StudySpec } from './spec';

const label = (spec: StudySpec, i: number, width = 40): string => displayText(spec.configs[i]?.label ?? `solver ${i + 1}`, width);

const tested = (c: StudyComparison): boolean => !!(c.score || c.paired || c.time);

/** "p 0.008 (Holm 0.024), A12 0.96": `none` without a test. */
export function pairText(t: PairTest | null, none = '-'): string {
  return t ? `p ${pText(t.p)} (Holm ${pText(t.pHolm)}), A12 ${a12Text(t.a12)}` : none;
}

export function verdictText(spec: StudySpec, c: StudyComparison, width = 40): string {
  if (c.winner === null) return 'no significant difference';
  const loser = c.winner === c.a ? c.b : c.a;
  const on = c.by === 'time' ? 'faster to the target' : c.by === 'paired' ? 'better (paired)' : 'better';
  return `${label(spec, c.winner, width)} ${on} than ${label(spec, loser, width)}`;
}

const MEASURE: Record<PublishedTestResult['measure'], string> = {
  mean: 'mean best score',
  median: 'median best score',
  best: 'best score',
  timeToTarget: 'time to target',
  evaluationsToTarget: 'evaluations to target',
};

/** "GA vs SA on evaluations to target, paired by puzzle (9): ours V = 5, p 0.039 exact (normal 0.038); published p 0.038". */
export function publishedTestText(t: PublishedTestResult, width = 60): string {
  const ours = t.ours
    ? `ours V = ${t.ours.statistic}, p ${pText(t.ours.p)}${t.ours.exact ? ' exact' : ''} (normal approximation ${pText(t.oursNormalP)})`
    : 'ours: no puzzle has both figures yet';
  return `${displayText(t.labels[0], width)} vs ${displayText(t.labels[1], width)}: Wilcoxon signed-rank on ${MEASURE[t.measure]}, paired by puzzle (${t.pairs}): ${ours}; published p ${pText(t.p ?? null)}${t.note ? ` (${displayText(t.note, 300)})` : ''}`;
}

/** The `study show` lines under the table. */
export function comparisonLines(spec: StudySpec, a: StudyAnalysis): string[] {
  if (!a.comparisons.some(tested) && a.tests.length === 0) return [];
  const lines = ['', 'comparisons (two-sided; Holm over the pairs of the study; A12 = chance the first does better):'];
  // Pairs with no done runs on either side have nothing to say yet.
  for (const c of a.comparisons.filter(tested)) {
    const parts = [`score ${pairText(c.score)}`];
    if (c.paired) parts.push(`paired ${pairText(c.paired)}`);
    if (c.time) parts.push(`time ${pairText(c.time)}`);
    lines.push(`  ${displayText(c.puzzle, 40)}: ${label(spec, c.a)} vs ${label(spec, c.b)}: ${parts.join('; ')} -> ${verdictText(spec, c)}`);
  }
  for (const t of a.tests) lines.push(`  published test: ${publishedTestText(t)}`);
  return lines;
}

/** The markdown section of comparisons (and the paper's tests). */
export function comparisonMarkdown(spec: StudySpec, a: StudyAnalysis): string[] {
  const esc = (t: string): string => t.replace(/\|/g, '\\|');
  const row = (cols: string[]): string => `| ${cols.map(esc).join(' | ')} |`;
  const out: string[] = [];
  if (a.comparisons.some(tested)) {
    out.push(
      '',
      '### Comparisons',
      '',
      'Two-sided tests on the best scores (Mann-Whitney U; Wilcoxon signed-rank on runs paired by puzzle and seed) and on the times to target of the runs that reached it; p with Holm’s correction over the pairs of the study; A12 = the chance that a run of the first setting does better than one of the second.',
      '',
      row(['puzzle', 'first', 'second', 'score p (Holm)', 'score A12', 'paired p (Holm)', 'time p (Holm)', 'time A12', 'verdict']),
      '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | --- |',
    );
    const ph = (t: PairTest | null): string => (t ? `${pText(t.p)} (${pText(t.pHolm)})` : '-');
    for (const c of a.comparisons.filter(tested))
      out.push(
        row([
          displayText(c.puzzle, 200),
          label(spec, c.a, 200),
          label(spec, c.b, 200),
          ph(c.score),
          a12Text(c.score?.a12),
          ph(c.paired),
          ph(c.time),
          a12Text(c.time?.a12),
          verdictText(spec, c, 200),
        ]),
      );
  }
  if (a.tests.length > 0) out.push('', '### The paper’s tests, on our runs', '', ...a.tests.map((t) => `- ${esc(publishedTestText(t, 200))}`));
  return out;
}

/** Extra markdown / text columns of a cell: its bootstrap intervals. */
export const INTERVAL_HEADERS = ['mean 95% CI', 'median 95% CI'];

export function intervalCells(a: StudyAnalysis, cellIndex: number): string[] {
  const i = a.intervals[cellIndex] ?? null;
  return [intervalText(i?.mean), intervalText(i?.median)];
}

/**
 * The CSV columns of a cell: its intervals, then against each setting j of the study (by number,
 * 1-based) the score test's p, Holm's p and A12, and the time test's Holm p and A12 (empty
 * against itself or without a test).
 */
export function csvHeaders(spec: StudySpec): string[] {
  const out = ['mean_ci_low', 'mean_ci_high', 'median_ci_low', 'median_ci_high'];
  spec.configs.forEach((_, j) => out.push(`p_vs_${j + 1}`, `p_holm_vs_${j + 1}`, `a12_vs_${j + 1}`, `time_p_holm_vs_${j + 1}`, `time_a12_vs_${j + 1}`));
  return out;
}

export function csvCells(spec: StudySpec, a: StudyAnalysis, cellIndex: number, n: (x: number | null | undefined) => string): string[] {
  const nConfigs = spec.configs.length;
  const row = Math.floor(cellIndex / nConfigs);
  const me = cellIndex % nConfigs;
  const i = a.intervals[cellIndex] ?? null;
  const out = [n(i?.mean.low), n(i?.mean.high), n(i?.median.low), n(i?.median.high)];
  for (let j = 0; j < nConfigs; j++) {
    const c = a.comparisons.find((x) => x.rowIndex === row && ((x.a === me && x.b === j) || (x.a === j && x.b === me)));
    // A12 is of the first setting of the pair: seen from the other side it mirrors.
    const mirror = (v: number | undefined): number | undefined => (v === undefined ? v : c && c.a === me ? v : 1 - v);
    out.push(n(c?.score?.p), n(c?.score?.pHolm), n(mirror(c?.score?.a12)), n(c?.time?.pHolm), n(mirror(c?.time?.a12)));
  }
  return out;
}
