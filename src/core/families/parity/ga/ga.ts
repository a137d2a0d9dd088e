import { memoryRefusal } from '../../../engine/limits';
import * as v from 'valibot';
import { catalogued } from '../../../engine/catalogued';
import { count, damaged, rngState } from '../../../engine/checkpoint';
import type { SolverRun } from '../../../engine/solver';
import type { ParamSchema, ResolvedParams } from '../../../params/schema';
import { Rng } from '../../../rng/rng';
import { parityGridToJson, parityPuzzleErrors, type ParityPuzzle } from '../model';
import { packBits, unpackBits } from './bits';
import { binversion, bmocChild, bpmx, bswap, gridParity } from './operators';
import { countText } from '../../../text/numbers';

export const parityGaParams = {
  crossover: {
    type: 'enum',
    options: ['bpmx', 'bmoc'],
    default: 'bpmx',
    help: 'Crossover: bpmx (binary partially mapped: a band of columns from one parent, the rest from the other) or bmoc (binary modified order: zeros left of a column split from one parent, then from the other).',
  },
  crossoverOrder: {
    type: 'enum',
    options: ['row', 'column'],
    default: 'row',
    help: 'The order in which BPMX and BMOC take "the first" zeros they copy or turn: column = MATLAB\'s column-major linear order (the chromosome order of BInversion\'s Figure 5); row = row-major, as Figures 3 and 4 draw it.',
  },
  mutation: {
    type: 'enum',
    options: ['bswap', 'binversion'],
    default: 'bswap',
    help: 'Mutation: bswap (swap two random cells) or binversion (reverse a random run of the grid read column by column).',
  },
  population: {
    type: 'int',
    default: 1000,
    min: 2,
    help: 'Population size. The paper uses 1,000 for n <= 50 and 10,000 for n = 100.',
  },
  generations: {
    type: 'int',
    default: 10000,
    min: 0,
    help: 'Stop (finished) after this many generations of `population` offspring each (0 = no limit).',
  },
  tournament: {
    type: 'int',
    default: 10,
    min: 1,
    // Each parent costs q draws: beyond this a tournament is the population's best anyway, and a step would outlast its budget.
    max: 100_000,
    help: 'Tournament size q: each parent is the best of q individuals drawn at random.',
  },
  crossoverRate: {
    type: 'number',
    default: 0.8,
    min: 0,
    max: 1,
    help: 'Probability that a pair of parents is crossed over (otherwise the offspring are copies).',
  },
  mutationRate: { type: 'number', default: 0.01, min: 0, max: 1, help: 'Mutation probability: per offspring or per gene (see mutationPer).' },
  mutationPer: {
    type: 'enum',
    options: ['offspring', 'gene'],
    default: 'offspring',
    help: 'The paper gives P_m = 0.01 without saying of what: offspring = an offspring undergoes one mutation with that probability; gene = every cell starts a mutation (a swap with, or an inversion up to, a random other cell) with it.',
  },
} as const satisfies ParamSchema;

type GaParams = ResolvedParams<typeof parityGaParams>;

/** Largest population buffer, in bytes (population + 2 grids of n^2 bytes). */
const MAX_BYTES = 2 ** 30;

/**
 * Bytes a run takes: per individual its grid (n^2 bytes), row and column parities and list links,
 * and in a checkpoint its grid packed to base64 (n^2 / 6 characters), held as a string, as JSON
 * text in the worker and again in the process that stores it.
 */
export function parityGaBytes(n: number, population: number): number {
  const size = n * n;
  return (population + 2) * (size + 2 * n + 32) + population * 3 * (Math.ceil(size / 6) + 40);
}

