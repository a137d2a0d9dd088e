/**
 * Chart.js line charts, as a plain handle a Svelte attachment can own: create on a canvas,
 * `update` with new lines, move the cursor (a vertical line kept in step with a replay), destroy.
 * No animation (live data arrives every second), no parsing (points are {x, y}). Runs' scores
 * against time or evaluations, and (with `yShare`) a study's statistics: shares of runs or
 * puzzles as explicit steps against a measure, a ratio or a score gap, censored runs as crosses.
 */
import {
  Chart,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  LogarithmicScale,
  PointElement,
  Tooltip,
  type ChartConfiguration,
  type Plugin,
  type Scale,
} from 'chart.js';
import { axisTime, compactCount, shareText } from '../format';
import { CHART_THEME } from './palette';
import { maxMark, scoreAxis } from './axis';
import type { ChartLine, XY } from './line';
import type { XMode } from './series';

// Its home is line.ts (series.ts builds lines without importing the chart); kept here for callers.
export type { ChartLine };

Chart.register(LineController, LineElement, PointElement, LinearScale, LogarithmicScale, Tooltip, Filler);

/** What the x axis measures: a run's progress, or (statistics) a ratio to the best or a score gap. */
export type ChartX = XMode | 'ratio' | 'score';

export interface RunChartOptions {
  xMode: ChartX;
  /** The x axis title when not the measure's own. */
  xLabel?: string;
  /** The y values are shares (0..1, shown in %): statistics' step lines, 2 px wide. */
  yShare?: boolean;
  /** Logarithmic x axis (time or evaluations spanning orders of magnitude). */
  xLog?: boolean;
  yLabel?: string;
  /** The best possible score: a dashed line when in range, a label at the top when above it. */
  yMax?: number | null;
  /** The score axis from 0 to yMax instead of around the data (charts/axis.ts). */
  yFull?: boolean;
  /** Where the cursor is, in x units; null = none. */
  cursor?: number | null;
  /** Click on the plot: the x under the pointer. */
  onPick?: (x: number) => void;
}

export interface RunChartHandle {
  update(lines: readonly ChartLine[], opts: RunChartOptions): void;
  /** The tick labels drawn on each axis now (tests and screen readers read them). */
  ticks(): { x: string[]; y: string[] };
  setCursor(x: number | null): void;
  destroy(): void;
}

export function xTick(mode: ChartX, v: number): string {
  if (mode === 'time') return axisTime(v);
  if (mode === 'ratio') return `×${Math.round(v * 100) / 100}`;
  if (mode === 'score') return String(Math.round(v * 100) / 100);
  return compactCount(v);
}

