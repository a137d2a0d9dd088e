import type { SolverRun } from '../../../engine/solver';
import { Selector, sortByFitness, type SelectionScheme } from '../../../engines/genetic/selection';
import { WeightedChoice } from '../../../engines/genetic/weighted';
import type { ResolvedParams } from '../../../params/schema';
import { damaged } from '../../../engine/checkpoint';
import { Rng } from '../../../rng/rng';
import { solutionToJson, type EdgeSolutionJson } from '../model/json';
import type { EdgePuzzle } from '../model/model';
import type { GaCheckpoint } from './checkpoint';
import { Crossover } from './crossovers';
import { BoardScorer, LocalDelta, fitnessOf, type FitnessKind } from './fitness';
import { makeLayout, type GaLayout } from './layout';
import { MUT_SCRAMBLE, Mutator } from './mutations';
import type { OffspringSearch } from './offspring-search';
import type { gaParams } from './params';
import { Population, packBoard, randomBoard, unpackBoard } from './population';
import { BAD_QUADS, BORDER_FAULTS, DEADLOCKED, Repairer } from './repair';

export type GaParams = ResolvedParams<typeof gaParams>;

/**
 * The memetic step (ga-memetic): a local search on each child with chance `rate`: the
 * deadlock search of the repairs (moves only tiles with an unmatched join) or, when `search` is
 * given, the family's uniform local search.
 */
export interface OffspringImprover {
  rate: number;
  moves: number;
  temperature: number;
  search?: OffspringSearch;
}

/** Fitness sums of fractions: a rise smaller than this is rounding, not progress. */
const EPS = 1e-12;

/**
 * Niang's generational GA for edge matching (thesis chapter 4). Each generation: select a mating
 * pool of `population` parents, cross consecutive pairs with the crossover rate, mutate each
 * child with the mutation rate, then the best `elitism` boards of the old generation replace
 * the worst of the new one. When the best fitness has stalled for the repair threshold, the
 * selection heuristic repairs the boards it tagged last time (if still unchanged) and tags the
 * current elites; the deadlock repair is a short search (repair.ts), which is what finishes
 * boards. Optionally a completely stuck population is scrambled (thesis 4.5.8).
 *
 * ga-memetic (memetic.ts) runs the same loop with an OffspringImprover: every child gets a local
 * search, and with replacement=crowding each child competes only with its own parent.
 *
 * Evaluations: the first population, every board of every generation (the thesis's EVAL =
 * population x generations, `boardEvaluations`), each repaired or scrambled board once, and every
 * delta-scored trial of a repair or local search once (the thesis did not count those).
 */
export class EdgeGa implements SolverRun<EdgeSolutionJson, GaCheckpoint> {
  evaluations = 0;
  iteration = 0;
  bestScore = -1;
  currentScore = 0;
  meanScore = 0;
  crossovers = 0;
  mutations = 0;
  repairs = 0;
  /** Delta evaluations spent inside repairs (deadlock search trials). */
  repairTrials = 0;
  /** Times the stuck population was scrambled. */
  scrambles = 0;
  /** Local-search moves spent on children (ga-memetic). */
  searchMoves = 0;

  private readonly L: GaLayout;
  private readonly size: number;
  private readonly kind: FitnessKind;
  private cur: Population;
  private next: Population;
  private readonly delta: LocalDelta;
  private readonly scorer: BoardScorer;
  private readonly mutator: Mutator;
  private readonly crossover: Crossover;
  private readonly repairer: Repairer;
  private readonly selector: Selector;
  private readonly mutChoice: WeightedChoice;
  private readonly cxChoice: WeightedChoice;
  private readonly orderA: Int32Array;
  private readonly orderB: Int32Array;
  /** The parent each board of the next generation was bred from (its first parent). */
  private readonly parentOf: Int32Array;
  private readonly bestP: Int16Array;
  private readonly bestR: Uint8Array;
  private readonly tmp = new Int32Array(2);
  private readonly symptoms = new Int32Array(3);
  /** Best selection fitness so far; generations since it rose (scramble) and since the last check (repair). */
  private bestFit = -Infinity;
  private sinceBest = 0;
  private stall = 0;
  private threshold: number;