/** A population whose grids or checkpoints do not fit in one run's memory. */
export function parityGaRefuses(puzzle: ParityPuzzle, p: { population: number }): string | null {
  if (parityPuzzleErrors(puzzle).length) return null;
  const grids = (puzzle.n * puzzle.n * (p.population + 2)) / 2 ** 20;
  return (
    memoryRefusal(parityGaBytes(puzzle.n, p.population), `a population of ${countText(p.population)} grids of ${puzzle.n} x ${puzzle.n}`) ??
    (grids > MAX_BYTES / 2 ** 20
      ? `parameter population: ${p.population} grids of ${puzzle.n} x ${puzzle.n} need ${Math.round(grids)} MB, more than the ${MAX_BYTES / 2 ** 20} MB allowed`
      : null)
  );
}

const GaCheckpoint = v.object({
  rng: rngState,
  evaluations: count,
  generation: count,
  matings: count,
  ageCounter: v.number(),
  finished: v.boolean(),
  best: v.string(),
  /** Individuals in slot order (tournaments draw slots, so the order matters). */
  pop: v.array(v.string()),
  /** Insertion stamps per slot: the replacement order among equally bad individuals. */
  ages: v.array(v.number()),
  /** While the random start is being made: individuals made so far, and the running permutation it draws from. */
  initialised: v.optional(count),
  perm: v.optional(v.array(count)),
});
type GaCheckpoint = v.InferOutput<typeof GaCheckpoint>;

/**
 * The casse-tete GA of Almuhaideb et al. 2022: tournament selection (q), crossover BPMX or BMOC,
 * mutation BSwap or BInversion, GENITOR survivor selection.
 *
 * GENITOR is steady-state "replace worst": every offspring, once evaluated, replaces the current
 * worst individual (the oldest of the worst when several tie). A generation is `population`
 * offspring, so fitness evaluations = population (the random start) + population per generation,
 * which is how the paper's figures read (all ~1,000 per generation with mu = 1,000).
 *
 * Storage: population + 2 grids in one Uint8Array (two spare grids receive the offspring and are
 * swapped with the victims' rows, so nothing is copied or allocated per offspring), per-grid
 * row/column parities (BSwap is O(1), BInversion O(run length)), and the population bucketed by
 * cost (0 .. 2n) in linked lists, so finding the worst and the population mean are O(1).
 */
export class ParityGa implements SolverRun<{ cells: number[][] }, GaCheckpoint> {
  evaluations = 0;
  generation = 0;
  finished = false;
  private matings = 0;
  private ageCounter = 0;
  private readonly n: number;
  private readonly size: number;
  private readonly m: number;
  private readonly mu: number;
  private readonly matingsPerGeneration: number;
  private readonly g: Uint8Array;
  private readonly rp: Uint8Array;
  private readonly cp: Uint8Array;
  /** Cost per grid row of `g` (population rows and the two spares). */
  private readonly cost: Int32Array;
  /** Slot -> grid row. */
  private readonly rowOf: Int32Array;
  private spare0: number;
  private spare1: number;
  private readonly head: Int32Array;
  private readonly tail: Int32Array;
  private readonly next: Int32Array;
  private readonly prev: Int32Array;
  private readonly age: Float64Array;
  private worst = 0;
  private sumCost = 0;
  private readonly bestCells: Uint8Array;
  private bestCost = Infinity;
  /**
   * The random start is made a few grids per step (a million grids would hold the run past its
   * stop criteria before its first step): grids made so far, and the running permutation.
   */
  private initialised: number;
  private perm: Int32Array | null = null;

