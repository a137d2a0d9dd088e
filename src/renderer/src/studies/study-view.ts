/**
 * What the study page draws, computed from the API's answers: the progress bar's parts, a row's
 * shared score scale, where each run sits in a cell's strip plot, and the curve chart's lines
 * (a band from the lower to the upper quartile under each solver's mean). No DOM, so it is tested
 * as plain functions.
 */
import type { CellRun, StudyCellResult, StudyCurve, StudyProgress } from '../../../main/api/types';
import type { ChartLine } from '../runs/charts/chart';
import { seriesStyle } from '../runs/charts/palette';
import type { FamilyId } from '../../../core/families/family';
import { statusLabel } from '../../../core/text/run-text';

/** The statuses a study's progress bar and its key name, each on its own: a failed run is not a stopped one. */
export const PROGRESS_STATUSES = ['done', 'running', 'queued', 'stopped', 'interrupted', 'failed'] as const;
export type ProgressStatus = (typeof PROGRESS_STATUSES)[number];

/**
 * Shares (0..100) of the planned runs for the progress bar, one per status (they add up to at most
 * 100), and `other`, the three ways a run ends short together, for a bar too small to tell them apart.
 */
export function progressParts(p: StudyProgress): Record<ProgressStatus | 'other', number> {
  const pct = (n: number): number => (p.planned > 0 ? (100 * n) / p.planned : 0);
  return {
    done: pct(p.done),
    running: pct(p.running),
    queued: pct(p.queued),
    stopped: pct(p.stopped),
    interrupted: pct(p.interrupted),
    failed: pct(p.failed),
    other: pct(p.stopped + p.interrupted + p.failed),
  };
}

/**
 * The key under the bar after "N of M done": running and queued always, each way a run ended
 * otherwise only when some did, named as every run list names the status.
 */
export function progressKey(p: StudyProgress): { status: ProgressStatus; count: number; label: string }[] {
  return PROGRESS_STATUSES.filter((k) => k !== 'done' && (k === 'running' || k === 'queued' || p[k] > 0)).map((k) => ({
    status: k,
    count: p[k],
    label: statusLabel(k).toLowerCase(),
  }));
}

/** The score range of one row of the table (its runs, and the paper's figures), shared by its strip plots. */
export function rowRange(cells: readonly StudyCellResult[], runs: readonly (readonly CellRun[])[]): { lo: number; hi: number } | null {
  let lo = Infinity;
  let hi = -Infinity;
  const take = (x: number | null | undefined): void => {
    if (x === null || x === undefined || !Number.isFinite(x)) return;
    lo = Math.min(lo, x);
    hi = Math.max(hi, x);
  };
  // The runs the strip plots draw, and only those: a scale reaching a score with no dot misleads.
  for (const list of runs) for (const r of list) if (isDrawn(r)) take(r.bestScore);
  for (const c of cells) {
    take(c.published?.mean);
    take(c.published?.best);
  }
  if (!Number.isFinite(lo)) return null;
  // A row whose runs all scored the same still gets a scale, with the dots in the middle.
  return lo === hi ? { lo: lo - 1, hi: hi + 1 } : { lo, hi };
}

export interface StripDot {
  runId: number;
  x: number;
  y: number;
  score: number;
  seed: number;
  /** Still running: its score so far, drawn hollow. */
  live: boolean;
  /** Failed, with the best it recorded (which the cell's figures count): drawn as a cross. */
  failed: boolean;
}

/**
 * A run with a dot: one the cell's figures count (done, or failed with the best it recorded, as
 * the study's results count them) or one still running (its best so far). Stopped and
 * interrupted runs are in neither.
 */
function isDrawn(r: CellRun): r is CellRun & { bestScore: number } {
  return r.bestScore !== null && (r.status === 'done' || r.status === 'failed' || r.status === 'running');
}

/**
 * The dots of a strip plot `width` x `height` px, one per drawn run: x by score on the row's scale, y spread so
 * equal scores stay apart (the n-th run with the same score one step further from the middle).
 */
