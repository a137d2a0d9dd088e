/** Mazes a jump puzzle can start as: random legal lengths (the goal reachable when a few hundred draws manage it) or every cell 1. */
import { bfsFitness, createBfsWorkspace, goalIndex, maxJumps, randomCells, type JumpMaze, type JumpPuzzle } from '../../../../core/families/jump/entry';
import { Rng } from '../../../../core/rng/rng';

/** A maze of random legal lengths (core's randomCells): each cell uniform in 1..its largest jump, the goal 0. */
export function randomMaze(p: JumpPuzzle, rng: Rng): JumpMaze {
  const max = maxJumps(p);
  const cells = new Int32Array(max.length);
  randomCells(cells, max, rng);
  return { cells };
}

/** Random legal mazes until one reaches the goal (at most `tries`; else the best found). */
export function randomWorkingMaze(p: JumpPuzzle, seed: number, tries = 300): JumpMaze {
  const rng = new Rng(seed);
  const work = createBfsWorkspace(p);
  let best: JumpMaze | null = null;
  let bestFit = -Infinity;
  for (let t = 0; t < tries; t++) {
    const m = randomMaze(p, rng);
    const f = bfsFitness(p, m.cells, work);
    if (f > bestFit) {
      best = m;
      bestFit = f;
    }
    if (f > 0) break;
  }
  return best!;
}

export function onesMaze(p: JumpPuzzle): JumpMaze {
  const cells = new Int32Array(p.rows * p.cols).fill(1);
  cells[goalIndex(p)] = 0;
  return { cells };
}
