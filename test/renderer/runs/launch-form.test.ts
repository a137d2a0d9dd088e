import { describe, expect, it } from 'vitest';
import type { SolverInfo } from '../../../src/main/api/contract';
import type { SolverPreset } from '../../../src/core/presets/presets';
import {
  applyPreset,
  changedFields,
  checkForm,
  defaultForm,
  durationInput,
  formFromRun,
  parseCount,
  parseDuration,
  presetMatching,
  rangeHint,
  readField,
  seedsText,
} from '../../../src/renderer/src/runs/launch-form';

const ga: SolverInfo = {
  family: 'edge',
  id: 'ga',
  label: 'GA',
  description: '',
  params: {
    population: { type: 'int', default: 200, min: 2, max: 100_000, help: 'Boards.' },
    mutationRate: { type: 'number', default: 0.1, min: 0, max: 1, help: 'Chance.' },
    fitness: { type: 'enum', default: 'thesis', options: ['thesis', 'score'], help: 'Fitness.' },
    repair: { type: 'boolean', default: true, help: 'Repair.' },
  },
};

const presets: SolverPreset[] = [
  { id: 'p500', family: 'edge', solver: 'ga', label: 'Population 500', source: 'paper', description: '', params: { population: 500 } },
  {
    id: 'fast',
    family: 'edge',
    solver: 'ga',
    label: 'Fast',
    source: 'paper',
    description: '',
    params: { population: 50, repair: false },
    stop: { seconds: 3600, evaluations: 1_000_000 },
  },
];

describe('the seeds a launch takes, in words', () => {
  it('says random, one seed, a range, and a range that wraps past the largest seed', () => {
    expect([seedsText('', 1), seedsText(' ', 3), seedsText('x', 2)]).toEqual(['a random seed', '3 random seeds', '2 random seeds']);
    expect([seedsText('7', 1), seedsText('100', 2)]).toEqual(['seed 7', 'seeds 100 – 101']);
    expect(seedsText('4294967294', 4)).toBe('seeds 4294967294 – 4294967295 and 0 – 1');
    // The seeds checkForm gives the backend are the ones the words name.
    expect(checkForm({ ...defaultForm(ga), seed: '4294967294', count: '4' }, ga, 1).seeds).toEqual([4294967294, 4294967295, 0, 1]);
  });
});

describe('parsing what is typed', () => {
  it('reads durations in seconds', () => {
    expect(parseDuration('90')).toBe(90);
    expect(parseDuration('90 s')).toBe(90);
    expect(parseDuration('15 min')).toBe(900);
    expect(parseDuration('8h')).toBe(28_800);
    expect(parseDuration('1h30m')).toBe(5400);
    expect(parseDuration('1 h 30 min 15 s')).toBe(5415);
    expect(parseDuration('2 days')).toBe(172_800);
    expect(parseDuration('1:30')).toBe(90);
    expect(parseDuration('1:30:00')).toBe(5400);
    expect(parseDuration('0.5 h')).toBe(1800);
    for (const bad of ['', 'soon', '10 parsecs', '1:75', '-5', '5 min later']) expect(parseDuration(bad), bad).toBeNull();
  });

  it('reads counts', () => {
    expect(parseCount('1000000')).toBe(1_000_000);
    expect(parseCount('1,000,000')).toBe(1_000_000);
    expect(parseCount('1 000 000')).toBe(1_000_000);
    expect(parseCount('1e6')).toBe(1_000_000);
    expect(parseCount('5 M')).toBe(5_000_000);
    expect(parseCount('2.5k')).toBe(2500);
    for (const bad of ['', 'many', '1.5', '-3', '5 x']) expect(parseCount(bad), bad).toBeNull();
  });

  it('reads parameter values with the core checker, each problem one line naming the parameter', () => {
    const problem = (name: string, text: string | boolean) => {
      const r = readField(ga, name, text);
      return 'error' in r ? r.error : null;
    };
    expect(readField(ga, 'population', ' 500 ')).toEqual({ value: 500 });
    expect(problem('population', '')).toBe('parameter population: expected a number, got ""');
    expect(problem('population', 'lots')).toBe('parameter population: expected a number, got "lots"');
    expect(problem('population', '0x10')).toBe('parameter population: expected a number, got "0x10"');
    expect(problem('population', '2.5')).toBe('parameter population: expected a whole number, got 2.5');
    expect(problem('population', '1')).toBe('parameter population: 1 is below the minimum 2');
    expect(problem('mutationRate', '1.5')).toBe('parameter mutationRate: 1.5 is above the maximum 1');
    expect(readField(ga, 'mutationRate', '1e-3')).toEqual({ value: 0.001 });
    expect(problem('fitness', 'speed')).toBe('parameter fitness: expected one of thesis, score, got "speed"');
    expect(readField(ga, 'repair', false)).toEqual({ value: false });
    expect(problem('repair', 'maybe')).toBe('parameter repair: expected true or false, got "maybe"');
    expect(problem('population', true)).toBe('parameter population: expected a number, got true');
    expect(rangeHint(ga.params.population!)).toBe('whole number, 2 to 100000');
    expect(rangeHint({ type: 'int', default: 0, min: 0, help: '', unit: 'MB' })).toBe('whole number ≥ 0 MB');
    expect(rangeHint(ga.params.fitness!)).toBe('');
  });

  it('writes durations back as the form shows them', () => {
    expect(durationInput(45)).toBe('45 s');
    expect(durationInput(600)).toBe('10 min');
    expect(durationInput(3600)).toBe('1 h');
    expect(durationInput(5400)).toBe('1h30m');
    expect(durationInput(61)).toBe('61 s');
  });
});

