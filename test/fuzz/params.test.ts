/**
 * Issue 20, item 9: random parameters for every solver of the catalogue, drawn from each parameter
 * schema's ranges with their extremes (min, max, 1e12 where a number has no maximum), each run in
 * this process through the run driver with a small time and evaluation budget. Every run either
 * ends at its stop criteria within a bounded wall time, or is refused up front with a one-line
 * reason (SolverDef.refuses, checked before a run is stored). Bounded: CASES per solver, a fixed
 * seed (FUZZ_SEED replays another sequence).
 */
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../src/core/catalogue/catalogue';
import { drive } from '../../src/core/engine/driver';
import type { SolverDef } from '../../src/core/engine/solver';
import { getFamily } from '../../src/core/families';
import { generateEdgePuzzle } from '../../src/core/families/edge/design/generator';
import type { FamilyId } from '../../src/core/families/family';
import { resolveParams, type ParamSpec, type Params } from '../../src/core/params/schema';
import { Rng } from '../../src/core/rng/rng';
import { launchRefusal } from '../../src/main/services/machine-memory';
import { threadsRefusal } from '../../src/main/services/workbench';
import { availableParallelism } from 'node:os';
import { THREADS_PARAM } from '../../src/core/engine/shards';
import { MAX_JUMP_SIDE } from '../../src/core/families/jump/model';
import { MAX_PARITY_SIDE } from '../../src/core/families/parity/model';

const CASES = 2;
const SEED = Number(process.env.FUZZ_SEED ?? 20261127);
/** The run's own budget: a quarter of a second or this many evaluations. */
const STOP = { seconds: 0.25, evaluations: 20_000, target: null };
/** Wall time a run may take beyond its budget: making it, one indivisible unit past the clock (a GA generation is refused above about a second of work, engine/limits.ts), its last checkpoint, on a loaded machine. */
const SLACK_MS = 8_000;
/** The cores a launch lets a run's threads take. */
const CORES = availableParallelism();
/** What "no maximum" is fuzzed with. */
const HUGE = 1e12;

const puzzles: Record<FamilyId, unknown> = {
  edge: generateEdgePuzzle({ rows: 6, cols: 6, frameColours: 3, innerColours: 4, seed: 7 }).puzzle,
  jump: getFamily('jump').puzzleFromJson({ rows: 9, cols: 9 }),
  parity: getFamily('parity').puzzleFromJson({ n: 8, m: 8 }),
};

function draw(spec: ParamSpec, rng: Rng): Params[string] {
  switch (spec.type) {
    case 'boolean':
      return rng.chance(0.5);
    case 'enum':
      return spec.options[rng.int(spec.options.length)];
    case 'int':
    case 'number': {
      const lo = spec.min ?? -HUGE;
      const hi = spec.max ?? HUGE;
      const x = rng.next();
      let v: number;
      if (x < 0.3) v = spec.default;
      else if (x < 0.45) v = lo;
      else if (x < 0.6) v = hi;
      // Log-uniform between the default's scale and the top of the range, so huge values come up often.
      else if (x < 0.8)
        v = Math.min(hi, Math.max(lo, Math.abs(spec.default) + 1) * Math.exp(rng.next() * Math.log(Math.max(2, hi / Math.max(1, Math.abs(lo) + 1)))));
      else v = lo + rng.next() * Math.min(hi - lo, 1000);
      v = Math.min(hi, Math.max(lo, v));
      return spec.type === 'int' ? Math.min(hi, Math.max(lo, Math.round(v))) : v;
    }
  }
}

function randomParams(def: SolverDef, rng: Rng): Params {
  const out: Params = {};
  for (const [name, spec] of Object.entries(def.params)) if (rng.chance(0.7)) out[name] = draw(spec, rng);
  return out;
}

/**
 * Runs `def` on `puzzle` with `params` (legal: drawn from the schema's ranges) as a launch would:
 * refused up front in one line, or ended at its stop criteria within a bounded wall time.
 */