  constructor(
    private readonly puzzle: ParityPuzzle,
    private readonly p: GaParams,
    private readonly rng: Rng,
    fresh = true,
  ) {
    const errors = parityPuzzleErrors(puzzle);
    if (errors.length) throw new Error(`casse-tete: ${errors[0]}`);
    const { n, m } = puzzle;
    this.n = n;
    this.size = n * n;
    this.m = m;
    this.mu = p.population;
    const rows = this.mu + 2;
    if (rows * this.size > MAX_BYTES)
      throw new Error(
        `parameter population: ${this.mu} grids of ${n} x ${n} need ${Math.round((rows * this.size) / 2 ** 20)} MB, more than the ${MAX_BYTES / 2 ** 20} MB allowed`,
      );
    this.matingsPerGeneration = Math.ceil(this.mu / 2);
    this.g = new Uint8Array(rows * this.size);
    this.rp = new Uint8Array(rows * n);
    this.cp = new Uint8Array(rows * n);
    this.cost = new Int32Array(rows);
    this.rowOf = new Int32Array(this.mu);
    for (let s = 0; s < this.mu; s++) this.rowOf[s] = s;
    this.spare0 = this.mu;
    this.spare1 = this.mu + 1;
    this.head = new Int32Array(2 * n + 1).fill(-1);
    this.tail = new Int32Array(2 * n + 1).fill(-1);
    this.next = new Int32Array(this.mu);
    this.prev = new Int32Array(this.mu);
    this.age = new Float64Array(this.mu);
    this.bestCells = new Uint8Array(this.size);
    this.initialised = fresh ? 0 : this.mu;
    if (fresh) {
      this.perm = new Int32Array(this.size);
      for (let i = 0; i < this.size; i++) this.perm[i] = i;
      // One grid at once, so a fresh run has a best grid from the start.
      this.initialiseOne();
    }
  }

  /**
   * The next of mu random grids with exactly m zeros (partial Fisher-Yates on a running
   * permutation: still a uniform m-subset each time); true when it is a new best.
   */
  private initialiseOne(): boolean {
    const { size, m, rng } = this;
    const perm = this.perm!;
    const s = this.initialised++;
    const off = s * size;
    this.g.fill(1, off, off + size);
    for (let i = 0; i < m; i++) {
      const j = i + rng.int(size - i);
      const t = perm[i];
      perm[i] = perm[j];
      perm[j] = t;
      this.g[off + perm[i]] = 0;
    }
    this.cost[s] = gridParity(this.g, off, this.n, this.rp, this.cp, s * this.n);
    this.link(s);
    const before = this.bestCost;
    this.noteBest(s);
    this.evaluations++;
    if (this.initialised === this.mu) {
      this.perm = null;
      if (this.bestCost === 0) this.finished = true;
    }
    return this.bestCost < before;
  }

  get bestScore(): number {
    return 0 - this.bestCost;
  }

  /** Best of the current population. */
  get currentScore(): number {
    let c = 0;
    while (this.head[c] < 0) c++;
    return 0 - c;
  }

  get meanScore(): number {
    return 0 - this.sumCost / this.initialised;
  }

  get iteration(): number {
    return this.generation;
  }

  /** Adds slot s at the tail of its cost's list, stamped as the newest. */
  private link(s: number): void {
    const c = this.cost[this.rowOf[s]];
    this.age[s] = this.ageCounter++;
    this.next[s] = -1;
    this.prev[s] = this.tail[c];
    if (this.tail[c] >= 0) this.next[this.tail[c]] = s;
    else this.head[c] = s;
    this.tail[c] = s;
    this.sumCost += c;
    if (c > this.worst) this.worst = c;
  }

  private unlinkHead(c: number): number {
    const s = this.head[c];
    const nx = this.next[s];
    this.head[c] = nx;
    if (nx >= 0) this.prev[nx] = -1;
    else this.tail[c] = -1;
    this.sumCost -= c;
    return s;
  }

  private noteBest(row: number): void {
    if (this.cost[row] < this.bestCost) {
      this.bestCost = this.cost[row];
      this.bestCells.set(this.g.subarray(row * this.size, (row + 1) * this.size));
    }
  }

  /** The oldest of the worst individuals gives its slot to the offspring in grid row `row`; returns the freed row. */
  private replaceWorst(row: number): number {
    const victim = this.unlinkHead(this.worst);
    const freed = this.rowOf[victim];
    this.rowOf[victim] = row;
    while (this.worst > 0 && this.head[this.worst] < 0) this.worst--;
    this.link(victim);
    this.noteBest(row);
    return freed;
  }

