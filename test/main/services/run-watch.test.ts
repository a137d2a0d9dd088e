import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { PushEvent } from '../../../src/main/api/contract';
import { watchRuns } from '../../../src/main/services/run-watch';
import { Store } from '../../../src/main/store';
import { cleanTempDirs, newRun, tempDir, tickingClock } from '../store/helpers';

afterEach(() => cleanTempDirs());

describe('watchRuns', () => {
  it('pushes runs another process creates, moves on and ends; not the ones this process drives', () => {
    const file = path.join(tempDir(), 'workbench.db');
    const here = Store.open(file, { now: tickingClock() });
    const other = Store.open(file, { now: tickingClock() });
    const p = here.addPuzzle({ name: 'p', family: 'edge', source: 'test', document: {}, rows: 2, cols: 2 });
    const old = other.createRun(newRun({ puzzleId: p.id }));
    other.setRunStatus(old.id, 'done');
    const mine = new Set<number>();
    const watch = watchRuns(here, { intervalMs: 60_000, isLocal: (id) => mine.has(id) });
    const seen: PushEvent[] = [];
    watch.subscribe((e) => seen.push(e));

    const cli = other.createRun(newRun({ puzzleId: p.id }));
    const local = here.createRun(newRun({ puzzleId: p.id }));
    mine.add(local.id);
    watch.poll();
    expect(seen.map((e) => e.type === 'run-updated' && [e.run.id, e.run.status])).toEqual([[cli.id, 'queued']]);

    other.setRunStatus(cli.id, 'running');
    watch.poll();
    watch.poll(); // nothing new: nothing pushed
    // A sample of the running run: its newest one follows the update, with its current score.
    other.recordProgress(cli.id, { elapsedMs: 1000, evaluations: 500, iteration: 5, bestScore: 9, currentScore: 6, meanScore: null });
    other.recordProgress(cli.id, { elapsedMs: 2000, evaluations: 900, iteration: 9, bestScore: 9, currentScore: 7, meanScore: null });
    watch.poll();
    expect(seen.at(-1)).toEqual({ type: 'run-progress', runId: cli.id, elapsedMs: 2000, evaluations: 900, bestScore: 9, currentScore: 7 });
    other.setRunStatus(cli.id, 'done');
    watch.poll();
    expect(seen.filter((e) => e.type === 'run-updated').map((e) => e.type === 'run-updated' && e.run.status)).toEqual(['queued', 'running', 'running', 'done']);
    // Nothing of an ended run but its end.
    expect(seen.at(-1)?.type).toBe('run-updated');
    watch.dispose();
    here.dispose();
    other.dispose();
  });
});
