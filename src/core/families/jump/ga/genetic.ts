import type { SolverRun } from '../../../engine/solver';
import type { ParamSchema, ResolvedParams } from '../../../params/schema';
import * as v from 'valibot';
import { count, damaged, rngState } from '../../../engine/checkpoint';
import { checkpointRefusal, memoryRefusal } from '../../../engine/limits';
import { catalogued } from '../../../engine/catalogued';
import { Rng } from '../../../rng/rng';
import { mazeJson } from '../maze-json';
import { bfsFitness, createBfsWorkspace, type BfsWorkspace } from '../bfs';
import { jumpMazeFromJson, jumpMazeToJson, maxJumps, changeableCells, randomCells, type JumpPuzzle } from '../model';
import { decodeIndividual, encodeIndividual, encodedWidth } from './codec';
import { crossover, crossoverPoint, mutate, mutateCells } from './operators';
import { countText } from '../../../text/numbers';

export const jumpGaParams = {
  population: { type: 'int', default: 0, min: 0, max: 100000, help: "Individuals per generation; 0 = 2 x cells (the report's 2n^2)." },
  survival: {
    type: 'number',
    default: 0.3,
    min: 0,
    max: 1,
    help: 'Share of the population kept as parents each generation (elites included), the rest drawn with probability proportional to fitness + cells.',
  },
  elitism: {
    type: 'number',
    default: 0.2,
    min: 0,
    max: 1,
    help: 'Share of the survivors taken as the best individuals, kept unchanged into the next generation.',
  },
  crossoverLow: { type: 'number', default: 0.25, min: 0, max: 1, help: 'Earliest one-point crossover cut, as a share of the chromosome length.' },
  crossoverHigh: { type: 'number', default: 0.75, min: 0, max: 1, help: 'Latest one-point crossover cut, as a share of the chromosome length.' },
  mutation: {
    type: 'number',
    default: 0.018,
    min: 0,
    max: 1,
    help: 'Probability that a child mutates one cell (then again at a lower rate, see mutationDecay).',
  },
  mutationDecay: {
    type: 'number',
    default: 3,
    min: 1,
    help: 'After each mutation in one child the mutation probability is divided by this (per-child mutation only).',
  },
  mutationMode: {
    type: 'enum',
    options: ['child', 'cell'],
    default: 'child',
    help: "child = the report's text: a child mutates one cell with probability `mutation`, then again at a rate divided by mutationDecay; cell = its parameter table: every cell mutates with probability `mutation`.",
  },
} as const satisfies ParamSchema;

type GaParams = ResolvedParams<typeof jumpGaParams>;

const GaCheckpoint = v.object({
  rng: rngState,
  evaluations: count,
  generation: count,
  pop: v.array(v.string()),
  fit: v.array(v.number()),
  /** The generation being built: individuals [0, filled), of which [0, scored) are scored. */
  next: v.array(v.string()),
  nextFit: v.array(v.number()),
  pool: v.array(count),
  bestScore: v.number(),
  best: mazeJson,
  /** Individuals of the first generation made so far, while it is being made (absent once it is whole). */
  initialised: v.optional(count),
});
type GaCheckpoint = v.InferOutput<typeof GaCheckpoint>;

/**
 * The CS 440 report's genetic algorithm: row-major chromosomes, a survivor pool of elites plus
 * fitness-weighted draws, random pairs from the pool make two children each (one-point crossover
 * in the middle half, then decaying mutation), elites pass unchanged. The generation is built one
 * child at a time so a step can stop right after any new best, and a checkpoint can fall mid-way.
 */
