import type { Rng } from '../../rng/rng';

/**
 * Whether a local search takes a move, asked once per move (as Timefold's acceptors are: the
 * search proposes, the acceptor decides, and a solver changes its rule by holding another
 * acceptor). Scores are higher-is-better; `delta` is the move's change of the current score.
 * A worse move may draw one `rng.next()`; a move that is not worse never draws, so a rule
 * changes no other random stream. Schedules (cooling, reheats) stay with each solver: they set
 * the acceptor's temperature between moves.
 */
export interface Acceptor {
  accept(delta: number, current: number, best: number, rng: Rng): boolean;
  /**
   * The same rule asked before the move is scored, for whole-number scores: the lowest score the
   * candidate may have to be taken (`accept(delta, ...)` iff `current + delta >= threshold(...)`),
   * so that an evaluation may stop as soon as it cannot reach it. It draws its number, if any,
   * whether or not the move turns out worse.
   */
  threshold?(current: number, best: number, rng: Rng): number;
}

/** Hill climbing: nothing worse. */
export class GreedyAcceptor implements Acceptor {
  accept(delta: number): boolean {
    return delta >= 0;
  }
}

/** Random walk: a worse move with a fixed probability (none at 0, without drawing). */
export class RandomWalkAcceptor implements Acceptor {
  constructor(readonly probability: number) {}

  accept(delta: number, _current: number, _best: number, rng: Rng): boolean {
    return delta >= 0 || (this.probability > 0 && rng.next() < this.probability);
  }
}

/**
 * Simulated annealing (Metropolis): a worse move by d with probability exp(-d / T). `frozen`
 * decides what T = 0 means: no worse move and no draw (true), or the same draw against
 * exp(-inf) = 0 (false, the rule of solvers that never stop drawing).
 */
export class MetropolisAcceptor implements Acceptor {
  constructor(
    public temperature: number,
    private readonly frozen = true,
  ) {}

  accept(delta: number, _current: number, _best: number, rng: Rng): boolean {
    return delta >= 0 || ((!this.frozen || this.temperature > 0) && rng.next() < Math.exp(delta / this.temperature));
  }

  /** Always one draw u: u < exp(d / T) iff d > T ln u, i.e. d >= floor(T ln u) + 1 for a whole d. */
  threshold(current: number, _best: number, rng: Rng): number {
    const t = this.temperature;
    const u = rng.next();
    return current + (t <= 0 ? 0 : u <= 0 ? -Infinity : Math.min(0, Math.floor(t * Math.log(u)) + 1));
  }
}

/**
 * Annealing over whole-number losses with exp(-d / T) tabulated for d up to `maxLoss` (a worse
 * loss is never taken, without drawing): one table fill per temperature instead of one exp per move.
 */
export class TabulatedMetropolisAcceptor implements Acceptor {
  private readonly table: Float64Array;

  constructor(private readonly maxLoss: number) {
    this.table = new Float64Array(maxLoss + 1);
  }

  set temperature(t: number) {
    for (let d = 1; d <= this.maxLoss; d++) this.table[d] = Math.exp(-d / t);
  }

  accept(delta: number, _current: number, _best: number, rng: Rng): boolean {
    return delta >= 0 || (delta >= -this.maxLoss && rng.next() < this.table[-delta]);
  }
}

/** Record-to-record travel (Dueck): any move that stays within `deviation` of the best. */
export class RecordToRecordAcceptor implements Acceptor {
  constructor(readonly deviation: number) {}

  accept(delta: number, current: number, best: number): boolean {
    return delta >= 0 || current + delta >= best - this.deviation;
  }
}

/** The rules a solver may offer as a parameter, by name. */
export type AcceptanceRule = 'greedy' | 'anneal' | 'record';

/** The acceptor of a rule named by a parameter (annealing at a fixed temperature, drawing at any T). */
export function acceptorFor(rule: AcceptanceRule, o: { temperature: number; deviation: number }): Acceptor {
  switch (rule) {
    case 'greedy':
      return new GreedyAcceptor();
    case 'anneal':
      return new MetropolisAcceptor(o.temperature, false);
    case 'record':
      return new RecordToRecordAcceptor(o.deviation);
  }
}
