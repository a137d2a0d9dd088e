/**
 * Reading a database's `-wal` and `-shm` the way SQLite does, to tell whether they belong to the
 * main file beside them.
 *
 * SQLite replays any `-wal` whose header and frame checksums are valid, whatever main file sits
 * beside it: nothing in a WAL names its database. What does tie them is the checkpoint: the frames
 * up to the wal-index's nBackfill were copied into the main file, so a page whose last frame is
 * among them is in the file at exactly that version. A main file that differs on any of them is
 * another file. Format: https://sqlite.org/fileformat2.html#walformat
 */
import fs from 'node:fs';
import os from 'node:os';

const WAL_HEADER = 32;
const FRAME_HEADER = 24;
const MAGIC_LE = 0x377f0682;
const MAGIC_BE = 0x377f0683;
/** Offsets in the -shm file: the wal-index header's mxFrame and salts, then WalCkptInfo's nBackfill and nBackfillAttempted (native byte order but the salts). */
const SHM_MX_FRAME = 16;
const SHM_SALT = 32;
const SHM_BACKFILL = 96;
const SHM_BACKFILL_ATTEMPTED = 128;
/** At most this many pages are compared, of at most this many frames read (the store checkpoints at about 1000). */
const MAX_COMPARED_PAGES = 8192;
const MAX_READ_FRAMES = 16384;

export interface WalHeader {
  pageSize: number;
  salt1: number;
  salt2: number;
  bigEndian: boolean;
  cksum: [number, number];
}

export interface ShmCounters {
  mxFrame: number;
  backfill: number;
  attempted: number;
  salt1: number;
  salt2: number;
}

/** Where the main file and the WAL beside it agree or not. */
export interface WalMatch {
  /** Pages compared (those the WAL says were checkpointed into the main file). */
  compared: number;
  /** The first page whose content in the main file is none the WAL had for it, or null. */
  mismatch: number | null;
  /** Pages compared that hold the WAL's content (counted on to the end when asked to count). */
  matched: number;
}

function readAt(fd: number, offset: number, length: number): Buffer {
  const buf = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const n = fs.readSync(fd, buf, done, length - done, offset + done);
    if (n === 0) break;
    done += n;
  }
  return done === length ? buf : buf.subarray(0, done);
}

/** SQLite's WAL checksum (wal.c, walChecksumBytes): two running sums over 32-bit words. */
function checksum(data: Buffer, bigEndian: boolean, start: [number, number]): [number, number] {
  let s1 = start[0];
  let s2 = start[1];
  for (let i = 0; i + 8 <= data.length; i += 8) {
    const a = bigEndian ? data.readUInt32BE(i) : data.readUInt32LE(i);
    const b = bigEndian ? data.readUInt32BE(i + 4) : data.readUInt32LE(i + 4);
    s1 = (s1 + a + s2) >>> 0;
    s2 = (s2 + b + s1) >>> 0;
  }
  return [s1, s2];
}

/** The WAL header, or null when SQLite would ignore the file (too short, bad magic or checksum). */
export function readWalHeader(fd: number): WalHeader | null {
  const h = readAt(fd, 0, WAL_HEADER);
  if (h.length < WAL_HEADER) return null;
  const magic = h.readUInt32BE(0);
  if (magic !== MAGIC_LE && magic !== MAGIC_BE) return null;
  const bigEndian = magic === MAGIC_BE;
  const cksum = checksum(h.subarray(0, 24), bigEndian, [0, 0]);
  if (cksum[0] !== h.readUInt32BE(24) || cksum[1] !== h.readUInt32BE(28)) return null;
  const pageSize = h.readUInt32BE(8);
  if (pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) !== 0) return null;
  return { pageSize, salt1: h.readUInt32BE(16), salt2: h.readUInt32BE(20), bigEndian, cksum };
}

/**
 * The frames SQLite would replay: up to the last commit frame of the unbroken valid run from frame
 * 1. Each frame's page data is at `WAL_HEADER + i * (pageSize + 24) + 24` (see frameDataOffset);
 * `keep` false drops the data once checked (a WAL may be big).
 */
export function readFrames(fd: number, header: WalHeader, maxFrames = Infinity, keep = true): { pages: number[]; data: Buffer[]; dbPages: number } {
  const size = header.pageSize + FRAME_HEADER;
  const pages: number[] = [];
  const data: Buffer[] = [];
  let committed = 0;
  let dbPages = 0;
  let sum = header.cksum;
  for (let i = 0; i < maxFrames; i++) {
    const frame = readAt(fd, WAL_HEADER + i * size, size);
    if (frame.length < size) break;
    const pgno = frame.readUInt32BE(0);
    if (pgno === 0 || frame.readUInt32BE(8) !== header.salt1 || frame.readUInt32BE(12) !== header.salt2) break;
    sum = checksum(frame.subarray(0, 8), header.bigEndian, sum);
    sum = checksum(frame.subarray(FRAME_HEADER), header.bigEndian, sum);
    if (sum[0] !== frame.readUInt32BE(16) || sum[1] !== frame.readUInt32BE(20)) break;
    pages.push(pgno);
    if (keep) data.push(frame.subarray(FRAME_HEADER));
    if (frame.readUInt32BE(4) !== 0) {
      committed = pages.length;
      dbPages = frame.readUInt32BE(4);
    }
  }
  return { pages: pages.slice(0, committed), data: data.slice(0, committed), dbPages };
}

