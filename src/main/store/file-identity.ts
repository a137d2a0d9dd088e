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
import { compareCheckpointed, declaredSize, frameSaltsAt, mainPageSize, readShm, readWalHeader, walPages } from './wal-file';

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
 * Where checkpoints stand: the WAL's salts (new each time the WAL restarts from its start), its
 * last frame, how far checkpoints copied it into the main file and how far the latest one started
 * to (set before copying).
 */
interface Marker {
  /** Salt-1, one more at each restart. */
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
/** Why a file is no longer this store's (see FileIdentity.check); goneMessage makes the line. */
export const OVERWRITTEN = 'was overwritten in place by another file';
/** A copy landed while one of this process's checkpoints wrote: some of its pages are this process's. */
export const WROTE_INTO = 'was overwritten in place by another file while this process was writing its changes into it';

/** The one line a store retired from its file says, for the reason check or a checkpoint gave. */
export function goneMessage(file: string, reason: string): string {
  return reason === WROTE_INTO
    ? `the database file ${file} ${WROTE_INTO}, so this process stopped writing to it (copy that file over it again: some of its pages are this process's)`
    : `the database file ${file} ${reason} while in use, so this process stopped writing to it`;
}
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

/** The file as `was` saw it: its size, time and header (file times tick in jiffies, so the header too). */
const sameContent = (was: State, db: State['db'], header: Buffer): boolean =>
  db.size === was.db.size && db.mtimeNs === was.db.mtimeNs && header.equals(was.header);

const sameIdent = (a: Ident | null, b: Ident | null): boolean => a === b || (a !== null && b !== null && a.dev === b.dev && a.ino === b.ino);

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** The database file at `file` and its -wal and -shm, as this process opened them. */
export class FileIdentity implements Disposable {
  private readonly fds: { db: number | null; wal: number | null; shm: number | null } = { db: null, wal: null, shm: null };
  /** The witness of this process's last checkpoint, until a look finds the file as it left it. */
  private lastWitness: CheckpointWitness | null = null;

  private state: State | null = null;

  /** Opened before SQLite opens the file (see descriptors), `watch` again once it has. */
  constructor(private readonly file: string) {
    this.fds.db = this.openFd('');
    this.fds.wal = this.openFd('-wal');
    this.fds.shm = this.openFd('-shm');
    this.watch();
  }

  /** From now on the file must stay the one open now: `check` tells when it does not. */
  watch(): void {
    // Another process closing the database as its last connection before SQLite opened it here
    // removed the -wal and -shm opened at construction: the ones under the names are this connection's.
    this.fds.wal = this.underName('-wal', this.fds.wal);
    this.fds.shm = this.underName('-shm', this.fds.shm);
    // The counters before the file (see check).
    const marker = this.marker();
    const db = stat(this.file);
    this.state = db && { db, wal: this.fdIdent(this.fds.wal), header: this.read('db', 0, 100), marker };
  }

  /** The main file's and the WAL's descriptors, to read pages through while SQLite has the file open. */
  descriptors(): { db: number; wal: number | null } | null {
    this.fds.wal ??= this.openFd('-wal');
    return this.fds.db === null ? null : { db: this.fds.db, wal: this.fds.wal };
  }

  /** Null while the file is still the database opened; else why it is not (e.g. "was deleted"). */
  check(): string | null {
    const was = this.state;
    if (!was) return null;
    // A WAL that did not exist at opening is taken as this connection's once it appears.
    this.fds.wal ??= this.openFd('-wal');
    this.fds.shm ??= this.openFd('-shm');
    // Before the file is looked at: a checkpoint writing after this shows in the counters next time.
    const first = this.marker();
    const db = stat(this.file);
    if (!db) return 'was deleted';
    if (!sameIdent(db, was.db)) return 'was replaced by another file';
    const wal = stat(`${this.file}-wal`);
    const walIdent = was.wal ?? this.fdIdent(this.fds.wal);
    // SQLite removes the WAL only when its last connection closes, and this one is open.
    if (walIdent && !sameIdent(wal, walIdent)) return 'was replaced (its -wal file is gone or another one)';
    // File times tick in jiffies, so the header is read every time as well.
    const header = this.read('db', 0, 100);
    if (sameContent(was, db, header)) {
      // Unchanged since `first` was read: a checkpoint counted in it wrote nothing since (see checkpointed).
      this.state = { ...was, wal: walIdent, marker: first };
      return null;
    }
    // (A header read in the middle of a copy may be anything: no finer reason than "overwritten".)
    if (header.toString('latin1', 0, 16) !== HEADER_MAGIC) return OVERWRITTEN;
    let now = this.marker();
    for (let waited = 0; !this.checkpointed(was.marker, now) && waited < CHECKPOINT_GRACE_MS; waited += 25) {
      sleepSync(25);
      now = this.marker();
    }
    if (!this.checkpointed(was.marker, now)) return this.overwritten();
    // Counters that moved prove a checkpoint ran, not that the file under the name is the one it
    // wrote (a copy may land just after it): the pages it copied must be in the file.
    if (!this.holdsCheckpointedPages()) return this.overwritten();
    this.state = { db, wal: walIdent, header, marker: first };
    this.lastWitness = null;
    return null;
  }

