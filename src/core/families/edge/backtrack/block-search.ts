import type { SolverRun } from '../../../engine/solver';
import { damaged as damagedCheckpoint } from '../../../engine/checkpoint';
import { Rng, type RngState } from '../../../rng/rng';
import type { BlockCheckpoint } from './checkpoint';
import { solutionToJson, type EdgeSolutionJson } from '../model/json';
import { hasGreyBorder, isRotatable, type EdgePuzzle } from '../model/model';
import type { BlockHeuristic } from './block-heuristics';
import { blockLoop, maskLoop, type BlockCursor } from './block-loops';
import { BlockTables } from './block-tables';
import { pieceTypes, typesToBoard, type PieceTypes } from './piece-types';

export { BLOCK_HEURISTICS } from './block-heuristics';

export interface BlockOptions {
  heuristic: BlockHeuristic;
  shuffle: boolean;
}

/**
 * Backtracking over the half-size board of 2x2 blocks, block positions row by row, with the same
 * explicit-stack loop as the single-tile search; a block fits when its left and top patterns
 * match and each of its four pieces is still free. Evaluations count block placements (nodes).
 * It reports the deepest board reached (the placed blocks only; fixed pieces show once their
 * block is placed). On an odd board the void cells that pad it (see blockLayout) use no piece and
 * never reach the reported board.
 */
export class BlockRun implements SolverRun<EdgeSolutionJson, BlockCheckpoint> {
  evaluations = 0;
  bestScore = 0;
  readonly iteration = 0;
  readonly tables: BlockTables;
  private readonly pt: PieceTypes;
  private readonly cnt: Int32Array;
  /** Pieces in use as a bit set (the loop for unique pieces). */
  private readonly used: Int32Array;
  private readonly depth: number;
  private readonly keyBase: Int32Array;
  private readonly lIdx: Int32Array;
  private readonly tIdx: Int32Array;
  /** Per block position: right and bottom pattern of the block there; then a grey slot. */
  private readonly pat: Int32Array;
  private readonly placed: Int32Array;
  private readonly scoreAt: Int32Array;
  private shuffled: RngState | null;
  private readonly cur: BlockCursor = { d: 0, ci: 0, bestDepth: 0, done: false };
  private readonly loop: (budget: number) => number;
  private best: EdgeSolutionJson;

  constructor(
    private readonly puzzle: EdgePuzzle,
    opts: BlockOptions,
    private readonly rng: Rng,
    shuffled: RngState | null | undefined = undefined,
  ) {
    const refused = blockSearchRefuses(puzzle);
    if (refused) throw new Error(refused);
    this.pt = pieceTypes(puzzle);
    // A fresh run shuffles from its seed; a restored one from the state it recorded.
    this.shuffled = shuffled === undefined ? (opts.shuffle ? rng.getState() : null) : shuffled;
    const shuffleRng = this.shuffled ? (shuffled === undefined ? rng : new Rng(this.shuffled)) : null;
    this.tables = new BlockTables(puzzle, this.pt, opts.heuristic, shuffleRng);
    const { layout, patterns: P } = this.tables;
    const n = (this.depth = layout.rows * layout.cols);
    this.cnt = new Int32Array(this.pt.typeCount + 1);
    this.cnt.set(this.pt.count);
    // More void cells than any board has, so a void sub-cell never makes a block wait.
    this.cnt[this.tables.voidType] = 1 << 30;
    this.used = new Int32Array(this.tables.words);
    this.keyBase = new Int32Array(n + 1);
    this.lIdx = new Int32Array(n + 1);
    this.tIdx = new Int32Array(n + 1);
    this.scoreAt = new Int32Array(n + 1);
    const grey = 2 * n;
    this.pat = new Int32Array(2 * n + 1);
    const { rows, cols } = puzzle;
    for (let d = 0; d < n; d++) {
      const c = d % layout.cols;
      this.keyBase[d] = layout.classOf[d] * P * P;
      this.lIdx[d] = c > 0 ? 2 * (d - 1) : grey;
      this.tIdx[d] = d >= layout.cols ? 2 * (d - layout.cols) + 1 : grey;
      // Blocks go down row by row, so each real cell of a block completes exactly its joins to the
      // left and above (none on the board's first row or column); void cells have no joins.
      const r0 = 2 * Math.floor(d / layout.cols);
      let joins = 0;
      for (let q = 0; q < 4; q++) {
        const r = r0 + (q >> 1);
        const cc = 2 * c + (q & 1);
        if (r < rows && cc < cols) joins += (r > 0 ? 1 : 0) + (cc > 0 ? 1 : 0);
      }
      this.scoreAt[d + 1] = this.scoreAt[d] + joins;
    }
    this.keyBase[n] = this.tables.emptyKey;
    this.lIdx[n] = grey;
    this.tIdx[n] = grey;
    this.placed = new Int32Array(n + 1);
    this.loop = this.tables.masks
      ? maskLoop(this.tables, this.tables.masks, this.used, this.pat, this.placed, this.keyBase, this.lIdx, this.tIdx, this.cur)
      : blockLoop(this.tables, this.cnt, this.pat, this.placed, this.keyBase, this.lIdx, this.tIdx, this.cur);
    this.best = this.boardJson(0);
    this.cur.ci = this.tables.start[this.key(0)];
  }

