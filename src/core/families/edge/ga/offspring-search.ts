import type { Rng } from '../../../rng/rng';
import { TabulatedMetropolisAcceptor } from '../../../engines/acceptance/acceptor';
import { EdgeLocalSearch } from '../local-search/local-search';
import type { EdgePuzzle } from '../model/model';

export interface OffspringSearchOptions {
  /** Moves per search. */
  moves: number;
  /** Metropolis temperature in joins (0 = never accept a loss). */
  temperature: number;
  /** Weight of swaps that turn both pieces to their best rotations, against single turns. */
  swapBest: number;
  /** Write back the walk's last board instead of the best it met. */
  keepLast: boolean;
}

/**
 * The memetic step: a short simulated-annealing walk from one board, done by the family's own
 * local search (EdgeLocalSearch, through its public API: startFrom, propose, apply, saveBest,
 * writeInto), ending on the best board the walk met. Moves keep the frame (border pieces swap
 * within their class, facing out), so the GA's boards stay legal.
 */
export class OffspringSearch {
  private readonly ls: EdgeLocalSearch;
  private readonly acceptor: TabulatedMetropolisAcceptor;
  readonly maxScore: number;
  /** Matched joins of the best board the last walk met (with keepLast it may beat the board written back). */
  lastTop = 0;

  constructor(
    puzzle: EdgePuzzle,
    private readonly opts: OffspringSearchOptions,
  ) {
    const swapBest = Math.min(1, Math.max(0, opts.swapBest));
    this.ls = new EdgeLocalSearch(puzzle, { moveSwap: 0, moveRotate: 1 - swapBest, moveSwapTurn: 0, moveSwapBest: swapBest });
    this.maxScore = this.ls.maxScore;
    // A move changes at most 8 joins: exp(-j / T) tabulated up to there, no Math.exp per move.
    this.acceptor = new TabulatedMetropolisAcceptor(8);
    this.acceptor.temperature = opts.temperature;
  }

  /**
   * Walk from the board at `off` in P/R and write the best board met back there. Returns the
   * moves made (fewer than `moves` when the walk solves the puzzle).
   */
  run(P: Int16Array, R: Uint8Array, off: number, rng: Rng, moves = this.opts.moves): number {
    const ls = this.ls;
    ls.startFrom(P, R, off);
    const max = this.maxScore;
    const acceptor = this.acceptor;
    let score = ls.score();
    let top = score;
    let m = 0;
    while (m < moves && top < max) {
      m++;
      const d = ls.propose(rng);
      if (acceptor.accept(d, score, top, rng)) {
        ls.apply();
        score += d;
        if (score > top) {
          top = score;
          ls.saveBest();
        }
      }
    }
    this.lastTop = top;
    ls.writeInto(P, R, off, this.opts.keepLast && top < max);
    return m;
  }

  /** The best board the last walk met, into P/R at 0 (the run's best board, when the walk beat it). */
  lastBestInto(P: Int16Array, R: Uint8Array): void {
    this.ls.writeInto(P, R, 0);
  }
}
