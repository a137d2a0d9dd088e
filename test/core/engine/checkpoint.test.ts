import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { catalogue, findSolver } from '../../../src/core/catalogue/catalogue';
import { readCheckpoint, rngState } from '../../../src/core/engine/checkpoint';
import type { SolverRun } from '../../../src/core/engine/solver';
import { expectResumesIdentically, runTo } from '../../helpers/solver';
import { PUZZLES, SMALL } from './fingerprint';

const oneLine = /^[^\n]+$/;

describe('readCheckpoint', () => {
  const schema = v.object({ rng: rngState, n: v.number() });

  it('returns what the schema reads', () => {
    expect(readCheckpoint('x', schema, { rng: [1, 2, 3, 4], n: 5, extra: 1 })).toEqual({ rng: [1, 2, 3, 4], n: 5 });
  });

  it('refuses a damaged checkpoint in one line naming the solver, the field and the fault', () => {
    expect(() => readCheckpoint('lns', schema, { rng: [1, 2, 3, -4], n: 5 })).toThrow(/^lns checkpoint is damaged: rng\.3: .+/);
    expect(() => readCheckpoint('lns', schema, { rng: [1, 2, 3, 4], n: 'x' })).toThrow(/^lns checkpoint is damaged: n: .*number.*/);
    expect(() => readCheckpoint('lns', schema, null)).toThrow(/^lns checkpoint is damaged: checkpoint: /);
  });
});

/** A checkpoint of `def` a few thousand evaluations in, through JSON as the store keeps it. */
function saved(family: keyof typeof PUZZLES, id: string): { cp: Record<string, unknown>; restore: (cp: unknown) => SolverRun } {
  const def = findSolver(family, id);
  const puzzle = PUZZLES[family]();
  const params = SMALL[`${family}/${id}`] ?? {};
  const run = def.create(puzzle, params, 3);
  runTo(run, 3_000, { slice: 1_000 });
  return { cp: JSON.parse(JSON.stringify(run.checkpoint())) as Record<string, unknown>, restore: (cp) => def.restore(puzzle, params, cp) };
}

describe('every solver reads its checkpoint with its schema', () => {
  it.each(catalogue.map((d) => [`${d.family}/${d.id}`, d] as const))('%s refuses damage in one line', (_name, def) => {
    const { cp, restore } = saved(def.family, def.id);
    const refusal = (x: unknown): string => {
      try {
        restore(x);
      } catch (e) {
        return (e as Error).message;
      }
      return 'restored';
    };
    expect(refusal(null)).toMatch(/checkpoint is damaged: checkpoint: /);
    expect(refusal(null)).toMatch(oneLine);
    for (const key of Object.keys(cp)) {
      const why = refusal({ ...cp, [key]: 'x' });
      expect(why, key).toMatch(/checkpoint is damaged: /);
      expect(why, key).toMatch(oneLine);
    }
  });
});

describe('checkpoints written by older versions still resume', () => {
  // Fields added after the first stored checkpoints: a checkpoint without them resumes with their starting values.
  it.each([
    ['parity', 'sa', ['levelsDone', 'reheats', 'finished']],
    ['edge', 'vns-sa', ['sinceBest', 'heatMoves', 'reheats']],
    ['edge', 'ga', ['repairTrials', 'scrambles', 'searchMoves']],
    ['edge', 'ga-memetic', ['repairTrials', 'scrambles', 'searchMoves']],
    ['edge', 'beam', ['stall']],
    ['edge', 'lns', ['segScore', 'segUses']],
    ['edge', 'ms-gvns', ['initialVnd']],
  ] as const)('%s/%s without %j', (family, id, missing) => {
    const { cp, restore } = saved(family, id);
    const old = { ...cp };
    for (const k of missing) delete old[k];
    const run = restore(old);
    runTo(run, run.evaluations + 2_000, { slice: 500 });
    expect(run.evaluations).toBeGreaterThan(0);
  });

  it('a checkpoint restores to the run it was taken from (every solver, through its schema)', () => {
    for (const def of catalogue) {
      const puzzle = PUZZLES[def.family]();
      const params = SMALL[`${def.family}/${def.id}`] ?? {};
      expectResumesIdentically(def.create(puzzle, params, 5), (cp) => def.restore(puzzle, params, cp), [1_000, 4_000], { slice: 500 });
    }
  });
});
