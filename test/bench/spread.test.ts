/**
 * The spread bench keeps its runs in a database, so a measurement of many hours is made in pieces:
 * a second call reads its finished configurations back, a run a cut call left is resumed from
 * its checkpoint, not started again, and the kept run files (an unfinished run's with its
 * checkpoint) stand in for a lost database. Its spread runs need Debian's redis-server (the bench starts it).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { benchDb, independentRunName, run, spreadRunName } from '../../bench/spread';
import { keepUnfinished } from '../../bench/spread/kept';
import { nodeWorkerSpawner } from '../../src/main/runs/node-host';
import { Workbench } from '../../src/main/services/workbench';
import { Store } from '../../src/main/store/store';

async function printed(argv: string[]): Promise<string> {
  const lines: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((s: string | Uint8Array) => {
    lines.push(String(s));
    return true;
  });
  try {
    await run(argv);
  } finally {
    spy.mockRestore();
  }
  return lines.join('');
}

describe('spread bench', () => {
  const dir = mkdtempSync(join(tmpdir(), 'spread-bench-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const db = join(dir, 'spread.db');
  const argv = [
    '--instance',
    'resources/instances/e2_clue1_6x6.txt',
    '--workers',
    '1',
    '--seeds',
    '1',
    '--target',
    '60',
    '--cpu',
    '6',
    '--pass-seconds',
    '2',
    '--db',
    db,
    '--keep',
    join(dir, 'kept'),
  ];

  it('names its database for the settings that make its figures, not for the seeds or worker counts', () => {
    const s = { name: 'e2.txt', params: { maxWidth: 8 }, target: 466, cpu: 14_400, from: null, passSeconds: 90, pool: 8, fresh: 0.2 };
    expect(benchDb(s)).toBe(benchDb({ ...s }));
    expect(benchDb(s)).not.toBe(benchDb({ ...s, cpu: 7200 }));
    expect(benchDb(s)).toMatch(/bench[/\\]tmp[/\\]spread-[0-9a-f]{10}\.db$/);
  });

  it('runs a configuration once, reads it back on the next call, and resumes a run a cut call left', async () => {
    const first = await printed(argv);
    expect(first).toMatch(/seed 1, 1 worker, spread: best 60, [\d.]+ CPU s to 60/);
    expect(first).toMatch(/seed 1, 1 independent run of 6 CPU s: [\d.]+\n/);

    const second = await printed(argv);
    expect(second).toContain('seed 1, 1 worker, spread (kept from an earlier call): best 60');

    // What a call cut short leaves: its run interrupted, its checkpoint kept.
    const store = Store.open(db);
    try {
      const spread = store.listRuns().find((r) => r.puzzleName === spreadRunName(1, 1));
      expect(spread).toBeDefined();
      store.setRunStatus(spread!.id, 'interrupted');
    } finally {
      store.dispose();
    }
    const third = await printed(argv);
    expect(third).toContain('seed 1, 1 worker, spread (resumed): best 60');
    const after = Store.open(db);
    try {
      expect(after.listRuns()).toHaveLength(2);
      expect(after.listRuns().every((r) => r.status === 'done')).toBe(true);
    } finally {
      after.dispose();
    }

    // The database lost: a call on a new one takes every finished run back from the kept files, with its figures, and runs nothing.
    const line = (out: string, what: RegExp): string => out.split('\n').find((l) => what.test(l)) ?? '';
    const keptFiles = (): Record<string, string> =>
      Object.fromEntries(readdirSync(join(dir, 'kept')).map((f) => [f, readFileSync(join(dir, 'kept', f), 'utf8')]));
    const before = keptFiles();
    expect(Object.keys(before)).toHaveLength(4);
    const fresh = await printed(argv.map((a) => (a === db ? join(dir, 'new.db') : a)));
    expect(keptFiles()).toEqual(before);
    expect(line(fresh, /^taken back from /)).toMatch(new RegExp(`kept: ${independentRunName(1, 1, 0)}; ${spreadRunName(1, 1)}$`));
    const spreadLine = /^seed 1, 1 worker, spread/;
    expect(line(fresh, spreadLine)).toBe(line(third, spreadLine).replace('(resumed)', '(kept from an earlier call)'));
    expect(line(fresh, /independent run of/)).toBe(line(third, /independent run of/));
    const kept = Store.open(join(dir, 'new.db'));
    try {
      expect(kept.listRuns().map((r) => r.status)).toEqual(['done', 'done']);
    } finally {
      kept.dispose();
    }

    // A call cut before the spread run's end, and its database lost: the unfinished run's file,
    // kept with its checkpoint, is resumed from there on a new database, and replaced by the finished one.
    const cut = Store.open(join(dir, 'new.db'));
    try {
      cut.setRunStatus(cut.listRuns().find((r) => r.puzzleName === spreadRunName(1, 1))!.id, 'interrupted');
    } finally {
      cut.dispose();
    }
    const wb = Workbench.open({ dbPath: join(dir, 'new.db'), spawn: nodeWorkerSpawner() });
    try {
      keepUnfinished(wb, join(dir, 'kept'));
    } finally {
      await wb.dispose();
    }
    const stem = join(dir, 'kept', 'spread-1-worker-seed-1');
    expect(JSON.parse(readFileSync(`${stem}.partial.run.json`, 'utf8'))).toMatchObject({ run: { status: 'interrupted' }, checkpoint: {} });
    rmSync(`${stem}.run.json`);
    const resumed = await printed(argv.map((a) => (a === db ? join(dir, 'third.db') : a)));
    expect(line(resumed, /^taken back from /)).toMatch(new RegExp(`kept: ${independentRunName(1, 1, 0)}; ${spreadRunName(1, 1)}$`));
    expect(line(resumed, spreadLine)).toMatch(/^seed 1, 1 worker, spread \(resumed\): best 60/);
    expect(Object.keys(keptFiles()).sort()).toEqual(Object.keys(before).sort());

    // Its runs are this command's only: another budget would read them back as its own.
    const other = argv.map((a) => (a === '6' ? '7' : a));
    await expect(printed(other)).rejects.toThrow(/holds a spread bench made with other settings/);
  }, 120_000);

  it('resumes a run interrupted under it (another process took its owner for ended) instead of reporting it finished', async () => {
    const fresh = join(dir, 'interrupted.db');
    const errors: string[] = [];
    const spyErr = vi.spyOn(process.stderr, 'write').mockImplementation((m: string | Uint8Array) => {
      errors.push(String(m));
      return true;
    });
    let cut = 0;
    const cutter = setInterval(() => {
      if (cut > 0) return;
      try {
        const other = Store.open(fresh);
        try {
          const live = other.listRuns().find((r) => r.status === 'running' && r.evaluations > 0 && r.puzzleName === independentRunName(1, 1, 0));
          if (!live) return;
          // What another process's recovery does to a run whose owner it judges ended.
          other.connection.prepare('DELETE FROM run_leases WHERE run_id = ?').run(live.id);
          other.setRunStatus(live.id, 'interrupted', { error: 'process 1 on this machine ended without finishing it' });
          cut = live.id;
        } finally {
          other.dispose();
        }
      } catch {
        /* not made yet */
      }
    }, 100);
    try {
      // A puzzle no run solves in its 6 CPU s: the runs last, and one is there to cut.
      const long = argv.map((a) =>
        a === db ? fresh : a === 'resources/instances/e2_clue1_6x6.txt' ? 'resources/instances/meta2010_10x10.txt' : a === '60' ? '180' : a,
      );
      const out = await printed([...long, '--keep', join(dir, 'kept-interrupted')]);
      expect(cut).toBeGreaterThan(0);
      expect(errors.join('')).toContain(`spread: run ${cut} interrupted (process 1 on this machine ended without finishing it): resumed from its checkpoint`);
      expect(out).toMatch(/seed 1, 1 independent run of 6 CPU s: >6 \(best \d+\)\n/);
      const after = Store.open(fresh);
      try {
        expect(after.listRuns().every((r) => r.status === 'done')).toBe(true);
      } finally {
        after.dispose();
      }
    } finally {
      clearInterval(cutter);
      spyErr.mockRestore();
    }
  }, 120_000);
});
