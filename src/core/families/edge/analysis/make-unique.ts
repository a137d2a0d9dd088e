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
import { solutionFromJson } from '../json';
import type { EdgeBoard, EdgePuzzle, FixedPiece } from '../model';
import { SolutionCounter } from './count';
import { searchTree, sourceCell, type SearchTree } from './tree';

export interface MakeUniqueOptions {
  /** Solutions (up to turns) kept per round for the cover; above it, rounds. */
  keep: number;
  /** Placements the exact counts may spend in all. */
  maxNodes: number;
  /** Hints tried exactly up to this many per round; above it, the greedy cover. */
  exactUpTo: number;
  /** Checked between slices of work: true ends it (the proposal is then `stopped`). */
  shouldStop?: () => boolean;
}

export const DEFAULT_MAKE_UNIQUE: MakeUniqueOptions = { keep: 2000, maxNodes: 2e9, exactUpTo: 6 };

export type MakeUniqueOutcome =
  /** The puzzle already has exactly one solution: nothing to fix. */
  | 'unique'
  /** No solution: nothing can make it unique. */
  | 'none'
  /** Hints proposed, and the exact count of the hinted puzzle says one solution. */
  | 'proposed'
  /** The work ran out (nodes or a stop) before a confirmed proposal. */
  | 'stopped';

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
  countExact: boolean;
  /** The hints are the fewest that do it: one round, its count exhausted, the exact cover tried. */
  fewest: boolean;
  /** Placements the counts spent. */
  nodes: number;
}

/** A full count (or one stopped at `keep` solutions or the node budget) of `puzzle`. */
export function count(puzzle: EdgePuzzle, keep: number, budget: { nodes: number }, shouldStop?: () => boolean): { counter: SolutionCounter; tree: SearchTree } {
  const tree = searchTree(puzzle);
  const counter = new SolutionCounter(tree, keep);
  const slice = 200_000;
  while (!counter.done && counter.keptCount < keep && counter.nodes < budget.nodes && !shouldStop?.()) counter.step(slice);
  budget.nodes -= counter.nodes;
  return { counter, tree };
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

const covers = (sets: readonly Uint32Array[], pick: readonly number[], n: number): boolean => {
  for (let w = 0; w * 32 < n; w++) {
    let acc = 0;
    for (const c of pick) acc |= sets[c]![w]!;
    const want = w * 32 + 32 <= n ? 0xffffffff : (1 << (n - w * 32)) - 1;
    if ((acc | 0) !== (want | 0)) return false;
  }
  return true;
};

const popcount = (set: Uint32Array): number => {
  let n = 0;
  for (let x of set) {
    x -= (x >>> 1) & 0x55555555;
    x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
    n += (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return n;
};

/**
 * The fewest cells whose kill sets cover all `n` boards: every set of k cells for k = 1..exactUpTo
 * (cells that kill more first), then the greedy cover. Null when no cells cover them (a board equal
 * to the reference where hints may go: cannot happen for distinct boards over free cells).
 */
export function fewestCells(
  sets: readonly Uint32Array[],
  candidates: readonly number[],
  n: number,
  exactUpTo: number,
): { cells: number[]; exact: boolean } | null {
  if (n === 0) return { cells: [], exact: true };
  const order = candidates.filter((c) => popcount(sets[c]!) > 0).sort((a, b) => popcount(sets[b]!) - popcount(sets[a]!));
  const pick: number[] = [];
  const choose = (from: number, k: number): boolean => {
    if (pick.length === k) return covers(sets, pick, n);
    for (let i = from; i <= order.length - (k - pick.length); i++) {
      pick.push(order[i]!);
      if (choose(i + 1, k)) return true;
      pick.pop();
    }
    return false;
  };
  for (let k = 1; k <= Math.min(exactUpTo, order.length); k++) if (choose(0, k)) return { cells: [...pick], exact: true };
  // Greedy: the cell killing the most boards still alive, until none is left.
  const alive = new Uint32Array(Math.ceil(n / 32));
  for (let j = 0; j < n; j++) alive[j >>> 5]! |= 1 << (j & 31);
  const cells: number[] = [];
  while (popcount(alive) > 0) {
    let best = -1;
    let bestKill = 0;
    for (const c of order) {
      const s = sets[c]!;
      const both = new Uint32Array(alive.length);
      for (let w = 0; w < alive.length; w++) both[w] = alive[w]! & s[w]!;
      const kill = popcount(both);
      if (kill > bestKill) {
        bestKill = kill;
        best = c;
      }
    }
    if (best < 0) return null;
    cells.push(best);
    const s = sets[best]!;
    for (let w = 0; w < alive.length; w++) alive[w] = alive[w]! & ~s[w]!;
  }
  return { cells, exact: false };
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
    countExact: exact,
    nodes: 0,
  };
  const spent = (): number => o.maxNodes - budget.nodes;
  if (first.counter.keptCount === 0)
    return { outcome: exact ? 'none' : 'stopped', hints: [], reference: null, differing: [], fewest: exact, ...base, nodes: spent() };
  const reference = solutionFromJson(puzzle, first.counter.solutions[0]);
  if (exact && first.counter.solutionsAtLeast === 1 && first.counter.boardsAtLeast === 1)
    return { outcome: 'unique', hints: [], reference, differing: [], fewest: true, ...base, nodes: spent() };

  const refLayout = first.counter.layouts[0]!;
  const refKey = refLayout.join(',');
  const hints: FixedPiece[] = [];
  const differing = new Set<number>();
  let fewest = exact;
  let round = first;
  for (;;) {
    const others = allTurns(round.tree, round.counter.layouts).filter((b) => b.join(',') !== refKey);
    const sets = killSets(refLayout, others, cells);
    for (let i = 0; i < cells; i++) if (popcount(sets[i]!) > 0) differing.add(i);
    const fixedCells = new Set(puzzle.fixed.concat(hints).map((f) => f.row * puzzle.cols + f.col));
    const free = Array.from({ length: cells }, (_, i) => i).filter((i) => !fixedCells.has(i));
    const cover = fewestCells(sets, free, others.length, o.exactUpTo);
    if (!cover) return { outcome: 'stopped', hints, reference, differing: [...differing].sort((a, b) => a - b), fewest: false, ...base, nodes: spent() };
    if (!cover.exact) fewest = false;
    for (const c of cover.cells)
      hints.push({ piece: reference.piece[c]!, row: Math.floor(c / puzzle.cols), col: c % puzzle.cols, rotation: reference.rotation[c]! });
    // The exact count of the hinted puzzle: one solution confirms; more start another round.
    round = count({ ...puzzle, fixed: [...puzzle.fixed, ...hints] }, o.keep, budget, o.shouldStop);
    const done = round.counter.done;
    const n = round.counter.solutionsAtLeast;
    const list = [...differing].sort((a, b) => a - b);
    if (done && n === 1 && round.counter.boardsAtLeast === 1)
      return { outcome: 'proposed', hints, reference, differing: list, fewest, ...base, nodes: spent() };
    if (!done && round.counter.keptCount < o.keep) return { outcome: 'stopped', hints, reference, differing: list, fewest: false, ...base, nodes: spent() };
    // More solutions remain (more than one round's worth were there): cover them too.
    fewest = false;
  }
}