  constructor(
    puzzle: EdgePuzzle,
    private readonly p: GaParams,
    private readonly rng: Rng,
    checkpoint?: GaCheckpoint,
    private readonly improver?: OffspringImprover,
  ) {
    const L = (this.L = makeLayout(puzzle));
    this.size = p.population;
    this.kind = p.fitness as FitnessKind;
    this.cur = new Population(this.size, L.cells);
    this.next = new Population(this.size, L.cells);
    this.delta = new LocalDelta(L);
    this.scorer = new BoardScorer(L);
    this.mutator = new Mutator(L, this.delta);
    this.crossover = new Crossover(L);
    this.repairer = new Repairer(L, this.delta, this.kind);
    this.selector = new Selector(this.size, {
      scheme: p.selection as SelectionScheme,
      pressure: p.rankPressure,
      tournamentSize: p.tournamentSize,
      replacement: p.tournamentReplacement,
    });
    // Upright pieces (Tetravex): no mutation turns a tile.
    const turns = this.L.turns > 1;
    this.mutChoice = new WeightedChoice([
      turns ? p.mutRotate : 0,
      p.mutSwap,
      p.mutSwapRotate,
      turns ? p.mutRotateRegion : 0,
      p.mutSwapRegion,
      p.mutRegionInversion,
      p.mutRowInversion,
      p.mutColumnInversion,
      p.mutScramble,
    ]);
    this.cxChoice = new WeightedChoice([p.cxRegionExchange, p.cxUniform]);
    this.orderA = new Int32Array(this.size);
    this.orderB = new Int32Array(this.size);
    this.parentOf = new Int32Array(this.size);
    this.bestP = new Int16Array(L.cells);
    this.bestR = new Uint8Array(L.cells);
    this.threshold = p.repairThreshold;
    if (checkpoint === undefined) this.start();
    else this.load(checkpoint);
  }

  get finished(): boolean {
    return this.p.generations > 0 && this.iteration >= this.p.generations;
  }

  /** The best selection fitness seen so far (thesis fitness, or matched joins with fitness=score). */
  get bestFitness(): number {
    return this.bestFit;
  }

  /** The current population, for tests and the bench (read only). */
  get population(): Population {
    return this.cur;
  }

  get layout(): GaLayout {
    return this.L;
  }

  /** Boards bred, as the thesis counts evaluations (population x generations, first population included). */
  get boardEvaluations(): number {
    return this.size * (this.iteration + 1);
  }

  private start(): void {
    const scratch = new Int16Array(this.L.cells);
    for (let i = 0; i < this.size; i++) {
      randomBoard(this.L, this.cur.piece, this.cur.rot, i * this.L.cells, this.rng, scratch);
      this.cur.evaluate(this.L, this.kind, i, this.scorer, this.tmp);
    }
    this.evaluations = this.size;
    this.survey();
    this.bestFit = this.maxFit();
  }

  /** The run's evaluation limit (the driver's `limitEvaluations`): the walks stop there, not a generation later. */
  private evaluationLimit = Infinity;

  limitEvaluations(max: number): void {
    this.evaluationLimit = max;
  }

  step(budget: number): void {
    if (this.finished) return;
    const target = this.evaluations + budget;
    const startBest = this.bestScore;
    do this.generation();
    while (this.evaluations < target && !this.finished && this.bestScore === startBest);
  }

