import { describe, expect, it } from 'vitest';
import { evaluationsAt, iterationAt, runChartLines, runLines, stepValueAt, thinSteps, timeAtX, xAtTime } from '../../../../src/renderer/src/runs/charts/series';
import { isRoundLogTick, labelsLogTick, logTimeTicks, timeStep } from '../../../../src/renderer/src/runs/charts/chart';
import { axisTime } from '../../../../src/core/text/run-text';
import { thinPlan, thinSeries } from '../../../../src/main/store/thin';
import { DEFAULT_MAX_PROGRESS_SAMPLES } from '../../../../src/main/store/store';
import { Rng } from '../../../../src/core/rng/rng';
import { FEED_POINTS } from '../../../../src/renderer/src/runs/series-feed';

const prog = [
  { t: 1000, evaluations: 100, iteration: 10, best: 5, current: 4, mean: 3 },
  { t: 2000, evaluations: 300, iteration: 30, best: 8, current: 6, mean: 5 },
  { t: 3000, evaluations: 600, iteration: 60, best: 9, current: 9, mean: 7 },
];
const imps = [
  { eventId: 1, t: 10, evaluations: 1, score: 2 },
  { eventId: 2, t: 1500, evaluations: 200, score: 8 },
  { eventId: 3, t: 2500, evaluations: 450, score: 9 },
];

