import { describe, expect, it } from 'vitest';
import {
  borderFaults,
  greyMask,
  isSolved,
  maxScore,
  mismatches,
  outMask,
  piecesFormat,
  pieceCount,
  rotateMask,
  scoreBoard,
  solutionFromJson,
  type EdgeBoard,
  type EdgePuzzle,
} from '../../../../../src/core/families/edge';
import { backtrack2x2Solver } from '../../../../../src/core/families/edge/backtrack/solvers';
import { CandidateTables } from '../../../../../src/core/families/edge/backtrack/candidates';
import { pieceTypes, typeEdge } from '../../../../../src/core/families/edge/backtrack/piece-types';
import { blockLayout, enumerateBlocks, type BlockLayout, type BlockSet } from '../../../../../src/core/families/edge/backtrack/blocks';
import { blockMetrics } from '../../../../../src/core/families/edge/backtrack/block-heuristics';
import { generateEdgePuzzle } from '../../../../../src/core/families/edge/design/generator';
import type { SolverRun } from '../../../../../src/core/engine/solver';
import type { Params } from '../../../../../src/core/params/schema';
import { generatePuzzle, naiveScore, readInstance, shown } from '../helpers';

const clue1 = (): EdgePuzzle => piecesFormat.read(readInstance('e2_clue1_6x6.txt'), 'e2_clue1_6x6.txt').puzzle;
const gen = (n: number, frame: number, inner: number, seed: number, cols = n): EdgePuzzle =>
  generateEdgePuzzle({ rows: n, cols, frameColours: frame, innerColours: inner, seed }).puzzle;

/** The generated puzzle with the pieces of its solution at `cells` fixed in place. */
function withFixed(g: { puzzle: EdgePuzzle; solution: EdgeBoard }, cells: [number, number][]): EdgePuzzle {
  const { cols } = g.puzzle;
  return {
    ...g.puzzle,
    fixed: cells.map(([row, col]) => ({ piece: g.solution.piece[row * cols + col], row, col, rotation: g.solution.rotation[row * cols + col] })),
  };
}

/** A partial board breaks no rule: each piece at most once, no broken join, grey only facing out. */
function expectLegal(p: EdgePuzzle, b: EdgeBoard, score: number): void {
  const placed = [...b.piece].filter((x) => x >= 0);
  expect(new Set(placed).size).toBe(placed.length);
  expect(mismatches(p, b)).toEqual([]);
  expect(borderFaults(p, b)).toEqual([]);
  expect(naiveScore(p, b)).toBe(score);
}

function solve(run: SolverRun, max: number, cap = 20_000_000): void {
  while (!run.finished && run.bestScore < max && run.evaluations < cap) run.step(1 << 20);
}

function runTo(run: SolverRun, evaluations: number): void {
  while (run.evaluations < evaluations && !run.finished) run.step(evaluations - run.evaluations);
}

/**
 * Every valid block at block position (i, j), by brute force over pieces and rotations: four
 * different pieces, grey sides exactly out, the four inner joins equal. Blocks are named by the
 * colours their cells show, so blocks built from identical pieces count once. A cell past the
 * board's last row or column takes no piece and shows grey all round (named "void"); a cell with
 * a fixed piece takes that piece as fixed, and no other cell takes it.
 */
