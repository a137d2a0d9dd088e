/**
 * Soak (issue 12): three processes on one database (two CLI slots running `solve` or `resume`,
 * and `serve`), with runs started, stopped, resumed and killed at random for a bounded number of
 * steps. Afterwards: every run finished or resumable, no run ever had two writers (its progress
 * samples never go back in time), `integrity_check` ok, and no committed event missing.
 * Bounded so it runs in CI (issue 20, item 9): at most STEPS steps and DEADLINE_MS of them, under a
 * minute in all; `SOAK_STEPS` and `SOAK_SECONDS` make a longer soak, `SOAK_SEED` replays a sequence.
 * No orphan: every process seen under a live CLI or serve (their solver workers), noted at each
 * step and just before each kill, must be gone at the end (issue 49: looking for the children of
 * processes that had already exited found none, so the check asserted nothing).
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { childPids, cli, cliAsync, tempDb } from '../../helpers/cli';
import { startServe } from '../../helpers/serve';
import { sleep, until } from '../runs/in-process';

const STEPS = Number(process.env.SOAK_STEPS ?? 120);
const DEADLINE_MS = Number(process.env.SOAK_SECONDS ?? 30) * 1000;
const SEED = Number(process.env.SOAK_SEED ?? 20261126);

/** mulberry32: a small seeded generator, so a failing sequence can be replayed. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A process by pid and start time (a pid used again later is another process). */
interface Seen {
  pid: number;
  started: string;
  command: string;
}

/** A live process's parent and start time, from /proc/PID/stat (a zombie has already exited: null). */
function statOf(pid: number): { ppid: number; started: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command's closing parenthesis: state is field 3, ppid 4, starttime 22.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[0] === 'Z' ? null : { ppid: Number(fields[1]), started: fields[19]! };
  } catch {
    return null;
  }
}

/** Every live process now under one of `roots` (their children, theirs, and so on; `command` left empty): one read of /proc, no `ps` per step. */
function descendants(roots: number[]): Seen[] {
  const children = new Map<number, Seen[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const pid = Number(name);
    const st = statOf(pid);
    if (st) children.set(st.ppid, [...(children.get(st.ppid) ?? []), { pid, started: st.started, command: '' }]);
  }
  const all: Seen[] = [];
  for (let level = roots.flatMap((r) => children.get(r) ?? []); level.length > 0; level = level.flatMap((p) => children.get(p.pid) ?? [])) all.push(...level);
  return all;
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim().slice(0, 200);
  } catch {
    return '?';
  }
}

interface RunRow {
  id: number;
  status: string;
  /** The process holding its lease, if any. */
  pid: number | null;
}

