import { describe, expect, it } from 'vitest';
import { api, parseCall } from '../../../src/main/api/contract';
import { MAX_STUDY_CONCURRENCY, STUDY_LIMITS } from '../../../src/main/studies/spec';
import { MAX_RUNS_PER_SOLVER } from '../../../src/renderer/src/runs/launch-form';
import { LIMITS } from '../../../src/renderer/src/studies/compose/study-draft';

describe('API contract', () => {
  it('validates calls, naming the method and the field in one line', () => {
    expect(parseCall('getPuzzle', { id: 3 })).toEqual({ method: 'getPuzzle', args: { id: 3 } });
    expect(parseCall('runFacets', undefined)).toEqual({ method: 'runFacets', args: {} });
    expect(() => parseCall('getPuzzle', { id: 0 })).toThrow('getPuzzle.id: 0 is outside 1..9007199254740991');
    expect(() => parseCall('getPuzzle', {})).toThrow('getPuzzle.id: missing (expected an integer)');
    expect(() => parseCall('getPuzzle', { id: 1, extra: true })).toThrow('getPuzzle.extra: unknown field');
    expect(() => parseCall('queryRuns', { statuses: ['done', 'lost'] })).toThrow(
      'queryRuns.statuses[1]: expected one of queued, running, done, stopped, interrupted, failed, got "lost"',
    );
    expect(() => parseCall('importFile', { fileName: 'a', text: 'b', options: { size: 3 } })).toThrow('importFile.options.size: expected a string, got number');
  });

  it("drops a byte order mark from every file's text, whichever client sent it", () => {
    const BOM = '\uFEFF';
    const text = (call: string, args: object): unknown => parseCall(call, args).args;
    expect(text('importReadings', { fileName: 'a', text: `${BOM}x` })).toMatchObject({ text: 'x' });
    expect(text('previewImport', { fileName: 'a', text: `${BOM}x`, pieces: { fileName: 'p', text: `${BOM}y` } })).toMatchObject({
      text: 'x',
      pieces: { text: 'y' },
    });
    expect(text('importRunFile', { fileName: 'a', text: `${BOM}{}` })).toMatchObject({ text: '{}' });
    expect(text('createStudy', { text: `${BOM}{}` })).toMatchObject({ text: '{}' });
    // Only the mark at the start: one inside the text is the file's own.
    expect(text('importReadings', { fileName: 'a', text: `x${BOM}` })).toMatchObject({ text: `x${BOM}` });
  });

  it('refuses unknown methods, prototype keys included', () => {
    for (const m of ['dropTables', '__proto__', 'constructor', 'toString', 42, null]) expect(() => parseCall(m, {})).toThrow(/^unknown API method/);
  });

  it('keeps every key of free-form parameters for the solver to refuse', () => {
    const { args } = parseCall('startRuns', JSON.parse('{"puzzleId": 1, "solver": "x", "params": {"__proto__": 1}}'));
    expect(Object.keys((args as { params: object }).params)).toEqual(['__proto__']);
  });

  it('has no method without a user (runEvents, importPuzzle and startRun are gone)', () => {
    expect(Object.keys(api).filter((m) => ['runEvents', 'importPuzzle', 'startRun'].includes(m))).toEqual([]);
  });
});

// The renderer may not import the backend, so it holds its own copy of the limits it says
// before asking; these keep each copy equal to what the backend refuses.
describe('limits the renderer says before the backend refuses', () => {
  it('runs per launch', () => {
    const call = (count: number) => () => parseCall('startRuns', { puzzleId: 1, solver: 'x', count });
    expect(call(MAX_RUNS_PER_SOLVER)).not.toThrow();
    expect(call(MAX_RUNS_PER_SOLVER + 1)).toThrow(/startRuns\.count/);
  });

  it('study sizes and concurrency', () => {
    expect(LIMITS).toEqual({
      puzzles: STUDY_LIMITS.puzzles,
      settings: STUDY_LIMITS.configs,
      seeds: STUDY_LIMITS.seeds,
      runs: STUDY_LIMITS.runs,
      concurrency: MAX_STUDY_CONCURRENCY,
    });
  });
});
