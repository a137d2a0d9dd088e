import { expect, it } from 'vitest';
import { findSolver } from '../../../src/core/catalogue/catalogue';
import { generateEdgePuzzle } from '../../../src/core/families/edge/design/generator';
import { resolveParams, type Params } from '../../../src/core/params/schema';
import { machineMemoryRefusal } from '../../../src/main/services/machine-memory';
import { Workbench } from '../../../src/main/services/workbench';
import { inProcessSpawner } from '../runs/in-process';

const GB = 2 ** 30;
const e2 = generateEdgePuzzle({ rows: 16, cols: 16, frameColours: 5, innerColours: 17, seed: 1 }).puzzle;
const beam = findSolver('edge', 'beam');
const params = (p: Record<string, unknown>): Params => resolveParams(beam.params, p) as Params;

it('holds a run of many wide threads against the machine, in one line', () => {
  // 15 threads of up to 2 GB each (the overnight preset's bound given to every thread; suffix
  // passes 4x as wide, so each thread is cut to what a history word can number: about 1.2 GB).
  const wide = params({ maxWidth: 1_600_000, memory: 15 * 2000, threads: 15 });
  expect(machineMemoryRefusal(beam, e2, wide, 64 * GB)).toBeNull();
  expect(machineMemoryRefusal(beam, e2, wide, 16 * GB)).toMatch(
    /^Beam search on 15 threads needs about 1\d\.\d\d GB of memory, more than three quarters of this machine's 16\.00 GB: choose fewer threads or a lower memory bound$/,
  );
  // The defaults fit any machine with 2 GB; solvers that state no memory are not held.
  expect(machineMemoryRefusal(beam, e2, params({}), 2 * GB)).toBeNull();
  expect(machineMemoryRefusal(findSolver('edge', 'lns'), e2, { threads: 64 }, 1)).toBeNull();
});

it('refuses such a launch before anything is stored', () => {
  const wb = Workbench.open({ dbPath: ':memory:', spawn: inProcessSpawner({ spawned: 0, handles: [] }) });
  try {
    // More than the whole of any machine this runs on: 64 threads of 2 GB.
    const launch = (): unknown =>
      wb.createRun({
        target: { family: 'edge', name: 'big', puzzle: e2 as never },
        solver: 'beam',
        params: { maxWidth: 1_600_000, memory: 64 * 2000, threads: 64 },
        stop: { seconds: 1 },
      });
    expect(launch).toThrow(/^big: Beam search on 64 threads needs about .* GB of memory, more than three quarters of this machine's/);
    expect(wb.store.listRuns()).toHaveLength(0);
  } finally {
    void wb.dispose();
  }
});