describe('chart series of a run', () => {
  it('draws the best score as steps from the improvements, out to the end', () => {
    const l = runLines(imps, prog, 'time', { end: { t: 4000, evaluations: 800 } });
    expect(l.best).toEqual([
      { x: 10, y: 2 },
      { x: 1500, y: 8 },
      { x: 2500, y: 9 },
      { x: 4000, y: 9 },
    ]);
    expect(l.current).toEqual([
      { x: 1000, y: 4 },
      { x: 2000, y: 6 },
      { x: 3000, y: 9 },
    ]);
    expect(l.mean?.map((p) => p.y)).toEqual([3, 5, 7]);
    expect(
      runLines(
        imps,
        prog.map((p) => ({ ...p, mean: null })),
        'time',
      ).mean,
    ).toBeNull();
  });

  it("draws no best line for a run without improvements: the samples' best is only the solver's claim", () => {
    const claims = prog.map((p) => ({ ...p, best: 999 }));
    expect(runLines([], claims, 'time', { end: { t: 4000, evaluations: 800 } }).best).toEqual([]);
    const lines = runChartLines([], claims, 'time', { end: { t: 4000, evaluations: 800 } });
    expect(lines.map((l) => l.id)).toEqual(['current', 'mean']);
    expect(lines.flatMap((l) => l.points).some((p) => p.y === 999)).toBe(false);
    // The samples' claims never raise a line of checked boards either.
    expect(Math.max(...runLines(imps, claims, 'time').best.map((p) => p.y))).toBe(9);
  });

  it('draws the current score only where samples are: no climb from the start-up sample, breaks across long silences', () => {
    const samples = [
      { t: 1, evaluations: 2, iteration: 1, best: 22, current: 0, mean: null },
      { t: 1000, evaluations: 100, iteration: 10, best: 50, current: 48, mean: null },
      { t: 2000, evaluations: 200, iteration: 20, best: 52, current: 50, mean: null },
      { t: 3000, evaluations: 300, iteration: 30, best: 52, current: 51, mean: null },
      // Paused, resumed a minute later.
      { t: 63_000, evaluations: 400, iteration: 40, best: 55, current: 54, mean: null },
      { t: 64_000, evaluations: 500, iteration: 50, best: 55, current: 53, mean: null },
    ];
    const cur = runLines([], samples, 'time').current;
    expect(cur[0]).toEqual({ x: 1000, y: 48 });
    expect(cur.some((p) => p.y === 0)).toBe(false);
    const breaks = cur.filter((p) => Number.isNaN(p.y));
    expect(breaks).toHaveLength(1);
    expect(breaks[0]!.x).toBeGreaterThan(3000);
    expect(breaks[0]!.x).toBeLessThan(63_000);
    expect(cur.filter((p) => !Number.isNaN(p.y)).map((p) => p.y)).toEqual([48, 50, 51, 54, 53]);
  });

  it("draws a long run's whole current line, thinned by the store and again for Live, and still breaks across a pause in it", () => {
    // Samples every second with a noisy current score, kept as the store keeps them (at most
    // DEFAULT_MAX_PROGRESS_SAMPLES, every second one dropped at the cap), then sent as Live asks
    // for them (FEED_POINTS of them, the lowest and highest of each stretch).
    const sent = (seed: number, seconds: number, pauseAt = -1) => {
      const rng = new Rng(seed);
      let s: { t: number; evaluations: number; iteration: number; best: number; current: number; mean: null }[] = [];
      let t = 0;
      for (let i = 1; i <= seconds; i++) {
        t += i === pauseAt ? 600_000 : 1000;
        s.push({ t, evaluations: i, iteration: i, best: 9, current: rng.int(5), mean: null });
        if (s.length > DEFAULT_MAX_PROGRESS_SAMPLES) {
          const drop = new Set(thinPlan(s.length, DEFAULT_MAX_PROGRESS_SAMPLES));
          s = s.filter((_, j) => !drop.has(j));
        }
      }
      return [...thinSeries(s, FEED_POINTS, (p) => p.current)];
    };
    for (let seed = 1; seed <= 12; seed++) {
      const long = sent(seed, 4000 + seed * 1500);
      const gaps = long.slice(1).map((p, i) => p.t - long[i]!.t);
      expect(Math.max(...gaps) / Math.min(...gaps)).toBeGreaterThanOrEqual(4);
      const cur = runLines([], long, 'time').current;
      expect(cur.filter((p) => Number.isNaN(p.y))).toEqual([]);
      // Every sample sent is drawn (the start-up one aside, when it lies far before the next).
      expect(cur.length).toBeGreaterThanOrEqual(long.length - 1);
    }
    // Paused for ten minutes late in the run: one break, at the pause.
    const paused = runLines([], sent(1, 20_000, 19_990), 'time').current;
    const breaks = paused.filter((p) => Number.isNaN(p.y));
    expect(breaks).toHaveLength(1);
    expect(breaks[0]!.x).toBeGreaterThan(19_989 * 1000);
  });

  it("styles one run's lines with the best on top, the mean only when reported", () => {
    const lines = runChartLines(imps, prog, 'time', { end: { t: 4000, evaluations: 800 } });
    expect(lines.map((l) => l.id)).toEqual(['current', 'mean', 'best']);
    expect(lines[2]).toMatchObject({ label: 'Best', stepped: true, points: runLines(imps, prog, 'time', { end: { t: 4000, evaluations: 800 } }).best });
    expect(lines[1]!.dash?.length).toBeGreaterThan(0);
    const noMean = runChartLines(
      imps,
      prog.map((p) => ({ ...p, mean: null })),
      'time',
    );
    expect(noMean.map((l) => l.id)).toEqual(['current', 'best']);
  });

  it('puts points on evaluations and iterations too', () => {
    expect(runLines(imps, prog, 'evaluations').best.map((p) => p.x)).toEqual([1, 200, 450, 600]);
    expect(iterationAt(200, prog)).toBe(20);
    expect(iterationAt(450, prog)).toBe(45);
    expect(iterationAt(50, prog)).toBe(5);
    expect(iterationAt(1200, prog)).toBe(120);
    expect(iterationAt(5, [])).toBe(0);
    expect(runLines(imps, prog, 'iterations').best.map((p) => p.x)).toEqual([0.1, 20, 45, 60]);
  });

  it('moves a cursor between time and the other axes', () => {
    expect(evaluationsAt(1500, prog, imps)).toBe(200);
    expect(evaluationsAt(1250, prog, imps)).toBe(150);
    expect(evaluationsAt(99_999, prog, imps)).toBe(600);
    expect(xAtTime(2500, 'iterations', prog, imps)).toBe(45);
    expect(xAtTime(2500, 'time', prog, imps)).toBe(2500);
    expect(timeAtX(450, 'evaluations', 3000, prog, imps)).toBeCloseTo(2500, 3);
    expect(timeAtX(-5, 'time', 3000, prog)).toBe(0);
  });

  it('thins long step lines without changing their value at slice ends', () => {
    const pts = Array.from({ length: 10_000 }, (_, i) => ({ x: i, y: Math.floor(Math.sqrt(i)) }));
    const t = thinSteps(pts, 200);
    expect(t.length).toBeLessThanOrEqual(200);
    expect(t[0]).toEqual(pts[0]);
    expect(t.at(-1)).toEqual(pts.at(-1));
    for (const x of [0, 2500, 5000, 9999]) expect(Math.abs(stepValueAt(t, x)! - stepValueAt(pts, x)!)).toBeLessThanOrEqual(1);
    expect(thinSteps(pts.slice(0, 5), 200)).toHaveLength(5);
    expect(stepValueAt(t, -1)).toBeNull();
  });

  it('labels only 1, 2 and 5 on a log axis', () => {
    expect([1, 2, 3, 5, 7, 10, 20, 50, 300, 0.002, 0.5, 0].map(isRoundLogTick)).toEqual([
      true,
      true,
      false,
      true,
      false,
      true,
      true,
      true,
      false,
      true,
      true,
      false,
    ]);
  });

  it('labels the ends of a log axis too short to hold a 1, 2 or 5', () => {
    const short = [11, 12, 13, 14, 15];
    expect(short.map((_, i) => labelsLogTick(short, i))).toEqual([true, false, false, false, true]);
    const decade = [3, 4, 5, 6, 7, 8, 9, 10, 20];
    expect(decade.map((_, i) => labelsLogTick(decade, i))).toEqual([false, false, true, false, false, false, false, true, true]);
  });

  it('puts round running times on a log time axis: "5 min", never "8 min 20"', () => {
    const ticks = (min: number, max: number) => logTimeTicks(min, max).map(axisTime).join(', ');
    expect(ticks(1, 2 * 3_600_000 + 600_000)).toBe(
      '1 ms, 2 ms, 5 ms, 10 ms, 20 ms, 50 ms, 0.1 s, 0.2 s, 0.5 s, 1 s, 2 s, 5 s, 10 s, 20 s, 30 s, 1 min, 2 min, 5 min, 10 min, 20 min, 30 min, 1 h, 2 h',
    );
    expect(ticks(40_000, 3 * 24 * 3_600_000)).toBe('1 min, 2 min, 5 min, 10 min, 20 min, 30 min, 1 h, 2 h, 5 h, 10 h, 24 h, 48 h');
    // A span holding fewer than two of them keeps the axis's own ticks.
    expect(logTimeTicks(3, 4)).toEqual([]);
    expect(logTimeTicks(0, 1000)).toEqual([]);
  });

  it('picks round time ticks', () => {
    expect(timeStep(2000)).toBe(500);
    expect(timeStep(25_000)).toBe(5000);
    expect(timeStep(150_000)).toBe(30_000);
    expect(timeStep(8 * 3_600_000)).toBe(3_600_000);
    expect(timeStep(30 * 86_400_000)).toBe(4 * 86_400_000);
  });
});