  private tournament(): number {
    const { rng, rowOf, cost, mu } = this;
    let best = rowOf[rng.int(mu)];
    for (let k = 1; k < this.p.tournament; k++) {
      const r = rowOf[rng.int(mu)];
      if (cost[r] < cost[best]) best = r;
    }
    return best;
  }

  private mutateChild(row: number): void {
    const { p, rng, size } = this;
    if (p.mutationPer === 'gene') {
      for (let i = rng.failures(p.mutationRate); i < size; i += 1 + rng.failures(p.mutationRate)) this.mutate(row, i);
    } else if (rng.chance(p.mutationRate)) this.mutate(row, rng.int(size));
  }

  /** One BSwap or BInversion between cell i and a random other cell. */
  private mutate(row: number, i: number): void {
    const { size, n, rng } = this;
    if (size < 2) return;
    let j = rng.int(size - 1);
    if (j >= i) j++;
    const po = row * n;
    this.cost[row] +=
      this.p.mutation === 'bswap'
        ? bswap(this.g, row * size, n, this.rp, this.cp, po, i, j)
        : binversion(this.g, row * size, n, this.rp, this.cp, po, Math.min(i, j), Math.max(i, j));
  }

  private copyInto(src: number, dst: number): void {
    const { size, n } = this;
    this.g.copyWithin(dst * size, src * size, (src + 1) * size);
    this.rp.copyWithin(dst * n, src * n, (src + 1) * n);
    this.cp.copyWithin(dst * n, src * n, (src + 1) * n);
    this.cost[dst] = this.cost[src];
  }

  /** Two parents, two offspring (crossover or copies, then maybe mutation), each replacing the worst. */
  private mate(): void {
    const { rng, n, m, size, g, p } = this;
    const p1 = this.tournament();
    const p2 = this.tournament();
    const c1 = this.spare0;
    const c2 = this.spare1;
    if (n >= 2 && rng.chance(p.crossoverRate)) {
      const byColumn = p.crossoverOrder === 'column';
      if (p.crossover === 'bpmx') {
        let a: number;
        let b: number;
        if (n >= 4) {
          a = 1 + rng.int(n - 2);
          b = 1 + rng.int(n - 3);
          if (b >= a) b++;
          if (a > b) {
            const t = a;
            a = b;
            b = t;
          }
        } else a = b = rng.int(n); // too small for the paper's 2 <= a < b <= n - 1
        bpmx(g, p1 * size, p2 * size, c1 * size, c2 * size, n, m, a, b, byColumn);
      } else {
        const w = 1 + rng.int(n - 1);
        bmocChild(g, p2 * size, p1 * size, c1 * size, n, m, w, byColumn, rng); // Figure 3: O1 takes P2's left zeros
        bmocChild(g, p1 * size, p2 * size, c2 * size, n, m, w, byColumn, rng);
      }
      this.cost[c1] = gridParity(g, c1 * size, n, this.rp, this.cp, c1 * n);
      this.cost[c2] = gridParity(g, c2 * size, n, this.rp, this.cp, c2 * n);
    } else {
      this.copyInto(p1, c1);
      this.copyInto(p2, c2);
    }
    this.mutateChild(c1);
    this.mutateChild(c2);
    this.evaluations += 2;
    this.spare0 = this.replaceWorst(c1);
    this.spare1 = this.replaceWorst(c2);
  }

  step(budget: number): void {
    if (this.finished) return;
    let done = 0;
    while (this.initialised < this.mu) {
      const better = this.initialiseOne();
      if (better || this.finished || ++done >= budget) return;
    }
    const startBest = this.bestCost;
    for (; done < budget; done += 2) {
      this.mate();
      if (++this.matings >= this.matingsPerGeneration) {
        this.matings = 0;
        this.generation++;
        if (this.p.generations > 0 && this.generation >= this.p.generations) this.finished = true;
      }
      if (this.bestCost === 0) this.finished = true;
      if (this.finished || this.bestCost < startBest) return;
    }
  }

  bestSolution(): { cells: number[][] } {
    return parityGridToJson(this.puzzle, { cells: this.bestCells });
  }

