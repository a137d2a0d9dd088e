/**
 * A study's comparisons as text, for report.ts: the lines of `study show`, the markdown sections
 * of a report, the CSV columns beside each cell, and the verdicts in words the API carries.
 * Every figure and sentence through core/text/stats-text.ts.
 */
import { displayText, MAX_MESSAGE_LENGTH } from '../../core/text/display';
import { a12Text, effectText, intervalText, pairVerdictText, pIsText, pMethodText, pText, rankText } from '../../core/text/stats-text';
import type { PairTest, PublishedTestResult, StudyAnalysis, StudyComparison } from '../api/studies';
import type { StudySpec } from './spec';

const label = (spec: StudySpec, i: number, width = 40): string => displayText(spec.configs[i]?.label ?? `solver ${i + 1}`, width);

const tested = (c: StudyComparison): boolean => !!(c.score || c.paired || c.success || c.time);

/** What a declared pairing pairs by, for the texts. */
const pairedBy = (spec: StudySpec): string => (spec.pairing ? `${spec.pairing.by} (${displayText(spec.pairing.meaning, 200)})` : 'seed');

/** "p 0.008 (Holm 0.024), A12 0.96": `none` without a test. */
export function pairText(t: PairTest | null, none = '-'): string {
  if (!t) return none;
  return `p ${pText(t.p)} (Holm ${pText(t.pHolm)}), ${effectText(t)}`;
}

/** The verdict of one pair in words, with its test: "beam better than lns (Mann-Whitney p = 0.0020, Holm 0.0060, A12 0.91)". */
export function verdictText(spec: StudySpec, c: StudyComparison, width = 40): string {
  return pairVerdictText(c, label(spec, c.a, width), label(spec, c.b, width), spec.pairing?.by ?? 'seed');
}

/** Every tested pair's verdict, as the API carries them. */
export function pairVerdicts(spec: StudySpec, comparisons: readonly StudyComparison[]): StudyAnalysis['verdicts'] {
  return comparisons.filter(tested).map((c) => ({ rowIndex: c.rowIndex, a: c.a, b: c.b, text: verdictText(spec, c) }));
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
  return `${displayText(t.labels[0], width)} vs ${displayText(t.labels[1], width)}: Wilcoxon signed-rank on ${MEASURE[t.measure]}, paired by puzzle (${t.pairs}): ${ours}; published p ${pText(t.p ?? null)}${t.note ? ` (${displayText(t.note, MAX_MESSAGE_LENGTH)})` : ''}`;
}

/** The lines about the comparison over the puzzles: the verdict, then the figures behind it. */
export function overPuzzlesLines(spec: StudySpec, a: StudyAnalysis, width = 40): string[] {
  const o = a.overPuzzles;
  if (!o) return [];
  const lines = [o.verdict];
  const ranks = o.averageRanks.map((r, i) => `${label(spec, i, width)} ${rankText(r)}`).join(', ');
  if (o.test === 'wilcoxon')
    lines.push(
      `Wilcoxon signed-rank over ${o.rows.length} puzzles (${o.aggregate} best score of each setting's runs on a puzzle): ${o.statistic === null ? 'no nonzero difference' : `W = ${rankText(o.statistic)}, ${pIsText(o.p)} ${pMethodText(o.method)}`.trimEnd()}`,
    );
  else {
    lines.push(
      `Friedman over ${o.rows.length} puzzles (${o.aggregate} best score of each setting's runs on a puzzle): chi-square ${o.statistic === null ? '-' : rankText(o.statistic)}, df ${o.df ?? '-'}, ${pIsText(o.p)} ${pMethodText(o.method)}`,
      `average ranks (1 = best): ${ranks}; Nemenyi critical difference ${o.cd === null ? '-' : rankText(o.cd)} at alpha ${o.alpha}`,
    );
    if (o.posthoc.length > 0)
      lines.push(
        `post-hoc, the pairs' rank sums, Holm over the pairs, p ${pMethodText(o.posthocMethod)}: ${o.posthoc.map((p) => `${label(spec, p.a, width)} vs ${label(spec, p.b, width)} ${pIsText(p.p)}, Holm ${pText(p.pHolm)}`).join('; ')}`,
      );
  }
  if (o.rows.length < o.rowsInStudy)
    lines.push(`(${o.rowsInStudy - o.rows.length} of ${o.rowsInStudy} puzzles left out: not every setting has a finished run there yet)`);
  return lines;
}