async function endsOrIsRefused(def: SolverDef, puzzle: unknown, params: Params): Promise<void> {
  const t0 = performance.now();
  const full = resolveParams(def.params, params) as Params;
  // As a launch resolves threads=0: all cores but one.
  if (full.threads === 0) full.threads = Math.max(1, CORES - 1);
  // As a launch checks them: the solver's own refusal, the run's memory against this machine, its threads against its cores.
  const refused = launchRefusal(def, puzzle, full) ?? threadsRefusal(typeof full.threads === 'number' ? full.threads : 1, CORES);
  if (refused !== null) {
    expect(refused.length).toBeGreaterThan(0);
    expect(refused).not.toMatch(/\n/);
    return;
  }
  const run = def.create(puzzle, full, 1);
  const { reason } = await drive(
    run,
    STOP,
    {
      now: () => performance.now(),
      pause: () => new Promise<void>((resolve) => setImmediate(resolve)),
      stopRequested: () => false,
      onProgress: () => {},
      onImprovement: () => {},
      onCheckpoint: () => {},
    },
    { elapsedMs: 0, maxScore: getFamily(def.family).maxScore(puzzle as never), progressIntervalMs: 100, checkpointIntervalMs: 1e9 },
  );
  const took = performance.now() - t0;
  expect(['seconds', 'evaluations', 'solved', 'target', 'exhausted']).toContain(reason);
  expect(took, `${def.family} ${def.id} took ${Math.round(took)} ms`).toBeLessThan(STOP.seconds * 1000 + SLACK_MS);
}

describe('fuzz: random parameters for every solver end at the stop criteria or are refused up front', () => {
  const rng = new Rng(SEED);
  const cases = catalogue.flatMap((def) => Array.from({ length: CASES }, () => ({ def, params: randomParams(def, rng) })));
  it.each(cases.map((c) => [`${c.def.family} ${c.def.id} ${JSON.stringify(c.params)}`, c] as const))('%s', async (_name, { def, params }) =>
    endsOrIsRefused(def, puzzles[def.family], params),
  );
});

/**
 * Issue 49: sizes from the least to the most each family takes (a maze or casse-tete side of
 * MAX_*_SIDE; an edge board of 100 x 100, past where backtracking over 2x2 blocks and the GAs'
 * populations are refused), every solver at its defaults.
 */
const SIZES: Record<FamilyId, readonly [string, () => unknown][]> = {
  edge: [3, 16, 100].map(
    (side) => [`${side}x${side}`, () => generateEdgePuzzle({ rows: side, cols: side, frameColours: 5, innerColours: 17, seed: side }).puzzle] as const,
  ),
  jump: [2, 45, 200, MAX_JUMP_SIDE].map((side) => [`${side}x${side}`, () => getFamily('jump').puzzleFromJson({ rows: side, cols: side })] as const),
  // m = n for odd n, 4 for even: feasible (an infeasible one is refused, see test/core/engine/stop-limits.test.ts).
  parity: [1, 2, 9, 100, MAX_PARITY_SIDE - 1, MAX_PARITY_SIDE].map(
    (n) => [`n=${n}`, () => getFamily('parity').puzzleFromJson({ n, m: n % 2 ? n : Math.min(4, n * n) })] as const,
  ),
};

describe('fuzz: every solver at every size up to the bounds ends at the stop criteria or is refused up front', () => {
  const cases = catalogue.flatMap((def) => SIZES[def.family].map(([size, puzzle]) => [`${def.family} ${def.id} ${size}`, def, puzzle] as const));
  it.each(cases)('%s', async (_name, def, puzzle) => endsOrIsRefused(def, puzzle(), {}));
});

describe('fuzz: every threads value ends at the stop criteria or is refused up front', () => {
  const sharded = catalogue.filter((def) => def.params.threads !== undefined);
  const values = Array.from({ length: THREADS_PARAM.max - THREADS_PARAM.min + 1 }, (_, i) => THREADS_PARAM.min + i);
  it.each(sharded.map((def) => [`${def.family} ${def.id}`, def] as const))('%s, threads 0 to 64', async (_name, def) => {
    for (const threads of values) await endsOrIsRefused(def, puzzles[def.family], { threads });
    // Beyond this machine's cores, refused in one line naming them.
    expect(threadsRefusal(CORES + 1, CORES)).toBe(`threads: ${CORES + 1} is more than the ${CORES} cores of this machine: choose at most ${CORES}`);
  });
});
