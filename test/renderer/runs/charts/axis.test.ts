import { describe, expect, it } from 'vitest';
import { _steppedLineTo } from 'chart.js/helpers';
import { datasets, yTick } from '../../../../src/renderer/src/runs/charts/chart';
import { heldLow, maxMark, niceStep, scoreAxis } from '../../../../src/renderer/src/runs/charts/axis';
import { seriesStyle, SERIES_COLOURS } from '../../../../src/renderer/src/runs/charts/palette';
import { momentText, onClock } from '../../../../src/renderer/src/runs/format';
import { luminance } from '../../../../src/renderer/src/lib/palette';

describe('chart text', () => {
  it('labels value ticks without repeats or a minus zero', () => {
    expect([1, 0.8, 0.2, 0, -0, -0.2].map(yTick)).toEqual(['1', '0.8', '0.2', '0', '0', '-0.2']);
    expect(yTick(12_000)).toBe('12 k');
  });

  it('says when a moment of a short run was, to the millisecond', () => {
    expect(momentText(58)).toBe('58 ms');
    expect(momentText(1234)).toBe('1.2 s');
    expect(momentText(185_000)).toBe('3:05');
    expect(onClock(momentText(1234), 'cpu')).toBe('1.2 s CPU');
    expect(onClock(momentText(1234), 'wall')).toBe('1.2 s');
  });

  it('keeps neighbouring series apart in lightness, and changes the dash once the colours repeat', () => {
    for (let i = 0; i + 1 < SERIES_COLOURS.length; i++) {
      const a = luminance(SERIES_COLOURS[i]!);
      const b = luminance(SERIES_COLOURS[i + 1]!);
      expect(Math.abs(a - b)).toBeGreaterThan(0.1);
    }
    expect(seriesStyle(SERIES_COLOURS.length).dash).not.toEqual(seriesStyle(0).dash);
  });
});

describe('step lines', () => {
  it('hold the best until the moment of the next improvement, then rise there', () => {
    const [ds] = datasets([{ id: 'best', label: 'Best', colour: '#fff', stepped: true, points: [] }]);
    // Chart.js draws each segment of a stepped line with this helper, given the dataset's mode.
    const path: [number, number][] = [];
    const ctx = { lineTo: (x: number, y: number) => void path.push([x, y]) } as unknown as CanvasRenderingContext2D;
    _steppedLineTo(ctx, { x: 0, y: 459 }, { x: 2323, y: 465 }, false, String(ds!.stepped));
    expect(path).toEqual([
      [2323, 459],
      [2323, 465],
    ]);
  });
});

describe('score axis (issue 21, item 7)', () => {
  const line = (...ys: number[]) => ({ points: ys.map((y, i) => ({ x: i, y })) });

  it('spans the data with a little headroom instead of running into negatives', () => {
    const a = scoreAxis([line(440, 450, 458)], 480);
    expect(a.min).toBeGreaterThanOrEqual(435);
    expect(a.min).toBeLessThan(440);
    expect(a.max).toBeGreaterThan(458);
    expect(a.max).toBeLessThanOrEqual(462);
    // 450 -> 458 is a good part of the height, not a sliver.
    expect((458 - 450) / (a.max - a.min)).toBeGreaterThan(0.3);
    expect(maxMark(a, 480)).toBe('above');
    // Never below 0 when no score is.
    expect(scoreAxis([line(0, 20, 458)], 480).min).toBe(0);
    // Never above the best possible when it is reached: the max line is the top.
    const solved = scoreAxis([line(400, 480)], 480);
    expect(solved.max).toBe(480);
    expect(maxMark(solved, 480)).toBe('line');
  });

  it('shows 0 to the maximum when asked, and when there is no data', () => {
    expect(scoreAxis([line(440, 458)], 480, true)).toEqual({ min: 0, max: 480 });
    expect(scoreAxis([], 480)).toEqual({ min: 0, max: 480 });
    expect(scoreAxis([line()], null)).toEqual({ min: 0, max: 1 });
    // Negative scores (a study's normalised gap, a jump maze's fitness) stay in view.
    expect(scoreAxis([line(-30, -10)], null).min).toBeLessThanOrEqual(-30);
  });

  it('skips the breaks (NaN) of a sampled line and keeps a flat line visible', () => {
    expect(
      scoreAxis(
        [
          {
            points: [
              { x: 0, y: 5 },
              { x: 1, y: NaN },
              { x: 2, y: 7 },
            ],
          },
        ],
        null,
      ).min,
    ).toBeLessThanOrEqual(5);
    const flat = scoreAxis([line(12, 12)], null);
    expect(flat.min).toBeLessThan(12);
    expect(flat.max).toBeGreaterThan(12);
  });
});

describe('score axis ends', () => {
  it('ends on round ticks', () => {
    const a = scoreAxis(
      [
        {
          points: [
            { x: 0, y: 427 },
            { x: 1, y: 458 },
          ],
        },
      ],
      480,
    );
    expect(a.min % 5).toBe(0);
    expect(a.max % 5).toBe(0);
    expect([0.5, 1, 3, 7, 12, 40, 160].map(niceStep)).toEqual([1, 1, 5, 10, 20, 50, 200]);
  });
});

describe("score axis of a night's run", () => {
  // The overnight bench's run (edge-e2-overnight.csv, seed 2): the empty board at 0 s, then 459 ... 466, drawn to 4562 s.
  const best = {
    points: [
      [0, 0],
      [877, 459],
      [7709, 462],
      [55_195, 463],
      [62_345, 464],
      [2_322_924, 465],
      [4_014_749, 466],
      [4_562_000, 466],
    ].map(([x, y]) => ({ x: x!, y: y! })),
  };

  it('leaves a start over within the first 2 % of the time out of the bottom, and fills the height with the hours', () => {
    // 0-463 are over by 62 s, 1.4 % of a linear axis of 4562 s: the hours at 464-466 fill it.
    expect(heldLow([best])).toBe(464);
    expect(scoreAxis([best], 480)).toEqual({ min: 463, max: 467 });
    // On a log axis (which draws nothing at 0 s) the first second at 459 is a good share of it.
    expect(heldLow([best], true)).toBe(459);
    expect(scoreAxis([best], 480, false, true).min).toBeLessThanOrEqual(459);
    expect(scoreAxis([best], 480, false, true).min).toBeGreaterThan(440);
    // "Full range" is still 0 to the maximum.
    expect(scoreAxis([best], 480, true)).toEqual({ min: 0, max: 480 });
  });

  it('keeps in view a later dip of another line, and the top of every point', () => {
    const current = {
      points: [
        { x: 2_000_000, y: 457 },
        { x: 2_001_000, y: 466 },
        { x: 4_562_000, y: 465 },
      ],
    };
    expect(heldLow([best, current])).toBe(457);
    const a = scoreAxis([best, current], 480);
    expect(a.min).toBeLessThanOrEqual(457);
    expect(a.max).toBeGreaterThanOrEqual(466);
  });

  it('counts every point when the lines have no time span', () => {
    expect(heldLow([{ points: [{ x: 5, y: 3 }] }])).toBeNull();
    expect(scoreAxis([{ points: [{ x: 5, y: 3 }] }], null).min).toBeLessThanOrEqual(3);
  });
});