function bruteForceBlocks(p: EdgePuzzle, i: number, j: number): Set<string> {
  const cells = [
    [2 * i, 2 * j],
    [2 * i, 2 * j + 1],
    [2 * i + 1, 2 * j],
    [2 * i + 1, 2 * j + 1],
  ];
  const opts = cells.map(([r, c]) => {
    if (r >= p.rows || c >= p.cols) return [{ piece: -1, e: [0, 0, 0, 0] }];
    const out: { piece: number; e: number[] }[] = [];
    const fits = (piece: number, rot: number): boolean => rotateMask(greyMask(p, piece), rot) === outMask(p.rows, p.cols, r, c);
    const fixedHere = p.fixed.find((f) => f.row === r && f.col === c);
    if (fixedHere) {
      if (fits(fixedHere.piece, fixedHere.rotation)) out.push({ piece: fixedHere.piece, e: shown(p, fixedHere.piece, fixedHere.rotation) });
      return out;
    }
    for (let piece = 0; piece < pieceCount(p); piece++) {
      if (p.fixed.some((f) => f.piece === piece)) continue;
      for (let rot = 0; rot < 4; rot++) if (fits(piece, rot)) out.push({ piece, e: shown(p, piece, rot) });
    }
    return out;
  });
  const found = new Set<string>();
  const same = (x: { piece: number }, y: { piece: number }): boolean => x.piece >= 0 && x.piece === y.piece;
  const name = (x: { piece: number; e: number[] }): string => (x.piece < 0 ? 'void' : x.e.join(','));
  for (const a of opts[0])
    for (const b of opts[1]) {
      if (same(b, a) || a.e[1] !== b.e[3]) continue;
      for (const c of opts[2]) {
        if (same(c, a) || same(c, b) || a.e[2] !== c.e[0]) continue;
        for (const d of opts[3]) {
          if (same(d, a) || same(d, b) || same(d, c) || c.e[1] !== d.e[3] || b.e[2] !== d.e[0]) continue;
          found.add([a, b, c, d].map(name).join('|'));
        }
      }
    }
  return found;
}

/** The colours (dense numbering mapped back) each enumerated block shows, per class. */
function enumerated(p: EdgePuzzle): { layout: BlockLayout; set: BlockSet; byClass: string[][] } {
  const pt = pieceTypes(p);
  const layout = blockLayout(p);
  const set = enumerateBlocks(p, pt, new CandidateTables(pt), layout);
  const colour = new Map<number, number>();
  for (let t = 0; t < pt.typeCount; t++) for (let s = 0; s < 4; s++) colour.set(pt.edges[4 * t + s], p.edges[4 * pt.members[t][0] + s]);
  const byClass: string[][] = Array.from({ length: layout.classes }, () => []);
  for (let b = 0; b < set.count; b++) {
    const name = [0, 1, 2, 3]
      .map((q) =>
        set.types[4 * b + q] < 0 ? 'void' : [0, 1, 2, 3].map((s) => colour.get(typeEdge(pt, set.types[4 * b + q], set.rots[4 * b + q], s))).join(','),
      )
      .join('|');
    byClass[set.cls[b]].push(name);
  }
  return { layout, set, byClass };
}

