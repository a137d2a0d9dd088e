/**
 * A launch's parameters at the API (issue 52): an absurd one (unknown name, out of range, wrong
 * type) is refused in one line naming it, by the handlers and by a transport's dispatch alike; and
 * the launch form's check of a field gives the API's verdict, in the API's words, for every
 * parameter of every solver.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { FromWorker, ToWorker } from '../../../src/core/engine/protocol';
import { catalogue } from '../../../src/core/catalogue/catalogue';
import { makeDocument } from '../../../src/core/document/document';
import { getFamily } from '../../../src/core/families';
import type { FamilyId } from '../../../src/core/families/family';
import type { ParamSpec, Params } from '../../../src/core/params/schema';
import type { SolverInfo } from '../../../src/main/api/contract';
import type { WorkerSpawner } from '../../../src/main/runs/worker-host';
import { apiHandlers } from '../../../src/main/services/backend';
import { Workbench } from '../../../src/main/services/workbench';
import { dispatch } from '../../../src/main/serve/dispatch';
import { checkForm, defaultForm } from '../../../src/renderer/src/runs/launch-form';
import { instances } from '../../helpers/cli';

const clue1 = readFileSync(join(instances, 'e2_clue1_6x6.txt'), 'utf8');

/** Workers that take a run and never report: launches stay queued or running, nothing is solved. */
const idleWorkers = (): WorkerSpawner => () => {
  let onExit: ((d: string) => void) | null = null;
  return {
    post: (_m: ToWorker) => undefined,
    onMessage: (_l: (m: FromWorker) => void) => undefined,
    onExit: (l) => void (onExit = l),
    dispose: () => onExit?.('killed'),
  };
};

const open: Workbench[] = [];
afterEach(async () => {
  for (const wb of open.splice(0)) await wb.dispose();
});

/** A Workbench with one small puzzle, named `probe`, of each family. */
function setUp() {
  const wb = Workbench.open({ dbPath: ':memory:', spawn: idleWorkers(), concurrency: 1 });
  open.push(wb);
  const h = apiHandlers(wb, { resourcesDir: null });
  const parity = getFamily('parity').fromSize!.build({ rows: 4, cols: 4 }, { remove: 4 });
  const puzzles: Record<FamilyId, number> = {
    edge: wb.importPuzzle('probe.txt', clue1).id,
    jump: wb.importPuzzle('probe.maze', '3\n1 2 1\n1 1 1\n2 1 0\n').id,
    parity: wb.createPuzzle(makeDocument('parity', 'probe', parity.puzzle)).id,
  };
  expect(Object.values(puzzles).map((id) => wb.store.getPuzzle(id)?.name)).toEqual(['probe', 'probe', 'probe']);
  return { wb, h, puzzles, backend: { handlers: h, subscribe: () => () => undefined } };
}

const launch = <T>(puzzleId: number, solver: string, params: T) => ({ puzzleId, solver, params, count: 1, seconds: 5 });

describe('parameters at the API', () => {
  it('refuses an unknown name, a value out of range and a wrong type in one line naming the parameter', async () => {
    const { h, wb, puzzles } = setUp();
    const before = wb.store.countRuns();
    const cases: [Params, string][] = [
      [{ widht: 64 }, 'unknown parameter widht (known: width, maxWidth,'],
      [{ width: 0 }, 'parameter width: 0 is below the minimum 1'],
      [{ width: 5_000_000 }, 'parameter width: 5000000 is above the maximum 4194304'],
      [{ width: 2.5 }, 'parameter width: expected a whole number, got 2.5'],
      [{ width: '64' }, 'parameter width: expected a number, got "64"'],
      [{ dedupe: 'yes' }, 'parameter dedupe: expected true or false, got "yes"'],
    ];
    for (const [params, message] of cases) {
      let thrown: unknown = null;
      try {
        await h.startRuns(launch(puzzles.edge, 'beam', params));
      } catch (e) {
        thrown = e;
      }
      expect(thrown, JSON.stringify(params)).toBeInstanceOf(Error);
      const text = (thrown as Error).message;
      expect(text.startsWith(message), text).toBe(true);
      expect(text).not.toMatch(/[\r\n]/);
    }
    // The same solver id of another family has its own parameters: a move mix is the edge climber's only.
    await expect(async () => h.startRuns(launch(puzzles.jump, 'hill-climb', { moveSwap: 1 }))).rejects.toThrow(
      /^unknown parameter moveSwap \(known: restartAfter, randomWalk\)$/,
    );
    expect(wb.store.countRuns()).toBe(before);
  });

  it('refuses through a transport what no parameter can hold, naming the method and the parameter', async () => {
    const { backend, puzzles } = setUp();
    expect(await dispatch(backend, 'startRuns', launch(puzzles.edge, 'beam', { width: { deep: [1] } }))).toEqual({
      ok: false,
      error: 'startRuns.params.width: expected a number, true or false, or a string, got {"deep":[1]}',
    });
    expect(await dispatch(backend, 'resumeRun', { id: 1, params: { memory: [64] } })).toEqual({
      ok: false,
      error: 'resumeRun.params.memory: expected a number, true or false, or a string, got [64]',
    });
    expect(await dispatch(backend, 'startRuns', launch(puzzles.edge, 'beam', { width: -3 }))).toEqual({
      ok: false,
      error: 'parameter width: -3 is below the minimum 1',
    });
    const ok = await dispatch(backend, 'startRuns', launch(puzzles.edge, 'beam', { width: 8 }));
    expect(ok.ok).toBe(true);
  });
});

