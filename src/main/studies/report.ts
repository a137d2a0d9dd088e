/**
 * A study's results as text: the terminal table of `study show`, markdown for a report, CSV for a
 * spreadsheet, and the JSON of `--json`. The app's exports are these same texts; every figure is
 * written by the one text module (core/text/run-text.ts).
 */
import { displayText } from '../../core/text/display';
import { countText, durationText, figureText, publishedText, scoreText, shareText, studyProgressText, studyStatus } from '../../core/text/run-text';
import type { StudyAnalysis } from './comparisons';
import type { StudyCellResult, StudyProgress } from './results';
import { comparisonLines, comparisonMarkdown, csvCells, csvHeaders, INTERVAL_HEADERS, intervalCells } from './report-stats';
import { studySize, type StudySpec } from './spec';

/** What the texts need of a stored study. */
export interface StudyHead {
  id: number;
  name: string;
  createdAt: number;
  spec: StudySpec;
}

export const gridText = (s: StudyHead): string => {
  const { puzzles, configs, seeds } = s.spec;
  return `${puzzles.length} puzzles x ${configs.length} solvers x ${seeds.length} seeds = ${studySize(s.spec)} runs`;
};

const HEADERS = ['puzzle', 'solver', 'runs', 'mean', 'median', 'best', 'sd', 'success', 'time to target', 'evals to target'];

function headers(s: StudyHead, a?: StudyAnalysis): string[] {
  return [...HEADERS, ...(a ? INTERVAL_HEADERS : []), ...(s.spec.published ? ['published'] : [])];
}

function cellRow(s: StudyHead, c: StudyCellResult, width = 40, a?: StudyAnalysis, index = 0): string[] {
  const row = [
    displayText(c.puzzle, width),
    displayText(c.solver, width),
    `${c.done}/${c.planned}`,
    figureText(c.mean),
    figureText(c.median),
    scoreText(c.best, c.maxScore, { sep: '/', none: '-' }),
    figureText(c.sd),
    shareText(c.successRate),
    c.timeToTargetMs === null ? '-' : durationText(c.timeToTargetMs),
    c.evaluationsToTarget === null ? '-' : countText(c.evaluationsToTarget),
    ...(a ? intervalCells(a, index) : []),
  ];
  return s.spec.published ? [...row, publishedText(c.published)] : row;
}

/** A plain aligned table for terminals. */
function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(head), ...rows.map(line)].join('\n');
}

/** With `analysis`, the cells' intervals and the comparisons follow (see report-stats.ts). */
export function studyText(s: StudyHead, p: StudyProgress, cells: readonly StudyCellResult[], analysis?: StudyAnalysis): string {
  const lines = [`study ${s.id}: ${displayText(s.name)} (${s.spec.family}; ${gridText(s)})`, `${studyStatus(p)}: ${studyProgressText(p)}`];
  if (s.spec.published) lines.push(`published: ${displayText(s.spec.published.source, 200)}`);
  return [
    ...lines,
    '',
    table(
      headers(s, analysis),
      cells.map((c, i) => cellRow(s, c, 40, analysis, i)),
    ),
    ...(analysis ? comparisonLines(s.spec, analysis) : []),
  ].join('\n');
}

export function studyMarkdown(s: StudyHead, p: StudyProgress, cells: readonly StudyCellResult[], analysis?: StudyAnalysis): string {
  const esc = (t: string): string => t.replace(/\|/g, '\\|');
  const row = (cols: string[]): string => `| ${cols.map(esc).join(' | ')} |`;
  return [
    `## ${esc(displayText(s.name))}`,
    '',
    `${s.spec.family}; ${gridText(s)}. ${studyProgressText(p)}.${s.spec.published ? ` Published figures: ${esc(displayText(s.spec.published.source, 600))}.` : ''}`,
    '',
    row(headers(s, analysis)),
    `|${headers(s, analysis)
      .map((_, i) => (i < 2 ? ' --- ' : ' ---: '))
      .join('|')}|`,
    ...cells.map((c, i) => row(cellRow(s, c, 200, analysis, i))),
    ...(analysis ? comparisonMarkdown(s.spec, analysis) : []),
  ].join('\n');
}

/** One line per cell with plain numbers (empty when missing), the paper's figures in columns of their own. */
export function studyCsv(s: StudyHead, cells: readonly StudyCellResult[], analysis?: StudyAnalysis): string {
  const quote = (v: string): string => (/[",\n\r]/.test(v) || /^[=+\-@]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const n = (x: number | null | undefined): string => (x === null || x === undefined ? '' : String(Math.round(x * 1e6) / 1e6));
  const head = [
    'puzzle',
    'solver',
    'planned',
    'done',
    'mean',
    'median',
    'best',
    'worst',
    'sd',
    'target',
    'max_score',
    'success_rate',
    'time_to_target_s',
    'evaluations_to_target',
  ];
  const paper = ['mean', 'median', 'best', 'sd', 'successRate', 'timeToTarget', 'evaluationsToTarget'] as const;
  const withPaper = !!s.spec.published;
  const lines = [
    [
      ...head,
      ...(withPaper ? paper.map((k) => `published_${k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`) : []),
      ...(analysis ? csvHeaders(s.spec) : []),
    ].join(','),
  ];
  cells.forEach((c, ci) => {
    const row = [
      quote(c.puzzle),
      quote(c.solver),
      String(c.planned),
      String(c.done),
      n(c.mean),
      n(c.median),
      n(c.best),
      n(c.worst),
      n(c.sd),
      n(c.target),
      n(c.maxScore),
      n(c.successRate),
      c.timeToTargetMs === null ? '' : n(c.timeToTargetMs / 1000),
      n(c.evaluationsToTarget),
    ];
    if (withPaper) row.push(...paper.map((k) => n(c.published?.[k])));
    if (analysis) row.push(...csvCells(s.spec, analysis, ci, n));
    lines.push(row.join(','));
  });
  return `${lines.join('\n')}\n`;
}

export function studyJson(s: StudyHead, progress: StudyProgress, cells: readonly StudyCellResult[], analysis?: StudyAnalysis): Record<string, unknown> {
  const { spec } = s;
  return {
    id: s.id,
    name: s.name,
    description: spec.description,
    family: spec.family,
    createdAt: s.createdAt,
    status: studyStatus(progress),
    puzzles: spec.puzzles.map((p) => ({
      label: p.label,
      source: p.source,
      puzzleId: p.puzzleId,
      maxScore: p.maxScore,
      stop: p.stop ?? null,
      group: p.group ?? null,
    })),
    solvers: spec.configs.map((c) => ({ label: c.label, solver: c.solver, preset: c.preset, params: c.params, stop: c.stop })),
    published: spec.published ? { source: spec.published.source } : null,
    seeds: spec.seeds,
    progress,
    cells: analysis ? cells.map((c, i) => ({ ...c, intervals: analysis.intervals[i] ?? null })) : cells,
    ...(analysis ? { comparisons: analysis.comparisons, publishedTests: analysis.tests } : {}),
  };
}
