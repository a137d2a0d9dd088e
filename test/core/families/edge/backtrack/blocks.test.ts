import { describe, expect, it } from 'vitest';
import { greyMask, isSolved, outMask, piecesFormat, pieceCount, rotateMask, scoreBoard, solutionFromJson, type EdgePuzzle } from '../../../../../src/core/families/edge';
import { backtrack2x2Solver } from '../../../../../src/core/families/edge/backtrack/solvers';
import { CandidateTables } from '../../../../../src/core/families/edge/backtrack/candidates';
import { pieceTypes, typeEdge } from '../../../../../src/core/families/edge/backtrack/piece-types';
import { blockLayout, enumerateBlocks, type BlockLayout, type BlockSet } from '../../../../../src/core/families/edge/backtrack/blocks';
import { blockMetrics } from '../../../../../src/core/families/edge/backtrack/block-heuristics';
import { generateEdgePuzzle } from '../../../../../src/core/families/edge/generator';
import type { SolverRun } from '../../../../../src/core/engine/solver';
import type { Params } from '../../../../../src/core/params/schema';
import { generatePuzzle, readInstance, shown } from '../helpers';

const clue1 = (): EdgePuzzle => piecesFormat.read(readInstance('e2_clue1_6x6.txt'), 'e2_clue1_6x6.txt').puzzle;
const gen = (n: number, frame: number, inner: number, seed: number, cols = n): EdgePuzzle => generateEdgePuzzle({ rows: n, cols, frameColours: frame, innerColours: inner, seed }).puzzle;

function solve(run: SolverRun, max: number, cap = 20_000_000): void {
  while (!run.finished && run.bestScore < max && run.evaluations < cap) run.step(1 << 20);
}

function runTo(run: SolverRun, evaluations: number): void {
  while (run.evaluations < evaluations && !run.finished) run.step(evaluations - run.evaluations);
}

/**
 * Every valid block at block position (i, j), by brute force over pieces and rotations: four
 * different pieces, grey sides exactly out, the four inner joins equal. Blocks are named by the
 * colours their cells show, so blocks built from identical pieces count once.
 */
function bruteForceBlocks(p: EdgePuzzle, i: number, j: number): Set<string> {
  const cells = [
    [2 * i, 2 * j],
    [2 * i, 2 * j + 1],
    [2 * i + 1, 2 * j],
    [2 * i + 1, 2 * j + 1],
  ];
  const opts = cells.map(([r, c]) => {
    const out: { piece: number; e: number[] }[] = [];
    for (let piece = 0; piece < pieceCount(p); piece++)
      for (let rot = 0; rot < 4; rot++) if (rotateMask(greyMask(p, piece), rot) === outMask(p.rows, p.cols, r, c)) out.push({ piece, e: shown(p, piece, rot) });
    return out;
  });
  const found = new Set<string>();
  for (const a of opts[0])
    for (const b of opts[1]) {
      if (b.piece === a.piece || a.e[1] !== b.e[3]) continue;
      for (const c of opts[2]) {
        if (c.piece === a.piece || c.piece === b.piece || a.e[2] !== c.e[0]) continue;
        for (const d of opts[3]) {
          if (d.piece === a.piece || d.piece === b.piece || d.piece === c.piece || c.e[1] !== d.e[3] || b.e[2] !== d.e[0]) continue;
          found.add([a.e, b.e, c.e, d.e].map((e) => e.join(',')).join('|'));
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
    const name = [0, 1, 2, 3].map((q) => [0, 1, 2, 3].map((s) => colour.get(typeEdge(pt, set.types[4 * b + q], set.rots[4 * b + q], s))).join(',')).join('|');
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
  ])('enumeration equals a brute-force count: %s', (_name, make) => {
    const p = make();
    const { layout, byClass } = enumerated(p);
    for (let k = 0; k < layout.classes; k++) {
      const pos = layout.classOf.indexOf(k);
      const brute = bruteForceBlocks(p, Math.floor(pos / layout.cols), pos % layout.cols);
      expect(new Set(byClass[k]).size).toBe(byClass[k].length);
      expect(byClass[k].length).toBe(brute.size);
      expect([...byClass[k]].sort()).toEqual([...brute].sort());
    }
  });

  it('H1 and H2 equal a direct count of possible neighbours', () => {
    for (const p of [gen(4, 3, 3, 4), gen(6, 3, 6, 5), gen(4, 2, 2, 6, 6)]) {
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

  it('refuses odd sizes in one line', () => {
    expect(() => backtrack2x2Solver.create(gen(5, 3, 4, 1), {}, 1)).toThrow(/^the 2x2 transform needs an even number of rows and columns, the board is 5x5$/);
    expect(() => backtrack2x2Solver.create(gen(6, 3, 4, 1, 7), {}, 1)).toThrow(/6x7/);
  });
});

describe('backtrack-2x2 solver', () => {
  it.each<Params>([{ heuristic: 'none' }, { heuristic: 'h1' }, { heuristic: 'h2' }, { heuristic: 'h2', shuffle: true }])('solves E2 clue puzzle 1 %o', (params) => {
    const p = clue1();
    const run = backtrack2x2Solver.create(p, params, 1);
    solve(run, 60);
    const b = solutionFromJson(p, run.bestSolution());
    expect(run.bestScore).toBe(60);
    expect(scoreBoard(p, b)).toBe(60);
    expect(isSolved(p, b)).toBe(true);
  });

  it.each([1, 2, 3])('solves generated 6x6 puzzles (seed %i), each piece once', (seed) => {
    const p = gen(6, 3, 5, seed);
    const run = backtrack2x2Solver.create(p, {}, 1);
    solve(run, 60);
    const b = solutionFromJson(p, run.bestSolution());
    expect([...b.piece].sort((x, y) => x - y)).toEqual(Array.from({ length: 36 }, (_, i) => i));
    expect(isSolved(p, b)).toBe(true);
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

  it.each<Params>([{ heuristic: 'none' }, { heuristic: 'h2', shuffle: true }])('same seed same run; checkpoint then restore continues identically (%o)', (params) => {
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
  });

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
