import { describe, expect, it } from 'vitest';
import { generateEdgePuzzle } from '../../../src/core/families/edge/design/generator';
import { importRunFile, runToFile } from '../../../src/main/services/run-file';
import { Workbench } from '../../../src/main/services/workbench';
import { cli, tempDb } from '../../helpers/cli';
import { inProcessSpawner, jump, until } from '../runs/in-process';

const edge = {
  family: 'edge' as const,
  name: 'g10',
  puzzle: generateEdgePuzzle({ rows: 10, cols: 10, frameColours: 4, innerColours: 9, seed: 3 }).puzzle as never,
};

const open = (dbPath = ':memory:'): Workbench =>
  Workbench.open({ dbPath, spawn: inProcessSpawner({ spawned: 0, handles: [] }), concurrency: 1, checkpointIntervalMs: 50, progressIntervalMs: 20 });

/** A beam run at a small memory bound, stopped after its first checkpoint. */
async function stoppedBeam(wb: Workbench, evaluations = 2_000_000_000): Promise<number> {
  const run = wb.createRun({ target: edge, solver: 'beam', seed: 5, params: { maxWidth: 64, widen: 2, memory: 1 }, stop: { evaluations } });
  await until(() => wb.store.latestCheckpoint(run.id), 20_000, 'a checkpoint');
  expect((await wb.runs.stop(run.id)).status).toBe('stopped');
  return run.id;
}

describe('resuming with a new memory bound', () => {
  it('goes on from its checkpoint with the new bound, the change recorded where it was made', async () => {
    const wb = open();
    try {
      const id = await stoppedBeam(wb);
      const cp = wb.store.latestCheckpoint(id)!;
      const resumed = wb.resumeRun(id, { memory: 2 });
      expect(resumed.params.memory).toBe(2);
      expect(resumed.changes).toEqual([{ elapsedMs: cp.elapsedMs, evaluations: cp.evaluations, key: 'memory', from: 1, to: 2 }]);
      await until(() => wb.store.getRunSummary(id)?.status === 'running' || undefined, 20_000, 'the run running again');
      const end = await wb.runs.stop(id);
      expect(end.status).toBe('stopped');
      // Nothing changed, nothing recorded: the same value again is a plain resume.
      const same = wb.resumeRun(id, { memory: 2 });
      expect(same.changes).toHaveLength(1);
      await wb.runs.stop(id);
    } finally {
      await wb.dispose();
    }
  }, 60_000);

  it('refuses any other setting, an absurd bound, or a solver without one, in one line, changing nothing', async () => {
    const wb = open();
    try {
      const id = await stoppedBeam(wb);
      const hill = wb.createRun({ target: jump(7), solver: 'hill-climb', seed: 1, stop: { evaluations: 1000 } });
      await wb.runs.waitFor(hill.id);
      const cases: [number, Record<string, unknown>, RegExp][] = [
        [id, { maxWidth: 128 }, /^run \d+: maxWidth cannot change when a run resumes \(only memory can\); start a new run for other settings$/],
        [id, { memory: -5 }, /^parameter memory: /],
        [id, { memory: 64 * 1024 * 1024 }, /^parameter memory: /],
        [hill.id, { memory: 2 }, /^run \d+: memory cannot change when a run resumes \(no setting of .* can\)/],
      ];
      for (const [run, set, message] of cases) {
        expect(() => wb.resumeRun(run, set), JSON.stringify(set)).toThrow(message);
        expect(wb.store.getRunSummary(run)).toMatchObject({ status: run === id ? 'stopped' : 'done', changes: [] });
      }
      expect(wb.store.getRunSummary(id)!.params.memory).toBe(1);
    } finally {
      await wb.dispose();
    }
  }, 60_000);

  it('travels in a run file, and a file naming another setting is refused', async () => {
    const home = open();
    const away = open();
    try {
      const id = await stoppedBeam(home);
      home.resumeRun(id, { memory: 2 });
      await until(() => home.store.getRunSummary(id)?.status === 'running' || undefined, 20_000, 'the run running again');
      await home.runs.stop(id);
      const file = runToFile(home, id);
      const moved = importRunFile(away, JSON.stringify(file), 'run.json');
      expect(moved.changes).toEqual(home.store.getRunSummary(id)!.changes);
      expect(moved.params.memory).toBe(2);
      const bad = { ...file, run: { ...file.run, changes: [{ ...file.run.changes[0]!, key: 'maxWidth' }] } };
      expect(() => importRunFile(away, JSON.stringify(bad), 'run.json')).toThrow(/^run\.json: run\.changes\.0: maxWidth is not a setting a resume may change$/);
    } finally {
      await home.dispose();
      await away.dispose();
    }
  }, 60_000);

  it('workbench resume --set takes the new bound, and show says when it changed', async () => {
    const db = tempDb();
    const wb = open(db);
    try {
      // Small: resume follows the run to its end.
      await stoppedBeam(wb, 100_000_000);
    } finally {
      await wb.dispose();
    }
    const refused = cli(['resume', '1', '--set', 'width=9', '--db', db]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/^workbench resume: run 1: width cannot change when a run resumes \(only memory can\)/);
    const resumed = cli(['resume', '1', '--set', 'memory=2', '--db', db]);
    expect(resumed.stderr).toBe('');
    expect(resumed.code).toBe(0);
    const shown = cli(['show', '1', '--db', db]);
    expect(shown.stdout).toMatch(/\nchanged on resume: memory 1 → 2 from [^\n]+\n/);
  }, 120_000);
});