/** Values a person or a client might give a parameter: in range, at and past its bounds, of other types. */
function values(spec: ParamSpec): fc.Arbitrary<unknown> {
  const other = fc.constantFrom<unknown>('', 'lots', 'NaN', true, false, null);
  switch (spec.type) {
    case 'int':
    case 'number': {
      const lo = spec.min ?? -1000;
      const hi = spec.max ?? lo + 1_000_000;
      return fc.oneof(
        fc.integer({ min: Math.ceil(lo) - 3, max: Math.ceil(lo) + 3 }),
        fc.integer({ min: Math.floor(hi) - 3, max: Math.floor(hi) + 3 }),
        fc.double({ min: lo - 1, max: hi + 1, noNaN: true }),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        other,
      );
    }
    case 'boolean':
      return fc.oneof(fc.boolean(), fc.constantFrom<unknown>('true', 1, 0));
    case 'enum':
      return fc.oneof(fc.constantFrom(...spec.options), fc.string({ maxLength: 8 }), fc.constantFrom<unknown>(3, true));
  }
}

const held = (spec: ParamSpec): string => (spec.type === 'boolean' ? 'boolean' : spec.type === 'enum' ? 'string' : 'number');

/** The value as the form's field holds it: switches hold true or false, other fields text. */
const fieldOf = (spec: ParamSpec, x: unknown): string | boolean => (spec.type === 'boolean' && typeof x === 'boolean' ? x : String(x));

describe('the launch form and the API agree', () => {
  it('on every parameter of every solver: both take a value or both refuse it, with the same words', async () => {
    const { backend, puzzles } = setUp();
    const specs = catalogue.flatMap((def) => Object.entries(def.params).map(([name, spec]) => ({ def, name, spec })));
    expect(specs.length).toBeGreaterThan(150);
    const sample = fc.constantFrom(...specs).chain((s) => fc.tuple(fc.constant(s), values(s.spec)));
    await fc.assert(
      fc.asyncProperty(sample, async ([{ def, name, spec }, x]) => {
        const info: SolverInfo = { family: def.family, id: def.id, label: def.label, description: def.description, params: def.params };
        const form = defaultForm(info);
        const checked = checkForm({ ...form, values: { ...form.values, [name]: fieldOf(spec, x) } }, info, puzzles[def.family]);
        const formSays = checked.errors[`param:${name}`] ?? null;
        const reply = await dispatch(backend, 'startRuns', launch(puzzles[def.family], def.id, { [name]: x }));
        // A launch the parameters pass may still be refused for the puzzle (`probe: ...`, its cost or threads).
        const apiSays = reply.ok || reply.error.startsWith('probe: ') ? null : reply.error;
        expect(formSays === null, `${def.family}/${def.id} ${name}=${String(x)}: form ${formSays}, API ${apiSays}`).toBe(apiSays === null);
        // The same words too, from the one checker, where the field can hold the value as given (a
        // field holds 1 as the text "1"; the transport's shape check names a value no parameter holds).
        if (apiSays !== null && !apiSays.startsWith('startRuns.params.') && (typeof x === 'string' || typeof x === held(spec))) expect(formSays).toBe(apiSays);
      }),
      { numRuns: 400, seed: 52 },
    );
  });
});
