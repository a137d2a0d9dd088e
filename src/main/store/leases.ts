/**
 * Run leases: which process owns a queued or running run.
 *
 * A lease names its owner (host, process id, process start time) and carries a heartbeat: the
 * owner renews it every few seconds and it expires when not renewed. Only the owner writes a
 * run's events and status (the store checks the lease in the same transaction as each write), so
 * a run never has two writers. Another process may take a run over only when its lease expired or
 * its owner is provably gone (same host, and that process id is dead or belongs to a later
 * process). Nothing here is specific to one machine: a worker on another host holds the same kind
 * of lease and is judged by its expiry alone.
 */
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';

export interface LeaseOwner {
  host: string;
  pid: number;
  /** When the owning process started (ms since boot; ms since the epoch for earlier versions): tells a process from a later one reusing its id. */
  startedAt: number;
}

export interface Lease {
  runId: number;
  owner: LeaseOwner;
  acquiredAt: number;
  renewedAt: number;
  expiresAt: number;
  /** Another process asked the owner to stop the run (the owner polls for this). */
  stopRequestedAt: number | null;
}

/** What a process presents to take or keep a lease. */
export interface LeaseGrant {
  owner: LeaseOwner;
  /** How long the lease lasts without a renewal. */
  ttlMs: number;
}

export const ownerKey = (o: LeaseOwner): string => `${o.host}/${o.pid}/${o.startedAt}`;

/** "process 1234 on this machine" / "process 1234 on build-7" / "the Redis queue of workers". */
export function describeOwner(o: LeaseOwner, localHost = hostname()): string {
  if (isQueueOwner(o)) return 'the Redis queue of workers';
  return `process ${o.pid} on ${o.host === localHost ? 'this machine' : o.host}`;
}

// ---- runs given to a Redis queue -------------------------------------------------------------

const QUEUE_HOST = 'redis-queue:';

/**
 * The owner of runs given to a Redis queue (see studies/redis): not one process but the queue,
 * so whichever coordinator of that queue is connected (the same one restarted, or the app after
 * the CLI) holds them and writes what the workers send. Its lease is renewed by the connected
 * coordinator; while none is, the runs stay the queue's (workers go on running them) and only
 * a coordinator of the queue, or an explicit claim after the lease expired, takes them.
 */
export function queueOwner(queue: string): LeaseOwner {
  return { host: `${QUEUE_HOST}${queue}`, pid: 0, startedAt: 0 };
}

export function isQueueOwner(o: LeaseOwner): boolean {
  return o.host.startsWith(QUEUE_HOST);
}

// ---- process identity ---------------------------------------------------------------------------

/** Clock ticks per second of /proc times: USER_HZ, 100 on every Linux architecture Node runs on. */
const USER_HZ = 100;
let bootTimeMs: number | null | undefined;

function linuxBootTime(): number | null {
  if (bootTimeMs !== undefined) return bootTimeMs;
  try {
    const m = /^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'));
    bootTimeMs = m ? Number(m[1]) * 1000 : null;
  } catch {
    bootTimeMs = null;
  }
  return bootTimeMs;
}

/**
 * When process `pid` started, in ms since the machine booted (Linux /proc), else null. Boot-relative
 * on purpose: the boot time in wall-clock terms moves whenever the clock is set or a virtual
 * machine is paused and resumed, and a start time read through it once judged a live owner of
 * 9 s earlier "ended" and its runs interrupted under it.
 */
export function processStartSinceBoot(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: fields count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[19]);
    return Number.isFinite(ticks) ? Math.round((ticks * 1000) / USER_HZ) : null;
  } catch {
    return null;
  }
}

/** When process `pid` started in ms since the epoch (the boot time as the system says it now, plus the above), else null. */
export function processStartTime(pid: number): number | null {
  const boot = linuxBootTime();
  const since = processStartSinceBoot(pid);
  return boot === null || since === null ? null : boot + since + bootShiftForTests.ms;
}

/** For tests: a boot time read as if the clock had moved by `ms` since this process read it. */
export const bootShiftForTests = { ms: 0 };

/**
 * Owners' start times below this are ms since boot (this version's); above, ms since the epoch
 * (earlier versions', and where /proc is missing), judged through the boot time as before.
 */
const BOOT_RELATIVE_BELOW = 1e11;

let self: LeaseOwner | undefined;

/** This process as a lease owner: its start in ms since boot where /proc says it, else its start in ms since the epoch. */
export function thisProcess(): LeaseOwner {
  self ??= { host: hostname(), pid: process.pid, startedAt: processStartSinceBoot(process.pid) ?? Math.round(performance.timeOrigin) };
  return self;
}

/** Start times read twice may differ by the boot time's rounding; a reused id starts far later. */
const START_TOLERANCE_MS = 2_000;

/**
 * True only when the owner is certainly not running: it is on this host and its process id is
 * dead or now belongs to a process that started later. An owner on another host is never
 * provably gone; its lease's expiry decides.
 */
export function ownerGone(o: LeaseOwner, localHost = hostname()): boolean {
  if (o.host !== localHost) return false;
  if (!Number.isSafeInteger(o.pid) || o.pid <= 0) return true;
  try {
    process.kill(o.pid, 0);
  } catch (e) {
    // EPERM: alive, owned by another user.
    if ((e as NodeJS.ErrnoException).code === 'ESRCH') return true;
  }
  const started = o.startedAt < BOOT_RELATIVE_BELOW ? processStartSinceBoot(o.pid) : processStartTime(o.pid);
  return started !== null && Math.abs(started - o.startedAt) > START_TOLERANCE_MS;
}

/** Whether `lease` keeps `self` off the run at `now`: held by another owner that may still be working. */
export function heldByOther(lease: Lease | null, self: LeaseOwner, now: number): boolean {
  if (!lease) return false;
  if (ownerKey(lease.owner) === ownerKey(self)) return false;
  return lease.expiresAt >= now && !ownerGone(lease.owner);
}

// ---- rows ---------------------------------------------------------------------------------------

export interface LeaseRow {
  run_id: number;
  owner: string;
  host: string;
  pid: number;
  process_started_at: number;
  acquired_at: number;
  renewed_at: number;
  expires_at: number;
  stop_requested_at: number | null;
}

export function toLease(r: LeaseRow): Lease {
  return {
    runId: r.run_id,
    owner: { host: r.host, pid: r.pid, startedAt: r.process_started_at },
    acquiredAt: r.acquired_at,
    renewedAt: r.renewed_at,
    expiresAt: r.expires_at,
    stopRequestedAt: r.stop_requested_at,
  };
}
