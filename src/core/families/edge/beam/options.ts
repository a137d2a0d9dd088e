import { RUN_MEMORY_LIMIT } from '../../../engine/limits';
import type { EdgePuzzle } from '../model/model';
import { bandRows, lateStartOf } from './layout';

export interface BeamOptions {
  width: number;
  maxWidth: number;
  growth: number;
  /** Rank equal partial boards by how well the colours left can still close the open edges. */
  balance: boolean;
  /**
   * Colours each pass draws to use up first (0 = none; one frame colour, the rest inner ones, see
   * `ColourExhaust`): partial boards with equal joins are ranked by how many faces of those colours
   * their pieces show, so the last rows, where the joins are lost, are left fewer colours to close
   * (after Blackwood's colour exhaustion).
   */
  exhaust?: number;
  /** Keep one of partial boards with the same pieces left and the same open edges. */
  dedupe?: boolean;
  /**
   * Bottom rows filled column by column (0 = every row left to right). The last rows are where
   * the colours run out; filled as a band, each column's frame piece is chosen with the cells
   * above it instead of after a whole row that may have left no bottom piece to fit. -1: a
   * third of the rows.
   */
  band?: number;
  /**
   * Width above the last `lateRows` rows, as a share of the pass's width (1 = the same). Every
   * join is lost in the bottom rows; above them the kept boards all match everywhere, so a
   * narrower top buys a wider bottom at the same cost.
   */
  early?: number;
  lateRows?: number;
  /**
   * Share of the passes at full width that search again only the end of the best board: its
   * first cells (in scan order) kept, a start drawn in the last `suffixRows` rows, and the rest
   * searched with a width raised so the pass costs about a full one (at most `wide` x maxWidth).
   * A board as good as the best replaces it, so the run drifts along its plateau.
   */
  suffix?: number;
  suffixRows?: number;
  wide?: number;
  /**
   * After this many passes without a new best, suffix passes start up to `suffixRows` rows
   * higher, and higher again after as many more (back to `suffixRows` on a new best): a run
   * that has stalled searches larger ends of its best board. 0 = never.
   */
  stallPasses?: number;
  /**
   * Once the best has not risen for `stallPasses` passes, a pass's board up to this many joins
   * below the best becomes the board suffix passes search from (0 = only boards as good as it).
   */
  drift?: number;
  /**
   * Passes without a new best before `drift` applies, apart from `stallPasses` (0 = as
   * `stallPasses`): so a plateau's boards one join below can be searched to their ends without
   * the suffix passes also starting higher up.
   */
  driftAfter?: number;
  /**
   * Suffix passes each board of a full pass at the top width gets before the next full pass
   * (0 = none: suffix passes search the best's end, drawn at random). Every join is lost in the
   * last rows, so a top is worth what its end becomes once searched again; a stalled run's best
   * end has been searched through, and another top is how a run gets other pieces there.
   */
  refine?: number;
  /**
   * After this many passes at the top width without a new best, the top width doubles, up to what
   * the memory bound holds (0 = never). A wider pass scores higher on average; but a long run's
   * record comes from its best passes, and on Eternity II past 262,144 boards passes of 464 or more
   * came less often per CPU second (`beam-passes --cpu`), so `overnight` does not widen.
   */
  widen?: number;
  /** Memory bound in MB for the run's buffers: widths are cut to fit (0 = none). */
  memory?: number;
  /** Layers' worth of history held before it is thinned (`HISTORY_LAYERS`; tests set others). */
  historyLayers?: number;
}

/**
 * Bytes a beam run's buffers take per unit of width: `layer` for the buffers as wide as its widest
 * pass (its partial boards in two layers, the children of a layer, the duplicate tables, the
 * history's renumbering) and `history` for those as wide as maxWidth (how each board was made, at
 * most `HISTORY_LAYERS` layers' worth: see `PassHistory`).
 */
export function beamBytesPerWidth(
  puzzle: EdgePuzzle,
  o: Pick<BeamOptions, 'balance' | 'exhaust' | 'dedupe' | 'band' | 'early' | 'lateRows' | 'historyLayers'>,
): { layer: number; history: number } {
  const n = puzzle.rows * puzzle.cols;
  let colours = 0;
  for (const e of puzzle.edges) if (e + 1 > colours) colours = e + 1;
  const band = bandRows(puzzle.rows, o.band);
  const words = (n + 31) >>> 5;
  const layers =
    2 * (4 + 4 * words + 2 * puzzle.cols + 2 * Math.max(1, band) + (o.balance ? colours : 0) + ((o.exhaust ?? 0) > 0 ? 4 : 0) + (o.dedupe ? 8 : 0));
  // The child pool (`childPoolCap`: 1.5 children a board, 4 with dedupe) of parent, candidate,
  // score and key; each board's children closing both joins (the kernel's) and its place in the order the loops visit boards.
  return { layer: layers + (o.dedupe ? 4 : 1.5) * 20 + 8 + 4 + 4 + (o.dedupe ? 4 * 8 + 8 * 12 : 0), history: (4 + 1 / 8) * historyLayers(puzzle, o) };
}

