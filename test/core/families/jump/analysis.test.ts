import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { analyseMaze, CELL_DEAD_END, CELL_ON_PATH, CELL_UNREACHABLE } from '../../../../src/core/families/jump/analysis';
import { jumpPuzzle, maxJumps, randomCells } from '../../../../src/core/families/jump';
import { Rng } from '../../../../src/core/rng/rng';

/** Reference: plain BFS from a cell over explicit neighbour lists. */
function neighbours(rows: number, cols: number, cells: number[], i: number): number[] {
  const v = cells[i];
  const r = Math.floor(i / cols);
  const c = i % cols;
  const out: number[] = [];
  if (v <= 0) return out;
  if (r - v >= 0) out.push(i - v * cols);
  if (r + v < rows) out.push(i + v * cols);
  if (c - v >= 0) out.push(i - v);
  if (c + v < cols) out.push(i + v);
  return out;
}

function bfs(rows: number, cols: number, cells: number[], from: number, goal: number): number[] {
  const dist = new Array<number>(rows * cols).fill(-1);
  dist[from] = 0;
  const q = [from];
  while (q.length) {
    const i = q.shift()!;
    if (i === goal) continue;
    for (const j of neighbours(rows, cols, cells, i)) {
      if (dist[j] >= 0) continue;
      dist[j] = dist[i] + 1;
      q.push(j);
    }
  }
  return dist;
}

/** Every shortest path spelled out (small mazes only). */
function allShortestPaths(rows: number, cols: number, cells: number[], start: number, goal: number, len: number): string[] {
  const out: string[] = [];
  const walk = (i: number, path: number[]): void => {
    if (path.length - 1 === len) {
      if (i === goal) out.push(path.join('-'));
      return;
    }
    if (i === goal) return;
    for (const j of neighbours(rows, cols, cells, i)) walk(j, [...path, j]);
  };
  walk(start, [start]);
  return out;
}

describe('jump maze analysis', () => {
  it('agrees with a reference BFS and an enumeration of shortest paths on random mazes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 6 }), fc.integer({ min: 2, max: 6 }), fc.integer(), (rows, cols, seed) => {
        const p = jumpPuzzle(rows, cols);
        const cells = new Int32Array(rows * cols);
        randomCells(cells, maxJumps(p), new Rng(seed));
        const arr = Array.from(cells);
        const goal = rows * cols - 1;
        const a = analyseMaze(p, cells);
        const fromStart = bfs(rows, cols, arr, 0, goal);
        expect(a.reachable).toBe(fromStart.filter((d) => d >= 0).length);
        const canReachGoal = (i: number): boolean => bfs(rows, cols, arr, i, goal)[goal] >= 0;
        const dead = fromStart.map((d, i) => d >= 0 && !canReachGoal(i));
        expect(a.deadEnds).toBe(dead.filter(Boolean).length);
        const len = fromStart[goal];
        expect(a.shortest).toBe(len >= 0 ? len : null);
        const paths = len >= 0 ? allShortestPaths(rows, cols, arr, 0, goal, len) : [];
        expect(a.shortestPaths).toBe(String(paths.length));
        const onPath = new Set(paths.flatMap((s) => s.split('-').map(Number)));
        expect(a.offPath).toBe(rows * cols - onPath.size);
        for (let i = 0; i < rows * cols; i++) {
          expect(a.cellKind[i] === CELL_ON_PATH).toBe(onPath.has(i));
          expect(a.cellKind[i] === CELL_UNREACHABLE).toBe(fromStart[i] < 0);
          expect(a.cellKind[i] === CELL_DEAD_END).toBe(dead[i]);
        }
        expect(a.score).toBe(len >= 0 ? len : -(rows * cols - a.reachable));
      }),
      { numRuns: 200 },
    );
  });

  it('counts path numbers beyond any float exactly', () => {
    // All ones on a 40x40 board: shortest paths are the monotone lattice paths, C(78, 39).
    const n = 40;
    const p = jumpPuzzle(n, n);
    const cells = new Int32Array(n * n).fill(1);
    cells[n * n - 1] = 0;
    let c = 1n;
    for (let k = 1n; k <= 39n; k++) c = (c * (39n + k)) / k;
    const a = analyseMaze(p, cells);
    expect(a.shortest).toBe(78);
    expect(a.shortestPaths).toBe(c.toString());
    expect(a.offPath).toBe(0);
  });
});