  private generation(): void {
    const { cur, next, rng, p, L } = this;
    const n = L.cells;
    const size = this.size;
    const crowding = p.replacement === 'crowding';
    const parent = this.parentOf;
    if (crowding) {
      // Every board breeds once, with a random partner.
      for (let i = 0; i < size; i++) parent[i] = i;
      rng.shuffle(parent);
    } else this.selector.prepare(cur.fit);
    for (let i = 0; i < size; i += 2) {
      const a = crowding ? parent[i] : this.selector.pick(rng);
      if (i + 1 === size) {
        parent[i] = a;
        next.copyFrom(cur, a, i);
        this.maybeMutate(i);
        break;
      }
      const b = crowding ? parent[i + 1] : this.selector.pick(rng);
      parent[i] = a;
      parent[i + 1] = b;
      if (this.cxChoice.total > 0 && rng.chance(p.crossoverRate)) {
        const op = this.cxChoice.pick(rng);
        this.crossover.apply(op, cur.piece, cur.rot, a * n, b * n, next.piece, next.rot, i * n, (i + 1) * n, rng);
        this.scoreChild(i, a);
        this.scoreChild(i + 1, b);
        next.tag[i] = 0;
        next.tag[i + 1] = 0;
        this.crossovers++;
      } else {
        next.copyFrom(cur, a, i);
        next.copyFrom(cur, b, i + 1);
      }
      this.maybeMutate(i);
      this.maybeMutate(i + 1);
    }
    this.evaluations += size;
    const imp = this.improver;
    if (imp && imp.rate > 0) {
      for (let j = 0; j < size; j++) {
        if (!rng.chance(imp.rate)) continue;
        // The walks are most of a generation's evaluations: cut to what the run's limit leaves.
        const moves = Math.min(imp.moves, this.evaluationLimit - this.evaluations);
        if (moves <= 0) break;
        const m = imp.search
          ? imp.search.run(next.piece, next.rot, j * n, rng, moves)
          : this.repairer.deadlockSearch(next.piece, next.rot, j * n, rng, 1, moves, imp.temperature);
        next.evaluate(L, this.kind, j, this.scorer, this.tmp);
        next.tag[j] = 0;
        this.searchMoves += m;
        this.evaluations += m;
        // Crowding may drop a child with more joins but a lower thesis fitness: keep it as the best now.
        this.noteBest(next, j);
        if (imp.search && imp.search.lastTop > this.bestScore) {
          // A walk that leaves its last board may have passed a better one.
          this.bestScore = imp.search.lastTop;
          imp.search.lastBestInto(this.bestP, this.bestR);
        }
        if (next.score[j] === L.maxScore) break;
      }
    }
    if (crowding) {
      // Deterministic crowding: a child takes its parent's place only when at least as fit
      // (region exchange keeps most of the first parent), so lineages stay apart.
      for (let j = 0; j < size; j++) if (next.fit[j] < cur.fit[parent[j]]) next.copyFrom(cur, parent[j], j);
    }
    const elites = crowding ? 0 : Math.min(p.elitism, size);
    if (elites > 0) {
      // The golden cage: the old generation's best replace the new generation's worst.
      sortByFitness(cur.fit, this.orderA);
      sortByFitness(next.fit, this.orderB);
      for (let k = 0; k < elites; k++) next.copyFrom(cur, this.orderA[size - 1 - k], this.orderB[k]);
    }
    this.cur = next;
    this.next = cur;
    this.iteration++;
    this.survey();
    const top = this.maxFit();
    if (top > this.bestFit + EPS) {
      this.bestFit = top;
      this.sinceBest = 0;
      this.stall = 0;
      this.threshold = p.repairThreshold;
    } else {
      this.sinceBest++;
      this.stall++;
    }
    if (p.scrambleStuck > 0 && this.sinceBest >= p.scrambleStuck) {
      this.scramblePopulation();
      return;
    }
    const repairing = p.repairThreshold > 0 && (p.repairDeadlocks || p.repair2x2 || p.repairBorder);
    if (repairing && this.stall >= this.threshold) this.selectionHeuristic();
  }

  /**
   * Score child j of the next generation bred from parent `from`: by delta over the cells where
   * they differ when those are few (crossovers of similar parents, the usual case once the
   * population has converged), else from scratch.
   */
  private scoreChild(j: number, from: number): void {
    const { cur, next, L, delta } = this;
    const n = L.cells;
    const po = from * n;
    const co = j * n;
    delta.reset();
    let changed = 0;
    // Past this many, LocalDelta would rescore both boards in full anyway.
    const most = (n / 10) | 0;
    for (let k = 0; k < n && changed <= most; k++) {
      if (next.piece[co + k] !== cur.piece[po + k] || next.rot[co + k] !== cur.rot[po + k]) {
        delta.add(k);
        changed++;
      }
    }
    if (changed > most) {
      next.evaluate(L, this.kind, j, this.scorer, this.tmp);
      return;
    }
    delta.before(cur.piece, cur.rot, po);
    delta.after(next.piece, next.rot, co);
    next.score[j] = cur.score[from] + delta.dScore;
    next.quads[j] = cur.quads[from] + delta.dQuads;
    next.fit[j] = fitnessOf(this.kind, L, next.score[j], next.quads[j]);
  }