/**
 * Layers' worth of history a run holds before a pass's dead entries are dropped: at most 48.
 * Measured on Eternity II (passes at 131,072 boards), the entries that boards of the newest layer
 * still descend from take 2.3 (`early` 0.25) to 7.3 (`early` 1) layers' worth, the rest is room
 * for the layers to come: fewer would thin the history more often, more would hold less width in
 * the same memory.
 */
export function historyLayers(puzzle: EdgePuzzle, o: Pick<BeamOptions, 'band' | 'early' | 'lateRows' | 'historyLayers'>): number {
  const n = puzzle.rows * puzzle.cols;
  const late = lateStartOf(puzzle, o);
  return Math.min(o.historyLayers ?? HISTORY_LAYERS, n - late + earlyShare(o) * late);
}

export const HISTORY_LAYERS = 48;

function earlyShare(o: Pick<BeamOptions, 'early'>): number {
  return Math.min(1, o.early ?? 1);
}

/** Width of layer d in a pass `pw` wide: the rows above the late ones (before `lateStart`) at `early` x pw. */
export function layerWidth(pw: number, d: number, lateStart: number, o: Pick<BeamOptions, 'early'>): number {
  return d < lateStart ? earlyWidth(pw, o) : pw;
}

function earlyWidth(pw: number, o: Pick<BeamOptions, 'early'>): number {
  return Math.max(1, Math.round(pw * earlyShare(o)));
}

/** History entries of a pass `pw` wide from layer d0 to the last of n (the work it does is in proportion). */
export function passCells(pw: number, d0: number, n: number, lateStart: number, o: Pick<BeamOptions, 'early'>): number {
  const top = Math.max(0, lateStart - d0);
  return top * earlyWidth(pw, o) + (n - Math.max(d0, lateStart)) * pw;
}

/**
 * Width of a suffix pass from layer d0 that does about the work of a full pass `width` wide (so
 * it also fits in that pass's history), at most `widest`.
 */
export function suffixWidth(width: number, widest: number, d0: number, n: number, lateStart: number, o: Pick<BeamOptions, 'early'>): number {
  const e = earlyShare(o);
  const top = Math.max(0, lateStart - d0);
  // With early 1 this is width x n / (n - d0), exactly (the passes every seed pin was taken with).
  let pw = Math.min(widest, Math.round((width * (e * lateStart + n - lateStart)) / (e * top + n - Math.max(d0, lateStart))));
  // Rounding each layer's width may take a few more entries than the full pass's history holds.
  while (pw > width && passCells(pw, d0, n, lateStart, o) > passCells(width, 0, n, lateStart, o) + n) pw--;
  return Math.max(1, pw);
}

/**
 * The widths a run of these options holds and the bytes they take: maxWidth, the widest full pass
 * (`ceiling`: maxWidth, or with `widen` what the memory bound holds, one run's limit without
 * one), and `wide` times that for suffix passes, all cut to fit in the memory bound and in the
 * history's words.
 */
export function beamWidths(puzzle: EdgePuzzle, o: BeamOptions): { maxWidth: number; ceiling: number; buffer: number; bytes: number } {
  const per = beamBytesPerWidth(puzzle, o);
  const wide = (o.suffix ?? 0) > 0 ? Math.max(1, Math.floor(o.wide ?? 1)) : 1;
  const unit = per.history + wide * per.layer;
  const bound = o.memory && o.memory > 0 ? o.memory * 1048576 : (o.widen ?? 0) > 0 ? RUN_MEMORY_LIMIT : Infinity;
  // A bound cuts the widths to what a history word can number too (without one, beamRefuses says so).
  const cap = Math.max(1, Math.floor(Math.min(Number.isFinite(bound) ? historyWidth(puzzle) / wide : Infinity, bound / unit)));
  const maxWidth = Math.max(1, Math.min(o.maxWidth, cap));
  const ceiling = (o.widen ?? 0) > 0 ? Math.max(maxWidth, Math.min(cap, MAX_WIDTH)) : maxWidth;
  return { maxWidth, ceiling, buffer: ceiling * wide, bytes: ceiling * unit };
}

/** The widest layer a history word can number: it holds a board's parent x K + its candidate, K at most 4 x cells + 1. */
export function historyWidth(puzzle: EdgePuzzle): number {
  return Math.floor(2 ** 32 / (4 * puzzle.rows * puzzle.cols + 1));
}

/** The widest pass any setting asks for (the `maxWidth` parameter's largest value). */
export const MAX_WIDTH = 4_194_304;

/**
 * The band `-1` stands for: a third of the rows. On 16x16 sets bands of 4 to 6 rows gave 1 to 2
 * joins more a pass than plain row order; on 6x6 boards wide bands made exact solutions rarer.
 */
export const DEFAULT_BAND = -1;
