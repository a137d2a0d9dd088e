import { describe, expect, it } from 'vitest';
import {
  EMPTY_FILTER,
  dayOf,
  dayStart,
  filterArgs,
  filterErrors,
  isFiltered,
  nextSort,
  pageLabel,
  toggleStatus,
} from '../../../src/renderer/src/runs/history-filter';

const now = new Date(2026, 10, 25, 15, 30).getTime(); // Nov 25, 2026, 15:30 local

describe('the history filter', () => {
  it('is empty by default', () => {
    expect(filterArgs(EMPTY_FILTER, now)).toEqual({});
    expect(isFiltered(EMPTY_FILTER)).toBe(false);
    expect(isFiltered({ ...EMPTY_FILTER, range: 'custom' })).toBe(false);
  });

  it('becomes query arguments', () => {
    const f = {
      ...EMPTY_FILTER,
      search: '  clue ',
      puzzle: 'id:17',
      solver: 'edge/hill-climb',
      statuses: ['done' as const, 'stopped' as const],
      scoreMin: '40',
      scoreMax: '60',
    };
    expect(filterArgs(f, now)).toEqual({
      search: 'clue',
      puzzleId: 17,
      family: 'edge',
      solvers: ['hill-climb'],
      statuses: ['done', 'stopped'],
      scoreMin: 40,
      scoreMax: 60,
    });
    expect(filterArgs({ ...EMPTY_FILTER, puzzle: 'name:Old puzzle' }, now)).toEqual({ puzzleName: 'Old puzzle' });
    expect(isFiltered(f)).toBe(true);
  });

  it('turns date ranges into local days', () => {
    const today = new Date(2026, 10, 25).getTime();
    expect(filterArgs({ ...EMPTY_FILTER, range: 'today' }, now)).toEqual({ from: today });
    expect(filterArgs({ ...EMPTY_FILTER, range: '7d' }, now)).toEqual({ from: new Date(2026, 10, 19).getTime() });
    expect(filterArgs({ ...EMPTY_FILTER, range: '30d' }, now)).toEqual({ from: new Date(2026, 9, 27).getTime() });
    expect(filterArgs({ ...EMPTY_FILTER, range: 'custom', from: '2026-11-01', to: '2026-11-03' }, now)).toEqual({
      from: new Date(2026, 10, 1).getTime(),
      to: new Date(2026, 10, 4).getTime(),
    });
    expect(filterArgs({ ...EMPTY_FILTER, range: 'custom', to: '2026-11-03' }, now)).toEqual({ to: new Date(2026, 10, 4).getTime() });
    expect(dayStart('2026-02-30')).toBeNull();
    expect(dayStart('yesterday')).toBeNull();
    expect(dayOf(now)).toBe('2026-11-25');
  });

  it('explains bad values and leaves them out of the query', () => {
    const f = { ...EMPTY_FILTER, range: 'custom' as const, from: '2026-11-05', to: '2026-11-01', scoreMin: 'ten', scoreMax: '5' };
    expect(filterErrors(f)).toEqual({ to: 'Before the start', scoreMin: 'Not a number' });
    expect(filterArgs(f, now)).toEqual({ from: new Date(2026, 10, 5).getTime(), scoreMax: 5 });
    expect(filterErrors({ ...EMPTY_FILTER, scoreMin: '9', scoreMax: '3' })).toEqual({ scoreMax: 'Below the minimum' });
  });

  it('toggles statuses, sorts and labels pages', () => {
    const a = toggleStatus(EMPTY_FILTER, 'done');
    expect(a.statuses).toEqual(['done']);
    expect(toggleStatus(a, 'done').statuses).toEqual([]);
    expect(nextSort({ sort: 'created', dir: 'desc' }, 'created')).toEqual({ sort: 'created', dir: 'asc' });
    expect(nextSort({ sort: 'created', dir: 'desc' }, 'puzzle')).toEqual({ sort: 'puzzle', dir: 'asc' });
    expect(nextSort({ sort: 'puzzle', dir: 'asc' }, 'best')).toEqual({ sort: 'best', dir: 'desc' });
    expect(pageLabel(0, 50, 10_000)).toBe('1–50 of 10,000');
    expect(pageLabel(9950, 50, 10_000)).toBe('9,951–10,000 of 10,000');
    expect(pageLabel(0, 0, 0)).toBe('No runs');
  });
});