describe('2x2 blocks', () => {
  it.each<[string, () => EdgePuzzle]>([
    ['generated 4x4 (3:3)', () => gen(4, 3, 3, 1)],
    ['generated 4x6 (2:3)', () => gen(4, 2, 3, 2, 6)],
    ['generated 6x6 (3:4)', () => gen(6, 3, 4, 3)],
    ['E2 clue 1 (duplicates)', clue1],
    ['generated 5x5 (2:3), padded both ways', () => gen(5, 2, 3, 1)],
    ['generated 3x4 (2:2), padded below', () => gen(3, 2, 2, 2, 4)],
    ['generated 4x5 (2:3), padded on the right', () => gen(4, 2, 3, 3, 5)],
    [
      'generated 5x5 with a hint in the padded corner block',
      () =>
        withFixed(generateEdgePuzzle({ rows: 5, cols: 5, frameColours: 2, innerColours: 3, seed: 4 }), [
          [4, 4],
          [3, 4],
        ]),
    ],
  ])('enumeration equals a brute-force count: %s', (_name, make) => {
    const p = make();
    const { layout, byClass } = enumerated(p);
    expect(layout.subVoid.includes(1)).toBe(p.rows % 2 === 1 || p.cols % 2 === 1);
    for (let k = 0; k < layout.classes; k++) {
      const pos = layout.classOf.indexOf(k);
      const brute = bruteForceBlocks(p, Math.floor(pos / layout.cols), pos % layout.cols);
      expect(new Set(byClass[k]).size).toBe(byClass[k].length);
      expect(byClass[k].length).toBe(brute.size);
      expect([...byClass[k]].sort()).toEqual([...brute].sort());
    }
  });

  it('H1 and H2 equal a direct count of possible neighbours', () => {
    for (const p of [gen(4, 3, 3, 4), gen(6, 3, 6, 5), gen(4, 2, 2, 6, 6), gen(5, 2, 3, 7), gen(5, 2, 3, 8, 6)]) {
      const pt = pieceTypes(p);
      const layout = blockLayout(p);
      const set = enumerateBlocks(p, pt, new CandidateTables(pt), layout);
      const h1 = blockMetrics(layout, set, pt.count, 'h1');
      const h2 = blockMetrics(layout, set, pt.count, 'h2');
      const at = (r: number, c: number): number => (r >= 0 && c >= 0 && r < layout.rows && c < layout.cols ? layout.classOf[r * layout.cols + c] : -1);
      const nbr: Set<number>[][] = Array.from({ length: layout.classes }, () => [new Set(), new Set(), new Set(), new Set()]);
      for (let r = 0; r < layout.rows; r++)
        for (let c = 0; c < layout.cols; c++) {
          const n = [at(r - 1, c), at(r, c + 1), at(r + 1, c), at(r, c - 1)];
          for (let s = 0; s < 4; s++) if (n[s] >= 0) nbr[at(r, c)][s].add(n[s]);
        }
      const shares = (a: number, b: number): boolean => {
        for (let q = 0; q < 4; q++) {
          const t = set.types[4 * a + q];
          if (t < 0) continue;
          let n = 0;
          for (let r = 0; r < 4; r++) n += +(set.types[4 * a + r] === t) + +(set.types[4 * b + r] === t);
          if (n > pt.count[t]) return true;
        }
        return false;
      };
      // Blocks by class, side and pattern, so each count looks at the candidates only.
      const by = new Map<string, number[]>();
      for (let b2 = 0; b2 < set.count; b2++)
        for (let s = 0; s < 4; s++) {
          const key = `${set.cls[b2]}/${s}/${set.sides[4 * b2 + s]}`;
          if (!by.has(key)) by.set(key, []);
          by.get(key)!.push(b2);
        }
      for (let b = 0; b < set.count; b++) {
        if (!layout.border[set.cls[b]]) {
          expect(h1[b]).toBeNaN();
          continue;
        }
        let p1 = 1;
        let p2 = 1;
        for (let s = 0; s < 4; s++) {
          if (nbr[set.cls[b]][s].size === 0) continue;
          let n1 = 0;
          let n2 = 0;
          for (const k2 of nbr[set.cls[b]][s])
            for (const b2 of by.get(`${k2}/${(s + 2) & 3}/${set.sides[4 * b + s]}`) ?? []) {
              n1++;
              if (!shares(b, b2)) n2++;
            }
          p1 *= n1;
          p2 *= n2;
        }
        expect(h1[b]).toBe(p1);
        expect(h2[b]).toBe(p2);
      }
    }
  });
});