  /**
   * A copy found since this process's last checkpoint may have landed while it wrote, the pages
   * it witnessed being the copy's too (two files of one schema share many): then some of the
   * file's pages are this process's, and the copy must be made again (see checkpointWroteInto).
   */
  private overwritten(): string {
    return this.lastWitness !== null && this.checkpointWroteInto(this.lastWitness) ? WROTE_INTO : OVERWRITTEN;
  }

  /**
   * Whether a checkpoint wrote to the main file between the two markers. A restart of the WAL does
   * not, but it needs every frame copied first: frames not yet copied at `was`, frames added after
   * it (see grewBeforeRestart), or a second restart, mean a checkpoint ran in between. `was` is
   * taken again at every look that finds the file unchanged and after this process's own writes
   * (see refresh), so that frames added since are few.
   */
  private checkpointed(was: Marker, now: Marker): boolean {
    if (now.salt === was.salt) return now.attempted > was.attempted || now.backfill > was.backfill;
    // No WAL header then (a database reopened after a clean close): its salts start at random, so
    // count on the sequence, which a restart (after a complete checkpoint) raises from 0.
    if (was.salt === NO_SALT) return now.sequence > 0 || now.attempted > 0 || now.backfill > 0;
    // SQLite restarts only a WAL some of whose frames were copied: one without frames at `was` got some since.
    if (now.attempted > 0 || was.mxFrame === 0 || was.backfill < was.mxFrame || (now.restarts - was.restarts) >>> 0 >= 2) return true;
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
      const salts = frameSaltsAt(this.fds.wal!, header.pageSize, i);
      if (salts !== now.salt) return salts === was.salt;
    }
  }

  /**
   * After one of this process's writes: the counters again, while the file is as last seen, so a
   * restart of the WAL that write made is not taken for another process's (see checkpointed).
   */
  refresh(): void {
    const was = this.state;
    if (!was) return;
    const first = this.marker();
    const db = stat(this.file);
    if (db && sameIdent(db, was.db) && sameContent(was, db, this.read('db', 0, 100))) this.state = { ...was, marker: first };
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
    this.lastWitness = { pageSize, walSalt: wal.salt, backfill, pages, hashes: this.pageHashes(pageSize, pages) };
    return this.lastWitness;
  }

  /**
   * Whether the pages `w` witnessed are as they were. Between the two, no process may add a frame
   * to the WAL or start it over (StoreCore.checkpoint holds the write lock): only a checkpoint of
   * the WAL's pages may write to the file.
   */
  witnessHolds(w: CheckpointWitness): boolean {
    if (this.fds.db === null) return true;
    const now = this.pageHashes(w.pageSize, w.pages);
    return w.pages.every((_, i) => now[i]!.equals(w.hashes[i]!));
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
   * known replaced and SQLite's connections are closed. Left while another connection uses them:
   * it finds the file replaced too and removes them as the last, and if this process was wrong,
   * their frames are that connection's saved work.
   */
  removeLeftovers(): void {
    if (this.walInUse()) return;
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

  /**
   * Whether a connection still has the -shm open: each holds a lock on it while open, and Linux
   * lists every lock by inode in /proc/locks (elsewhere this cannot be told: false).
   */
  private walInUse(): boolean {
    const shm = this.fdIdent(this.fds.shm);
    if (shm === null) return false;
    let locks: string;
    try {
      locks = fs.readFileSync('/proc/locks', 'latin1');
    } catch {
      return false;
    }
    // "1: POSIX  ADVISORY  READ 4321 fe:00:4243837 128 128": the device then the inode.
    const inode = new RegExp(`^[0-9a-f]+:[0-9a-f]+:${shm.ino}$`);
    return locks.split('\n').some((line) => line.split(/\s+/).some((field) => inode.test(field)));
  }

  /** Only once SQLite's own connections to the file are closed (see the top of this file). */
  dispose(): void {
    for (const key of ['db', 'wal', 'shm'] as const) {
      const fd = this.fds[key];
      this.fds[key] = null;
      if (fd !== null) fs.closeSync(fd);
    }
  }

  /**
   * `fd` if it is still the file under the name, else a descriptor of that file. The one closed is
   * a removed file's, which no connection of this process uses (it opened the file under the
   * name), so no lock of SQLite's goes with it.
   */
  private underName(suffix: string, fd: number | null): number | null {
    const mine = this.fdIdent(fd);
    if (mine !== null && sameIdent(stat(`${this.file}${suffix}`), mine)) return fd;
    if (fd !== null) fs.closeSync(fd);
    return this.openFd(suffix);
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
