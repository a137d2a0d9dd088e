import { Rng } from '../../../rng/rng';
import type { EdgeSolutionJson } from '../model/json';
import type { EdgeBoard, EdgePuzzle } from '../model/model';
import { SolutionCounter } from './count';
import { KnuthEstimator, type LogEstimate, type TreeEstimate } from './knuth';
import { colourStats, type ColourStats } from './stats';
import { searchTree, type SearchTree, type Symmetry } from './tree';

export { colourStats, type ColourStats, type ColourCount } from './stats';
export { type LogEstimate, type TreeEstimate } from './knuth';
export { type Symmetry } from './tree';
export { makeUnique, type MakeUniqueResult } from './make-unique';
export { fewestRecolourings, type RecolourResult } from './recolour';

export interface EdgeAnalysisOptions {
  /** Stop counting once this many solutions (up to turns) are found. */
  maxSolutions: number;
  /** Knuth probes for the estimate. */
  probes: number;
  seed: number;
}

export const DEFAULT_EDGE_ANALYSIS: EdgeAnalysisOptions = { maxSolutions: 1000, probes: 2000, seed: 1 };

/** Why counting ended: the tree was exhausted (exact), the solution limit, the time limit, or a stop. */
export type CountEnd = 'exhausted' | 'solutions' | 'seconds' | 'stopped';

export interface EdgeCount {
  /** Solutions up to the board's turns: exact when `end` is exhausted, else a lower bound. */
  solutions: number;
  /** Solving boards with every turn counted separately (equal to `solutions` without symmetry). */
  boards: number;
  /** Nodes (placements) the count visited. */
  nodes: number;
  end: CountEnd;
  cpuMs: number;
}

export interface EdgeAnalysis {
  family: 'edge';
  rows: number;
  cols: number;
  symmetry: Symmetry;
  /** The top-left corner was pinned to one corner type (a quarter of the tree searched). */
  pinned: boolean;
  count: EdgeCount;
  /** Up to two solutions distinct up to turns, first found first. */
  solutions: EdgeSolutionJson[];
  estimate: TreeEstimate & {
    /** Expected solutions up to turns (the boards estimate divided by the turns each solution stands for). */
    solutions: LogEstimate;
    cpuMs: number;
  };
  stats: ColourStats;
}

export interface AnalysisProgress {
  phase: 'estimate' | 'count' | 'done';
  /** Probes or nodes so far in the phase. */
  work: number;
  /** Solutions so far (lower bound). */
  found: number;
}

/**
 * An edge analysis as a host drives it: `step` in slices, first the Knuth probes, then the exact
 * count until the tree is exhausted or `maxSolutions` are found. The host owns the clock: it stops
 * calling `step` at its time limit and passes the CPU time of each phase to `result`.
 */
export class EdgeAnalysisJob {
  private readonly tree: SearchTree;
  private readonly estimator: KnuthEstimator;
  private readonly counter: SolutionCounter;
  private readonly stats: ColourStats;

  constructor(
    private readonly puzzle: EdgePuzzle,
    private readonly opts: EdgeAnalysisOptions,
    solution?: EdgeBoard | null,
  ) {
    this.tree = searchTree(puzzle);
    this.estimator = new KnuthEstimator(this.tree, new Rng(opts.seed));
    this.counter = new SolutionCounter(this.tree);
    this.stats = colourStats(puzzle, solution);
  }

  get phase(): AnalysisProgress['phase'] {
    if (this.estimator.probes < this.opts.probes) return 'estimate';
    return this.counter.done || this.counter.solutionsAtLeast >= this.opts.maxSolutions ? 'done' : 'count';
  }

  get done(): boolean {
    return this.phase === 'done';
  }

  /** About `budget` nodes of work (probes cost about one node per depth). */
  step(budget: number): void {
    if (this.phase === 'estimate') {
      const depth = Math.max(1, this.tree.plan.depth);
      const probes = Math.max(1, Math.min(this.opts.probes - this.estimator.probes, Math.floor(budget / depth)));
      for (let i = 0; i < probes; i++) this.estimator.probe();
    } else if (this.phase === 'count') {
      this.counter.step(budget);
    }
  }

  progress(): AnalysisProgress {
    const phase = this.phase;
    return { phase, work: phase === 'estimate' ? this.estimator.probes : this.counter.nodes, found: this.counter.solutionsAtLeast };
  }

  /** The analysis so far. `stopped`: why the host stopped early (null = ran to its end). */
  result(cpuMs: { estimate: number; count: number }, stopped: 'seconds' | 'stopped' | null): EdgeAnalysis {
    const c = this.counter;
    const end: CountEnd = c.done ? 'exhausted' : c.solutionsAtLeast >= this.opts.maxSolutions ? 'solutions' : (stopped ?? 'stopped');
    const est = this.estimator.estimate();
    // Boards at the bottom of the searched tree per solution up to turns (self-symmetric boards,
    // which stand for fewer, are too rare to move an estimate).
    const { symmetry, pinnedType, pt } = this.tree;
    const perSolution = pinnedType >= 0 ? pt.count[pinnedType] : symmetry === 'quarter-turn' ? 4 : symmetry === 'half-turn' ? 2 : 1;
    const shift = Math.log10(perSolution);
    return {
      family: 'edge',
      rows: this.puzzle.rows,
      cols: this.puzzle.cols,
      symmetry,
      pinned: pinnedType >= 0,
      count: { solutions: c.solutionsAtLeast, boards: c.boardsAtLeast, nodes: c.nodes, end, cpuMs: Math.round(cpuMs.count) },
      solutions: c.solutions,
      estimate: {
        ...est,
        solutions: { log10Mean: est.boards.log10Mean - shift, log10StdError: est.boards.log10StdError - shift },
        cpuMs: Math.round(cpuMs.estimate),
      },
      stats: this.stats,
    };
  }
}

/** Cells whose pieces show different colours on two boards of the same puzzle (empty cells differ from placed ones). */
export function boardDifferences(p: EdgePuzzle, a: EdgeBoard, b: EdgeBoard): number[] {
  const out: number[] = [];
  const show = (x: EdgeBoard, i: number, s: number): number => (x.piece[i] < 0 ? -1 : p.edges[4 * x.piece[i] + ((s - x.rotation[i] + 4) & 3)]);
  for (let i = 0; i < p.rows * p.cols; i++) {
    for (let s = 0; s < 4; s++) {
      if (show(a, i, s) !== show(b, i, s)) {
        out.push(i);
        break;
      }
    }
  }
  return out;
}