  private maybeMutate(j: number): void {
    if (this.mutChoice.total <= 0 || !this.rng.chance(this.p.mutationRate)) return;
    // Scramble is a restart: only offered once the population is stuck.
    const off = this.sinceBest >= this.p.stuckGenerations ? 0 : 1 << MUT_SCRAMBLE;
    const op = this.mutChoice.pickWithout(this.rng, off);
    if (op < 0) return;
    const next = this.next;
    this.mutator.apply(op, next.piece, next.rot, j * this.L.cells, this.rng);
    next.score[j] += this.delta.dScore;
    next.quads[j] += this.delta.dQuads;
    next.fit[j] = fitnessOf(this.kind, this.L, next.score[j], next.quads[j]);
    next.tag[j] = 0;
    this.mutations++;
  }

  /**
   * Thesis 4.8: boards tagged at the last check that are still in the population unchanged (a
   * tag survives only copying) could not improve: repair them according to their symptoms,
   * fittest first, at most repairElites of them. Then tag the current elites and lower the
   * threshold.
   */
  private selectionHeuristic(): void {
    const { cur, p, L } = this;
    const size = this.size;
    this.stall = 0;
    sortByFitness(cur.fit, this.orderA);
    let repaired = 0;
    for (let k = size - 1; k >= 0; k--) {
      const i = this.orderA[k];
      if (!cur.tag[i]) continue;
      cur.tag[i] = 0;
      if (repaired >= p.repairElites) continue;
      const off = i * L.cells;
      this.repairer.symptoms(cur.piece, cur.rot, off, p.deadlockSides, this.symptoms);
      if (p.repairBorder && this.symptoms[BORDER_FAULTS] > 0) this.repairer.border(cur.piece, cur.rot, off);
      if (p.repairDeadlocks && this.symptoms[DEADLOCKED] > 0) {
        if (p.deadlockRepair === 'search') {
          const t = this.repairer.deadlockSearch(cur.piece, cur.rot, off, this.rng, p.deadlockSides, p.repairTrials, p.repairTemperature);
          this.repairTrials += t;
          this.evaluations += t;
        } else this.repairer.deadlocks(cur.piece, cur.rot, off, this.rng, p.deadlockSides);
      }
      if (p.repair2x2 && this.symptoms[BAD_QUADS] > 0) this.repairer.quads(cur.piece, cur.rot, off);
      cur.evaluate(L, this.kind, i, this.scorer, this.tmp);
      this.evaluations++;
      this.repairs++;
      repaired++;
    }
    if (repaired > 0) sortByFitness(cur.fit, this.orderA);
    for (let k = 0; k < Math.min(p.repairElites, size); k++) cur.tag[this.orderA[size - 1 - k]] = 1;
    this.threshold = Math.max(1, Math.round(this.threshold * (1 - p.repairDecay)));
    if (repaired > 0) {
      this.survey();
      const top = this.maxFit();
      if (top > this.bestFit + EPS) {
        this.bestFit = top;
        this.sinceBest = 0;
        this.threshold = p.repairThreshold;
      }
    }
  }

  /**
   * Thesis 4.5.8 applied to a completely stuck population: every board keeps its top-left tile
   * and has the rest dealt out again, except the `scrambleKeep` fittest, which stay as they are.
   * Stall counting starts afresh from the new population.
   */
  private scramblePopulation(): void {
    const { cur, p, L, rng } = this;
    const size = this.size;
    sortByFitness(cur.fit, this.orderA);
    const scrambled = size - Math.min(p.scrambleKeep, size);
    for (let k = 0; k < scrambled; k++) {
      const i = this.orderA[k];
      this.mutator.scramble(cur.piece, cur.rot, i * L.cells, rng);
      cur.evaluate(L, this.kind, i, this.scorer, this.tmp);
      cur.tag[i] = 0;
    }
    this.evaluations += scrambled;
    this.scrambles++;
    this.survey();
    this.bestFit = this.maxFit();
    this.sinceBest = 0;
    this.stall = 0;
    this.threshold = p.repairThreshold;
  }

