/**
 * A bounded check of a big database file's b-trees, for files over the size where SQLite's quick
 * check (which reads and decodes every page) takes too long to run at every opening.
 *
 * Reads the pages itself (the file, with the WAL's committed frames over it, as SQLite sees it)
 * and checks every b-tree's inner pages (a page's type, its cell pointers, its children within
 * the file and met once), then the leaves: every leaf of the smaller trees and an even random
 * sample of the bigger ones, within a budget of pages. A damaged leaf outside the sample is still
 * met by SQLite when a query reads it (then the store refuses the file; see StoreCore.guard), and
 * `workbench check` runs the full check on any size.
 */
import fs from 'node:fs';
import { frameDataOffset, mainPageSize, readFrames, readWalHeader } from './wal-file';

export interface Tree {
  /** The table or index (for the message). */
  name: string;
  root: number;
  /** A table's b-tree (keyed by rowid) rather than an index's or a WITHOUT ROWID table's. */
  table: boolean;
}

/** Leaves read at most, over all trees: 64 MB of 4 KB pages, a fraction of a second. */
export const LEAF_BUDGET = 16_384;

const INTERIOR_INDEX = 2;
const INTERIOR_TABLE = 5;
const LEAF_INDEX = 10;
const LEAF_TABLE = 13;

/** The file's pages as SQLite sees them: the WAL's last committed version of a page over the file's. */
class Pages {
  /** Where in the WAL each page's last committed version is. */
  private readonly wal = new Map<number, number>();
  private readonly buf = Buffer.alloc(65536);
  readonly size: number;
  readonly count: number;

  constructor(
    private readonly fd: number,
    private readonly walFd: number | null,
  ) {
    this.size = mainPageSize(fd) ?? 4096;
    let count = Number(fs.fstatSync(fd).size) / this.size;
    const header = walFd === null ? null : readWalHeader(walFd);
    if (header && header.pageSize === this.size) {
      const frames = readFrames(walFd!, header, Infinity, false);
      frames.pages.forEach((p, i) => this.wal.set(p, frameDataOffset(header, i)));
      if (frames.pages.length > 0) count = frames.dbPages;
    }
    this.count = Math.floor(count);
  }

  /** Valid until the next read (one buffer for all: tens of thousands of pages are read). */
  read(pgno: number): Buffer {
    const inWal = this.wal.get(pgno);
    const n =
      inWal === undefined ? fs.readSync(this.fd, this.buf, 0, this.size, (pgno - 1) * this.size) : fs.readSync(this.walFd!, this.buf, 0, this.size, inWal);
    this.buf.fill(0, n, this.size);
    return this.buf.subarray(0, this.size);
  }
}

class Damage extends Error {}

/** Pages met so far: a bit each (a set of millions of numbers would take hundreds of megabytes). */
class Seen {
  private readonly bits: Uint8Array;
  constructor(count: number) {
    this.bits = new Uint8Array((count >> 3) + 1);
  }
  /** Whether it was met before; marks it met. */
  meet(pgno: number): boolean {
    const mask = 1 << (pgno & 7);
    const was = (this.bits[pgno >> 3]! & mask) !== 0;
    this.bits[pgno >> 3] = this.bits[pgno >> 3]! | mask;
    return was;
  }
}

