import * as v from 'valibot';
import { readCheckpoint } from '../../engine/checkpoint';
import type { LocalSearchProblem } from '../../engine/local-search';
import { mazeJson } from './maze-json';
import type { Rng } from '../../rng/rng';
import { bfsFitness, createBfsWorkspace, type BfsWorkspace } from './bfs';
import { IncrementalBfs } from './incremental';
import { goalIndex, jumpMazeFromJson, jumpMazeToJson, maxJumps, changeableCells, randomCells, type JumpPuzzle } from './model';

const JumpSearchState = v.object({ current: mazeJson, best: mazeJson });
type JumpSearchState = v.InferOutput<typeof JumpSearchState>;

/**
 * Local search over jump mazes. Move: give one random non-goal cell a different random legal
 * value. The delta is exact and incremental (incremental.ts): most moves cost far less than a
 * whole BFS.
 */
export class JumpLocalSearch implements LocalSearchProblem {
  readonly maxScore = null;
  private readonly n: number;
  private readonly cells: Int32Array;
  private readonly best: Int32Array;
  private readonly maxJ: Int32Array;
  /** Cells with at least two legal values (the only ones a move can change). */
  private readonly mutable: Int32Array;
  private readonly work: BfsWorkspace;
  private readonly eval: IncrementalBfs;
  private bestFitness: number;
  /** Whether `propose` left a move for `apply` (false on boards where no cell can change). */
  private pending = false;

  constructor(private readonly puzzle: JumpPuzzle) {
    this.n = puzzle.rows * puzzle.cols;
    this.maxJ = maxJumps(puzzle);
    this.mutable = changeableCells(this.maxJ);
    this.cells = new Int32Array(this.n).fill(1);
    this.cells[goalIndex(puzzle)] = 0;
    this.best = this.cells.slice();
    this.work = createBfsWorkspace(puzzle);
    this.eval = new IncrementalBfs(puzzle, this.cells);
    this.bestFitness = this.eval.fitness;
  }

  randomize(rng: Rng): void {
    const { cells, maxJ } = this;
    randomCells(cells, maxJ, rng);
    this.eval.reset();
    this.pending = false;
  }

  score(): number {
    return this.eval.fitness;
  }

  propose(rng: Rng): number {
    const { mutable, cells } = this;
    if (mutable.length === 0) {
      this.pending = false;
      return 0;
    }
    const i = mutable[rng.int(mutable.length)];
    const old = cells[i];
    // A uniform value in 1..max other than `old`.
    let v = 1 + rng.int(this.maxJ[i] - 1);
    if (v >= old) v++;
    this.pending = true;
    return this.eval.tryChange(i, v) - this.eval.fitness;
  }

  apply(): void {
    if (!this.pending) return;
    this.eval.commit();
    this.pending = false;
  }

  saveBest(): void {
    this.best.set(this.cells);
    this.bestFitness = this.eval.fitness;
  }

  /** Fitness of the remembered best maze. */
  bestScore(): number {
    return this.bestFitness;
  }

  bestSolution(): { cells: number[][] } {
    return jumpMazeToJson(this.puzzle, { cells: this.best });
  }

  /** The current maze as JSON (for tests and the UI). */
  currentSolution(): { cells: number[][] } {
    return jumpMazeToJson(this.puzzle, { cells: this.cells });
  }

  save(): JumpSearchState {
    return { current: this.currentSolution(), best: this.bestSolution() };
  }

  load(state: unknown): void {
    const s = readCheckpoint('jump local-search', JumpSearchState, state);
    const current = jumpMazeFromJson(this.puzzle, s.current, 'jump local-search checkpoint is damaged: current');
    const best = jumpMazeFromJson(this.puzzle, s.best, 'jump local-search checkpoint is damaged: best');
    this.best.set(best.cells);
    this.bestFitness = bfsFitness(this.puzzle, this.best, this.work);
    this.cells.set(current.cells);
    this.eval.reset();
    this.pending = false;
  }
}
