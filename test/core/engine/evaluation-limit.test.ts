/** A run stops at its evaluation limit, not a long step later: a memetic generation is its walks (200,008 evaluations against a limit of 1,000 before). */
import { describe, expect, it } from 'vitest';
import { findSolver } from '../../../src/core/catalogue/catalogue';
import { drive } from '../../../src/core/engine/driver';
import { generateEdgePuzzle } from '../../../src/core/families/edge/design/generator';
import { resolveParams } from '../../../src/core/params/schema';

const hooks = {
  now: () => performance.now(),
  pause: () => new Promise<void>((resolve) => setImmediate(resolve)),
  stopRequested: () => false,
  onProgress: () => {},
  onImprovement: () => {},
  onCheckpoint: () => {},
};

describe('the evaluation limit', () => {
  it('ga-memetic cuts its walks to what the limit leaves: at most one generation of children over it', async () => {
    const { puzzle } = generateEdgePuzzle({ rows: 8, cols: 8, frameColours: 3, innerColours: 5, seed: 2 });
    const def = findSolver('edge', 'ga-memetic');
    const params = resolveParams(def.params, {});
    for (const limit of [1_000, 123_457]) {
      const run = def.create(puzzle, params, 1);
      const { reason } = await drive(run, { seconds: null, evaluations: limit, target: null }, hooks, {
        elapsedMs: 0,
        maxScore: 112,
        progressIntervalMs: 100,
        checkpointIntervalMs: 1e9,
      });
      expect(reason).toBe('evaluations');
      expect(run.evaluations).toBeGreaterThanOrEqual(limit);
      expect(run.evaluations).toBeLessThanOrEqual(limit + (params.population as number));
    }
  });
});