export function stripDots(runs: readonly CellRun[], range: { lo: number; hi: number }, width: number, height: number, pad = 5): StripDot[] {
  const span = range.hi - range.lo || 1;
  const seen = new Map<number, number>();
  const mid = height / 2;
  const step = Math.min(4, (height / 2 - 3) / 3);
  const out: StripDot[] = [];
  for (const r of runs) {
    if (!isDrawn(r)) continue;
    const k = seen.get(r.bestScore) ?? 0;
    seen.set(r.bestScore, k + 1);
    // 0, +1, -1, +2, -2, … steps from the middle, kept within the strip.
    const off = k === 0 ? 0 : (k % 2 === 1 ? 1 : -1) * Math.ceil(k / 2);
    const y = Math.max(3, Math.min(height - 3, mid + off * step));
    out.push({
      runId: r.runId,
      x: pad + ((r.bestScore - range.lo) / span) * (width - 2 * pad),
      y,
      score: r.bestScore,
      seed: r.seed,
      live: r.status === 'running',
      failed: r.status === 'failed',
    });
  }
  return out;
}

/** x of a score on the strip. */
export function stripX(score: number, range: { lo: number; hi: number }, width: number, pad = 5): number {
  return pad + ((score - range.lo) / (range.hi - range.lo || 1)) * (width - 2 * pad);
}

/** Colour of the i-th solver of a study, the same in the table, the legend and the chart. */
export const solverColour = (i: number): string => seriesStyle(i).colour;

/** A colour with transparency, for the spread bands. */
export function withAlpha(hex: string, alpha: number): string {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) return hex;
  const n = parseInt(m[1]!, 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

/**
 * The lines of one row's chart: per solver (in `shown`), the upper and lower quartiles (a shaded
 * band between them) and the mean on top. Times in ms.
 */
export function curveLines(
  curves: readonly StudyCurve[],
  rowIndex: number,
  labels: readonly string[],
  shown: ReadonlySet<number> = new Set(labels.map((_, i) => i)),
): ChartLine[] {
  const bands: ChartLine[] = [];
  const means: ChartLine[] = [];
  for (const c of curves) {
    if (c.rowIndex !== rowIndex || !shown.has(c.configIndex) || c.points.length === 0) continue;
    const { colour, dash } = seriesStyle(c.configIndex);
    const label = labels[c.configIndex] ?? `solver ${c.configIndex + 1}`;
    bands.push(
      {
        id: `hi-${c.configIndex}`,
        label: `${label} (upper quartile)`,
        points: c.points.map((p) => ({ x: p.t, y: p.high })),
        colour: 'transparent',
        width: 0,
        fill: '+1',
        fillColour: withAlpha(colour, 0.16),
      },
      { id: `lo-${c.configIndex}`, label: `${label} (lower quartile)`, points: c.points.map((p) => ({ x: p.t, y: p.low })), colour: 'transparent', width: 0 },
    );
    means.push({ id: `mean-${c.configIndex}`, label: `${label} (mean)`, points: c.points.map((p) => ({ x: p.t, y: p.mean })), colour, dash, width: 2 });
  }
  // Bands first, so every mean line is drawn over every band.
  return [...bands, ...means];
}

/**
 * How a study's solver reads in its table, legend and chart: the file's label, or, where the file
 * gave none (the label is the solver's id, "sa" or "hill-climb cs440-hc"), the solver's name from
 * the catalogue in its place, as every other view names it.
 */
export function configLabel(
  config: { label: string; solver: string },
  family: FamilyId,
  catalogue: readonly { family: FamilyId; id: string; label: string }[],
): string {
  const info = catalogue.find((s) => s.family === family && s.id === config.solver);
  if (!info) return config.label;
  if (config.label === config.solver) return info.label;
  if (config.label.startsWith(`${config.solver} `)) return `${info.label}${config.label.slice(config.solver.length)}`;
  return config.label;
}
