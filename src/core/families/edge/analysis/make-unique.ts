/**
 * Make a puzzle with several solutions unique by fixing pieces (hints): keep one solution, the
 * reference, and fix as few of its pieces as leave no other solution. Every other solution (and
 * every turn of a solution the board's symmetry allows, the reference's own turns included, since
 * a fixed piece pins the board's orientation) must show different colours from the reference in
 * at least one hinted cell: a set cover over the solutions found, solved exactly by trying every
 * set of k cells for k = 1, 2, ... With more solutions than the count keeps, the cover of those
 * found is fixed and the count runs again on the hinted puzzle, until it is exhausted with one
 * solution; the hints are then the fewest only for the solutions of each round (said so).
 * Whatever is proposed is confirmed by an exact count of the hinted puzzle.
 */
import { solutionFromJson } from '../model/json';
import type { EdgeBoard, EdgePuzzle, FixedPiece } from '../model/model';
import { count, coverRounds, DEFAULT_MAKE_UNIQUE, fewestCells, popcount, type Counted, type MakeUniqueOptions } from './cover-rounds';
import { sourceCell, type SearchTree } from './tree';

export { count, DEFAULT_MAKE_UNIQUE, fewestCells, type MakeUniqueOptions } from './cover-rounds';

export type MakeUniqueOutcome =
  /** The puzzle already has exactly one solution: nothing to fix. */
  | 'unique'
  /** No solution: nothing can make it unique. */
  | 'none'
  /** Hints proposed, and the exact count of the hinted puzzle says one solution. */
  | 'proposed'
  /** The work ran out (nodes or a stop) before a confirmed proposal. */
  | 'stopped'
  /** Another solution agrees with the kept one wherever a change could go (a recolouring cannot tell a mirrored part apart). */
  | 'impossible';

export interface MakeUniqueResult {
  outcome: MakeUniqueOutcome;
  /** The pieces to fix (from the reference solution), in the order chosen. */
  hints: FixedPiece[];
  /** The solution the hints keep. */
  reference: EdgeBoard | null;
  /** Cells where another solution found shows other colours than the reference (where the solutions differ). */
  differing: number[];
  /** Solutions found before any hint (up to turns): exact when `countExact`. */
  solutionsBefore: number;
  /** The boards they make, the whole board's turns told apart (a fixed piece pins the turn): what the hints bring to one. */
  boardsBefore: number;
  countExact: boolean;
  /** The hints are the fewest of the reference solution's pieces that do it: one round, its count exhausted, the exact cover tried (another solution's might need fewer). */
  fewest: boolean;
  /**
   * And no solution's pieces do it with fewer: every solution was tried as the reference (up to
   * `references` of them) and none has an exact cover smaller than the one kept.
   */
  fewestOfAll: boolean;
  /** Placements the counts spent. */
  nodes: number;
}

/** Every distinct board among the turns the symmetry allows of each layout, as colours per cell side. */
function allTurns(tree: SearchTree, layouts: readonly Int32Array[]): Int32Array[] {
  const { rows, cols } = tree.puzzle;
  const turns = tree.symmetry === 'quarter-turn' ? [0, 1, 2, 3] : tree.symmetry === 'half-turn' ? [0, 2] : [0];
  const out: Int32Array[] = [];
  const seen = new Set<string>();
  for (const l of layouts) {
    for (const t of turns) {
      const b = new Int32Array(4 * rows * cols);
      for (let r = 0; r < rows; r++)
        for (let c = 0; c < cols; c++) {
          const from = sourceCell(rows, cols, r, c, t);
          for (let s = 0; s < 4; s++) b[4 * (r * cols + c) + s] = l[4 * from + ((s - t + 4) & 3)];
        }
      const key = b.join(',');
      if (!seen.has(key)) {
        seen.add(key);
        out.push(b);
      }
    }
  }
  return out;
}

/** For each cell, the boards (bit per board) that show other colours there than `ref`. */
function killSets(ref: Int32Array, others: readonly Int32Array[], cells: number): Uint32Array[] {
  const words = Math.ceil(others.length / 32);
  const sets: Uint32Array[] = [];
  for (let i = 0; i < cells; i++) {
    const set = new Uint32Array(words);
    others.forEach((b, j) => {
      const o = 4 * i;
      if (b[o] !== ref[o] || b[o + 1] !== ref[o + 1] || b[o + 2] !== ref[o + 2] || b[o + 3] !== ref[o + 3]) set[j >>> 5]! |= 1 << (j & 31);
    });
    sets.push(set);
  }
  return sets;
}