/** The `study show` lines under the table. */
export function comparisonLines(spec: StudySpec, a: StudyAnalysis): string[] {
  const lines: string[] = [];
  if (a.comparisons.some(tested)) {
    lines.push(
      '',
      'comparisons (two-sided; Holm over the pairs of the study for each test; A12 = chance the first does better; time: every run, non-reachers slowest):',
    );
    if (spec.pairing) lines.push(`  runs paired by ${pairedBy(spec)}`);
    // Pairs with no done runs on either side have nothing to say yet.
    for (const c of a.comparisons.filter(tested)) {
      const parts = [`score ${pairText(c.score)}`];
      if (c.paired) parts.push(`paired ${pairText(c.paired)}`);
      if (c.success)
        parts.push(
          `reached ${c.success.reached[0]}/${c.success.runs[0]} vs ${c.success.reached[1]}/${c.success.runs[1]}, Fisher ${pIsText(c.success.p)} (Holm ${pText(c.success.pHolm)})`,
        );
      if (c.time) parts.push(`time ${c.time.test === 'gehan' ? 'Gehan ' : ''}p ${pText(c.time.p)} (Holm ${pText(c.time.pHolm)}), A12 ${a12Text(c.time.a12)}`);
      lines.push(`  ${displayText(c.puzzle, 40)}: ${label(spec, c.a)} vs ${label(spec, c.b)}: ${parts.join('; ')}`, `    -> ${verdictText(spec, c)}`);
    }
  }
  const over = overPuzzlesLines(spec, a);
  if (over.length > 0) lines.push('', `over the puzzles: ${over[0]}`, ...over.slice(1).map((l) => `  ${l}`));
  if (a.tests.length > 0) lines.push('', ...a.tests.map((t) => `published test: ${publishedTestText(t)}`));
  return lines;
}

/** Where the markdown's critical-difference diagram goes: inline (the SVG in the text), or a file beside it. */
export type DiagramPlace = { inline: true } | { file: string };