export class JumpGa implements SolverRun<{ cells: number[][] }, GaCheckpoint> {
  evaluations = 0;
  generation = 0;
  bestScore = -Infinity;
  private readonly n: number;
  private readonly size: number;
  private readonly survivors: number;
  private readonly elites: number;
  private pop: Int32Array;
  private fit: Float64Array;
  private next: Int32Array;
  private nextFit: Float64Array;
  /** Per-individual views of pop and next (made once: BFS reads an individual without copying). */
  private popViews: Int32Array[];
  private nextViews: Int32Array[];
  private readonly pool: Int32Array;
  private readonly order: Int32Array;
  private readonly cumulative: Float64Array;
  private poolReady = false;
  private filled = 0;
  private scored = 0;
  private mean = 0;
  private top = 0;
  private readonly best: Int32Array;
  private readonly maxJ: Int32Array;
  private readonly mutable: Int32Array;
  private readonly work: BfsWorkspace;
  /**
   * Individuals of the first generation made so far: it is made a few at a time by step(), so a
   * huge population cannot hold a run past its stop criteria before its first step.
   */
  private initialised: number;

  constructor(
    private readonly puzzle: JumpPuzzle,
    private readonly p: GaParams,
    private readonly rng: Rng,
    fresh: boolean,
  ) {
    const n = puzzle.rows * puzzle.cols;
    this.n = n;
    this.size = Math.max(2, p.population > 0 ? p.population : 2 * n);
    this.survivors = Math.min(this.size, Math.max(2, Math.round(this.size * p.survival)));
    this.elites = Math.min(this.survivors, Math.round(this.survivors * p.elitism));
    this.pop = new Int32Array(this.size * n);
    this.next = new Int32Array(this.size * n);
    this.fit = new Float64Array(this.size);
    this.nextFit = new Float64Array(this.size);
    this.popViews = [];
    this.nextViews = [];
    for (let k = 0; k < this.size; k++) {
      this.popViews.push(this.pop.subarray(k * n, (k + 1) * n));
      this.nextViews.push(this.next.subarray(k * n, (k + 1) * n));
    }
    this.pool = new Int32Array(this.survivors);
    this.order = new Int32Array(this.size);
    this.cumulative = new Float64Array(this.size);
    this.best = new Int32Array(n);
    this.maxJ = maxJumps(puzzle);
    this.mutable = changeableCells(this.maxJ);
    this.work = createBfsWorkspace(puzzle);
    this.initialised = fresh ? 0 : this.size;
    // One individual at once, so a fresh run has a best board to show from the start.
    if (fresh) this.initialiseOne();
  }

  /** The next random individual of the first generation; true when it is a new best. */
  private initialiseOne(): boolean {
    const k = this.initialised++;
    randomCells(this.popViews[k], this.maxJ, this.rng);
    this.fit[k] = this.score(this.popViews[k]);
    const better = this.noteBest(this.pop, k * this.n, this.fit[k]);
    if (this.initialised === this.size) this.summarise();
    else this.top = this.bestScore;
    return better;
  }

  /** Best fitness in the current generation. */
  get currentScore(): number {
    return this.top;
  }

  get meanScore(): number {
    return this.mean;
  }

  get iteration(): number {
    return this.generation;
  }

  get finished(): boolean {
    return false;
  }

  /** The population size in use (after `population = 0` is resolved). */
  get populationSize(): number {
    return this.size;
  }

  step(budget: number): void {
    const { n, size } = this;
    const stopAt = this.evaluations + Math.max(1, budget);
    while (this.initialised < size) {
      if (this.initialiseOne() || this.evaluations >= stopAt) return;
    }
    while (this.evaluations < stopAt) {
      if (!this.poolReady) this.select();
      if (this.scored < this.filled) {
        const f = this.score(this.nextViews[this.scored]);
        const off = this.scored * n;
        this.nextFit[this.scored++] = f;
        if (this.noteBest(this.next, off, f)) return;
      } else if (this.filled < size) {
        this.breed();
      } else {
        this.endGeneration();
      }
    }
  }

  bestSolution(): { cells: number[][] } {
    return jumpMazeToJson(this.puzzle, { cells: this.best });
  }