describe('backtrack-2x2 solver', () => {
  it.each<Params>([{ heuristic: 'none' }, { heuristic: 'h1' }, { heuristic: 'h2' }, { heuristic: 'h2', shuffle: true }])(
    'solves E2 clue puzzle 1 %o',
    (params) => {
      const p = clue1();
      const run = backtrack2x2Solver.create(p, params, 1);
      solve(run, 60);
      const b = solutionFromJson(p, run.bestSolution());
      expect(run.bestScore).toBe(60);
      expect(scoreBoard(p, b)).toBe(60);
      expect(isSolved(p, b)).toBe(true);
    },
  );

  it.each([1, 2, 3])('solves generated 6x6 puzzles (seed %i), each piece once', (seed) => {
    const p = gen(6, 3, 5, seed);
    const run = backtrack2x2Solver.create(p, {}, 1);
    solve(run, 60);
    const b = solutionFromJson(p, run.bestSolution());
    expect([...b.piece].sort((x, y) => x - y)).toEqual(Array.from({ length: 36 }, (_, i) => i));
    expect(isSolved(p, b)).toBe(true);
  });

  describe('odd sizes (padded with void cells)', () => {
    // Colour counts where every seed solves in a few thousand block placements with each heuristic.
    const sizes: [number, number, number, number][] = [
      [5, 5, 3, 5],
      [7, 7, 2, 3],
      [5, 6, 2, 4],
      [6, 5, 2, 4],
      [3, 4, 3, 4],
    ];
    it.each(sizes.flatMap(([r, c, frame, inner]) => (['none', 'h1', 'h2'] as const).map((h) => [`${r}x${c}`, h, r, c, frame, inner] as const)))(
      'solves generated %s puzzles with heuristic %s, each piece once',
      (_name, heuristic, rows, cols, frameColours, innerColours) => {
        for (const seed of [1, 2, 3]) {
          const p = generateEdgePuzzle({ rows, cols, frameColours, innerColours, seed }).puzzle;
          const run = backtrack2x2Solver.create(p, { heuristic }, seed);
          const max = maxScore(rows, cols);
          solve(run, max);
          const b = solutionFromJson(p, run.bestSolution());
          expect(run.bestScore).toBe(max);
          expect([...b.piece].sort((x, y) => x - y)).toEqual(Array.from({ length: rows * cols }, (_, i) => i));
          expect(isSolved(p, b)).toBe(true);
          expect(naiveScore(p, b)).toBe(max);
        }
      },
    );

    it.each<[string, number, number, [number, number][]]>([
      [
        '5x5, last row, last column and the corner',
        5,
        5,
        [
          [4, 2],
          [1, 4],
          [4, 4],
        ],
      ],
      ['5x6, last row', 5, 6, [[4, 3]]],
      ['6x5, last column', 6, 5, [[2, 4]]],
    ])('keeps hint pieces in the padded row or column where they are: %s', (_name, rows, cols, cells) => {
      for (const heuristic of ['none', 'h1', 'h2']) {
        const p = withFixed(generateEdgePuzzle({ rows, cols, frameColours: 2, innerColours: 4, seed: 5 }), cells);
        const run = backtrack2x2Solver.create(p, { heuristic }, 1);
        solve(run, maxScore(rows, cols));
        const b = solutionFromJson(p, run.bestSolution());
        expect(isSolved(p, b)).toBe(true);
        for (const f of p.fixed) expect([b.piece[f.row * cols + f.col], b.rotation[f.row * cols + f.col]]).toEqual([f.piece, f.rotation]);
      }
    });

    it.each<[string, number, number, number]>([
      ['5x5', 5, 5, 1],
      ['3x5', 3, 5, 2],
    ])('an unsolvable %s board ends finished, its best partial board legal', (_name, rows, cols, seed) => {
      const g = generateEdgePuzzle({ rows, cols, frameColours: rows === 5 ? 3 : 2, innerColours: rows === 5 ? 4 : 3, seed });
      // One side of the middle piece gets a colour no other piece has: no board can match it.
      const edges = g.puzzle.edges.slice();
      const piece = g.solution.piece[(rows >> 1) * cols + (cols >> 1)];
      const side = [0, 1, 2, 3].find((s) => edges[4 * piece + s] !== 0)!;
      edges[4 * piece + side] = 99;
      const p = { ...g.puzzle, edges };
      for (const heuristic of ['none', 'h1', 'h2']) {
        const run = backtrack2x2Solver.create(p, { heuristic }, 1);
        solve(run, maxScore(rows, cols), 1_000_000);
        expect(run.finished).toBe(true);
        expect(run.bestScore).toBeLessThan(maxScore(rows, cols));
        expect(run.bestScore).toBeGreaterThan(0);
        expectLegal(p, solutionFromJson(p, run.bestSolution()), run.bestScore);
      }
    });

    it('reports partial boards as the family scores them (void cells left out)', () => {
      const p = gen(7, 3, 6, 2);
      const run = backtrack2x2Solver.create(p, { heuristic: 'none' }, 1);
      for (let i = 0; i < 40 && !run.finished && run.bestScore < maxScore(7, 7); i++) {
        run.step(500);
        expectLegal(p, solutionFromJson(p, run.bestSolution()), run.bestScore);
        expect(scoreBoard(p, solutionFromJson(p, run.bestSolution()))).toBe(run.bestScore);
      }
    });

    it.each<Params>([{ heuristic: 'none' }, { heuristic: 'h2', shuffle: true }])(
      'same seed same run on a 7x7; checkpoint then restore continues identically (%o)',
      (params) => {
        const p = gen(7, 3, 6, 2);
        const a = backtrack2x2Solver.create(p, params, 5);
        const twin = backtrack2x2Solver.create(p, params, 5);
        runTo(a, 3_333);
        runTo(twin, 3_333);
        expect(twin.checkpoint()).toEqual(a.checkpoint());
        const cp = JSON.parse(JSON.stringify(a.checkpoint()));
        runTo(a, 9_000);
        const b = backtrack2x2Solver.restore(p, params, cp);
        expect(b.evaluations).toBe(3_333);
        runTo(b, 9_000);
        expect(b.evaluations).toBe(a.evaluations);
        expect(b.bestScore).toBe(a.bestScore);
        expect(b.bestSolution()).toEqual(a.bestSolution());
        expect(b.checkpoint()).toEqual(a.checkpoint());
      },
    );

    it('a padded board with duplicate pieces (the counting loop) solves and restores', () => {
      const p = gen(5, 1, 2, 1);
      expect(pieceTypes(p).count.some((c) => c > 1)).toBe(true);
      const a = backtrack2x2Solver.create(p, { heuristic: 'none' }, 1);
      runTo(a, 5);
      const cp = JSON.parse(JSON.stringify(a.checkpoint()));
      solve(a, maxScore(5, 5));
      expect(isSolved(p, solutionFromJson(p, a.bestSolution()))).toBe(true);
      const b = backtrack2x2Solver.restore(p, { heuristic: 'none' }, cp);
      solve(b, maxScore(5, 5));
      expect(b.evaluations).toBe(a.evaluations);
      expect(b.bestSolution()).toEqual(a.bestSolution());
    });
  });

  it('keeps fixed pieces where they are', () => {
    for (const seed of [3, 4]) {
      const { puzzle } = generatePuzzle(6, 6, seed, 3, 5, 3);
      const run = backtrack2x2Solver.create(puzzle, { heuristic: 'h1' }, 1);
      solve(run, 60);
      const b = solutionFromJson(puzzle, run.bestSolution());
      expect(isSolved(puzzle, b)).toBe(true);
      for (const f of puzzle.fixed) expect([b.piece[f.row * 6 + f.col], b.rotation[f.row * 6 + f.col]]).toEqual([f.piece, f.rotation]);
    }
  });

  it('reports the deepest partial board as the family scores it', () => {
    const p = gen(8, 3, 7, 3);
    const run = backtrack2x2Solver.create(p, { heuristic: 'none' }, 1);
    for (let i = 0; i < 30 && run.evaluations < 200_000; i++) {
      run.step(100_000);
      expect(scoreBoard(p, solutionFromJson(p, run.bestSolution()))).toBe(run.bestScore);
    }
    expect(run.bestScore).toBeGreaterThan(40);
  });

  it.each<Params>([{ heuristic: 'none' }, { heuristic: 'h2', shuffle: true }])(
    'same seed same run; checkpoint then restore continues identically (%o)',
    (params) => {
      const p = gen(8, 3, 7, 3);
      const a = backtrack2x2Solver.create(p, params, 5);
      const twin = backtrack2x2Solver.create(p, params, 5);
      runTo(a, 33_333);
      runTo(twin, 33_333);
      expect(twin.checkpoint()).toEqual(a.checkpoint());
      const cp = JSON.parse(JSON.stringify(a.checkpoint()));
      runTo(a, 90_000);
      const b = backtrack2x2Solver.restore(p, params, cp);
      expect(b.evaluations).toBe(33_333);
      runTo(b, 90_000);
      expect(b.evaluations).toBe(a.evaluations);
      expect(b.bestScore).toBe(a.bestScore);
      expect(b.bestSolution()).toEqual(a.bestSolution());
      expect(b.checkpoint()).toEqual(a.checkpoint());
    },
  );

  it('a board with duplicate pieces restores too (the counting loop)', () => {
    const p = clue1();
    const a = backtrack2x2Solver.create(p, { heuristic: 'none' }, 1);
    runTo(a, 300);
    const cp = JSON.parse(JSON.stringify(a.checkpoint()));
    solve(a, 60);
    const b = backtrack2x2Solver.restore(p, { heuristic: 'none' }, cp);
    solve(b, 60);
    expect(b.evaluations).toBe(a.evaluations);
    expect(b.bestSolution()).toEqual(a.bestSolution());
  });
});