  /** One individual's grid (slot order), for tests. */
  individual(slot: number): Uint8Array {
    const r = this.rowOf[slot];
    return this.g.slice(r * this.size, (r + 1) * this.size);
  }

  checkpoint(): GaCheckpoint {
    const pop: string[] = [];
    for (let s = 0; s < this.initialised; s++) pop.push(packBits(this.g, this.rowOf[s] * this.size, this.size));
    return {
      rng: this.rng.getState(),
      evaluations: this.evaluations,
      generation: this.generation,
      matings: this.matings,
      ageCounter: this.ageCounter,
      finished: this.finished,
      best: packBits(this.bestCells, 0, this.size),
      pop,
      ages: Array.from(this.age.subarray(0, this.initialised)),
      ...(this.perm ? { initialised: this.initialised, perm: Array.from(this.perm) } : {}),
    };
  }

  static restore(puzzle: ParityPuzzle, p: GaParams, s: GaCheckpoint): ParityGa {
    const ga = new ParityGa(puzzle, p, new Rng(s.rng), false);
    const { mu, size, n, m } = ga;
    const made = s.initialised ?? mu;
    if (made < 1 || made > mu) throw damaged('ga', 'initialised', `${made} of a population of ${mu}`);
    if (made < mu) {
      const perm = s.perm;
      if (!perm || perm.length !== size || !perm.every((x) => x < size)) throw damaged('ga', 'perm', `not a permutation of the ${size} cells`);
      ga.perm = Int32Array.from(perm);
    }
    if (s.pop.length !== made || s.ages.length !== made) throw new Error(`ga checkpoint holds ${s.pop.length} individuals, expected the population ${mu}`);
    for (let k = 0; k < made; k++) {
      unpackBits(s.pop[k], ga.g, k * size, size, `ga checkpoint is damaged: pop.${k}`);
      let zeros = 0;
      for (let i = 0; i < size; i++) zeros += 1 - ga.g[k * size + i];
      if (zeros !== m) throw new Error(`ga checkpoint is damaged: pop.${k}: ${zeros} zeros, expected ${m}`);
      ga.cost[k] = gridParity(ga.g, k * size, n, ga.rp, ga.cp, k * n);
    }
    const order = Array.from({ length: made }, (_, k) => k).sort((a, b) => s.ages[a] - s.ages[b]);
    for (const k of order) {
      ga.ageCounter = s.ages[k];
      ga.link(k);
    }
    unpackBits(s.best, ga.bestCells, 0, size, 'ga checkpoint is damaged: best');
    // The best grid's cost, through a spare row's parity arrays.
    ga.g.set(ga.bestCells, ga.spare0 * size);
    ga.bestCost = gridParity(ga.g, ga.spare0 * size, n, ga.rp, ga.cp, ga.spare0 * n);
    ga.evaluations = s.evaluations;
    ga.generation = s.generation;
    ga.matings = s.matings;
    ga.ageCounter = s.ageCounter;
    ga.finished = s.finished;
    ga.initialised = made;
    return ga;
  }
}

export const parityGaSolver = catalogued<ParityPuzzle, { cells: number[][] }, GaCheckpoint, typeof parityGaParams>(
  {
    id: 'ga',
    family: 'parity',
    label: 'Genetic algorithm (Almuhaideb et al. 2022)',
    description:
      "Tournament selection, BPMX or BMOC crossover, BSwap or BInversion mutation, GENITOR replace-worst; the paper's defaults (q = 10, crossover 0.8, mutation 0.01, population 1,000, 10,000 generations). Finishes when solved or out of generations.",
    params: parityGaParams,
    refuses: (puzzle, params) => parityGaRefuses(puzzle, params),
    create: (puzzle, params, seed) => new ParityGa(puzzle, params, new Rng(seed)),
    restore: (puzzle, params, checkpoint) => ParityGa.restore(puzzle, params, checkpoint),
  },
  GaCheckpoint,
);