  checkpoint(): GaCheckpoint {
    const { puzzle, n } = this;
    const pop: string[] = [];
    for (let k = 0; k < this.initialised; k++) pop.push(encodeIndividual(puzzle, this.pop, k * n));
    const next: string[] = [];
    for (let k = 0; k < this.filled; k++) next.push(encodeIndividual(puzzle, this.next, k * n));
    return {
      rng: this.rng.getState(),
      evaluations: this.evaluations,
      generation: this.generation,
      pop,
      fit: Array.from(this.fit.subarray(0, this.initialised)),
      next,
      nextFit: Array.from(this.nextFit.subarray(0, this.scored)),
      pool: this.poolReady ? Array.from(this.pool) : [],
      bestScore: this.bestScore,
      best: this.bestSolution(),
      ...(this.initialised < this.size ? { initialised: this.initialised } : {}),
    };
  }

  static restore(puzzle: JumpPuzzle, p: GaParams, s: GaCheckpoint): JumpGa {
    const bad = (why: string): Error => damaged('ga', why, 'does not fit the population');
    const ga = new JumpGa(puzzle, p, new Rng(s.rng), false);
    const { n, size } = ga;
    const made = s.initialised ?? size;
    if (made < 1 || made > size) throw bad('initialised');
    if (s.pop.length !== made || s.fit.length !== made) throw damaged('ga', 'pop', `expected a population of ${size}`);
    if (s.next.length > size || s.nextFit.length > s.next.length) throw bad('next');
    if (s.pool.length !== 0 && s.pool.length !== ga.survivors) throw bad('pool');
    for (let k = 0; k < made; k++) {
      decodeIndividual(puzzle, s.pop[k], ga.pop, k * n, `ga checkpoint is damaged: pop.${k}`);
      ga.fit[k] = s.fit[k];
    }
    for (let k = 0; k < s.next.length; k++) decodeIndividual(puzzle, s.next[k], ga.next, k * n, `ga checkpoint is damaged: next.${k}`);
    for (let k = 0; k < s.nextFit.length; k++) ga.nextFit[k] = s.nextFit[k];
    ga.filled = s.next.length;
    ga.scored = s.nextFit.length;
    ga.poolReady = s.pool.length > 0;
    for (let k = 0; k < s.pool.length; k++) {
      const x = s.pool[k];
      if (x >= size) throw bad('pool');
      ga.pool[k] = x;
    }
    ga.best.set(jumpMazeFromJson(puzzle, s.best, 'ga checkpoint is damaged: best').cells);
    ga.bestScore = s.bestScore;
    ga.evaluations = s.evaluations;
    ga.generation = s.generation;
    ga.initialised = made;
    if (made === size) ga.summarise();
    else ga.top = ga.bestScore;
    return ga;
  }

  private score(cells: Int32Array): number {
    this.evaluations++;
    return bfsFitness(this.puzzle, cells, this.work);
  }

  private noteBest(pop: Int32Array, off: number, f: number): boolean {
    if (f <= this.bestScore) return false;
    this.bestScore = f;
    for (let i = 0; i < this.n; i++) this.best[i] = pop[off + i];
    return true;
  }

