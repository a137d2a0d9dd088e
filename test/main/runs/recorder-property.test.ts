import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../src/core/catalogue/catalogue';
import { drive } from '../../../src/core/engine/driver';
import type { Improvement } from '../../../src/core/engine/run-types';
import type { SolverDef } from '../../../src/core/engine/solver';
import type { FamilyId } from '../../../src/core/families/family';
import { getFamily } from '../../../src/core/families';
import { jumpPuzzle } from '../../../src/core/families/jump/model';
import { SolverRecorder } from '../../../src/main/runs/record';
import type { LeaseOwner } from '../../../src/main/store';
import type { Store } from '../../../src/main/store/store';
import { generatePuzzle } from '../../core/families/edge/helpers';
import { SMALL } from '../../core/engine/fingerprint';

/** Random small puzzles of each family (edge ones with up to two fixed hint pieces). */
const puzzles: Record<FamilyId, fc.Arbitrary<unknown>> = {
  edge: fc
    .record({
      rows: fc.integer({ min: 3, max: 5 }),
      cols: fc.integer({ min: 3, max: 5 }),
      seed: fc.integer({ min: 1, max: 1e6 }),
      frame: fc.integer({ min: 1, max: 3 }),
      inner: fc.integer({ min: 1, max: 5 }),
      fixed: fc.integer({ min: 0, max: 2 }),
    })
    .map(({ rows, cols, seed, frame, inner, fixed }) => generatePuzzle(rows, cols, seed, frame, inner, fixed).puzzle),
  jump: fc.record({ rows: fc.integer({ min: 3, max: 7 }), cols: fc.integer({ min: 3, max: 7 }) }).map(({ rows, cols }) => jumpPuzzle(rows, cols)),
  parity: fc.integer({ min: 3, max: 8 }).chain((n) => fc.record({ n: fc.constant(n), m: fc.integer({ min: 0, max: n * n }) })),
};

const OWNER: LeaseOwner = { host: 'test', pid: 1, startedAt: 1 };

/**
 * The recorder as the run manager holds it, over a store that holds one run: every improvement it
 * is given is re-scored and checked by the family before it would be stored.
 */
function recorderFor(def: SolverDef, puzzle: unknown): { recorder: SolverRecorder; stored: Improvement[] } {
  const stored: Improvement[] = [];
  const puzzleJson = getFamily(def.family).puzzleToJson(puzzle);
  const store = {
    getRun: () => ({ family: def.family, puzzle: puzzleJson, solver: def.id }),
    recordImprovement: (_id: number, i: Improvement) => void stored.push(i),
  } as unknown as Store;
  return { recorder: new SolverRecorder(store), stored };
}

/** A short run through the run driver, every improvement handed to the recorder; returns the rejections. */
async function recordRun(def: SolverDef, puzzle: unknown, seed: number, evaluations: number): Promise<{ rejected: string[]; stored: number }> {
  const { recorder, stored } = recorderFor(def, puzzle);
  const rejected: string[] = [];
  let clock = 0;
  const run = def.create(puzzle, SMALL[`${def.family}/${def.id}`] ?? {}, seed);
  await drive(
    run,
    { seconds: null, evaluations, target: null },
    {
      now: () => (clock += 1),
      pause: () => Promise.resolve(),
      stopRequested: () => false,
      onProgress: () => {},
      onCheckpoint: () => {},
      onImprovement: (improvement) => {
        const out = recorder.record(1, OWNER, { type: 'improvement', runId: 1, improvement });
        if (out) rejected.push(out.extra.error ?? out.status);
      },
    },
    { elapsedMs: 0, maxScore: getFamily(def.family).maxScore(puzzle), progressIntervalMs: 1e9, checkpointIntervalMs: 1e9, sliceMs: 1e9 },
  );
  return { rejected, stored: stored.length };
}

describe('the recorder accepts every improvement of every solver', () => {
  it.each(catalogue.map((d) => [`${d.family}/${d.id}`, d] as const))('%s over random small puzzles', async (_name, def) => {
    await fc.assert(
      fc.asyncProperty(puzzles[def.family], fc.integer({ min: 1, max: 2 ** 31 }), async (puzzle, seed) => {
        if (getFamily(def.family).validate(puzzle).errors.length) return;
        if (def.refuses?.(puzzle, {})) return;
        const { rejected, stored } = await recordRun(def, puzzle, seed, 3_000);
        expect(rejected).toEqual([]);
        expect(stored).toBeGreaterThan(0);
      }),
      { numRuns: 4 },
    );
  });
});
