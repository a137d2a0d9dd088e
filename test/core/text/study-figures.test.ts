/** The study figures of the one text module, as the CLI, the exports and the results view write them. */
import { describe, expect, it } from 'vitest';
import {
  clockLabels,
  figureText,
  percentFigure,
  percentText,
  runTimeText,
  shareText,
  timeAxisText,
  timeToTargetHeading,
} from '../../../src/core/text/run-text';
import { gridText, publishedText, studyProgressText, studyStatus, type StudyCounts } from '../../../src/core/text/study-text';
import { effectText } from '../../../src/core/text/stats-text';
import { decimalText, mibText, signedText } from '../../../src/core/text/numbers';

const counts = (over: Partial<StudyCounts>): StudyCounts => ({
  planned: 10,
  done: 0,
  running: 0,
  queued: 0,
  stopped: 0,
  interrupted: 0,
  failed: 0,
  notStarted: 10,
  estimatedMsLeft: null,
  estimateClock: 'wall',
  ...over,
});

describe('times on a run’s clock', () => {
  it('say CPU time where the runs count it, and running time where they count the wall’s', () => {
    expect(runTimeText(14_400_000, 'cpu')).toBe('4 h 00 min of CPU time');
    expect(runTimeText(14_400_000, 'cpu', true)).toBe('4 h 00 min CPU');
    expect(runTimeText(90_000)).toBe('1 min 30 s');
    expect(clockLabels('cpu')).toMatchObject({ elapsed: 'CPU time', rate: 'Per CPU second', axis: 'CPU time' });
    expect(clockLabels()).toMatchObject({ elapsed: 'Elapsed', rate: 'Per second', axis: 'running time' });
    expect([timeAxisText(['cpu', 'cpu']), timeAxisText([undefined, 'wall']), timeAxisText(['cpu', undefined])]).toEqual([
      'CPU time',
      'running time',
      'time (CPU or wall, by setting)',
    ]);
    expect([timeToTargetHeading(['cpu']), timeToTargetHeading(['wall']), timeToTargetHeading(['cpu', 'wall'])]).toEqual([
      'CPU time to target',
      'Time to target',
      'Time (CPU or wall, by setting) to target',
    ]);
  });
});

describe('study figures', () => {
  it('write scores, shares and the paper’s figures', () => {
    expect([figureText(166), figureText(165.666), figureText(null), figureText(undefined, '—'), figureText(NaN)]).toEqual(['166', '165.67', '-', '—', '-']);
    expect([shareText(1), shareText(0.333), shareText(null)]).toEqual(['100%', '33%', '-']);
    expect(publishedText({ mean: 419.57, median: 419.5, best: 425 })).toBe('mean 419.57, median 419.50, best 425');
    expect(publishedText({ successRate: 1, timeToTarget: 195, evaluationsToTarget: 267_800 })).toBe('success 100%, time 3 min 15 s, evals 267,800');
    expect([publishedText(null), publishedText({})]).toEqual(['-', '-']);
  });

  it('say where a study stands', () => {
    expect(studyStatus(counts({}))).toBe('new');
    expect(studyStatus(counts({ done: 2, queued: 8, notStarted: 0 }))).toBe('running');
    expect(studyStatus(counts({ done: 10, notStarted: 0 }))).toBe('done');
    expect(studyStatus(counts({ done: 4, stopped: 6, notStarted: 0 }))).toBe('stopped');
    expect(studyStatus(counts({ done: 9, failed: 1, notStarted: 0 }))).toBe('incomplete');
    expect(studyProgressText(counts({ done: 3, running: 1, queued: 2, notStarted: 4, estimatedMsLeft: 250_000 }))).toBe(
      '3/10 done, 1 running, 2 queued, 4 not started, about 4 min 10 s left',
    );
    expect(studyProgressText(counts({}))).toBe('0/10 done');
    // Runs on a CPU-time budget whose pace against the wall is not measured yet: their CPU time left, said so.
    expect(studyProgressText(counts({ done: 1, running: 1, notStarted: 8, estimatedMsLeft: 7_200_000, estimateClock: 'cpu' }))).toBe(
      '1/10 done, 1 running, 8 not started, about 2 h 00 min of CPU time left',
    );
  });

  it('count a grid with each noun singular at one: a study of one setting is "1 solver", not "1 solvers"', () => {
    expect(gridText({ puzzles: 1, solvers: 1, seeds: 5, runs: 5 })).toBe('1 puzzle × 1 solver × 5 seeds = 5 runs');
    expect(gridText({ puzzles: 120, solvers: 4, seeds: 1, runs: 480 }, 'x')).toBe('120 puzzles x 4 solvers x 1 seed = 480 runs');
    expect(gridText({ puzzles: 1, solvers: 1, seeds: 1, runs: 1 })).toBe('1 puzzle × 1 solver × 1 seed = 1 run');
  });
});

describe('effect sizes', () => {
  it('says r for a signed-rank test (2·A12 − 1) and A12 otherwise', () => {
    expect(effectText({ test: 'signed-rank', a12: 0.71 })).toBe('r 0.42');
    expect(effectText({ test: 'signed-rank', a12: 0.2 })).toBe('r -0.60');
    expect(effectText({ test: 'mann-whitney', a12: 0.71 })).toBe('A12 0.71');
    expect(effectText({ test: 'mann-whitney', a12: 0.71 }, true)).toBe('0.71');
    expect(effectText({ test: 'signed-rank', a12: 0.71 }, true)).toBe('r 0.42');
    expect(effectText(null, false, '—')).toBe('—');
  });
});

describe('plain figures', () => {
  it('writes whole numbers as they are and others with the decimals asked; weights with their sign', () => {
    expect([decimalText(52), decimalText(52.25), decimalText(52.25, 2)]).toEqual(['52', '52.3', '52.25']);
    expect([mibText(32 * 2 ** 20), mibText(12.34 * 2 ** 20), mibText(10_000)]).toEqual(['32 MiB', '12.3 MiB', '0.01 MiB']);
    expect([signedText(1.5), signedText(-2), signedText(0), signedText(1.04)]).toEqual(['+1.5', '−2', '±0', '+1']);
    expect([percentFigure(466, 480), percentFigure(null, 480), percentText(466, 480), percentText(3, null)]).toEqual(['97.1', '—', '97.1 %', '']);
  });
});
