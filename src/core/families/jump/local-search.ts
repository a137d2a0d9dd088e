import type { LocalSearchProblem } from '../../engine/local-search';
import type { Rng } from '../../rng/rng';
import { bfsFitness, createBfsWorkspace, type BfsWorkspace } from './bfs';
import { jumpMazeFromJson, jumpMazeToJson, maxJumps, type JumpPuzzle } from './model';

interface JumpSearchState {
  current: { cells: number[][] };
  best: { cells: number[][] };
}

/**
 * Local search over jump mazes. Move: give one random non-goal cell a different random legal
 * value. The delta is exact: for now the whole maze is re-evaluated by the allocation-free BFS
 * with the move applied and then undone (an incremental evaluation can replace this later).
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
  private fitness: number;
  private bestFitness: number;
  /** Pending move from `propose`: cell (-1 = none / no-op), new value, resulting fitness. */
  private moveCell = -1;
  private moveValue = 0;
  private moveFitness = 0;

  constructor(private readonly puzzle: JumpPuzzle) {
    this.n = puzzle.rows * puzzle.cols;
    this.maxJ = maxJumps(puzzle);
    const mutable: number[] = [];
    for (let i = 0; i < this.n - 1; i++) if (this.maxJ[i] >= 2) mutable.push(i);
    this.mutable = Int32Array.from(mutable);
    this.cells = new Int32Array(this.n).fill(1);
    this.cells[this.n - 1] = 0;
    this.best = this.cells.slice();
    this.work = createBfsWorkspace(puzzle);
    this.fitness = bfsFitness(puzzle, this.cells, this.work);
    this.bestFitness = this.fitness;
  }

  randomize(rng: Rng): void {
    const { cells, maxJ } = this;
    for (let i = 0; i < this.n - 1; i++) cells[i] = 1 + rng.int(maxJ[i]);
    cells[this.n - 1] = 0;
    this.fitness = bfsFitness(this.puzzle, cells, this.work);
    this.moveCell = -1;
  }

  score(): number {
    return this.fitness;
  }

  propose(rng: Rng): number {
    const { mutable, cells } = this;
    if (mutable.length === 0) {
      this.moveCell = -1;
      return 0;
    }
    const i = mutable[rng.int(mutable.length)];
    const old = cells[i];
    // A uniform value in 1..max other than `old`.
    let v = 1 + rng.int(this.maxJ[i] - 1);
    if (v >= old) v++;
    cells[i] = v;
    const f = bfsFitness(this.puzzle, cells, this.work);
    cells[i] = old;
    this.moveCell = i;
    this.moveValue = v;
    this.moveFitness = f;
    return f - this.fitness;
  }

  apply(): void {
    if (this.moveCell < 0) return;
    this.cells[this.moveCell] = this.moveValue;
    this.fitness = this.moveFitness;
    this.moveCell = -1;
  }

  saveBest(): void {
    this.best.set(this.cells);
    this.bestFitness = this.fitness;
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
    const s = state as Partial<JumpSearchState> | null;
    if (!s || typeof s !== 'object') throw new Error('jump local-search state is damaged');
    const current = jumpMazeFromJson(this.puzzle, s.current, 'jump local-search state (current)');
    const best = jumpMazeFromJson(this.puzzle, s.best, 'jump local-search state (best)');
    this.best.set(best.cells);
    this.bestFitness = bfsFitness(this.puzzle, this.best, this.work);
    this.cells.set(current.cells);
    this.fitness = bfsFitness(this.puzzle, this.cells, this.work);
    this.moveCell = -1;
  }
}