  /** Population statistics and the best board ever seen (by matched joins). */
  private survey(): void {
    const pop = this.cur;
    let top = 0;
    let sum = 0;
    for (let i = 0; i < this.size; i++) {
      sum += pop.score[i];
      if (pop.score[i] > pop.score[top]) top = i;
    }
    this.currentScore = pop.score[top];
    this.meanScore = sum / this.size;
    this.noteBest(pop, top);
  }

  /** Keep board i of `pop` as the best ever when it matches more joins than any before. */
  private noteBest(pop: Population, i: number): void {
    if (pop.score[i] <= this.bestScore) return;
    this.bestScore = pop.score[i];
    const off = i * this.L.cells;
    for (let k = 0; k < this.L.cells; k++) {
      this.bestP[k] = pop.piece[off + k];
      this.bestR[k] = pop.rot[off + k];
    }
  }

  private maxFit(): number {
    let m = -Infinity;
    for (let i = 0; i < this.size; i++) if (this.cur.fit[i] > m) m = this.cur.fit[i];
    return m;
  }

  bestSolution(): EdgeSolutionJson {
    return solutionToJson({ piece: this.bestP, rotation: this.bestR });
  }

  checkpoint(): GaCheckpoint {
    const n = this.L.cells;
    const population: number[] = [];
    for (let i = 0; i < this.size; i++) packBoard(this.cur.piece, this.cur.rot, i * n, n, population);
    const best: number[] = [];
    packBoard(this.bestP, this.bestR, 0, n, best);
    return {
      version: 1,
      rng: this.rng.getState(),
      evaluations: this.evaluations,
      generation: this.iteration,
      crossovers: this.crossovers,
      mutations: this.mutations,
      repairs: this.repairs,
      repairTrials: this.repairTrials,
      scrambles: this.scrambles,
      searchMoves: this.searchMoves,
      bestScore: this.bestScore,
      bestFit: this.bestFit,
      sinceBest: this.sinceBest,
      stall: this.stall,
      threshold: this.threshold,
      best,
      population,
      tags: Array.from(this.cur.tag),
    };
  }

  static restore(puzzle: EdgePuzzle, p: GaParams, s: GaCheckpoint, improver?: OffspringImprover): EdgeGa {
    return new EdgeGa(puzzle, p, new Rng(s.rng), s, improver);
  }

  /** The boards of a checkpoint read with its schema, checked against the puzzle and the population size. */
  private load(s: GaCheckpoint): void {
    const L = this.L;
    const n = L.cells;
    const bad = (where: string, why: string): never => {
      throw damaged('ga', where, why);
    };
    if (s.population.length !== this.size * n) bad('population', `not ${this.size} boards of ${n} cells (was the population size changed?)`);
    if (s.best.length !== n) bad('best', `not ${n} cells`);
    if (s.tags.length !== this.size) bad('tags', `not ${this.size} flags`);
    const seen = new Uint8Array(n);
    for (let i = 0; i < this.size; i++) {
      const why = unpackBoard(L, s.population, i * n, this.cur.piece, this.cur.rot, i * n, seen);
      if (why) bad(`population`, `board ${i}: ${why}`);
      this.cur.evaluate(L, this.kind, i, this.scorer, this.tmp);
      this.cur.tag[i] = s.tags[i] ? 1 : 0;
    }
    const why = unpackBoard(L, s.best, 0, this.bestP, this.bestR, 0, seen);
    if (why) bad('best', why);
    this.evaluations = s.evaluations;
    this.iteration = s.generation;
    this.crossovers = s.crossovers;
    this.mutations = s.mutations;
    ({ repairs: this.repairs, repairTrials: this.repairTrials, scrambles: this.scrambles, searchMoves: this.searchMoves } = s);
    ({ bestScore: this.bestScore, bestFit: this.bestFit, sinceBest: this.sinceBest, stall: this.stall, threshold: this.threshold } = s);
    this.survey();
  }
}
