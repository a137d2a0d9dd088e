import { describe, expect, it } from 'vitest';
import { generateEdgePuzzle } from '../../../../../src/core/families/edge/design/generator';
import { EdgeAnalysisJob, colourStats } from '../../../../../src/core/families/edge/analysis';

describe("Knuth's estimator", () => {
  it('estimates the nodes and solutions of small generated boards within the spread it reports', () => {
    for (const [rows, frame, inner, seed] of [
      [5, 2, 3, 1],
      [5, 2, 4, 2],
      [4, 1, 2, 4],
      [5, 1, 3, 5],
    ]) {
      const { puzzle } = generateEdgePuzzle({ rows, cols: rows, frameColours: frame, innerColours: inner, seed });
      const job = new EdgeAnalysisJob(puzzle, { maxSolutions: 1e9, probes: 4000, seed: 11 });
      while (!job.done) job.step(100_000);
      const a = job.result({ estimate: 0, count: 0 }, null);
      expect(a.count.end).toBe('exhausted');
      const mean = 10 ** a.estimate.nodes.log10Mean;
      const se = 10 ** a.estimate.nodes.log10StdError;
      // The exact count's nodes are the tree the probes walk: within four standard errors.
      expect(Math.abs(mean - a.count.nodes)).toBeLessThanOrEqual(4 * se);
      const sols = 10 ** a.estimate.solutions.log10Mean;
      const solSe = 10 ** a.estimate.solutions.log10StdError;
      // Solutions are only seen by probes that reach a full board; with too few such probes the
      // estimate says nothing (and the report says how many reached one).
      if (a.estimate.reachedFull >= 30) expect(Math.abs(sols - a.count.solutions)).toBeLessThanOrEqual(4 * solSe);
      expect(a.estimate.probes).toBe(4000);
    }
  });

  it('is exact on a tree with one branch (every probe walks the only path)', () => {
    const { puzzle } = generateEdgePuzzle({ rows: 4, cols: 4, frameColours: 1, innerColours: 1, seed: 5 });
    const job = new EdgeAnalysisJob(puzzle, { maxSolutions: 1e9, probes: 20, seed: 1 });
    while (!job.done) job.step(1000);
    const a = job.result({ estimate: 0, count: 0 }, null);
    expect(a.count.nodes).toBe(16);
    expect(10 ** a.estimate.nodes.log10Mean).toBeCloseTo(16, 9);
    expect(a.estimate.nodes.log10StdError).toBe(-Infinity);
    expect(a.estimate.reachedFull).toBe(20);
  });

  it('reaches any size: Eternity II-sized boards give finite estimates with a profile per depth', () => {
    const { puzzle, solution } = generateEdgePuzzle({ rows: 16, cols: 16, frameColours: 5, innerColours: 17, seed: 2 });
    const job = new EdgeAnalysisJob(puzzle, { maxSolutions: 1, probes: 300, seed: 4 }, solution);
    while (job.phase === 'estimate') job.step(100_000);
    const a = job.result({ estimate: 0, count: 0 }, 'seconds');
    expect(a.count.end).toBe('seconds');
    expect(Number.isFinite(a.estimate.nodes.log10Mean)).toBe(true);
    expect(a.estimate.nodes.log10Mean).toBeGreaterThan(10);
    expect(a.estimate.profile).toHaveLength(256);
    expect(a.stats.uniqueFits).not.toBeNull();
  });
});

describe('colour statistics', () => {
  it('counts colours on the frame and inside, pieces, duplicates and unique fits', () => {
    const { puzzle, solution } = generateEdgePuzzle({ rows: 6, cols: 6, frameColours: 2, innerColours: 3, seed: 9 });
    const s = colourStats(puzzle, solution);
    expect([s.corners, s.sides, s.inners]).toEqual([4, 16, 16]);
    // Frame joins: 4 sides x 5 joins, two piece sides each; inner: every other non-grey side.
    const frame = s.colours.reduce((t, c) => t + c.frame, 0);
    const inner = s.colours.reduce((t, c) => t + c.inner, 0);
    expect(frame).toBe(2 * 20);
    expect(inner).toBe(2 * (2 * 36 - 12) - 2 * 20);
    expect(s.frameColours).toBe(2);
    expect(s.innerColours).toBe(3);
    expect(s.sharedColours).toBe(0);
    expect(s.uniqueFits! + s.multiFits!).toBe(36);
    expect(colourStats(puzzle).uniqueFits).toBeNull();
  });
});
