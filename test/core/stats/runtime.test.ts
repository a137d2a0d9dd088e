/** Runtime distributions (time to a level, censored runs) and performance profiles. */
import { describe, expect, it } from 'vitest';
import { meanReach, reachOf, runtimeDistribution, scoreLevels, type RunTrace } from '../../../src/core/stats/runtime';
import { scoreProfile, timeProfile } from '../../../src/core/stats/profiles';

const trace = (runId: number, endMs: number, points: [number, number, number][], live = false): RunTrace => ({
  runId,
  live,
  endMs,
  endEvaluations: endMs * 10,
  points: points.map(([t, evaluations, score]) => ({ t, evaluations, score })),
});

const runs = [
  trace(1, 100, [
    [1, 10, 3],
    [10, 100, 8],
    [50, 500, 10],
  ]),
  trace(2, 200, [
    [2, 20, 4],
    [20, 200, 10],
  ]),
  trace(3, 300, [
    [5, 50, 2],
    [30, 300, 7],
  ]),
  trace(4, 40, [[4, 40, 9]], true),
];

describe('runtime distributions', () => {
  it('steps up at each run reaching the level, over all runs, with the others censored at their ends', () => {
    expect(reachOf(runs[0]!, 8, 'time')).toBe(10);
    expect(reachOf(runs[0]!, 8, 'evaluations')).toBe(100);
    const d = runtimeDistribution(runs, 10, 'time');
    expect(d.runs).toBe(4);
    expect(d.reached).toEqual([20, 50]);
    expect(d.censored).toEqual([40, 300]);
    expect(d.steps).toEqual([
      { x: 20, y: 0 },
      { x: 20, y: 0.25 },
      { x: 50, y: 0.25 },
      { x: 50, y: 0.5 },
      { x: 300, y: 0.5 },
    ]);
    expect(d.marks).toEqual([
      { x: 40, y: 0.25, live: true },
      { x: 300, y: 0.5, live: false },
    ]);
    // Any level, from the same improvements: a lower one is reached by every run.
    expect(runtimeDistribution(runs, 2, 'evaluations').reached).toEqual([10, 20, 40, 50]);
    expect(scoreLevels(runs)).toEqual([10, 9, 8, 7, 4, 3, 2]);
  });

  it('finds when the mean best score of all runs first reached a level', () => {
    const two = [runs[0]!, runs[1]!];
    // t = 2: both have a score (3, 4), mean 3.5; t = 10: (8, 4) = 6; t = 20: (8, 10) = 9; t = 50: 10.
    expect(meanReach(two, 6, 'time')).toBe(10);
    expect(meanReach(two, 9, 'time')).toBe(20);
    expect(meanReach(two, 10, 'time')).toBe(50);
    expect(meanReach(two, 10.5, 'time')).toBeNull();
    expect(meanReach([], 1, 'time')).toBeNull();
  });
});

describe('performance profiles', () => {
  it('time: share of puzzles within a factor tau of the best; failures never count', () => {
    const p = timeProfile(
      [
        [10, 20, null],
        [30, 15, 60],
        [null, null, null],
      ],
      3,
    );
    expect([p.puzzles, p.leftOut]).toEqual([2, 1]);
    expect(p.xMax).toBe(4);
    expect(p.curves.map((c) => c.wins)).toEqual([1, 1, 0]);
    // Setting 0: ratios 1 and 2; setting 2: 4 on one puzzle, failed on the other.
    expect(p.curves[0]!.steps).toEqual([
      { x: 1, y: 0 },
      { x: 1, y: 0.5 },
      { x: 2, y: 0.5 },
      { x: 2, y: 1 },
      { x: 4, y: 1 },
    ]);
    expect(p.curves[2]!.steps.at(-1)).toEqual({ x: 4, y: 0.5 });
  });

  it('time: a cost below one unit (0 ms) counts as one, not as a ratio of a billion', () => {
    const p = timeProfile(
      [
        [0, 1],
        [5, 10],
      ],
      2,
    );
    expect(p.xMax).toBe(2);
    expect(p.curves.map((c) => c.wins)).toEqual([2, 1]);
  });

  it('score: share of puzzles within d of the best mean', () => {
    const p = scoreProfile(
      [
        [10, 8],
        [5, 5],
        [null, 3],
      ],
      2,
    );
    expect([p.puzzles, p.leftOut]).toEqual([3, 0]);
    expect(p.curves.map((c) => c.wins)).toEqual([2, 2]);
    expect(p.curves[1]!.steps).toEqual([
      { x: 0, y: 0 },
      { x: 0, y: 2 / 3 },
      { x: 2, y: 2 / 3 },
      { x: 2, y: 1 },
    ]);
  });
});
