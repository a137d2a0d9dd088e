/**
 * The rounds both ways of making a puzzle unique share (hints in make-unique.ts, colour changes in
 * recolour.ts): count the solutions, cover every other solution found with the fewest candidates
 * (cells to fix, joins to recolour), apply them, count again; one solution ends it, more start
 * another round, after which the result is no longer proven the fewest.
 */
import type { EdgePuzzle } from '../model/model';
import { SolutionCounter } from './count';
import { searchTree, type SearchTree } from './tree';

export interface MakeUniqueOptions {
  /** Solutions (up to turns) kept per round for the cover; above it, rounds. */
  keep: number;
  /** Placements the exact counts may spend in all. */
  maxNodes: number;
  /** Hints tried exactly up to this many per round; above it, the greedy cover. */
  exactUpTo: number;
  /** Solutions each tried as the one to keep (make-unique), when the count finds no more than this many. */
  references: number;
  /** Checked between slices of work: true ends it (the proposal is then `stopped`). */
  shouldStop?: () => boolean;
}

export const DEFAULT_MAKE_UNIQUE: MakeUniqueOptions = { keep: 2000, maxNodes: 2e9, exactUpTo: 6, references: 64 };

/** A full count (or one stopped at `keep` solutions or the node budget) of `puzzle`. */
export function count(puzzle: EdgePuzzle, keep: number, budget: { nodes: number }, shouldStop?: () => boolean): Counted {
  const tree = searchTree(puzzle);
  const counter = new SolutionCounter(tree, keep);
  const slice = 200_000;
  while (!counter.done && counter.keptCount < keep && counter.nodes < budget.nodes && !shouldStop?.()) counter.step(slice);
  budget.nodes -= counter.nodes;
  return { counter, tree };
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

export const popcount = (set: Uint32Array): number => {
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
 * (cells that kill more first), then the greedy cover. Null when no cells cover them (a board that
 * agrees with the reference wherever a candidate is: a recolouring cannot tell a mirrored part
 * apart); 'stopped' when `shouldStop` said so during the exact search (its sets grow as C(m, 6)).
 */
export function fewestCells(
  sets: readonly Uint32Array[],
  candidates: readonly number[],
  n: number,
  exactUpTo: number,
  shouldStop?: () => boolean,
): { cells: number[]; exact: boolean } | null | 'stopped' {
  if (n === 0) return { cells: [], exact: true };
  const order = candidates.filter((c) => popcount(sets[c]!) > 0).sort((a, b) => popcount(sets[b]!) - popcount(sets[a]!));
  const pick: number[] = [];
  let tried = 0;
  let stopped = false;
  const choose = (from: number, k: number): boolean => {
    if (pick.length === k) {
      if ((++tried & 0xfff) === 0 && shouldStop?.()) stopped = true;
      return covers(sets, pick, n);
    }
    for (let i = from; i <= order.length - (k - pick.length) && !stopped; i++) {
      pick.push(order[i]!);
      if (choose(i + 1, k)) return true;
      pick.pop();
    }
    return false;
  };
  for (let k = 1; k <= Math.min(exactUpTo, order.length); k++) {
    if (choose(0, k)) return { cells: [...pick], exact: true };
    if (stopped) return 'stopped';
  }
  // Greedy: the cell killing the most boards still alive, until none is left.
  const alive = new Uint32Array(Math.ceil(n / 32));
  for (let j = 0; j < n; j++) alive[j >>> 5]! |= 1 << (j & 31);
  const both = new Uint32Array(alive.length);
  const cells: number[] = [];
  while (popcount(alive) > 0) {
    let best = -1;
    let bestKill = 0;
    for (const c of order) {
      const s = sets[c]!;
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

/** A count and the tree it walked. */
export type Counted = { counter: SolutionCounter; tree: SearchTree };

/** What one way of making a puzzle unique supplies to the rounds. */
export interface CoverStep {
  /**
   * The candidates' kill sets (a bit per other solution of this round), the candidates and how many
   * other solutions there are; 'stopped' when `shouldStop` said so while they were being built.
   */
  sets(round: Counted): { sets: readonly Uint32Array[]; candidates: readonly number[]; others: number } | 'stopped';
  /** Apply the chosen candidates; the puzzle to count next. */
  apply(chosen: readonly number[]): EdgePuzzle;
  /** Whether a finished count is the one solution wanted. */
  alone(counter: SolutionCounter): boolean;
}

/**
 * Rounds from a first count with several solutions until a count finished with one (`proposed`),
 * the work runs out (`stopped`) or no candidate tells the reference from another solution (`impossible`). `fewest` stays true only for one round whose first count was
 * exhausted and whose cover was exact.
 */
export function coverRounds(
  first: Counted,
  o: MakeUniqueOptions,
  budget: { nodes: number },
  step: CoverStep,
): { outcome: 'proposed' | 'stopped' | 'impossible'; fewest: boolean } {
  let fewest = first.counter.done;
  let round = first;
  for (;;) {
    const r = step.sets(round);
    if (r === 'stopped') return { outcome: 'stopped', fewest: false };
    const cover = fewestCells(r.sets, r.candidates, r.others, o.exactUpTo, o.shouldStop);
    if (cover === 'stopped') return { outcome: 'stopped', fewest: false };
    // Another solution agrees with the reference wherever a candidate is: nothing of this kind tells them apart.
    if (!cover) return { outcome: 'impossible', fewest: false };
    if (!cover.exact) fewest = false;
    round = count(step.apply(cover.cells), o.keep, budget, o.shouldStop);
    if (round.counter.done && step.alone(round.counter)) return { outcome: 'proposed', fewest };
    if (!round.counter.done && round.counter.keptCount < o.keep) return { outcome: 'stopped', fewest: false };
    // More solutions remain (more than one round's worth were there): cover them too.
    fewest = false;
  }
}
