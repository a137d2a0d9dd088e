/**
 * Noticing that the database file was deleted, moved over (`mv other.db a.db`) or rewritten in
 * place (`cp other.db a.db`) under an open connection.
 *
 * In WAL mode the main file is written only by checkpoints, which copy frames out of the WAL.
 * So the file's content may change legitimately only together with the checkpoint counters in
 * the WAL header and the wal-index (-shm), and only to the pages the WAL holds; a change of size,
 * mtime or header without them, a page the checkpoint did not write, or a WAL that is no longer
 * the one opened, means another file now sits under the name. Two stats and a read of 100 bytes
 * on every write transaction; the pages are compared only after a checkpoint (about 4 MB).
 *
 * The files are read through descriptors kept open until the store closes: closing any
 * descriptor of a file drops every POSIX lock this process holds on it, SQLite's included, and
 * another process would then take the database for unused and reset its -shm under us.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import type { Disposable } from '../lifecycle/disposable';
import { compareCheckpointed, declaredSize, frameHeaderAt, mainPageSize, readShm, readWalHeader, walPages } from './wal-file';

interface Ident {
  dev: bigint;
  ino: bigint;
}

interface State {
  db: Ident & { size: bigint; mtimeNs: bigint };
  wal: Ident | null;
  /** The first 100 bytes of the main file (SQLite's header). */
  header: Buffer;
  marker: Marker;
}

/**
 * Where checkpoints stand: the WAL's salts (salt-1 goes up by one each time the WAL restarts from
 * its start), its last frame, how far checkpoints copied it into the main file and how far the
 * latest one started to (set before copying).
 */
interface Marker {
  restarts: number;
  /** The WAL header's checkpoint sequence: 0 in a WAL's first generation, one more at each restart. */
  sequence: number;
  salt: string;
  mxFrame: number;
  backfill: number;
  attempted: number;
}

const HEADER_MAGIC = 'SQLite format 3\0';
/** The salts of a WAL that has no header yet (read as zeros). */
const NO_SALT = '0:0';
const OVERWRITTEN = 'was overwritten in place by another file';
/** Offsets in the -shm file (the wal-index, native byte order): mxFrame of its header, nBackfill and nBackfillAttempted of WalCkptInfo. */
const SHM_MX_FRAME = 16;
const SHM_BACKFILL = 96;
const SHM_BACKFILL_ATTEMPTED = 128;
/** How long a content change without checkpoint counters moving is given to be a checkpoint in progress. */
const CHECKPOINT_GRACE_MS = 500;

function stat(file: string): (Ident & { size: bigint; mtimeNs: bigint }) | null {
  try {
    const st = fs.statSync(file, { bigint: true });
    return { dev: st.dev, ino: st.ino, size: st.size, mtimeNs: st.mtimeNs };
  } catch {
    return null;
  }
}

/**
 * What one of this process's checkpoints must leave as it is: the main file's pages the WAL holds
 * no frame of (the checkpoint copies only the WAL's pages), by digest. Every such page of a file up
 * to WITNESS_ALL_PAGES pages, else page 1, the last and an even sample of WITNESS_SAMPLE_PAGES.
 */
export interface CheckpointWitness {
  pageSize: number;
  walSalt: string;
  /** The WAL's committed frames. */
  frames: number;
  /** The WAL's frames copied into the file already (the checkpoint copies those after). */
  backfill: number;
  pages: number[];
  /** Each page's digest, in the order of `pages`. */
  hashes: Buffer[];
}

/** Files up to this many pages (32 MB of 4 KB pages) are witnessed whole. */
export const WITNESS_ALL_PAGES = 8192;
/** Pages of a bigger file witnessed at each checkpoint (8 MB of 4 KB pages). */
export const WITNESS_SAMPLE_PAGES = 2048;

const sameIdent = (a: Ident | null, b: Ident | null): boolean => a === b || (a !== null && b !== null && a.dev === b.dev && a.ino === b.ino);

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** The database file at `file` and its -wal and -shm, as this process opened them. */
export class FileIdentity implements Disposable {
  private readonly fds: { db: number | null; wal: number | null; shm: number | null } = { db: null, wal: null, shm: null };
  private state: State | null;

