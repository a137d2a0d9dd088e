/**
 * A study's results as text: the terminal table of `study show`, markdown for a report, CSV for a
 * spreadsheet, and the JSON of `--json`. The app's exports are these same texts; every figure is
 * written by the text modules of core/text (run-text.ts, study-text.ts).
 */
import { displayText } from '../../core/text/display';
import { countText, durationText, figureText, scoreText, shareText } from '../../core/text/run-text';
import { cellRunsText, gridText, publishedText, studyProgressText, studyStatus } from '../../core/text/study-text';
import type { StudyAnalysis } from './comparisons';
import type { StudyCellResult, StudyProgress } from './results';
import { comparisonLines, comparisonMarkdown, csvCells, csvHeaders, INTERVAL_HEADERS, intervalCells, type DiagramPlace } from './report-stats';
import { cellStop, studySize, type StudySpec } from './spec';
import { WORKBENCH_VERSION } from './version';
import type { StudyBudget } from '../api/studies';

/** What the texts need of a stored study. */
export interface StudyHead {
  id: number;
  name: string;
  createdAt: number;
  spec: StudySpec;
}

/** "2 puzzles x 3 solvers x 5 seeds = 30 runs", in the terminal's plain letters. */
export const studyGridText = (s: StudyHead): string => {
  const { puzzles, configs, seeds } = s.spec;
  return gridText({ puzzles: puzzles.length, solvers: configs.length, seeds: seeds.length, runs: studySize(s.spec) }, 'x');
};

const HEADERS = ['puzzle', 'solver', 'runs', 'mean', 'median', 'best', 'sd', 'reached', 'time to target (reachers)', 'evals to target (reachers)'];

/** "8/10 (80%)": the runs that reached the target, of the done runs with one. */
const reachedText = (c: StudyCellResult): string => (c.success ? `${c.success.reached}/${c.success.runs} (${shareText(c.successRate)})` : '-');

/** The stop budget of every setting, and of the puzzles that have their own (the exports carry it). */
export function studyBudget(spec: StudySpec): StudyBudget {
  return {
    settings: spec.configs.map((c) => ({
      label: c.label,
      seconds: c.stop.seconds,
      evaluations: c.stop.evaluations,
      target: c.stop.target,
      clock: c.stop.clock ?? 'wall',
    })),
    puzzles: spec.puzzles.flatMap((p) =>
      p.stop
        ? [
            {
              label: p.label,
              seconds: p.stop.seconds ?? null,
              evaluations: p.stop.evaluations ?? null,
              target: p.stop.target ?? null,
              clock: p.stop.clock ?? null,
            },
          ]
        : [],
    ),
  };
}

/** "10 s (cpu clock), 50,000 evaluations, target 400" for a budget line. */
function stopText(s: { seconds: number | null; evaluations: number | null; target: number | null; clock: 'wall' | 'cpu' | null }): string {
  const parts = [
    s.seconds !== null ? `${durationText(s.seconds * 1000)}${s.clock ? ` (${s.clock} clock)` : ''}` : null,
    s.evaluations !== null ? `${countText(s.evaluations)} evaluations` : null,
    s.target !== null ? `target ${figureText(s.target)}` : null,
  ].filter((x) => x !== null);
  // Without a time limit the clock still counts every time the runs record (curves, time to
  // target), so a reader of the report needs it as much as the CSV's and the JSON's do.
  if (s.seconds === null && s.clock) parts.push(`times on the ${s.clock} clock`);
  return parts.length ? parts.join(', ') : 'no limit of its own';
}

/** The budget lines of the markdown export, with the program's version. */
function budgetMarkdown(spec: StudySpec): string[] {
  const b = studyBudget(spec);
  const esc = (t: string): string => t.replace(/\|/g, '\\|');
  return [
    '',
    '### Setup',
    '',
    `Puzzle Workbench ${WORKBENCH_VERSION}. Stop budget of each setting's runs:`,
    '',
    ...b.settings.map((x) => `- ${esc(displayText(x.label, 200))}: ${stopText(x)}`),
    ...(b.puzzles.length
      ? ['', 'Puzzles with their own stop criteria (over every setting’s):', '', ...b.puzzles.map((x) => `- ${esc(displayText(x.label, 200))}: ${stopText(x)}`)]
      : []),
    ...(spec.pairing ? ['', `Runs paired by ${spec.pairing.by}: ${esc(displayText(spec.pairing.meaning, 500))}.`] : []),
  ];
}

