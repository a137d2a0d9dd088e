import { describe, expect, it } from 'vitest';
import {
  axisTime,
  bestFoundFigure,
  changedParams,
  clockText,
  compactCount,
  countFigure,
  countText,
  durationText,
  keyParamsText,
  limitShareText,
  percentOf,
  percentText,
  rateText,
  scoreText,
  statusDetail,
  stopText,
  timeLeftText,
  whenText,
} from '../../../src/renderer/src/runs/format';

describe('run formatting', () => {
  it('writes counts and rates', () => {
    expect(countText(1234567)).toBe('1,234,567');
    expect(compactCount(999)).toBe('999');
    expect(compactCount(12_345)).toBe('12.3 k');
    expect(compactCount(1_234_567)).toBe('1.2 M');
    expect(compactCount(3e9)).toBe('3 G');
    expect(rateText(3_300_000)).toBe('3.3 M/s');
    expect(rateText(null)).toBe('—');
    // A figure card holds about 11 characters: a night's evaluations go compact, whole below.
    expect(countFigure(173_495_787_175)).toEqual({ value: '173.5 G', note: '173,495,787,175' });
    expect(countFigure(999_999_999)).toEqual({ value: '999,999,999' });
  });

  it('says when the best was found and how long it has stood, in running time', () => {
    expect(bestFoundFigure(4_015_000, 12_000_000)).toEqual({ label: 'Best found at', value: '1 h 06 min', note: 'unchanged for 2 h 13 min' });
    expect(bestFoundFigure(null, 12_000_000)).toEqual({ label: 'Best found at', value: '—' });
    // A running time a push behind the improvement: never a negative stand.
    expect(bestFoundFigure(5000, 4000).note).toBe('unchanged for 0.0 s');
  });

  it('says what is left of a live run', () => {
    expect(timeLeftText(81_660_000, true)).toBe('22 h 41 min left');
    expect(timeLeftText(null, true)).toBeUndefined();
    expect(timeLeftText(null, false)).toBe('until stopped');
    expect(timeLeftText(3_600_000, true, 'cpu')).toBe('1 h 00 min of CPU time left');
  });

  it('writes durations, clocks and axis ticks', () => {
    expect(durationText(800)).toBe('0.8 s');
    expect(durationText(8)).toBe('8 ms');
    expect(durationText(0)).toBe('0.0 s');
    expect(durationText(42_000)).toBe('42 s');
    expect(durationText(185_000)).toBe('3 min 05 s');
    expect(durationText(3_720_000)).toBe('1 h 02 min');
    expect(durationText(3 * 86_400_000 + 3_600_000)).toBe('3 d 01 h');
    expect(durationText(null)).toBe('—');
    expect(clockText(42_500)).toBe('0:42');
    expect(clockText(3_723_000)).toBe('1:02:03');
    expect(axisTime(0)).toBe('0 s');
    expect(axisTime(500)).toBe('0.5 s');
    expect(axisTime(20)).toBe('20 ms');
    expect(axisTime(2.5)).toBe('2.5 ms');
    expect(axisTime(120_000)).toBe('2 min');
    expect(axisTime(90_000)).toBe('1 min 30');
    expect(axisTime(3 * 3_600_000)).toBe('3 h');
    expect(axisTime(4_500_000)).toBe('1 h 15');
  });

  it('writes scores with their share of the maximum', () => {
    expect(scoreText(52, 60)).toBe('52 / 60');
    expect(scoreText(21, null)).toBe('21');
    expect(scoreText(null, 60)).toBe('—');
    expect(percentOf(52, 60)).toBe(86.7);
    expect(percentOf(5, null)).toBeNull();
    expect(percentOf(5, 0)).toBeNull();
    expect(percentText(60, 60)).toBe('100.0 %');
  });

  it('never says a run is at 100% of its limit before it gets there', () => {
    expect([limitShareText(0), limitShareText(0.374), limitShareText(0.996), limitShareText(1)]).toEqual(['0%', '37%', '99%', '100%']);
  });

  it('writes statuses and stop criteria in words', () => {
    expect(statusDetail('done', 'solved')).toBe('Solved');
    expect(statusDetail('done', 'seconds')).toBe('Done · time limit');
    expect(statusDetail('stopped', 'stopped')).toBe('Stopped');
    expect(stopText({ seconds: 600, evaluations: null, target: null })).toBe('10 min');
    expect(stopText({ seconds: 90, evaluations: 1_000_000, target: 480 })).toBe('1 min 30 s or 1 M evaluations or score 480');
    expect(stopText({ seconds: null, evaluations: null, target: null })).toBe('until stopped');
    expect(stopText({ seconds: 60, evaluations: null, target: 480, clock: 'cpu' })).toBe('1 min of CPU time or score 480');
  });

  it('shows an evaluation limit exactly, compact only when that is exact', () => {
    const limit = (evaluations: number): string => stopText({ seconds: null, evaluations, target: null });
    // It read "1.3 M evaluations".
    expect(limit(1_250_000)).toBe('1,250,000 evaluations');
    expect(limit(1_234_567)).toBe('1,234,567 evaluations');
    expect(limit(12_345)).toBe('12,345 evaluations');
    expect(limit(2_500_000_001)).toBe('2,500,000,001 evaluations');
    expect(limit(1_500_000)).toBe('1.5 M evaluations');
    expect(limit(5_000_000_000)).toBe('5 G evaluations');
    expect(limit(12_300)).toBe('12.3 k evaluations');
    expect(limit(5000)).toBe('5,000 evaluations');
  });

  it('lists the parameters that differ from the defaults', () => {
    const schema = {
      population: { type: 'int', default: 200, help: '' },
      elitism: { type: 'int', default: 1, help: '' },
      fitness: { type: 'enum', default: 'thesis', options: ['thesis', 'score'], help: '' },
    } as const;
    expect(changedParams({ population: 500, elitism: 1, fitness: 'score' }, schema)).toEqual([
      ['fitness', 'score'],
      ['population', '500'],
    ]);
    expect(keyParamsText({ population: 200, elitism: 1, fitness: 'thesis' }, schema)).toBe('defaults');
    expect(keyParamsText({ a: 1, b: 2, c: 3, d: 4, e: 5 }, undefined, 2)).toBe('a=1, b=2, +3');
  });

  it('writes dates with the year only when it is not this year', () => {
    const now = new Date(2026, 10, 25, 12).getTime();
    expect(whenText(new Date(2026, 10, 25, 9, 5).getTime(), now)).toBe('Nov 25, 09:05');
    expect(whenText(new Date(2025, 0, 2, 23, 59).getTime(), now)).toBe('Jan 2, 2025, 23:59');
    expect(whenText(null, now)).toBe('—');
  });
});
