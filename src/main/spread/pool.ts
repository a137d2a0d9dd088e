/**
 * The elite pool of a spread run: up to K distinct top boards, best first, from which the
 * coordinator draws the board each pass job starts from. Pure: the coordinator checks every board
 * before it comes here, and checkpoints the pool as `entries`.
 *
 * Distinct: two boards that differ in fewer than `minDiff` cells (a cell differs when its piece or
 * its turn does) are one board, kept at the higher score (the one already there on a tie). A pass
 * that re-searches the last rows of a board and scores higher replaces it when it changed few
 * cells, and stands beside it when it changed many; a fresh pass's board stands on its own.
 */
import * as v from 'valibot';
import type { Rng } from '../../core/rng/rng';

export const PoolEntry = v.object({
  score: v.number(),
  board: v.unknown(),
  /** The worker that found it, and the job number it came from. */
  by: v.string(),
  n: v.number(),
});
export type PoolEntry = v.InferOutput<typeof PoolEntry>;

/** Cells in which two boards differ (Infinity when they cannot be compared). */
export type BoardDistance = (a: unknown, b: unknown) => number;

export interface PoolOptions {
  /** Most boards kept. */
  size: number;
  /** Boards closer than this (in cells) are one board. */
  minDiff: number;
  distance: BoardDistance;
}

export class ElitePool {
  private list: PoolEntry[] = [];

  constructor(
    private readonly opts: PoolOptions,
    entries: readonly PoolEntry[] = [],
  ) {
    for (const e of entries) this.offer(e);
  }

  get entries(): readonly PoolEntry[] {
    return this.list;
  }

  get best(): PoolEntry | null {
    return this.list[0] ?? null;
  }

  /** Take a board in where it earns a place; true when the pool changed. */
  offer(e: PoolEntry): boolean {
    const near = this.list.findIndex((p) => this.opts.distance(p.board, e.board) < this.opts.minDiff);
    if (near >= 0) {
      if (e.score <= this.list[near]!.score) return false;
      this.list.splice(near, 1);
      // A board that rose past one neighbour may still sit near another, lower one: that goes too.
      this.list = this.list.filter((p) => p.score > e.score || this.opts.distance(p.board, e.board) >= this.opts.minDiff);
    } else if (this.list.length >= this.opts.size && e.score <= this.list.at(-1)!.score) return false;
    // Best first; among equals the older first, so a newcomer is the first to go.
    let at = this.list.findIndex((p) => p.score < e.score);
    if (at < 0) at = this.list.length;
    this.list.splice(at, 0, e);
    if (this.list.length > this.opts.size) this.list.length = this.opts.size;
    return true;
  }

  /**
   * The board a pass starts from: null (from empty) while the pool is empty, and with chance
   * `fresh` after that; otherwise a pool board drawn by rank, the best K times as likely as the
   * K-th.
   */
  draw(rng: Rng, fresh: number): PoolEntry | null {
    const k = this.list.length;
    if (k === 0 || rng.next() < fresh) return null;
    let r = rng.int((k * (k + 1)) / 2);
    for (let i = 0; i < k; i++) {
      r -= k - i;
      if (r < 0) return this.list[i]!;
    }
    return this.list[k - 1]!;
  }
}

/** The cells of an edge board as its solution JSON holds them (`{cells: [[piece + 1, turn], ...]}`), or null. */
export function edgeCells(board: unknown): unknown[][] | null {
  const cells = (board as { cells?: unknown } | null)?.cells;
  return Array.isArray(cells) && cells.every((c) => Array.isArray(c)) ? (cells as unknown[][]) : null;
}

/** Cells of two edge boards that differ (in piece or turn). */
export function edgeDistance(a: unknown, b: unknown): number {
  const x = edgeCells(a);
  const y = edgeCells(b);
  if (!x || !y || x.length !== y.length) return Infinity;
  let d = 0;
  for (let i = 0; i < x.length; i++) if (x[i]![0] !== y[i]![0] || x[i]![1] !== y[i]![1]) d++;
  return d;
}