  constructor(private readonly file: string) {
    this.fds.db = this.openFd('');
    this.fds.wal = this.openFd('-wal');
    this.fds.shm = this.openFd('-shm');
    const db = stat(file);
    this.state = db && { db, wal: this.fdIdent(this.fds.wal), header: this.read('db', 0, 100), marker: this.marker() };
  }

  /** Null while the file is still the database opened; else why it is not (e.g. "was deleted"). */
  check(): string | null {
    const was = this.state;
    if (!was) return null;
    const db = stat(this.file);
    if (!db) return 'was deleted';
    if (!sameIdent(db, was.db)) return 'was replaced by another file';
    // A WAL that did not exist at opening is taken as this connection's once it appears.
    if (this.fds.wal === null) this.fds.wal = this.openFd('-wal');
    if (this.fds.shm === null) this.fds.shm = this.openFd('-shm');
    const wal = stat(`${this.file}-wal`);
    const walIdent = was.wal ?? this.fdIdent(this.fds.wal);
    // SQLite removes the WAL only when its last connection closes, and this one is open.
    if (walIdent && !sameIdent(wal, walIdent)) return 'was replaced (its -wal file is gone or another one)';
    // File times tick in jiffies, so the header is read every time as well.
    const header = this.read('db', 0, 100);
    if (db.size === was.db.size && db.mtimeNs === was.db.mtimeNs && header.equals(was.header)) {
      if (!was.wal && walIdent) this.state = { ...was, wal: walIdent };
      return null;
    }
    // (A header read in the middle of a copy may be anything: no finer reason than "overwritten".)
    if (header.toString('latin1', 0, 16) !== HEADER_MAGIC) return OVERWRITTEN;
    let now = this.marker();
    for (let waited = 0; !this.checkpointed(was.marker, now) && waited < CHECKPOINT_GRACE_MS; waited += 25) {
      sleepSync(25);
      now = this.marker();
    }
    if (!this.checkpointed(was.marker, now)) return OVERWRITTEN;
    // Counters that moved prove a checkpoint ran, not that the file under the name is the one it
    // wrote (a copy may land just after it): the pages it copied must be in the file.
    if (!this.holdsCheckpointedPages()) return OVERWRITTEN;
    this.state = { db, wal: walIdent, header, marker: now };
    return null;
  }

  /**
   * Whether a checkpoint wrote to the main file between the two markers. A restart alone does not,
   * but it needs every frame copied first: frames not yet copied at `was`, frames added after it
   * (see grewBeforeRestart), or a second restart, mean a checkpoint ran in between.
   */
  private checkpointed(was: Marker, now: Marker): boolean {
    if (now.salt === was.salt) return now.attempted > was.attempted || now.backfill > was.backfill;
    // No WAL header then (a database reopened after a clean close): its salts start at random, so
    // count on the sequence, which a restart (after a complete checkpoint) raises from 0.
    if (was.salt === NO_SALT) return now.sequence > 0 || now.attempted > 0 || now.backfill > 0;
    if (now.attempted > 0 || was.backfill < was.mxFrame || (now.restarts - was.restarts) >>> 0 >= 2) return true;
    return this.grewBeforeRestart(was, now);
  }

  /**
   * Whether the WAL `was` saw got frames after its last one before it restarted, as when a reader
   * kept a writer from restarting it: those were copied into the file before the restart. A
   * restarted WAL is written over from its start, so past the new frames the old ones are still
   * there with the old salts; written over by as many new ones, they no longer tell (a false alarm
   * then, never a copy missed).
   */
  private grewBeforeRestart(was: Marker, now: Marker): boolean {
    const header = this.fds.wal === null ? null : readWalHeader(this.fds.wal);
    if (header === null) return false;
    for (let i = Math.max(was.mxFrame, now.mxFrame); ; i++) {
      const frame = frameHeaderAt(this.fds.wal!, header.pageSize, i);
      if (frame?.salts !== now.salt) return frame?.salts === was.salt;
    }
  }

