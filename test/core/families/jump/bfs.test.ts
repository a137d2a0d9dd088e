import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bfsFitness, createBfsWorkspace, evaluateMaze, jumpPuzzle, maxJumps, shortestPath, type JumpPuzzle } from '../../../../src/core/families/jump';
import { Rng } from '../../../../src/core/rng/rng';

const grid = (text: string): Int32Array =>
  Int32Array.from(
    text
      .trim()
      .split(/\s+/)
      .map((t) => (t === 'G' ? 0 : Number(t))),
  );
const depthText = (p: JumpPuzzle, depth: Int32Array): string =>
  Array.from({ length: p.rows }, (_, r) =>
    Array.from(depth.subarray(r * p.cols, (r + 1) * p.cols))
      .map((d) => (d < 0 ? 'X' : String(d)))
      .join(' '),
  ).join('\n');

/** Independent reference: relax "depth[j] <= depth[i] + 1" over all moves until nothing changes. */
function naive(p: JumpPuzzle, cells: ArrayLike<number>): { depth: number[]; fitness: number; unreachable: number } {
  const n = p.rows * p.cols;
  const depth: number[] = new Array<number>(n).fill(Infinity);
  depth[p.start ?? 0] = 0;
  for (let changed = true; changed;) {
    changed = false;
    for (let r = 0; r < p.rows; r++)
      for (let c = 0; c < p.cols; c++) {
        const i = r * p.cols + c;
        const v = cells[i];
        if (depth[i] === Infinity || v <= 0) continue;
        for (const [rr, cc] of [
          [r - v, c],
          [r + v, c],
          [r, c - v],
          [r, c + v],
        ]) {
          if (rr < 0 || rr >= p.rows || cc < 0 || cc >= p.cols) continue;
          const j = rr * p.cols + cc;
          if (depth[i] + 1 < depth[j]) {
            depth[j] = depth[i] + 1;
            changed = true;
          }
        }
      }
  }
  const unreachable = depth.filter((d) => d === Infinity).length;
  const goal = depth[p.goal ?? n - 1];
  return { depth: depth.map((d) => (d === Infinity ? -1 : d)), unreachable, fitness: goal === Infinity ? -unreachable : goal };
}

/** Random sizes, most with a start and goal anywhere (two different cells). */
const mazeArb = fc
  .record({ rows: fc.integer({ min: 2, max: 9 }), cols: fc.integer({ min: 2, max: 9 }), ends: fc.integer({ min: 0, max: 3 }), a: fc.nat(), b: fc.nat() })
  .map(({ rows, cols, ends, a, b }): JumpPuzzle => {
    const n = rows * cols;
    const start = a % n;
    return ends === 0 ? { rows, cols } : jumpPuzzle(rows, cols, start, (start + 1 + (b % (n - 1))) % n);
  })
  .chain((p) => {
    const max = Array.from(maxJumps(p));
    return fc.tuple(fc.constant(p), fc.tuple(...max.map((m) => (m === 0 ? fc.constant(0) : fc.integer({ min: 1, max: m })))));
  })
  .map(([p, cells]) => ({ p, cells: Int32Array.from(cells) }));

