/**
 * A jump maze to order: a unique shortest path of a chosen length. A random legal maze is walked
 * one cell at a time (each change kept when it brings the maze no further from the order: the
 * shortest path's distance to the length asked, then the number of shortest paths above one),
 * restarting from a new random maze when a walk stalls. What is returned is checked by the maze
 * analysis (exactly one shortest path of that length); a length the size never reached in the
 * budget is said with the longest unique path found.
 */
import { Rng } from '../../rng/rng';
import { analyseMaze } from './analysis';
import { changeableCells, maxJumps, randomCells, type JumpPuzzle } from './model';
import { countText } from '../../text/numbers';

export interface MazeOrder {
  length: number;
  seed: number;
  /** Cell changes tried in all. */
  maxSteps?: number;
  shouldStop?: () => boolean;
  /** The changes tried so far, told every 1,024 of them and at each new maze. */
  onProgress?: (steps: number) => void;
}

/** No maze to order within the search's bounds; the caller words what to try next. */
export class MazeOrderError extends Error {
  constructor(
    message: string,
    /** Whether `shouldStop` ended the search (rather than its `maxSteps`). */
    readonly stopped: boolean,
    /** The cell changes tried. */
    readonly steps: number,
  ) {
    super(message);
  }
}

export interface OrderedMaze {
  cells: Int32Array;
  steps: number;
}

/** How far a maze is from the order: 0 when its one shortest path has the length asked. */
function distance(p: JumpPuzzle, cells: Int32Array, length: number): number {
  const a = analyseMaze(p, cells);
  if (a.shortest === null) return 1e6 - a.reachable;
  const extra = a.shortestPaths === '1' ? 0 : Math.min(1000, a.shortestPaths.length * 3 + Number(a.shortestPaths.slice(0, 3)) / 1000);
  return 10 * Math.abs(a.shortest - length) + extra;
}

export function mazeToOrder(p: JumpPuzzle, o: MazeOrder): OrderedMaze {
  const cells0 = p.rows * p.cols;
  // A shortest path never visits a cell twice.
  if (!(o.length >= 1 && o.length < cells0))
    throw new Error(
      `a ${p.rows}x${p.cols} maze's shortest path visits each of its ${cells0} cells at most once: ask for 1 to ${cells0 - 1} moves, got ${o.length}`,
    );
  const rng = new Rng(o.seed);
  const maxJ = maxJumps(p);
  const free = changeableCells(maxJ);
  const maxSteps = o.maxSteps ?? 200_000;
  const cells = new Int32Array(p.rows * p.cols);
  let longest = -1;
  let steps = 0;
  while (steps < maxSteps && !o.shouldStop?.()) {
    o.onProgress?.(steps);
    randomCells(cells, maxJ, rng);
    let d = distance(p, cells, o.length);
    let stall = 0;
    while (d > 0 && stall < 20 * free.length && steps < maxSteps) {
      // Asked at every change: on a large maze one change (a full analysis) can take a second.
      if (o.shouldStop?.()) break;
      if ((steps & 1023) === 0) o.onProgress?.(steps);
      steps++;
      const i = free[rng.int(free.length)]!;
      const was = cells[i]!;
      cells[i] = 1 + rng.int(maxJ[i]!);
      if (cells[i] === was) continue;
      const e = distance(p, cells, o.length);
      if (e <= d) {
        stall = e < d ? 0 : stall + 1;
        d = e;
      } else {
        cells[i] = was;
        stall++;
      }
    }
    const a = analyseMaze(p, cells);
    if (a.shortestPaths === '1' && a.shortest !== null) longest = Math.max(longest, a.shortest);
    if (d === 0) return { cells, steps };
  }
  throw new MazeOrderError(
    `no ${p.rows}x${p.cols} maze with one shortest path of ${o.length} moves in ${countText(steps)} changes${
      longest >= 0 ? ` (the walks' mazes with one shortest path reached ${longest} moves)` : ''
    }`,
    steps < maxSteps,
    steps,
  );
}