  /**
   * Taken before one of this process's checkpoints, then `check`ed (see StoreCore.checkpoint): a
   * file copied over this one after that check, before the checkpoint copies the WAL into it,
   * comes out of the checkpoint with the WAL's pages over its own, which `check` alone takes for
   * this file. Its other pages are the copy's, and `witnessHolds` sees them. Null in memory or
   * without a WAL (no checkpoint then writes anything).
   */
  witness(): CheckpointWitness | null {
    if (this.fds.db === null || this.fds.wal === null) return null;
    const pageSize = mainPageSize(this.fds.db);
    const wal = walPages(this.fds.wal);
    if (pageSize === null || wal === null) return null;
    const filePages = Math.floor(Number(fs.fstatSync(this.fds.db).size) / pageSize);
    // A checkpoint may cut the file to the size of its last commit: pages past it are no longer the database's.
    const last = wal.dbPages > 0 ? Math.min(filePages, wal.dbPages) : filePages;
    const pages: number[] = [];
    const add = (p: number): void => {
      if (p >= 1 && p <= last && !wal.pages.has(p) && pages.at(-1) !== p) pages.push(p);
    };
    if (last <= WITNESS_ALL_PAGES) for (let p = 1; p <= last; p++) add(p);
    else {
      const stride = last / WITNESS_SAMPLE_PAGES;
      const offset = Math.random() * stride;
      add(1);
      for (let i = 0; i < WITNESS_SAMPLE_PAGES; i++) add(1 + Math.floor(offset + i * stride));
      add(last);
    }
    const shm = readShm(this.fds.shm);
    const backfill = shm !== null && `${shm.salt1}:${shm.salt2}` === wal.salt ? shm.backfill : 0;
    return { pageSize, walSalt: wal.salt, frames: wal.frames, backfill, pages, hashes: this.pageHashes(pageSize, pages) };
  }

  /**
   * Whether the pages `w` witnessed are as they were, but those written to the WAL since (see
   * pagesSince): another process may have added frames, or started the WAL over and checkpointed,
   * and the checkpoint copied those in too.
   */
  witnessHolds(w: CheckpointWitness): boolean {
    if (this.fds.db === null) return true;
    const since = this.fds.wal === null ? new Set<number>() : this.pagesSince(w);
    const now = this.pageHashes(w.pageSize, w.pages);
    return w.pages.every((p, i) => since.has(p) || now[i]!.equals(w.hashes[i]!));
  }

  /**
   * The pages of the frames added to the WAL after `w`, and of a WAL begun since. A WAL begun
   * since is written over from its start: the old WAL's frames past its end still carry the old
   * salts (those it wrote over are no longer known: a false alarm then, never a copy missed).
   */
  private pagesSince(w: CheckpointWitness): Set<number> {
    const fd = this.fds.wal!;
    const header = readWalHeader(fd);
    // Read through only when the WAL started over since (the common case reads frame headers alone).
    const salts = header === null ? null : `${header.salt1}:${header.salt2}`;
    const restarted = salts !== null && salts !== w.walSalt;
    const pages = (restarted ? walPages(fd)?.pages : null) ?? new Set<number>();
    // A generation's frames lie together from the start of the file: the new one's, then what is left of the old one's.
    for (let i = w.frames; ; i++) {
      const frame = frameHeaderAt(fd, w.pageSize, i);
      if (frame?.salts === w.walSalt) pages.add(frame.page);
      else if (!restarted || frame?.salts !== salts) return pages;
    }
  }

  /**
   * After a witness that did not hold: whether the checkpoint since wrote into the file copied over
   * this one. Either some page it copied holds the WAL's content (the copy came before those
   * writes), or the copy has this database's size where its own header says another: the
   * checkpoint's last step cuts or extends the file to its last commit's size, and a copy landing
   * after the page writes and before that step holds none of the WAL's pages. A copy still being
   * written when the file is cut behind it goes on where it was: zeros are left at the cut. A copy
   * landing after the whole checkpoint is left as it was copied.
   */
  checkpointWroteInto(w: CheckpointWitness): boolean {
    if (this.fds.db === null || this.fds.wal === null) return false;
    const wal = walPages(this.fds.wal);
    const fromFrame = wal !== null && wal.salt === w.walSalt ? w.backfill : 0;
    if (compareCheckpointed(this.fds.db, this.fds.wal, this.fds.shm, { fromFrame, count: true }).matched > 0) return true;
    if (wal === null || wal.dbPages === 0) return false;
    const size = Number(fs.fstatSync(this.fds.db).size);
    const cut = wal.dbPages * w.pageSize;
    const declared = declaredSize(this.fds.db);
    if (size === cut) return declared !== null && declared !== size;
    // A file system block of zeros: only a free page of a database may start so (a false alarm then).
    const block = Buffer.alloc(Math.min(w.pageSize, 4096));
    return size > cut && fs.readSync(this.fds.db, block, 0, block.length, cut) === block.length && block.every((b) => b === 0);
  }