describe('the launch form', () => {
  it('starts from the defaults and becomes a startRuns call with only the changed parameters', () => {
    const f = defaultForm(ga);
    const c = checkForm(f, ga, 17);
    expect(c.errors).toEqual({});
    expect(c.args).toEqual({ puzzleId: 17, solver: 'ga', params: {}, seed: null, count: 1, seconds: 600, evaluations: null, target: null });
    const g = {
      ...f,
      values: { ...f.values, population: '500', repair: false },
      evalsOn: true,
      evals: '2M',
      targetOn: true,
      target: '60',
      seed: '41',
      count: '3',
    };
    const d = checkForm(g, ga, 17);
    expect(d.args).toEqual({
      puzzleId: 17,
      solver: 'ga',
      params: { population: 500, repair: false },
      seed: 41,
      count: 3,
      seconds: 600,
      evaluations: 2_000_000,
      target: 60,
    });
    expect(d.seeds).toEqual([41, 42, 43]);
  });

  it('names every invalid field and makes no call', () => {
    const f = defaultForm(ga);
    const bad = { ...f, values: { ...f.values, population: '1', mutationRate: 'x' }, time: 'tomorrow', evalsOn: true, evals: '-1', seed: '-4', count: '65' };
    const c = checkForm(bad, ga, null);
    expect(c.args).toBeNull();
    expect(Object.keys(c.errors).sort()).toEqual(['count', 'evals', 'param:mutationRate', 'param:population', 'puzzle', 'seed', 'time']);
    expect(c.errors['param:population']).toBe('parameter population: 1 is below the minimum 2');
    // Switched-off criteria are not checked.
    expect(checkForm({ ...f, timeOn: false, time: 'junk' }, ga, 1).errors).toEqual({});
  });

  it('applies presets over the defaults, with their stop criteria, and recognises them', () => {
    const f = { ...defaultForm(ga), values: { ...defaultForm(ga).values, mutationRate: '0.5' } };
    const p = applyPreset(f, ga, presets[1]!);
    expect(p.values).toMatchObject({ population: '50', repair: false, mutationRate: '0.1' });
    expect(p).toMatchObject({ preset: 'fast', timeOn: true, time: '1 h', evalsOn: true, evals: '1000000' });
    expect(presetMatching(p, ga, presets)).toBe('fast');
    expect(presetMatching({ ...p, values: { ...p.values, population: '51' } }, ga, presets)).toBe('');
    expect([...changedFields(p, ga)].sort()).toEqual(['population', 'repair']);
    expect(applyPreset(p, ga, null).values).toEqual(defaultForm(ga).values);
  });

  it('copies an earlier run’s settings (a new random seed unless asked)', () => {
    const f = formFromRun(
      ga,
      { params: { population: 500, fitness: 'score', unknown: 3 }, stop: { seconds: null, evaluations: 5000, target: null }, seed: 99 },
      presets,
    );
    expect(f.values).toMatchObject({ population: '500', fitness: 'score' });
    expect(f).toMatchObject({ timeOn: false, evalsOn: true, evals: '5000', seed: '' });
    expect(formFromRun(ga, { params: { population: 500 }, stop: { seconds: 60, evaluations: null, target: null }, seed: 99 }, presets, true)).toMatchObject({
      seed: '99',
      preset: 'p500',
    });
  });
});

describe('several solvers at once', () => {
  it('labels parameters in words', async () => {
    const { paramLabel } = await import('../../../src/renderer/src/runs/launch-form');
    expect(paramLabel('restartAfter')).toBe('Restart after');
    expect(paramLabel('tabu_tenure')).toBe('Tabu tenure');
    expect(paramLabel('T0')).toBe('T0');
    expect(paramLabel('maxNoImprove')).toBe('Max no improve');
    expect(paramLabel('memory', { type: 'int', default: 0, help: '', label: 'Memory bound' })).toBe('Memory bound');
  });
});

describe('checkLaunch', () => {
  const hc: SolverInfo = { ...ga, id: 'hill-climb', label: 'Hill climbing' };
  it('makes one call per solver with the shared seed, count and stop criteria', async () => {
    const { checkLaunch } = await import('../../../src/renderer/src/runs/launch-form');
    const shared = { ...defaultForm(ga), seed: '7', count: '2' };
    const c = checkLaunch(shared, ['ga', 'hill-climb'], {}, [ga, hc], 3);
    expect(c.runs).toBe(4);
    expect(c.args?.map((a) => [a.solver, a.seed, a.count, a.seconds])).toEqual([
      ['ga', 7, 2, 600],
      ['hill-climb', 7, 2, 600],
    ]);
  });
  it('names the solver whose settings are wrong and launches nothing', async () => {
    const { checkLaunch } = await import('../../../src/renderer/src/runs/launch-form');
    const bad = { preset: '', values: { ...defaultForm(hc).values, [Object.keys(hc.params)[0]!]: 'x' } };
    const c = checkLaunch(defaultForm(ga), ['ga', 'hill-climb'], { 'hill-climb': bad }, [ga, hc], 3);
    expect(c.args).toBeNull();
    expect(Object.keys(c.errors)).toEqual(['hill-climb']);
  });
});