/** An x tick of a chart: statistics' evaluations are whole (no "0, 0, 1" at 0.2 and 0.5 on a log axis). */
function xText(o: RunChartOptions, v: number): string {
  return o.yShare && o.xMode === 'evaluations' && !Number.isInteger(v) ? '' : xTick(o.xMode, v);
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const TIME_STEPS = [
  0.1 * SECOND,
  0.2 * SECOND,
  0.5 * SECOND,
  SECOND,
  2 * SECOND,
  5 * SECOND,
  10 * SECOND,
  15 * SECOND,
  30 * SECOND,
  MINUTE,
  2 * MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  24 * HOUR,
];

/** A round tick step (ms) giving at most about `ticks` ticks over `span` ms of running time. */
export function timeStep(span: number, ticks = 8): number {
  for (const s of TIME_STEPS) if (span / s <= ticks) return s;
  return Math.ceil(span / ticks / (24 * HOUR)) * 24 * HOUR;
}

/**
 * Round running times (ms) for a log time axis over [min, max]: 1, 2 and 5 of each decade below a
 * second, then the clock's own steps (1, 2, 5, 10, 20, 30 s; the same in minutes; 1, 2, 5, 10 h;
 * 1, 2, 5 days and on), so a tick reads "5 min", not "8 min 20" (500 s). Fewer than two within the
 * span: empty (the axis keeps its own ticks).
 */
export function logTimeTicks(min: number, max: number): number[] {
  if (!(min > 0) || !(max > min)) return [];
  const ladder: number[] = [];
  for (let d = 10 ** Math.floor(Math.log10(min)); d < SECOND; d *= 10) ladder.push(d, 2 * d, 5 * d);
  for (const unit of [SECOND, MINUTE]) ladder.push(...[1, 2, 5, 10, 20, 30].map((k) => k * unit));
  ladder.push(HOUR, 2 * HOUR, 5 * HOUR, 10 * HOUR);
  for (let d = 24 * HOUR; d <= max; d *= 10) ladder.push(d, 2 * d, 5 * d);
  const out = ladder.filter((v) => v >= min * (1 - 1e-9) && v <= max * (1 + 1e-9));
  return out.length >= 2 ? out : [];
}

export const X_TITLES: Record<XMode, string> = { time: 'running time', evaluations: 'evaluations', iterations: 'iterations / generations' };

interface Extra {
  cursor: number | null;
  yMax: number | null;
}

const extras = new WeakMap<Chart, Extra>();

const overlay: Plugin<'line'> = {
  id: 'runOverlay',
  afterDatasetsDraw(chart) {
    const ex = extras.get(chart);
    if (!ex) return;
    const { ctx, chartArea: a, scales } = chart;
    const x = scales.x;
    const y = scales.y;
    if (!x || !y) return;
    ctx.save();
    const mark = ex.yMax === null ? null : maxMark({ min: y.min, max: y.max }, ex.yMax);
    if (mark === 'above') {
      ctx.fillStyle = CHART_THEME.text;
      ctx.font = `11px ${CHART_THEME.font}`;
      // Top left: a climbing curve and the replay cursor keep to the right.
      ctx.textAlign = 'left';
      ctx.textBaseline = 'top';
      ctx.fillText(`max ${ex.yMax} ↑`, a.left + 6, a.top + 3);
    }
    if (ex.yMax !== null && mark === 'line') {
      const py = y.getPixelForValue(ex.yMax);
      ctx.strokeStyle = 'rgba(230,231,234,0.35)';
      ctx.setLineDash([4, 4]);
      ctx.lineWidth = 1;
      ctx.beginPath();
      ctx.moveTo(a.left, py);
      ctx.lineTo(a.right, py);
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.fillStyle = CHART_THEME.text;
      ctx.font = `11px ${CHART_THEME.font}`;
      ctx.textAlign = 'right';
      // Above the line, or below it when the line is the top of the plot (the label would be cut).
      const below = py - 14 < a.top;
      ctx.textBaseline = below ? 'top' : 'bottom';
      ctx.fillText(`max ${ex.yMax}`, a.right - 4, below ? py + 3 : py - 2);
    }
    if (ex.cursor !== null && Number.isFinite(ex.cursor)) {
      const px = Math.min(a.right, Math.max(a.left, x.getPixelForValue(ex.cursor)));
      ctx.strokeStyle = CHART_THEME.cursor;
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      ctx.moveTo(px, a.top);
      ctx.lineTo(px, a.bottom);
      ctx.stroke();
      ctx.fillStyle = CHART_THEME.cursor;
      ctx.beginPath();
      ctx.moveTo(px - 5, a.top - 1);
      ctx.lineTo(px + 5, a.top - 1);
      ctx.lineTo(px, a.top + 6);
      ctx.closePath();
      ctx.fill();
    }
    ctx.restore();
  },
};

/** Chart.js datasets for the lines (exported for the tests of how they are drawn). */
export function datasets(lines: readonly ChartLine[], xLog = false, share = false): ChartConfiguration<'line', XY[]>['data']['datasets'] {
  // A log axis has no zero: the start of a run (x = 0) is left out there.
  const keep = (p: XY): boolean => !xLog || p.x > 0;
  return lines.flatMap((l) => [
    {
      label: l.label,
      data: xLog ? l.points.filter(keep) : l.points,
      borderColor: l.colour,
      backgroundColor: l.fillColour ?? l.colour,
      fill: l.fill ?? false,
      borderWidth: l.width ?? (share ? 2 : 1.5),
      borderDash: l.dash ?? [],
      // Chart.js's 'before' holds a point's y until the next point's x, then rises: the best so far
      // ('after' would rise at the previous point, drawing each new best one improvement early).
      stepped: l.stepped ? ('before' as const) : false,
      pointRadius: 0,
      pointHoverRadius: 3,
      pointHitRadius: 6,
      tension: 0,
      // A NaN value is a break in a sampled line (series.ts): never bridged.
      spanGaps: false,
    },
    ...(l.marks ? [censored(l, l.marks.filter(keep))] : []),
  ]);
}

function censored(l: ChartLine, marks: NonNullable<ChartLine['marks']>): ChartConfiguration<'line', XY[]>['data']['datasets'][number] {
  return {
    label: `${l.label} (censored)`,
    data: marks.map((m) => ({ x: m.x, y: m.y })),
    borderColor: l.colour,
    backgroundColor: l.colour,
    showLine: false,
    pointStyle: 'crossRot' as const,
    pointRadius: marks.map(() => 6),
    pointBorderWidth: marks.map((m) => (m.live ? 1 : 2)),
    pointHoverRadius: 7,
    fill: false,
  };
}

/**
 * Whether a log axis labels the tick at `i`: 1, 2 and 5 of each decade; on a span too short to hold
 * any of them (a run of a few milliseconds), its first and last ticks, so the axis is never bare.
 */
export function labelsLogTick(values: readonly number[], i: number): boolean {
  if (values.some(isRoundLogTick)) return isRoundLogTick(values[i]!);
  return i === 0 || i === values.length - 1;
}

/** 1, 2 or 5 times a power of ten. */
export function isRoundLogTick(v: number): boolean {
  if (!(v > 0)) return false;
  const m = Math.round((v / 10 ** Math.floor(Math.log10(v))) * 1000) / 1000;
  return m === 1 || m === 2 || m === 5;
}

/** A value tick: whole numbers compact ("12 k"), fractions with two decimals at most, never "-0". */
export function yTick(v: number): string {
  const x = Object.is(v, -0) || Math.abs(v) < 1e-9 ? 0 : v;
  if (Number.isInteger(x)) return compactCount(x);
  return String(Math.round(x * 100) / 100);
}

function xSpan(lines: readonly ChartLine[]): number {
  let max = 0;
  for (const l of lines) for (const p of l.points) if (p.x > max) max = p.x;
  return max;
}

function scaleOptions(opts: RunChartOptions, lines: readonly ChartLine[]): NonNullable<ChartConfiguration<'line', XY[]>['options']>['scales'] {
  const tick = { color: CHART_THEME.text, font: { family: CHART_THEME.font, size: 11 } };
  const step = opts.xMode === 'time' && !opts.xLog && !opts.yShare ? timeStep(xSpan(lines)) : undefined;
  const logTime = opts.xMode === 'time' && !!opts.xLog;
  const title = (text: string) => ({ display: !!text, text, color: CHART_THEME.text, font: { family: CHART_THEME.font, size: 11 } });
  return {
    x: {
      type: opts.xLog ? 'logarithmic' : 'linear',
      grid: { color: CHART_THEME.grid },
      border: { color: CHART_THEME.axis },
      ticks: {
        ...tick,
        maxRotation: 0,
        autoSkipPadding: 16,

        ...(step ? { stepSize: step } : {}),
        // A log axis labels 1, 2 and 5 of each decade only (of time: round running times, all labelled).
        callback: (v, i, all) =>
          opts.xLog &&
          !logTime &&
          !labelsLogTick(
            all.map((t) => t.value),
            i,
          )
            ? ''
            : xText(opts, Number(v)),
      },
      title: title(opts.xLabel ?? (opts.xMode === 'ratio' || opts.xMode === 'score' ? '' : X_TITLES[opts.xMode])),
      ...(logTime
        ? {
            afterBuildTicks: (scale: Scale) => {
              const values = logTimeTicks(scale.min, scale.max);
              if (values.length > 0) scale.ticks = values.map((value) => ({ value }));
            },
          }
        : {}),
      ...(opts.xLog ? {} : { min: opts.xMode === 'ratio' ? 1 : 0 }),
      // A whole number of round steps, so every tick is a round time.
      ...(step ? { max: Math.max(1, Math.ceil(xSpan(lines) / step)) * step } : {}),
    },
    y: opts.yShare
      ? {
          type: 'linear',
          min: 0,
          max: 1,
          grid: { color: CHART_THEME.grid },
          border: { color: CHART_THEME.axis },
          ticks: { ...tick, stepSize: 0.25, callback: (v) => shareText(Number(v)) },
          title: title(opts.yLabel ?? ''),
        }
      : {
          type: 'linear',
          grid: { color: CHART_THEME.grid },
          border: { color: CHART_THEME.axis },
          // Scores are whole numbers: no repeated "1, 1, 1, 0, 0" ticks between them.
          ticks: { ...tick, precision: 0, callback: (v) => yTick(Number(v)) },
          title: title(opts.yLabel ?? ''),
          // Around the data with a little headroom, or 0 to the best possible score (and when empty).
          ...scoreAxis(lines, opts.yMax ?? null, opts.yFull ?? false, opts.xLog ?? false),
        },
  };
}

export function createRunChart(canvas: HTMLCanvasElement, lines: readonly ChartLine[], opts: RunChartOptions): RunChartHandle {
  let current = opts;
  const chart = new Chart<'line', XY[]>(canvas, {
    type: 'line',
    data: { datasets: datasets(lines, opts.xLog, opts.yShare) },
    options: {
      animation: false,
      parsing: false,
      // Steps repeat an x (a vertical rise): only runs' lines are strictly ordered.
      normalized: !opts.yShare,
      responsive: true,
      maintainAspectRatio: false,
      interaction: opts.yShare ? { mode: 'nearest', intersect: false } : { mode: 'nearest', axis: 'x', intersect: false },
      // Room for half the last time label ("1 min 40") beyond the plot's right edge: never cut.
      layout: { padding: { top: 10, right: 28 } },
      scales: scaleOptions(opts, lines),
      plugins: {
        legend: { display: false },
        tooltip: {
          backgroundColor: '#23252a',
          borderColor: '#3a3d44',
          borderWidth: 1,
          titleColor: '#e6e7ea',
          bodyColor: '#e6e7ea',
          titleFont: { family: CHART_THEME.font },
          bodyFont: { family: CHART_THEME.font },
          callbacks: {
            title: (items) => (items[0] ? xText(current, items[0].parsed.x ?? 0) : ''),
            label: (item) =>
              current.yShare
                ? ` ${item.dataset.label}: ${shareText(item.parsed.y ?? 0)}`
                : ` ${item.dataset.label}: ${Math.round((item.parsed.y ?? 0) * 1000) / 1000}`,
          },
        },
      },
      onClick: (e, _els, c) => {
        if (!current.onPick || e.x === null || e.y === null) return;
        const a = c.chartArea;
        if (e.x < a.left || e.x > a.right) return;
        const v = c.scales.x?.getValueForPixel(e.x);
        if (v !== undefined && Number.isFinite(v)) current.onPick(v);
      },
    },
    plugins: [overlay],
  });
  extras.set(chart, { cursor: opts.cursor ?? null, yMax: opts.yMax ?? null });

  return {
    update(next, o) {
      current = o;
      chart.data.datasets = datasets(next, o.xLog, o.yShare);
      if (chart.options) chart.options.scales = scaleOptions(o, next);
      extras.set(chart, { cursor: o.cursor ?? null, yMax: o.yMax ?? null });
      chart.update('none');
    },
    ticks() {
      const labels = (axis: 'x' | 'y'): string[] => (chart.scales[axis]?.ticks ?? []).map((t) => String(t.label ?? '')).filter((t) => t !== '');
      return { x: labels('x'), y: labels('y') };
    },
    setCursor(x) {
      const ex = extras.get(chart);
      if (!ex || ex.cursor === x) return;
      ex.cursor = x;
      chart.draw();
    },
    destroy() {
      chart.destroy();
    },
  };
}