/** Propose the fewest hints that leave exactly one solution, confirmed by an exact count. */
export function makeUnique(puzzle: EdgePuzzle, options: Partial<MakeUniqueOptions> = {}): MakeUniqueResult {
  const o = { ...DEFAULT_MAKE_UNIQUE, ...options };
  const budget = { nodes: o.maxNodes };
  const cells = puzzle.rows * puzzle.cols;
  const first = count(puzzle, o.keep, budget, o.shouldStop);
  const exact = first.counter.done;
  const base = {
    solutionsBefore: first.counter.solutionsAtLeast,
    boardsBefore: first.counter.boardsAtLeast,
    countExact: exact,
    nodes: 0,
  };
  const spent = (): number => o.maxNodes - budget.nodes;
  if (first.counter.keptCount === 0)
    return { outcome: exact ? 'none' : 'stopped', hints: [], reference: null, differing: [], fewest: exact, fewestOfAll: exact, ...base, nodes: spent() };
  let reference = solutionFromJson(puzzle, first.counter.solutions[0]);
  if (exact && first.counter.solutionsAtLeast === 1 && first.counter.boardsAtLeast === 1)
    return { outcome: 'unique', hints: [], reference, differing: [], fewest: true, fewestOfAll: true, ...base, nodes: spent() };

  const chosen = exact ? bestReference(first, o, cells, fixedSet(puzzle, [])) : null;
  if (chosen === 'stopped') return { outcome: 'stopped', hints: [], reference, differing: [], fewest: false, fewestOfAll: false, ...base, nodes: spent() };
  const at = chosen?.index ?? 0;
  if (at !== 0) reference = solutionFromJson(puzzle, first.counter.solutions[at]);
  const refLayout = first.counter.layouts[at]!;
  const refKey = refLayout.join(',');
  const hints: FixedPiece[] = [];
  const differing = new Set<number>();
  const end = coverRounds(first, o, budget, {
    sets: (round) => {
      const others = allTurns(round.tree, round.counter.layouts).filter((b) => b.join(',') !== refKey);
      const sets = killSets(refLayout, others, cells);
      for (let i = 0; i < cells; i++) if (popcount(sets[i]!) > 0) differing.add(i);
      const fixedCells = fixedSet(puzzle, hints);
      const free = Array.from({ length: cells }, (_, i) => i).filter((i) => !fixedCells.has(i));
      return { sets, candidates: free, others: others.length };
    },
    apply: (chosen) => {
      for (const c of chosen)
        hints.push({ piece: reference.piece[c]!, row: Math.floor(c / puzzle.cols), col: c % puzzle.cols, rotation: reference.rotation[c]! });
      return { ...puzzle, fixed: [...puzzle.fixed, ...hints] };
    },
    alone: (counter) => counter.solutionsAtLeast === 1 && counter.boardsAtLeast === 1,
  });
  const differ = [...differing].sort((a, b) => a - b);
  return { outcome: end.outcome, hints, reference, differing: differ, fewest: end.fewest, fewestOfAll: end.fewest && !!chosen?.all, ...base, nodes: spent() };
}

const fixedSet = (puzzle: EdgePuzzle, hints: readonly FixedPiece[]): Set<number> => new Set(puzzle.fixed.concat(hints).map((f) => f.row * puzzle.cols + f.col));

/**
 * The solution whose pieces need the fewest hints, each found solution tried as the reference
 * (when the count is exhausted and kept no more than `references`): a hint set that leaves one
 * solution is a cover for that solution, so the smallest exact cover over them all is the fewest
 * any hints can be. After the first, a solution is searched only below the best so far, so most
 * cost little. `all` says every one was searched (an exact cover found, within `exactUpTo`);
 * 'stopped' when a stop came.
 */
function bestReference(first: Counted, o: MakeUniqueOptions, cells: number, fixed: ReadonlySet<number>): { index: number; all: boolean } | 'stopped' {
  const layouts = first.counter.layouts;
  if (layouts.length > o.references) return { index: 0, all: false };
  const boards = allTurns(first.tree, layouts);
  const free = Array.from({ length: cells }, (_, i) => i).filter((i) => !fixed.has(i));
  let index = 0;
  let best = Infinity;
  for (let i = 0; i < layouts.length && best > 1; i++) {
    const key = layouts[i]!.join(',');
    const others = boards.filter((b) => b.join(',') !== key);
    const below = Math.min(o.exactUpTo, best - 1);
    const cover = fewestCells(killSets(layouts[i]!, others, cells), free, others.length, below, o.shouldStop);
    if (cover === 'stopped') return 'stopped';
    if (cover?.exact && cover.cells.length < best) {
      best = cover.cells.length;
      index = i;
    }
  }
  return { index, all: Number.isFinite(best) };
}
