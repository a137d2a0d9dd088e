import type { Rng } from '../../rng/rng';

export const SELECTION_SCHEMES = ['roulette', 'ranking', 'tournament'] as const;
export type SelectionScheme = (typeof SELECTION_SCHEMES)[number];

export interface SelectionOptions {
  scheme: SelectionScheme;
  /** Linear ranking pressure s in [1, 2]: the best is picked s times as often as the average. */
  pressure: number;
  /** Tournament size k. */
  tournamentSize: number;
  /** Tournament entrants drawn with replacement (the same individual may enter twice). */
  replacement: boolean;
}

/**
 * Parent selection over a population's fitness values (larger is fitter), family-agnostic.
 * `prepare` is called once per generation; `pick` then costs O(log n) (roulette, ranking) or
 * O(k) (tournament) and allocates nothing. Ties are broken by index, so runs are reproducible.
 */
export class Selector {
  /** Indices sorted by fitness, worst first (ranking and elitism). */
  readonly order: Int32Array;
  private readonly cum: Float64Array;
  private readonly perm: Int32Array;
  private fit: Float64Array;
  private total = 0;

  constructor(
    readonly size: number,
    private readonly opts: SelectionOptions,
  ) {
    this.order = new Int32Array(size);
    this.cum = new Float64Array(size);
    this.perm = new Int32Array(size);
    this.fit = new Float64Array(size);
  }

  prepare(fitness: Float64Array): void {
    const n = this.size;
    this.fit = fitness;
    const { scheme, pressure } = this.opts;
    if (scheme === 'roulette') {
      let acc = 0;
      // Negative fitness would break the wheel; such individuals get no slice.
      for (let i = 0; i < n; i++) this.cum[i] = acc += fitness[i] > 0 ? fitness[i] : 0;
      this.total = acc;
    } else if (scheme === 'ranking') {
      sortByFitness(fitness, this.order);
      // P(rank i) = (2 - s)/n + 2i(s - 1)/(n(n - 1)), rank 0 the worst (Eiben and Smith).
      let acc = 0;
      for (let i = 0; i < n; i++) {
        acc += n > 1 ? (2 - pressure) / n + (2 * i * (pressure - 1)) / (n * (n - 1)) : 1;
        this.cum[i] = acc;
      }
      this.total = acc;
    } else {
      for (let i = 0; i < n; i++) this.perm[i] = i;
    }
  }

  pick(rng: Rng): number {
    const n = this.size;
    const { scheme } = this.opts;
    if (scheme === 'tournament') return this.tournament(rng);
    if (this.total <= 0) return rng.int(n);
    const u = rng.next() * this.total;
    // First slot whose cumulative weight exceeds u.
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cum[mid] > u) hi = mid;
      else lo = mid + 1;
    }
    return scheme === 'ranking' ? this.order[lo] : lo;
  }

  private tournament(rng: Rng): number {
    const n = this.size;
    const k = Math.min(this.opts.tournamentSize, this.opts.replacement ? Infinity : n);
    const fit = this.fit;
    let best = -1;
    for (let j = 0; j < k; j++) {
      let c: number;
      if (this.opts.replacement) c = rng.int(n);
      else {
        // Partial Fisher-Yates on a permutation reset each generation: k distinct entrants.
        const r = j + rng.int(n - j);
        c = this.perm[r];
        this.perm[r] = this.perm[j];
        this.perm[j] = c;
      }
      if (best < 0 || fit[c] > fit[best] || (fit[c] === fit[best] && c < best)) best = c;
    }
    return best;
  }
}

/** Indices sorted by fitness ascending (worst first), ties by index: reproducible. */
export function sortByFitness(fitness: Float64Array, out: Int32Array): Int32Array {
  for (let i = 0; i < out.length; i++) out[i] = i;
  out.sort((a, b) => fitness[a] - fitness[b] || a - b);
  return out;
}