  private pageHashes(pageSize: number, pages: readonly number[]): Buffer[] {
    const buf = Buffer.alloc(pageSize);
    return pages.map((p) => {
      // A page past the end reads short: zeros after what there is.
      const n = fs.readSync(this.fds.db!, buf, 0, pageSize, (p - 1) * pageSize);
      buf.fill(0, n);
      return createHash('sha1').update(buf).digest();
    });
  }

  /** Frames in the WAL not yet copied into the main file (0 without a WAL). */
  backlog(): number {
    const m = this.marker();
    return Math.max(0, m.mxFrame - m.backfill);
  }

  /**
   * Whether the pages the WAL says were checkpointed are in the main file (see compareCheckpointed).
   * A page read while a checkpoint writes it may come out torn: a difference is looked at again.
   */
  private holdsCheckpointedPages(): boolean {
    if (this.fds.db === null || this.fds.wal === null) return true;
    for (let attempt = 0; ; attempt++) {
      if (compareCheckpointed(this.fds.db, this.fds.wal, this.fds.shm).mismatch === null) return true;
      if (attempt === 3) return false;
      sleepSync(25);
    }
  }

  /**
   * Remove the -wal and -shm this process used, when they still have their names: the next
   * process to open the new file would otherwise replay them into it. Call once the file is
   * known replaced and SQLite's connections are closed.
   */
  removeLeftovers(): void {
    for (const [suffix, fd] of [
      ['-wal', this.fds.wal],
      ['-shm', this.fds.shm],
    ] as const) {
      const mine = this.fdIdent(fd);
      if (mine && sameIdent(stat(`${this.file}${suffix}`), mine)) {
        try {
          fs.unlinkSync(`${this.file}${suffix}`);
        } catch {
          /* gone meanwhile */
        }
      }
    }
  }

  /** Only once SQLite's own connections to the file are closed (see the top of this file). */
  dispose(): void {
    for (const key of ['db', 'wal', 'shm'] as const) {
      const fd = this.fds[key];
      this.fds[key] = null;
      if (fd !== null) fs.closeSync(fd);
    }
  }

  private openFd(suffix: string): number | null {
    try {
      return fs.openSync(`${this.file}${suffix}`, 'r');
    } catch {
      return null;
    }
  }

  private fdIdent(fd: number | null): Ident | null {
    if (fd === null) return null;
    const st = fs.fstatSync(fd, { bigint: true });
    return { dev: st.dev, ino: st.ino };
  }

  /** Zeros where the file is missing or short, which differ from any real header. */
  private read(which: 'db' | 'wal' | 'shm', offset: number, length: number): Buffer {
    const buf = Buffer.alloc(length);
    const fd = this.fds[which];
    if (fd !== null) fs.readSync(fd, buf, 0, length, offset);
    return buf;
  }

  private marker(): Marker {
    const wal = this.read('wal', 12, 12);
    const shm = this.read('shm', 0, SHM_BACKFILL_ATTEMPTED + 4);
    const u32 = (at: number): number => (os.endianness() === 'LE' ? shm.readUInt32LE(at) : shm.readUInt32BE(at));
    return {
      sequence: wal.readUInt32BE(0),
      restarts: wal.readUInt32BE(4),
      salt: `${wal.readUInt32BE(4)}:${wal.readUInt32BE(8)}`,
      mxFrame: u32(SHM_MX_FRAME),
      backfill: u32(SHM_BACKFILL),
      attempted: u32(SHM_BACKFILL_ATTEMPTED),
    };
  }
}
