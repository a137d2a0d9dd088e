import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NewRun } from '../../../src/main/store/types';

const dirs: string[] = [];

export function tempDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'workbench-store-'));
  dirs.push(d);
  return d;
}

export function cleanTempDirs(): void {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
}

/** A clock that ticks one millisecond per call, so orderings by time are deterministic. */
export function tickingClock(start = 1_700_000_000_000): () => number {
  let t = start;
  return () => t++;
}

export function newRun(over: Partial<NewRun> = {}): NewRun {
  return {
    puzzleId: null,
    puzzleName: 'sample',
    family: 'edge',
    solver: 'hill-climb',
    params: { restarts: 3, greedy: true },
    seed: 42,
    stop: { seconds: 60, evaluations: null, target: null },
    puzzle: { rows: 2, cols: 2, pieces: [[1, 2, 3, 4]] },
    maxScore: 12,
    ...over,
  };
}
