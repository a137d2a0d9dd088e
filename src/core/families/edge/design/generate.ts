/**
 * Generate to order: an edge puzzle (E2-style or Tetravex) of a given size and colours with exactly
 * one solution, the exact count says so, and a rating in the band asked for. Random boards are cut
 * and counted until one fits; each try's count is exhausted (that is what proves one solution, and
 * it gives the rating). A band the size and colours never reach is said plainly, with the ratings
 * the tries had.
 */
import { generateEdgePuzzle } from './generator';
import { largest, smallest } from '../../../numbers/extremes';
import type { EdgeBoard, EdgePuzzle } from '../model/model';
import { generateTetravex } from '../files/tetravex';
import { DIFFICULTY_BANDS, bandOf, bandText, rate, type Difficulty } from './difficulty';

export interface OrderOptions {
  rows: number;
  cols: number;
  /** E2-style: frame and inner colours; Tetravex: `colours`. */
  kind: { type: 'edge'; frameColours: number; innerColours: number } | { type: 'tetravex'; colours: number };
  seed: number;
  difficulty?: Difficulty;
  /** Boards tried at most. */
  attempts?: number;
  /** Placements one try's count may spend (a try above it is dropped as too hard to prove). */
  maxNodesPerTry?: number;
  shouldStop?: () => boolean;
  onTry?: (t: { tried: number; unique: number; rating: number }) => void;
}

export interface Ordered {
  puzzle: EdgePuzzle;
  solution: EdgeBoard;
  rating: number;
  difficulty: Difficulty;
  /** The try that made it (its seed is `seed + tried - 1`) and the counts' placements in all. */
  tried: number;
  nodes: number;
}

export class OrderError extends Error {
  constructor(
    message: string,
    /** Set when `shouldStop` ended the search: the tries counted to the end, those with one solution, the placements of all counts. */
    readonly stopped?: { tried: number; unique: number; nodes: number },
  ) {
    super(message);
  }
}

export function generateToOrder(o: OrderOptions): Ordered {
  const attempts = o.attempts ?? 200;
  const maxNodes = o.maxNodesPerTry ?? 5e8;
  const band = o.difficulty ? DIFFICULTY_BANDS[o.difficulty] : null;
  let nodes = 0;
  let unique = 0;
  const seen: number[] = [];
  let cut = 0;
  // Asked between tries and between slices of each count (a 16x16's count alone can take minutes).
  let stopped = false;
  const stop = (): boolean => (stopped ||= o.shouldStop?.() === true);
  const halt = (tried: number): OrderError => new OrderError(`stopped after ${tried} tries`, { tried, unique, nodes });
  for (let tried = 1; tried <= attempts; tried++) {
    if (stop()) throw halt(tried - 1);
    const seed = o.seed + tried - 1;
    const g =
      o.kind.type === 'edge'
        ? generateEdgePuzzle({ rows: o.rows, cols: o.cols, frameColours: o.kind.frameColours, innerColours: o.kind.innerColours, seed })
        : generateTetravex({ rows: o.rows, cols: o.cols, colours: o.kind.colours, seed });
    // Past the band's top there is no need to finish the count: the board is already too hard.
    // (the rating is per solving board plus one: up to 5 boards for a unique square that turns, and a pinned corner scales by 4).
    const r = rate(g.puzzle, { maxNodes: band ? Math.min(maxNodes, 10 ** (band[1] + 1.5)) : maxNodes, maxSolutions: 1, shouldStop: stop });
    nodes += r.nodes;
    // A count cut short by the stop says nothing of this board: not a try, not one cut at the band's top.
    if (stopped) throw halt(tried - 1);
    o.onTry?.({ tried, unique, rating: r.rating });
    if (!r.exact || r.solutions !== 1) {
      // Cut at the band's top with at most one solution so far: too hard for the band.
      if (!r.exact && r.solutions <= 1) {
        seen.push(r.rating);
        cut++;
      }
      continue;
    }
    unique++;
    seen.push(r.rating);
    if (band && !(r.rating >= band[0] && r.rating < band[1])) continue;
    return { puzzle: g.puzzle, solution: g.solution, rating: r.rating, difficulty: bandOf(r.rating), tried, nodes };
  }
  const lo = seen.length ? smallest(seen).toFixed(1) : null;
  const hi = seen.length ? largest(seen).toFixed(1) : null;
  // A try cut at the band's top rated at least what its count had reached: said, not passed off as a rating.
  const ratings = lo === null ? '' : `; the tries rated ${lo} to ${hi}${cut ? ` (${cut} of them cut off at the band's top: at least that)` : ''}`;
  const what = o.difficulty ? `a unique ${o.difficulty} board (rating ${bandText(o.difficulty)})` : 'a board with one solution';
  throw new OrderError(
    `no ${o.rows}x${o.cols} ${o.kind.type === 'edge' ? `with ${o.kind.frameColours} frame and ${o.kind.innerColours} inner colours` : `Tetravex with ${o.kind.colours} colours`} gave ${what} in ${attempts} tries (${unique} had one solution${ratings}): ${
      unique === 0 && cut < attempts ? 'more colours make one solution likelier' : 'another size or more colours move the rating'
    }`,
  );
}
