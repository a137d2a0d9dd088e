/**
 * A `-wal` left beside a database file that is not the one it was written for.
 *
 * A process killed mid-run leaves its `-wal` (its last commits) beside the file, and the next
 * opening replays it: right when the file is the same, ruinous when it was restored or copied
 * over meanwhile, since nothing in a WAL names its database. So before SQLite opens a file, a WAL
 * beside it must agree with it: the pages the wal-index says were checkpointed must be in the
 * file (see wal-file.ts), and when none were, the file must not have changed (ctime: a copy, a
 * `cp -p` or a `mv` all set it) after the WAL was last written, since only a checkpoint writes the
 * main file of a database in WAL mode.
 */
import fs from 'node:fs';
import { compareCheckpointed, mainPageSize, readFrames, readShm, readWalHeader, type ShmCounters } from './wal-file';

/** How long a checkpoint under way (begun, not finished) is waited for. */
const CHECKPOINT_WAIT_MS = 500;
/** How long checkpoint counters that keep moving under the look (a live writer) are looked at again. */
const MOVING_WAIT_MS = 2000;

function openRead(file: string): number | null {
  try {
    return fs.openSync(file, 'r');
  } catch {
    return null;
  }
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Null when the file has no WAL beside it that SQLite would replay, or one that is its own; else
 * why the WAL is another file's (for the message).
 */
export function foreignWal(file: string): string | null {
  const fds = { db: openRead(file), wal: openRead(`${file}-wal`), shm: openRead(`${file}-shm`) };
  try {
    if (fds.db === null || fds.wal === null) return null;
    const header = readWalHeader(fds.wal);
    if (!header || readFrames(fds.wal, header).pages.length === 0) return null;
    const pageSize = mainPageSize(fds.db);
    // Not a database at all: SQLite says so itself, in its own words.
    if (pageSize === null) return null;
    if (pageSize !== header.pageSize) return `its pages are ${header.pageSize} bytes, the file's ${pageSize}`;
    for (let waited = 0, mismatches = 0; ; waited += 25) {
      const match = compareCheckpointed(fds.db, fds.wal, fds.shm);
      if (match.mismatch !== null) {
        // Looked at again in case a checkpoint under way was writing that very page.
        if (++mismatches > 3) return `page ${match.mismatch} of the file is not the one the WAL checkpointed into it`;
      } else if (match.compared > 0) {
        return null;
      } else {
        const shm = readShm(fds.shm);
        const now = readWalHeader(fds.wal);
        // A checkpoint under way writes the file before it counts what it wrote; a WAL starting
        // over has its -shm ahead of its header for a moment. Either settles at once in a live process.
        const cutShort = shm !== null && shm.attempted > shm.backfill;
        const settling = cutShort || (shm !== null && now !== null && (shm.salt1 !== now.salt1 || shm.salt2 !== now.salt2));
        if (!settling || waited >= CHECKPOINT_WAIT_MS) {
          // One cut off by a kill stays "under way", with nothing to compare: the WAL is given the benefit.
          if (cutShort) return null;
          if (!changedSince(fds.db, fds.wal)) return null;
          // A live writer's checkpoint may have begun writing the file after the counters were
          // read (it counts what it attempts first): only counters that held still across the look count.
          if (sameCheckpoint(shm, readShm(fds.shm)) || waited >= MOVING_WAIT_MS) return 'the file changed after the WAL was last written';
        }
      }
      sleepSync(25);
    }
  } finally {
    for (const fd of [fds.db, fds.wal, fds.shm]) if (fd !== null) fs.closeSync(fd);
  }
}

/** Whether two looks at the -shm saw the same checkpoint counters (the same WAL, backfilled as far). */
function sameCheckpoint(a: ShmCounters | null, b: ShmCounters | null): boolean {
  if (a === null || b === null) return a === b;
  return a.salt1 === b.salt1 && a.salt2 === b.salt2 && a.backfill === b.backfill && a.attempted === b.attempted;
}

/** Whether the main file's inode changed (content, name or attributes) after the WAL's did. */
function changedSince(dbFd: number, walFd: number): boolean {
  const db = fs.fstatSync(dbFd, { bigint: true });
  const wal = fs.fstatSync(walFd, { bigint: true });
  return db.ctimeNs > wal.ctimeNs;
}