  /** Survivor pool (elites, then fitness-weighted draws with replacement); elites pass unchanged. */
  private select(): void {
    const { order, fit, size, pool, n, cumulative } = this;
    for (let k = 0; k < size; k++) order[k] = k;
    order.sort((a, b) => fit[b] - fit[a] || a - b);
    let total = 0;
    // Fitness is at least -(cells - 1), so adding the cell count makes every weight positive.
    for (let k = 0; k < size; k++) cumulative[k] = total += fit[k] + n;
    for (let k = 0; k < this.elites; k++) pool[k] = order[k];
    for (let k = this.elites; k < this.survivors; k++) {
      const x = this.rng.next() * total;
      let lo = 0;
      let hi = size - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cumulative[mid] > x) hi = mid;
        else lo = mid + 1;
      }
      pool[k] = lo;
    }
    for (let k = 0; k < this.elites; k++) {
      const src = pool[k] * n;
      const dst = k * n;
      for (let i = 0; i < n; i++) this.next[dst + i] = this.pop[src + i];
      this.nextFit[k] = fit[pool[k]];
    }
    this.filled = this.elites;
    this.scored = this.elites;
    this.poolReady = true;
  }

  /** Two random parents from the pool make two children (one when a single slot is left). */
  private breed(): void {
    const { rng, n, pool, p } = this;
    const s = pool.length;
    const i = rng.int(s);
    let j = rng.int(s - 1);
    if (j >= i) j++;
    const cut = crossoverPoint(rng, n, p.crossoverLow, p.crossoverHigh);
    const c1 = this.filled * n;
    const two = this.filled + 1 < this.size;
    crossover(this.pop, pool[i] * n, pool[j] * n, this.next, c1, two ? c1 + n : -1, n, cut);
    this.mutateChild(c1);
    if (two) this.mutateChild(c1 + n);
    this.filled += two ? 2 : 1;
  }

  private mutateChild(off: number): void {
    const { p, rng } = this;
    if (p.mutationMode === 'cell') mutateCells(this.next, off, rng, p.mutation, this.mutable, this.maxJ);
    else mutate(this.next, off, rng, p.mutation, p.mutationDecay, this.mutable, this.maxJ);
  }

  private endGeneration(): void {
    [this.pop, this.next] = [this.next, this.pop];
    [this.popViews, this.nextViews] = [this.nextViews, this.popViews];
    [this.fit, this.nextFit] = [this.nextFit, this.fit];
    this.generation++;
    this.filled = 0;
    this.scored = 0;
    this.poolReady = false;
    this.summarise();
  }

  private summarise(): void {
    let sum = 0;
    let top = -Infinity;
    for (let k = 0; k < this.size; k++) {
      sum += this.fit[k];
      if (this.fit[k] > top) top = this.fit[k];
    }
    this.mean = sum / this.size;
    this.top = top;
  }
}

/** Individuals a run of these params holds (`population = 0` is 2 x cells, and never below 2). */
function populationOf(puzzle: JumpPuzzle, population: number): number {
  return Math.max(2, population > 0 ? population : 2 * puzzle.rows * puzzle.cols);
}

/** Characters of a checkpoint at its largest: the population and the next one, every cell as text. */
function checkpointChars(puzzle: JumpPuzzle, population: number): number {
  return 2 * populationOf(puzzle, population) * puzzle.rows * puzzle.cols * encodedWidth(puzzle);
}

/**
 * Bytes a run holds: two populations of cells (4 bytes each), an individual's views, fitness and
 * selection arrays (about 300 bytes), and its checkpoint's text held as a string, as JSON in the
 * worker and again in the process that stores it.
 */
export function jumpGaBytes(puzzle: JumpPuzzle, population: number): number {
  const size = populationOf(puzzle, population);
  return size * (2 * puzzle.rows * puzzle.cols * 4 + 300) + 3 * checkpointChars(puzzle, population);
}

/** A population whose arrays or last checkpoint do not fit what one run may hold and write (`population = 0` at 1000 x 1000 is 2,000,000 mazes). */
export function jumpGaRefuses(puzzle: JumpPuzzle, population: number): string | null {
  const what = `a population of ${countText(populationOf(puzzle, population))} mazes of ${puzzle.rows} x ${puzzle.cols}`;
  return memoryRefusal(jumpGaBytes(puzzle, population), what) ?? checkpointRefusal(checkpointChars(puzzle, population), what);
}

export const jumpGaSolver = catalogued(
  {
    id: 'ga',
    family: 'jump',
    label: 'Genetic algorithm (CS 440 report)',
    description:
      "The report's GA: population 2n^2, 30% survive (20% of them elites, the rest drawn by fitness + n^2), one-point crossover in the middle half, mutation 0.018 divided by 3 after each mutation.",
    params: jumpGaParams,
    refuses: (puzzle: JumpPuzzle, params: GaParams) => jumpGaRefuses(puzzle, params.population),
    memoryBytes: (puzzle: JumpPuzzle, params: GaParams) => jumpGaBytes(puzzle, params.population),
    create: (puzzle: JumpPuzzle, params: GaParams, seed: number) => new JumpGa(puzzle, params, new Rng(seed), true),
    restore: (puzzle: JumpPuzzle, params: GaParams, cp: GaCheckpoint) => JumpGa.restore(puzzle, params, cp),
  },
  GaCheckpoint,
);
