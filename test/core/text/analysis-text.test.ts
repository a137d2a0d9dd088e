import { describe, expect, it } from 'vitest';
import type { EdgeAnalysis, LogEstimate } from '../../../src/core/families/edge/analysis';
import { countVerdict, makeUniqueLines, ownColourText, recolourLines } from '../../../src/core/families/edge/analysis/text';
import type { MakeUniqueResult } from '../../../src/core/families/edge/analysis/make-unique';

const log = (mean: number, spread: number): LogEstimate => ({ log10Mean: Math.log10(mean), log10StdError: spread > 0 ? Math.log10(spread) : -Infinity });

function analysis(count: Partial<EdgeAnalysis['count']>, solutions: LogEstimate, reachedFull: number, probes = 2000): EdgeAnalysis {
  return {
    family: 'edge',
    rows: 4,
    cols: 4,
    symmetry: 'quarter-turn',
    pinned: true,
    count: { solutions: 0, boards: 0, nodes: 10, end: 'exhausted', cpuMs: 1500, ...count },
    solutions: [],
    estimate: { probes, nodes: log(1e6, 1e5), boards: solutions, reachedFull, deepest: 16, depth: 16, profile: [], solutions, cpuMs: 20 },
    stats: {} as EdgeAnalysis['stats'],
  };
}

describe('the count and the estimate in one sentence (issue 51, item 4)', () => {
  it('lets an exact count stand alone', () => {
    expect(countVerdict(analysis({ solutions: 1, end: 'exhausted' }, log(0.5, 2), 1))).toBe(
      'unique: exactly one solution (the exact search finished in 1.5 s)',
    );
  });

  it('says an estimate from a few full probes means little beside a count stopped at its limit', () => {
    const v = countVerdict(analysis({ solutions: 1000, end: 'solutions', cpuMs: 10_000 }, log(1.2, 2), 2));
    expect(v).toBe(
      'at least 1,000 solutions found in 10 s (stopped at the solution limit); the estimate, 0 to 5, rests on 2 probes of 2,000 reaching a full board and means little',
    );
  });

  it('never lets a well-founded estimate below the count pass for a total', () => {
    const v = countVerdict(analysis({ solutions: 1000, end: 'seconds', cpuMs: 10_000 }, log(40, 5), 300));
    expect(v).toMatch(
      /^at least 1,000 solutions found in 10 s \(stopped at the time limit\); the estimate, about 40 \(.*\), is below what was found: trust the count/,
    );
  });

  it('gives a well-founded estimate above the count as the total', () => {
    const v = countVerdict(analysis({ solutions: 1000, end: 'solutions', cpuMs: 10_000 }, log(2e7, 1e6), 400));
    expect(v).toMatch(
      /^at least 1,000 solutions found in 10 s .*; the estimate, about 2\.00e\+7 \(1\.80e\+7 to 2\.20e\+7\) in all, rests on 400 probes of 2,000/,
    );
  });

  it('says when nothing was found and no probe reached a full board', () => {
    expect(countVerdict(analysis({ solutions: 0, end: 'seconds', cpuMs: 10_000 }, { log10Mean: -Infinity, log10StdError: -Infinity }, 0))).toBe(
      'no solution found in 10 s; the search is not finished (stopped at the time limit); no estimate: none of its 2,000 probes reached a full board',
    );
  });
});

describe('make unique in words', () => {
  const stopped: MakeUniqueResult = {
    outcome: 'stopped',
    hints: [],
    reference: null,
    differing: [],
    solutionsBefore: 1500,
    boardsBefore: 1500,
    countExact: false,
    fewest: false,
    fewestOfAll: false,
    nodes: 2_000_000,
  };

  it('says why a search ended before a proposal when the caller knows (the time limit), and only "stopped" otherwise', () => {
    expect(makeUniqueLines(stopped, 6, 6, 'seconds')).toEqual([
      '6x6: at least 1,500 solutions; stopped at the time limit before a proposal was confirmed (2,000,000 nodes)',
    ]);
    expect(makeUniqueLines(stopped, 6, 6, 'stopped')[0]).toBe('6x6: at least 1,500 solutions; stopped before a proposal was confirmed (2,000,000 nodes)');
    expect(makeUniqueLines(stopped, 6, 6)).toEqual(makeUniqueLines(stopped, 6, 6, 'stopped'));
    // A recolouring says it the same way (the app no longer edits the line after the fact).
    const recolour = { ...stopped, reference: null, changes: [], puzzle: null };
    expect(recolourLines(recolour, 6, 6, 'seconds')[0]).toBe(makeUniqueLines(stopped, 6, 6, 'seconds')[0]);
    expect(recolourLines(recolour, 6, 6)[0]).toBe(makeUniqueLines(stopped, 6, 6)[0]);
  });
});

describe('a recolouring in words', () => {
  it('agrees in number with the joins it recolours', () => {
    expect(ownColourText(1)).toBe('1 join a colour of its own');
    expect(ownColourText(3)).toBe('3 joins a colour of their own');
    expect(ownColourText(1200)).toBe('1,200 joins a colour of their own');
    expect(ownColourText(1, 'of one solution')).toBe('1 join of one solution a colour of its own');
  });
});