describe('soak: two CLI solves and a serve on one database', () => {
  it(`every run ends finished or resumable, with one writer at a time and nothing lost (seed ${SEED})`, { timeout: DEADLINE_MS + 90_000 }, async () => {
    const random = rng(SEED);
    const pick = <T>(xs: readonly T[]): T | undefined => (xs.length ? xs[Math.floor(random() * xs.length)] : undefined);
    const db = tempDb();
    const setup = cli(['import', '--format', 'maze', writeMaze(db), '--db', db]);
    expect(setup.code, setup.stderr).toBe(0);
    const reader = () => new Database(db, { readonly: true, fileMustExist: true });

    const serveOptions = { args: ['--progress-every', '0.1'] };
    let serve = await startServe(db, serveOptions);
    const slots: (ChildProcess | null)[] = [null, null];
    const allClis: ChildProcess[] = [];
    const pendingCalls: Promise<unknown>[] = [];
    const counts: Record<string, number> = {};
    const refusals: string[] = [];
    const messages: string[] = [];
    const count = (k: string): void => void (counts[k] = (counts[k] ?? 0) + 1);
    /** Events seen committed: they must all be there at the end. */
    const seen = new Set<number>();
    const backwards: string[] = [];
    /** Every process seen under a live CLI or serve: none may outlive the soak. */
    const seenUnder = new Map<string, Seen>();
    const noteTree = (...procs: (ChildProcess | null)[]): void => {
      const live = procs.filter((p) => p?.pid !== undefined && p.exitCode === null && p.signalCode === null).map((p) => p!.pid!);
      for (const p of descendants(live))
        if (!seenUnder.has(`${p.pid}@${p.started}`)) seenUnder.set(`${p.pid}@${p.started}`, { ...p, command: commandOf(p.pid) });
    };
    const noteTrees = (): void => noteTree(...slots, serve.proc);

    const runsNow = (): RunRow[] => {
      const r = reader();
      try {
        return r.prepare(`SELECT r.id, r.status, l.pid FROM runs r LEFT JOIN run_leases l ON l.run_id = r.id ORDER BY r.id`).all() as RunRow[];
      } finally {
        r.close();
      }
    };
    const snapshot = (): void => {
      const r = reader();
      try {
        // Improvements are never removed; progress samples up to the last checkpoint neither (a
        // restart from a checkpoint replaces only the samples after it).
        const ids = r
          .prepare(
            `SELECT e.id FROM run_events e WHERE e.kind = 'improvement' OR e.elapsed_ms <= COALESCE(
               (SELECT MAX(c.elapsed_ms) FROM checkpoints c WHERE c.run_id = e.run_id), -1)`,
          )
          .pluck()
          .all() as number[];
        for (const id of ids) seen.add(id);
        // One writer at a time, checked as it happens (a later restart from a checkpoint would
        // replace the evidence): a run's samples, in the order they were written, never go back.
        const samples = r.prepare(`SELECT run_id, elapsed_ms FROM run_events WHERE kind = 'progress' ORDER BY run_id, id`).all() as {
          run_id: number;
          elapsed_ms: number;
        }[];
        for (let k = 1; k < samples.length; k++) {
          const [a, b] = [samples[k - 1]!, samples[k]!];
          if (a.run_id === b.run_id && b.elapsed_ms < a.elapsed_ms)
            backwards.push(`run ${b.run_id}: a sample at ${b.elapsed_ms} ms after one at ${a.elapsed_ms} ms`);
        }
      } finally {
        r.close();
      }
    };

    const startCli = (i: number, args: string[]): void => {
      // Samples every 0.1 s: a second writer on a run would show within moments.
      const child = cliAsync([...args, '--checkpoint-every', '0.3', '--progress-every', '0.1', '--db', db]);
      let err = '';
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      child.on('exit', () => {
        if (slots[i] === child) slots[i] = null;
        const line = err.trim();
        if (line) messages.push(line);
        if (/is (running|queued) in process/.test(line)) refusals.push(line);
        // Whatever happens, a CLI says it in at most one line and never with a stack trace.
        expect(line.split('\n').length, line).toBeLessThanOrEqual(1);
        expect(line).not.toMatch(/\n\s+at |ERR_IPC|Error:/);
      });
      slots[i] = child;
      allClis.push(child);
    };

    const t0 = Date.now();
    let serveKills = 0;
    let step = 0;
    for (; step < STEPS && Date.now() - t0 < DEADLINE_MS; step++) {
      const runs = runsNow();
      const resumable = runs.filter((r) => r.status === 'interrupted' || r.status === 'stopped').map((r) => r.id);
      const live = runs.filter((r) => r.status === 'running' || r.status === 'queued').map((r) => r.id);
      // Half the resumes aim at a run another process is running: they must be refused.
      const runningElsewhere = (pid: number | undefined): number[] =>
        runs.filter((r) => r.status === 'running' && r.pid !== null && r.pid !== pid).map((r) => r.id);
      const resumeTarget = (self?: number): number | undefined => {
        const attack = random() < 0.5 ? pick(runningElsewhere(self)) : undefined;
        if (attack !== undefined) count('resume aimed at a run running elsewhere');
        return attack ?? pick(resumable) ?? pick(live);
      };
      noteTrees();
      const i = Math.floor(random() * 2);
      const slot = slots[i];
      const x = random();
      if (x < 0.3) {
        if (!slot) {
          const resume = random() < 0.5 ? resumeTarget() : undefined;
          if (resume !== undefined) startCli(i, ['resume', String(resume)]);
          else
            startCli(i, [
              'solve',
              '--family',
              'jump',
              '--size',
              '7',
              '--solver',
              'hill-climb',
              '--seconds',
              String(2 + Math.floor(random() * 6)),
              '--seed',
              String(step),
            ]);
          count(resume !== undefined ? 'cli resume' : 'cli solve');
        } else {
          const how = random();
          noteTree(slot);
          if (how < 0.4) {
            slot.kill('SIGKILL');
            count('cli kill -9');
          } else if (how < 0.7) {
            for (const pid of childPids(slot.pid!)) process.kill(pid, 'SIGKILL');
            count('worker kill -9');
          } else {
            slot.kill('SIGINT');
            count('cli ctrl+c');
          }
        }
      } else if (x < 0.42) {
        pendingCalls.push(
          serve.call('startRuns', { puzzleId: 1, solver: 'hill-climb', seed: step, seconds: 2 + Math.floor(random() * 6) }).catch(() => undefined),
        );
        count('serve start');
      } else if (x < 0.62) {
        const id = pick(live);
        if (id !== undefined) {
          pendingCalls.push(serve.call('stopRun', { id }).catch(() => undefined));
          count('serve stop');
        }
      } else if (x < 0.9) {
        const id = resumeTarget(serve.proc.pid);
        if (id !== undefined) {
          pendingCalls.push(
            serve.call('resumeRun', { id }).catch((e: Error) => {
              messages.push(e.message);
              if (/in process/.test(e.message)) refusals.push(e.message);
            }),
          );
          count('serve resume');
        }
      } else if (x < 0.92 && serveKills < 3) {
        serveKills++;
        noteTree(serve.proc);
        await serve.close('SIGKILL');
        serve = await startServe(db, serveOptions);
        count('serve kill -9 and restart');
      }
      if (step % 5 === 0) snapshot();
      await sleep(120);
    }
    snapshot();

    // Wind down: Ctrl+C for the CLIs, SIGTERM for serve; then every process (and worker) is gone.
    noteTrees();
    for (const c of slots) c?.kill('SIGINT');
    await serve.close('SIGTERM');
    await Promise.allSettled(pendingCalls);
    await until(() => allClis.every((c) => c.exitCode !== null || c.signalCode !== null), 30_000, 'the CLIs to exit');
    // No orphaned worker is left behind: an orphan's watchdog ends it within about half a second.
    expect(seenUnder.size, 'no worker was seen, so the orphan check would check nothing').toBeGreaterThan(0);
    const orphans = (): Seen[] => [...seenUnder.values()].filter((p) => statOf(p.pid)?.started === p.started);
    await until(() => orphans().length === 0, 10_000, 'the workers to exit').catch(() => undefined);
    const left = orphans();
    for (const p of left) process.kill(p.pid, 'SIGKILL');
    expect(
      left.map((p) => `${p.pid}: ${p.command}`),
      `of ${seenUnder.size} processes seen under the CLIs and serve`,
    ).toEqual([]);
    // Runs left by the killed processes are recovered by the next command that opens the database.
    const listed = cli(['runs', '--json', '--db', db]);
    expect(listed.code, listed.stderr).toBe(0);
    const final = JSON.parse(listed.stdout) as { id: number; status: string; error: string | null }[];

    const r = reader();
    try {
      expect(r.pragma('integrity_check', { simple: true })).toBe('ok');
      const statuses: Record<string, number> = {};
      for (const run of final) statuses[run.status] = (statuses[run.status] ?? 0) + 1;
      console.log(
        `soak seed ${SEED}: ${step} steps in ${((Date.now() - t0) / 1000).toFixed(1)} s, ${final.length} runs ${JSON.stringify(statuses)}; actions ${JSON.stringify(counts)}; ${refusals.length} refusals (e.g. "${refusals[0] ?? ''}")`,
      );
      expect(final.length).toBeGreaterThan(5);
      console.log([...new Set(messages.map((m) => m.replace(/\d+/g, 'N')))].join('\n'));
      // Finished or resumable (queued runs, released by serve on quit, start at the next start); nothing running, nothing failed.
      for (const run of final) expect(['done', 'stopped', 'interrupted', 'queued'], `run ${run.id}: ${run.status} ${run.error}`).toContain(run.status);
      expect(r.prepare(`SELECT COUNT(*) FROM run_leases`).pluck().get()).toBe(0);
      // One writer at a time: each run's samples, in the order they were written, never go back.
      const samples = r.prepare(`SELECT run_id, elapsed_ms, evaluations FROM run_events WHERE kind = 'progress' ORDER BY run_id, id`).all() as {
        run_id: number;
        elapsed_ms: number;
        evaluations: number;
      }[];
      for (let k = 1; k < samples.length; k++) {
        const [a, b] = [samples[k - 1]!, samples[k]!];
        if (a.run_id !== b.run_id) continue;
        expect(b.elapsed_ms, `run ${b.run_id}: a sample at ${b.elapsed_ms} ms after one at ${a.elapsed_ms} ms`).toBeGreaterThanOrEqual(a.elapsed_ms);
        expect(b.evaluations).toBeGreaterThanOrEqual(a.evaluations);
      }
      expect(samples.length).toBeGreaterThan(10);
      expect(backwards).toEqual([]);
      // Nothing committed went missing.
      const present = new Set(r.prepare(`SELECT id FROM run_events`).pluck().all() as number[]);
      const missing = [...seen].filter((id) => !present.has(id));
      expect(missing).toEqual([]);
    } finally {
      r.close();
    }
  });
});

function writeMaze(db: string): string {
  const file = join(db, '..', 'soak.maze');
  const rows = Array.from({ length: 7 }, (_, r) => Array.from({ length: 7 }, (_, c) => (r === 6 && c === 6 ? 0 : 1)).join(' '));
  execFileSync('sh', ['-c', `printf '%s\\n' '7' ${rows.map((l) => `'${l}'`).join(' ')} > '${file}'`]);
  return file;
}