/** The markdown sections of comparisons, the comparison over the puzzles (and its diagram), and the paper's tests. */
export function comparisonMarkdown(spec: StudySpec, a: StudyAnalysis, diagram: DiagramPlace = { inline: true }): string[] {
  const esc = (t: string): string => t.replace(/\|/g, '\\|');
  const row = (cols: string[]): string => `| ${cols.map(esc).join(' | ')} |`;
  const out: string[] = [];
  if (a.comparisons.some(tested)) {
    const paired = !!spec.pairing;
    out.push(
      '',
      '### Comparisons',
      '',
      `Two-sided tests, each with Holm’s correction over the pairs of the study: the best scores (Mann-Whitney U${paired ? `; Wilcoxon signed-rank on runs paired by ${pairedBy(spec)}` : ''}), the success rates (Fisher’s exact test) and the times to target of every run, the runs that never reached it ranked slowest, censored at their budget (Mann-Whitney U, or Gehan’s test when a budget falls before a reach time). A12 = the chance that a run of the first setting does better (for time: reaches the target first). The verdict: the scores decide first, then the success rates, then the times.`,
      '',
      row([
        'puzzle',
        'first',
        'second',
        'score p (Holm)',
        'score A12',
        ...(paired ? ['paired p (Holm)'] : []),
        'reached',
        'Fisher p (Holm)',
        'time p (Holm)',
        'time A12',
        'verdict',
      ]),
      `| --- | --- | --- | ---: | ---: |${paired ? ' ---: |' : ''} ---: | ---: | ---: | ---: | --- |`,
    );
    const ph = (t: { p: number; pHolm: number } | null): string => (t ? `${pText(t.p)} (${pText(t.pHolm)})` : '-');
    for (const c of a.comparisons.filter(tested))
      out.push(
        row([
          displayText(c.puzzle, 200),
          label(spec, c.a, 200),
          label(spec, c.b, 200),
          ph(c.score),
          a12Text(c.score?.a12),
          ...(paired ? [ph(c.paired)] : []),
          c.success ? `${c.success.reached[0]}/${c.success.runs[0]} vs ${c.success.reached[1]}/${c.success.runs[1]}` : '-',
          ph(c.success),
          ph(c.time),
          a12Text(c.time?.a12),
          verdictText(spec, c, 200),
        ]),
      );
  }
  const o = a.overPuzzles;
  if (o) {
    out.push('', '### Over the puzzles', '', ...overPuzzlesLines(spec, a, 200).map((l) => esc(l)));
    // Inline, the SVG is an HTML block of the markdown: without its XML declaration.
    if (o.diagram) out.push('', 'file' in diagram ? `![Critical-difference diagram](${diagram.file})` : o.diagram.replace(/^<\?xml[^>]*\?>\s*/, '').trim());
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
 * 1-based) the score test's p, Holm's p and A12, the success test's Holm p, and the censored
 * time test's Holm p and A12 (empty against itself or without a test).
 */
export function csvHeaders(spec: StudySpec): string[] {
  const out = ['mean_ci_low', 'mean_ci_high', 'median_ci_low', 'median_ci_high'];
  spec.configs.forEach((_, j) =>
    out.push(`p_vs_${j + 1}`, `p_holm_vs_${j + 1}`, `a12_vs_${j + 1}`, `success_p_holm_vs_${j + 1}`, `time_p_holm_vs_${j + 1}`, `time_a12_vs_${j + 1}`),
  );
  return out;
}

/**
 * The comparison of settings x and y on a row, found by its place: studyAnalysis lists them row by
 * row, each row's pairs a < b in order (a search per cell and setting was quadratic in the study).
 */
function pairOf(cs: StudyAnalysis['comparisons'], k: number, row: number, x: number, y: number): StudyAnalysis['comparisons'][number] | undefined {
  if (x === y) return undefined;
  const a = Math.min(x, y);
  const b = Math.max(x, y);
  const c = cs[(row * (k * (k - 1))) / 2 + a * k - (a * (a + 1)) / 2 + (b - a - 1)];
  return c && c.rowIndex === row && c.a === a && c.b === b ? c : cs.find((z) => z.rowIndex === row && z.a === a && z.b === b);
}

export function csvCells(spec: StudySpec, a: StudyAnalysis, cellIndex: number, n: (x: number | null | undefined) => string): string[] {
  const nConfigs = spec.configs.length;
  const row = Math.floor(cellIndex / nConfigs);
  const me = cellIndex % nConfigs;
  const i = a.intervals[cellIndex] ?? null;
  const out = [n(i?.mean.low), n(i?.mean.high), n(i?.median.low), n(i?.median.high)];
  for (let j = 0; j < nConfigs; j++) {
    const c = pairOf(a.comparisons, nConfigs, row, me, j);
    // A12 is of the first setting of the pair: seen from the other side it mirrors.
    const mirror = (v: number | undefined): number | undefined => (v === undefined ? v : c && c.a === me ? v : 1 - v);
    out.push(n(c?.score?.p), n(c?.score?.pHolm), n(mirror(c?.score?.a12)), n(c?.success?.pHolm), n(c?.time?.pHolm), n(mirror(c?.time?.a12)));
  }
  return out;
}
