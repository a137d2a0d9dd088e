import { describe, expect, it } from 'vitest';
import { isRunsHash, parseRunsHash, runsHash, type RunsRoute } from '../../../src/renderer/src/runs/route';

describe('runs routes', () => {
  it('reads every runs view from the hash and writes it back', () => {
    const cases: [string, RunsRoute][] = [
      ['#/runs', { section: 'dashboard' }],
      ['#/runs/live/12', { section: 'dashboard', runId: 12 }],
      ['#/runs/history', { section: 'history' }],
      ['#/runs/compare/3,5,8', { section: 'compare', ids: [3, 5, 8] }],
      ['#/runs/compare', { section: 'compare', ids: [] }],
      ['#/runs/run/12', { section: 'run', runId: 12 }],
    ];
    for (const [hash, route] of cases) {
      expect(parseRunsHash(hash), hash).toEqual(route);
      if (hash !== '#/runs/compare') expect(runsHash(route)).toBe(hash);
    }
  });

  it('tolerates odd hashes and leaves other views alone', () => {
    expect(parseRunsHash('#/runs/compare/3,x,3,0,5')).toEqual({ section: 'compare', ids: [3, 5] });
    expect(parseRunsHash('#/runs/run/abc')).toEqual({ section: 'dashboard' });
    expect(parseRunsHash('runs/')).toEqual({ section: 'dashboard' });
    expect(parseRunsHash('#/')).toBeNull();
    expect(parseRunsHash('#/puzzle/3')).toBeNull();
    expect(parseRunsHash('#/runsx')).toBeNull();
    expect(isRunsHash('#/runs/history')).toBe(true);
    expect(isRunsHash('')).toBe(false);
  });
});