/** Checks one page's b-tree header; returns its children (none for a leaf) and whether it is a leaf. */
function checkPage(pages: Pages, pgno: number, tree: Tree, seen: Seen | null): { leaf: boolean; children: number[] } {
  const page = pages.read(pgno);
  const at = pgno === 1 ? 100 : 0;
  const type = page[at]!;
  const leaf = type === LEAF_TABLE || type === LEAF_INDEX;
  const expected = tree.table ? [INTERIOR_TABLE, LEAF_TABLE] : [INTERIOR_INDEX, LEAF_INDEX];
  if (!expected.includes(type)) throw new Damage(`page ${pgno} of ${tree.name} is not a valid b-tree page (its type byte is ${type})`);
  const cells = page.readUInt16BE(at + 3);
  const pointersEnd = at + (leaf ? 8 : 12) + 2 * cells;
  if (pointersEnd > pages.size) throw new Damage(`page ${pgno} of ${tree.name} claims ${cells} cells, more than fit in a page`);
  const children: number[] = [];
  for (let i = 0; i < cells; i++) {
    const cell = page.readUInt16BE(at + (leaf ? 8 : 12) + 2 * i);
    if (cell < pointersEnd || cell + 4 > pages.size) throw new Damage(`page ${pgno} of ${tree.name} has a cell outside the page`);
    if (!leaf) children.push(page.readUInt32BE(cell));
  }
  if (!leaf) children.push(page.readUInt32BE(at + 8));
  for (const c of children) {
    if (c < 2 || c > pages.count) throw new Damage(`page ${pgno} of ${tree.name} points to page ${c}, outside the file`);
    if (seen?.meet(c)) throw new Damage(`page ${c} is reached twice (from page ${pgno} of ${tree.name})`);
  }
  return { leaf, children };
}

/** Every inner page of a tree, level by level (a b-tree's leaves are all at one depth); returns the leaves. */
function innerPages(pages: Pages, tree: Tree, seen: Seen): number[] {
  if (tree.root < 1 || tree.root > pages.count) throw new Damage(`the root page ${tree.root} of ${tree.name} is outside the file`);
  if (seen.meet(tree.root)) throw new Damage(`page ${tree.root}, the root of ${tree.name}, belongs to another tree too`);
  let level = [tree.root];
  for (;;) {
    const first = checkPage(pages, level[0]!, tree, seen);
    if (first.leaf) return level;
    const next = [...first.children];
    for (let i = 1; i < level.length; i++) {
      const p = checkPage(pages, level[i]!, tree, seen);
      if (p.leaf) throw new Damage(`page ${level[i]} of ${tree.name} is a leaf among inner pages`);
      next.push(...p.children);
    }
    level = next;
  }
}

/**
 * Null when no damage was found in the trees; else the first problem, in one line. `random` picks
 * the sampled leaves (tests pass a seeded one).
 */
export function checkTrees(file: string, trees: readonly Tree[], budget = LEAF_BUDGET, random: () => number = Math.random): string | null {
  const fd = fs.openSync(file, 'r');
  let walFd: number | null = null;
  try {
    walFd = fs.openSync(`${file}-wal`, 'r');
  } catch {
    /* no WAL: the file alone */
  }
  try {
    return checkTreesIn({ db: fd, wal: walFd }, trees, budget, random);
  } finally {
    fs.closeSync(fd);
    if (walFd !== null) fs.closeSync(walFd);
  }
}

/**
 * checkTrees through descriptors the caller keeps open: a process with a connection to the file
 * must not close one (closing any descriptor of a file drops every lock the process holds on it).
 */
export function checkTreesIn(
  fds: { db: number; wal: number | null },
  trees: readonly Tree[],
  budget = LEAF_BUDGET,
  random: () => number = Math.random,
): string | null {
  try {
    const pages = new Pages(fds.db, fds.wal);
    const seen = new Seen(pages.count);
    const leaves = trees.map((tree) => ({ tree, leaves: innerPages(pages, tree, seen) }));
    // The smaller trees whole, then an even share of what is left for each bigger one.
    leaves.sort((a, b) => a.leaves.length - b.leaves.length);
    let left = budget;
    leaves.forEach(({ tree, leaves: list }, i) => {
      const share = Math.floor(left / (leaves.length - i));
      // Read in file order: the disk's readahead then serves most of them.
      const picks = list.length <= share ? list : Array.from({ length: share }, () => list[Math.floor(random() * list.length)]!).sort((a, b) => a - b);
      // The root was checked already when the tree is a single leaf.
      for (const p of picks) if (p !== tree.root) checkPage(pages, p, tree, null);
      left -= picks.length;
    });
    return null;
  } catch (e) {
    if (e instanceof Damage) return e.message;
    throw e;
  }
}