describe('jump maze BFS', () => {
  it('gives -3 (three unreachable cells, the goal among them) for the unsolvable 5x5 example', () => {
    const p = { rows: 5, cols: 5 };
    const e = evaluateMaze(p, grid('3 3 2 4 3  2 2 2 1 1  4 3 1 3 4  2 3 1 1 3  1 1 3 2 0'));
    expect(e.fitness).toBe(-3);
    expect(e.unreachable).toBe(3);
    expect(depthText(p, e.depth)).toBe(['0 4 X 1 5', '2 X 3 5 4', '4 4 3 3 5', '1 3 2 3 4', '4 3 3 2 X'].join('\n'));
    expect(shortestPath(p, grid('3 3 2 4 3  2 2 2 1 1  4 3 1 3 4  2 3 1 1 3  1 1 3 2 0'))).toBeNull();
  });

  it("starts from the puzzle's start and scores the depth of its goal, wherever they are", () => {
    // A 3x4 board worked by hand: start row 2, column 3; goal row 3, column 1.
    const p = jumpPuzzle(3, 4, 6, 8);
    const cells = grid('1 1 1 2  1 2 1 1  G 2 1 3');
    const e = evaluateMaze(p, cells);
    expect(depthText(p, e.depth)).toBe(['3 2 1 2', '4 1 0 1', '3 2 1 2'].join('\n'));
    expect(e.fitness).toBe(3);
    expect(e.unreachable).toBe(0);
    expect(shortestPath(p, cells)).toEqual([6, 10, 11, 8]);
    // The same cells from the top-left: (0,0) -> (0,1) -> (0,2) -> (1,2), another start, other depths.
    expect(evaluateMaze({ rows: 3, cols: 4 }, cells).depth[6]).toBe(3);
    // A goal no move reaches: minus the unreachable cells, the goal among them.
    const blocked = jumpPuzzle(3, 3, 4, 0);
    expect(evaluateMaze(blocked, grid('G 1 1  1 1 1  1 1 1')).fitness).toBe(2);
    expect(evaluateMaze(blocked, grid('G 2 2  2 1 2  2 2 2')).fitness).toBe(-4);
    expect(shortestPath(blocked, grid('G 2 2  2 1 2  2 2 2'))).toBeNull();
  });

  it("reproduces the CS 440 report's depth tables (5x5: 21, 7x7: 33, 9x9: 56)", () => {
    const cases: [JumpPuzzle, string, number, string][] = [
      [{ rows: 5, cols: 5 }, '3 2 2 3 3  4 1 2 2 1  1 3 1 2 4  4 3 3 3 3  1 1 2 3 G', 21, '0 4 14 1 3\n8 11 12 10 9\n7 5 15 16 6\n1 3 13 2 2\n18 19 20 17 21'],
      [
        { rows: 7, cols: 7 },
        '1 5 1 4 1 5 1  6 2 2 5 1 4 6  5 5 4 3 3 5 5  3 5 2 2 3 5 5  5 1 4 3 3 1 6  1 3 3 2 3 4 5  4 4 1 4 5 1 G',
        33,
        '0 1 25 18 17 3 2\n1 6 26 7 16 5 2\n10 3 29 9 4 11 4\n13 7 27 11 28 12 8\n20 23 24 19 22 21 20\nX 2 28 10 3 4 X\n14 31 30 8 15 32 33',
      ],
      [
        { rows: 9, cols: 9 },
        '3 2 2 7 7 7 6 4 3  5 1 7 1 7 3 5 5 1  7 3 5 6 5 5 2 7 8  4 1 3 5 5 5 4 4 7  4 4 3 3 4 4 4 4 2  2 3 3 5 3 2 5 3 2  1 1 3 3 5 4 3 6 2  5 7 3 5 6 7 5 5 5  1 4 8 7 5 4 7 5 G',
        56,
        [
          '0 14 8 1 9 4 35 49 47',
          '44 43 6 5 6 45 42 47 46',
          '3 15 9 3 16 27 39 4 4',
          '1 23 24 21 2 25 37 20 22',
          '52 13 11 51 53 12 40 50 54',
          '29 16 30 32 17 31 34 18 33',
          '28 27 25 37 X 26 36 48 55',
          '2 28 10 2 10 3 38 21 3',
          '53 14 7 4 3 13 41 19 56',
        ].join('\n'),
      ],
    ];
    for (const [p, cells, fitness, depth] of cases) {
      const e = evaluateMaze(p, grid(cells));
      expect(e.fitness).toBe(fitness);
      expect(depthText(p, e.depth)).toBe(depth);
    }
  });

  it('agrees with an independent naive implementation on random mazes', () => {
    fc.assert(
      fc.property(mazeArb, ({ p, cells }) => {
        const ref = naive(p, cells);
        const e = evaluateMaze(p, cells);
        expect(e.fitness).toBe(ref.fitness);
        expect(e.unreachable).toBe(ref.unreachable);
        expect(Array.from(e.depth)).toEqual(ref.depth);
      }),
      { numRuns: 500, seed: 20240601 },
    );
  });

  it('reuses one workspace without carrying state from maze to maze', () => {
    const rng = new Rng(5);
    for (const p of [
      { rows: 2, cols: 2 },
      { rows: 4, cols: 7 },
      { rows: 9, cols: 9 },
    ]) {
      const work = createBfsWorkspace(p);
      const max = maxJumps(p);
      for (let k = 0; k < 200; k++) {
        const cells = max.map((m) => (m === 0 ? 0 : rng.range(1, m)));
        expect(bfsFitness(p, cells, work)).toBe(naive(p, cells).fitness);
        const e = evaluateMaze(p, cells, work);
        expect(e.depth).toBe(work.depth);
        expect(Array.from(e.depth)).toEqual(naive(p, cells).depth);
      }
    }
    expect(() => bfsFitness({ rows: 3, cols: 3 }, new Int32Array(9), createBfsWorkspace({ rows: 2, cols: 2 }))).toThrow(/workspace/);
  });

  it('shortestPath returns a legal path of exactly fitness moves, or null when the goal is unreachable', () => {
    fc.assert(
      fc.property(mazeArb, ({ p, cells }) => {
        const path = shortestPath(p, cells);
        const fitness = evaluateMaze(p, cells).fitness;
        if (fitness <= 0) {
          expect(path).toBeNull();
          return;
        }
        expect(path).not.toBeNull();
        expect(path!.length - 1).toBe(fitness);
        expect(path![0]).toBe(p.start ?? 0);
        expect(path![path!.length - 1]).toBe(p.goal ?? p.rows * p.cols - 1);
        for (let k = 1; k < path!.length; k++) {
          const i = path![k - 1];
          const j = path![k];
          const v = cells[i];
          const [ri, ci, rj, cj] = [Math.floor(i / p.cols), i % p.cols, Math.floor(j / p.cols), j % p.cols];
          expect((ri === rj && Math.abs(ci - cj) === v) || (ci === cj && Math.abs(ri - rj) === v)).toBe(true);
        }
      }),
      { numRuns: 300, seed: 99 },
    );
  });
});
