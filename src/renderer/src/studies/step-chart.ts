/**
 * Chart.js step charts of a study's statistics (runtime distributions, performance profiles):
 * one line per setting as explicit steps, crosses for censored runs, y a share 0..1, x on a log
 * or linear axis. Kept apart from the runs' charts: these are shares against a measure.
 */
import { Chart, Filler, LinearScale, LineController, LineElement, LogarithmicScale, PointElement, Tooltip, type ChartConfiguration } from 'chart.js';
import { axisTime, compactCount } from '../runs/format';
import { CHART_THEME } from '../runs/charts/palette';
import type { StepLine } from './stats-view';

Chart.register(LineController, LineElement, PointElement, LinearScale, LogarithmicScale, Tooltip, Filler);

export type StepX = 'time' | 'evaluations' | 'ratio' | 'score';

export interface StepChartOptions {
  x: StepX;
  xLog: boolean;
  xLabel: string;
  yLabel: string;
}

export interface StepChartHandle {
  update(lines: readonly StepLine[], opts: StepChartOptions): void;
  ticks(): { x: string[]; y: string[] };
  destroy(): void;
}

type XY = { x: number; y: number };

/** An x value as text: a time, a count, a ratio ("x2.5") or a score gap. */
export function stepXText(x: StepX, v: number): string {
  if (x === 'time') return axisTime(v);
  // Evaluations are whole: no "0, 0, 1" ticks at 0.2 and 0.5 on a log axis.
  if (x === 'evaluations') return Number.isInteger(v) ? compactCount(v) : '';
  if (x === 'ratio') return `×${Math.round(v * 100) / 100}`;
  return String(Math.round(v * 100) / 100);
}

/** 1, 2 or 5 times a power of ten (the labelled ticks of a log axis). */
function roundLogTick(v: number): boolean {
  if (!(v > 0)) return false;
  const m = Math.round((v / 10 ** Math.floor(Math.log10(v))) * 1000) / 1000;
  return m === 1 || m === 2 || m === 5;
}

function datasets(lines: readonly StepLine[], xLog: boolean): ChartConfiguration<'line', XY[]>['data']['datasets'] {
  const keep = (p: XY): boolean => !xLog || p.x > 0;
  return lines.flatMap((l) => [
    {
      label: l.label,
      data: l.points.filter(keep),
      borderColor: l.colour,
      backgroundColor: l.colour,
      borderWidth: 2,
      borderDash: l.dash,
      pointRadius: 0,
      pointHoverRadius: 3,
      pointHitRadius: 6,
      tension: 0,
      fill: false,
    },
    {
      label: `${l.label} (censored)`,
      data: l.marks.filter(keep).map((m) => ({ x: m.x, y: m.y })),
      borderColor: l.colour,
      backgroundColor: l.colour,
      showLine: false,
      pointStyle: 'crossRot' as const,
      pointRadius: l.marks.filter(keep).map(() => 6),
      pointBorderWidth: l.marks.filter(keep).map((m) => (m.live ? 1 : 2)),
      pointHoverRadius: 7,
      fill: false,
    },
  ]);
}

function scales(o: StepChartOptions): NonNullable<ChartConfiguration<'line', XY[]>['options']>['scales'] {
  const tick = { color: CHART_THEME.text, font: { family: CHART_THEME.font, size: 11 } };
  const title = (text: string) => ({ display: true, text, color: CHART_THEME.text, font: { family: CHART_THEME.font, size: 11 } });
  return {
    x: {
      type: o.xLog ? 'logarithmic' : 'linear',
      grid: { color: CHART_THEME.grid },
      border: { color: CHART_THEME.axis },
      ticks: { ...tick, maxRotation: 0, autoSkipPadding: 16, callback: (v) => (o.xLog && !roundLogTick(Number(v)) ? '' : stepXText(o.x, Number(v))) },
      title: title(o.xLabel),
      ...(o.xLog ? {} : { min: o.x === 'ratio' ? 1 : 0 }),
    },
    y: {
      type: 'linear',
      min: 0,
      max: 1,
      grid: { color: CHART_THEME.grid },
      border: { color: CHART_THEME.axis },
      ticks: { ...tick, stepSize: 0.25, callback: (v) => `${Math.round(Number(v) * 100)}%` },
      title: title(o.yLabel),
    },
  };
}

export function createStepChart(canvas: HTMLCanvasElement, lines: readonly StepLine[], opts: StepChartOptions): StepChartHandle {
  let current = opts;
  const chart = new Chart<'line', XY[]>(canvas, {
    type: 'line',
    data: { datasets: datasets(lines, opts.xLog) },
    options: {
      animation: false,
      parsing: false,
      responsive: true,
      maintainAspectRatio: false,
      interaction: { mode: 'nearest', intersect: false },
      layout: { padding: { top: 10, right: 28 } },
      scales: scales(opts),
      plugins: {
        legend: { display: false },
        tooltip: {
          backgroundColor: '#23252a',
          borderColor: '#3a3d44',
          borderWidth: 1,
          titleColor: '#e6e7ea',
          bodyColor: '#e6e7ea',
          callbacks: {
            title: (items) => (items[0] ? stepXText(current.x, items[0].parsed.x ?? 0) : ''),
            label: (item) => ` ${item.dataset.label}: ${Math.round((item.parsed.y ?? 0) * 100)}%`,
          },
        },
      },
    },
  });
  return {
    update(next, o) {
      current = o;
      chart.data.datasets = datasets(next, o.xLog);
      if (chart.options) chart.options.scales = scales(o);
      chart.update('none');
    },
    ticks() {
      const labels = (axis: 'x' | 'y'): string[] => (chart.scales[axis]?.ticks ?? []).map((t) => String(t.label ?? '')).filter((t) => t !== '');
      return { x: labels('x'), y: labels('y') };
    },
    destroy() {
      chart.destroy();
    },
  };
}