  get currentScore(): number {
    return this.scoreAt[this.cur.d];
  }

  get finished(): boolean {
    return this.cur.done;
  }

  bestSolution(): EdgeSolutionJson {
    return this.best;
  }

  private key(d: number): number {
    return this.keyBase[d] + this.pat[this.lIdx[d]] * this.tables.patterns + this.pat[this.tIdx[d]];
  }

  private boardJson(depth: number): EdgeSolutionJson {
    const { rows, cols } = this.puzzle;
    const bc = this.tables.layout.cols;
    const cellType = new Int32Array(rows * cols).fill(-1);
    const cellRot = new Uint8Array(rows * cols);
    for (let d = 0; d < depth; d++) {
      const e = this.placed[d];
      const r0 = 2 * Math.floor(d / bc);
      const c0 = 2 * (d % bc);
      for (let q = 0; q < 4; q++) {
        const r = r0 + (q >> 1);
        const c = c0 + (q & 1);
        if (r >= rows || c >= cols) continue;
        cellType[r * cols + c] = this.tables.types[4 * e + q];
        cellRot[r * cols + c] = this.tables.rots[4 * e + q];
      }
    }
    return solutionToJson(typesToBoard(this.pt, cellType, cellRot));
  }

  step(budget: number): void {
    const cur = this.cur;
    let left = budget;
    while (left > 0 && !cur.done) {
      const did = this.loop(left);
      this.evaluations += did;
      left -= did;
      if (cur.d > cur.bestDepth) {
        // Deeper than ever; each block adds matched joins, so the score is higher too.
        cur.bestDepth = cur.d;
        this.bestScore = this.scoreAt[cur.d];
        this.best = this.boardJson(cur.d);
        return;
      }
    }
  }

  checkpoint(): BlockCheckpoint {
    return {
      v: 1,
      evaluations: this.evaluations,
      rng: this.rng.getState(),
      shuffled: this.shuffled,
      stack: Array.from(this.placed.subarray(0, this.cur.d)),
      cursor: this.cur.ci,
      finished: this.cur.done,
      bestScore: this.bestScore,
      bestDepth: this.cur.bestDepth,
      best: this.best,
    };
  }

  static restore(puzzle: EdgePuzzle, opts: BlockOptions, s: BlockCheckpoint): BlockRun {
    const damaged = (where: string, why: string): Error => damagedCheckpoint('backtrack-2x2', where, why);
    const run = new BlockRun(puzzle, opts, new Rng(s.rng), s.shuffled);
    const { tables } = run;
    if (s.stack.length > run.depth) throw damaged('stack', 'deeper than the board');
    for (let d = 0; d < s.stack.length; d++) {
      const ci = s.stack[d];
      const k = run.key(d);
      if (!(ci >= tables.start[k] && ci < tables.stop[k])) throw damaged(`stack.${d}`, 'not a candidate block there');
      run.placed[d] = ci;
      for (let q = 0; q < 4; q++) run.cnt[tables.types[4 * ci + q]]--;
      for (let w = 0; w < tables.words; w++) run.used[w] |= tables.masks![tables.words * ci + w];
      run.pat[2 * d] = tables.right[ci];
      run.pat[2 * d + 1] = tables.bottom[ci];
    }
    const d = s.stack.length;
    const k = run.key(d);
    if (!(s.cursor >= tables.start[k] && s.cursor <= tables.stop[k])) throw damaged('cursor', 'not a candidate block there');
    Object.assign(run.cur, { d, ci: s.cursor, bestDepth: s.bestDepth, done: s.finished });
    run.evaluations = s.evaluations;
    run.bestScore = s.bestScore;
    run.best = s.best;
    return run;
  }
}

/** Largest side the 2x2 transform takes: E2-style 16x16 boards have millions of blocks (hundreds of MB, minutes to list). */
export const MAX_BLOCK_SIDE = 14;

/** Blocks are built from turned pieces inside a grey frame: upright or frameless sets go to backtrack. */
export function blockSearchRefuses(puzzle: EdgePuzzle): string | null {
  if (!isRotatable(puzzle) || !hasGreyBorder(puzzle)) return 'backtrack-2x2 needs pieces that turn and a grey border; use backtrack for this puzzle';
  if (puzzle.rows > MAX_BLOCK_SIDE || puzzle.cols > MAX_BLOCK_SIDE)
    return `backtrack-2x2 takes boards up to ${MAX_BLOCK_SIDE}x${MAX_BLOCK_SIDE} (the 2x2 transform of a larger board has millions of blocks); use backtrack for this ${puzzle.rows}x${puzzle.cols} puzzle`;
  return null;
}