/**
 * The pages the WAL holds a committed frame of, the database's size
 * in pages at its last commit (0 without one) and its salts, or null when SQLite would ignore it.
 */
export function walPages(fd: number): { pages: Set<number>; dbPages: number; salt: string } | null {
  const header = readWalHeader(fd);
  if (!header) return null;
  const frames = readFrames(fd, header, Infinity, false);
  return { pages: new Set(frames.pages), dbPages: frames.dbPages, salt: `${header.salt1}:${header.salt2}` };
}

/**
 * The salts frame `i` (from 0) was written with, as `salt1:salt2` (a frame left from an earlier
 * generation of the WAL keeps that generation's), or null past the end of the file.
 */
export function frameSaltsAt(fd: number, pageSize: number, i: number): string | null {
  const h = readAt(fd, WAL_HEADER + i * (pageSize + FRAME_HEADER), FRAME_HEADER);
  return h.length < FRAME_HEADER ? null : `${h.readUInt32BE(8)}:${h.readUInt32BE(12)}`;
}

/** Where frame `i` (from 0) keeps its page. */
export function frameDataOffset(header: WalHeader, i: number): number {
  return WAL_HEADER + i * (header.pageSize + FRAME_HEADER) + FRAME_HEADER;
}

/** The wal-index's counters, or null without a usable -shm. */
export function readShm(fd: number | null): ShmCounters | null {
  if (fd === null) return null;
  const shm = readAt(fd, 0, SHM_BACKFILL_ATTEMPTED + 4);
  if (shm.length < SHM_BACKFILL_ATTEMPTED + 4 || shm[12] === 0) return null; // isInit
  const u32 = (at: number): number => (os.endianness() === 'LE' ? shm.readUInt32LE(at) : shm.readUInt32BE(at));
  return {
    mxFrame: u32(SHM_MX_FRAME),
    backfill: u32(SHM_BACKFILL),
    attempted: u32(SHM_BACKFILL_ATTEMPTED),
    // The salts are the WAL header's bytes, copied as they are.
    salt1: shm.readUInt32BE(SHM_SALT),
    salt2: shm.readUInt32BE(SHM_SALT + 4),
  };
}

/** The main file's first 100 bytes when they are an SQLite header, else null. */
function mainHeader(fd: number): Buffer | null {
  const h = readAt(fd, 0, 100);
  return h.length === 100 && h.toString('latin1', 0, 16) === 'SQLite format 3\0' ? h : null;
}

function headerPageSize(h: Buffer): number {
  const v = h.readUInt16BE(16);
  return v === 1 ? 65536 : v;
}

/** The main file's page size from its header (1 there means 65536), or null when it is no SQLite file. */
export function mainPageSize(fd: number): number | null {
  const h = mainHeader(fd);
  return h === null ? null : headerPageSize(h);
}

/**
 * The size in bytes the main file's header gives the database (its page count times its page
 * size), or null when the header does not vouch for it: SQLite trusts that count only while the
 * change counter equals the version-valid-for number beside it.
 */
export function declaredSize(fd: number): number | null {
  const h = mainHeader(fd);
  if (h === null) return null;
  const pages = h.readUInt32BE(28);
  return pages > 0 && h.readUInt32BE(24) === h.readUInt32BE(92) ? pages * headerPageSize(h) : null;
}

/**
 * Compare the main file with the pages the WAL says were checkpointed into it (frames up to the
 * -shm's nBackfill, when the -shm is of this WAL). Only pages with no later frame count: a
 * checkpoint held back by a reader skips every page whose last frame it may not copy yet, so such
 * a page may still hold any older content.
 */
export function compareCheckpointed(mainFd: number, walFd: number, shmFd: number | null, opts: { fromFrame?: number; count?: boolean } = {}): WalMatch {
  const header = readWalHeader(walFd);
  const shm = readShm(shmFd);
  if (!header || !shm || shm.salt1 !== header.salt1 || shm.salt2 !== header.salt2 || shm.backfill === 0) return { compared: 0, mismatch: null, matched: 0 };
  const { pages, data } = readFrames(walFd, header, Math.min(shm.mxFrame, MAX_READ_FRAMES));
  const backfill = Math.min(shm.backfill, pages.length);
  const last = new Map<number, number>();
  pages.forEach((p, i) => last.set(p, i));
  let compared = 0;
  let matched = 0;
  let mismatch: number | null = null;
  for (const [pgno, at] of last) {
    if (at >= backfill || at < (opts.fromFrame ?? 0)) continue;
    if (compared >= MAX_COMPARED_PAGES) break;
    compared++;
    if (readAt(mainFd, (pgno - 1) * header.pageSize, header.pageSize).equals(data[at]!)) matched++;
    else if (mismatch === null) {
      mismatch = pgno;
      if (!opts.count) break;
    }
  }
  return { compared, mismatch, matched };
}
