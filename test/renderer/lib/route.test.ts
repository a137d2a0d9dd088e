import { describe, expect, it } from 'vitest';
import { parseRoute, routeHash, type Route } from '../../../src/renderer/src/lib/route';

describe('routes', () => {
  it('reads the library, puzzle and runs routes, anything else is the library', () => {
    expect(parseRoute('')).toEqual({ view: 'library' });
    expect(parseRoute('#/')).toEqual({ view: 'library' });
    expect(parseRoute('#/puzzle/12')).toEqual({ view: 'puzzle', id: 12 });
    expect(parseRoute('#puzzle/3/')).toEqual({ view: 'puzzle', id: 3 });
    expect(parseRoute('#/puzzle/0')).toEqual({ view: 'library' });
    expect(parseRoute('#/puzzle/abc')).toEqual({ view: 'library' });
    expect(parseRoute('#/runs')).toEqual({ view: 'runs', runs: { section: 'dashboard' } });
    expect(parseRoute('#/runs/run/7')).toEqual({ view: 'runs', runs: { section: 'run', runId: 7 } });
    expect(parseRoute('#/elsewhere')).toEqual({ view: 'library' });
  });

  it('round-trips', () => {
    for (const r of [{ view: 'library' }, { view: 'puzzle', id: 42 }, { view: 'runs', runs: { section: 'compare', ids: [3, 5] } }] as Route[])
      expect(parseRoute(routeHash(r))).toEqual(r);
  });
});