function headers(s: StudyHead, a?: StudyAnalysis): string[] {
  return [...HEADERS, ...(a ? INTERVAL_HEADERS : []), ...(s.spec.published ? ['published'] : [])];
}

function cellRow(s: StudyHead, c: StudyCellResult, width = 40, a?: StudyAnalysis, index = 0): string[] {
  const row = [
    displayText(c.puzzle, width),
    displayText(c.solver, width),
    cellRunsText(c),
    figureText(c.mean),
    figureText(c.median),
    scoreText(c.best, c.maxScore, { sep: '/', none: '-' }),
    figureText(c.sd),
    reachedText(c),
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
  const lines = [`study ${s.id}: ${displayText(s.name)} (${s.spec.family}; ${studyGridText(s)})`, `${studyStatus(p)}: ${studyProgressText(p)}`];
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

/** `diagram`: where the critical-difference diagram goes (inline SVG unless a file beside the markdown is named). */
export function studyMarkdown(s: StudyHead, p: StudyProgress, cells: readonly StudyCellResult[], analysis?: StudyAnalysis, diagram?: DiagramPlace): string {
  const esc = (t: string): string => t.replace(/\|/g, '\\|');
  const row = (cols: string[]): string => `| ${cols.map(esc).join(' | ')} |`;
  return [
    `## ${esc(displayText(s.name))}`,
    '',
    `${s.spec.family}; ${studyGridText(s)}. ${studyProgressText(p)}.${s.spec.published ? ` Published figures: ${esc(displayText(s.spec.published.source, 600))}.` : ''}`,
    '',
    row(headers(s, analysis)),
    `|${headers(s, analysis)
      .map((_, i) => (i < 2 ? ' --- ' : ' ---: '))
      .join('|')}|`,
    ...cells.map((c, i) => row(cellRow(s, c, 200, analysis, i))),
    '',
    'Reached: the done runs that reached the target (the study’s stop target, else the puzzle’s maximum); time and evaluations to target: the median of those runs.',
    ...budgetMarkdown(s.spec),
    ...(analysis ? comparisonMarkdown(s.spec, analysis, diagram) : []),
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
    'failed',
    'mean',
    'median',
    'best',
    'worst',
    'sd',
    'target',
    'max_score',
    'success_rate',
    'reached',
    'runs_with_target',
    'time_to_target_s',
    'evaluations_to_target',
    'stop_seconds',
    'stop_evaluations',
    'stop_target',
    'clock',
    'workbench_version',
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
    // The row's first puzzle's stop criteria (a group's puzzles may differ: the JSON and markdown list each override).
    const stop = cellStop(s.spec, c.puzzleIndex, c.configIndex);
    const row = [
      quote(c.puzzle),
      quote(c.solver),
      String(c.planned),
      String(c.done),
      String(c.failed),
      n(c.mean),
      n(c.median),
      n(c.best),
      n(c.worst),
      n(c.sd),
      n(c.target),
      n(c.maxScore),
      n(c.successRate),
      n(c.success?.reached),
      n(c.success?.runs),
      c.timeToTargetMs === null ? '' : n(c.timeToTargetMs / 1000),
      n(c.evaluationsToTarget),
      n(stop.seconds),
      n(stop.evaluations),
      n(stop.target),
      stop.clock ?? 'wall',
      WORKBENCH_VERSION,
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
    workbenchVersion: WORKBENCH_VERSION,
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
    budget: studyBudget(spec),
    pairing: spec.pairing ?? null,
    aggregate: spec.aggregate ?? 'median',
    published: spec.published ? { source: spec.published.source } : null,
    seeds: spec.seeds,
    progress,
    cells: analysis ? cells.map((c, i) => ({ ...c, intervals: analysis.intervals[i] ?? null })) : cells,
    ...(analysis
      ? {
          comparisons: analysis.comparisons,
          verdicts: analysis.verdicts,
          overPuzzles: analysis.overPuzzles,
          publishedTests: analysis.tests,
        }
      : {}),
  };
}
