/**
 * Make a puzzle unique by changing edge colours instead of fixing pieces: give one inner join of a
 * kept solution a colour of its own (both its half-edges, a new colour each change). The two pieces
 * there must then meet exactly so in any solution, and since every other edge keeps its colour,
 * the new puzzle's solutions are those old ones where they do. So a change kills a solution unless
 * that solution has the two pieces side by side the same way round, anywhere on the board (a test
 * on colours alone, so identical pieces and the board's turns need no care); the fewest changes
 * are a set cover over the solutions found, as for hints (make-unique.ts), and the result is
 * confirmed by an exact count of the recoloured puzzle.
 */
import { solutionFromJson, type EdgeSolutionJson } from '../model/json';
import { MAX_COLOUR, type EdgePuzzle } from '../model/model';
import { countNoun } from '../../../text/plural';
import { sourceCell, turnKey, type SearchTree } from './tree';
import { count, coverRounds, DEFAULT_MAKE_UNIQUE, type MakeUniqueOptions } from './cover-rounds';
import type { MakeUniqueOutcome } from './make-unique';

/** One join given a colour of its own: the side of a cell (1 right, 2 bottom) and the new colour. */
export interface Recolouring {
  row: number;
  col: number;
  side: 1 | 2;
  colour: number;
}

export interface RecolourResult {
  outcome: MakeUniqueOutcome;
  changes: Recolouring[];
  /** The puzzle with the changes made (the pieces' edges recoloured), or null when there is nothing to change. */
  puzzle: EdgePuzzle | null;
  /** The solution kept (the one the recoloured puzzle has), in its JSON form; null when there is none. */
  reference: EdgeSolutionJson | null;
  /** Cells where another solution found shows other colours than the kept one (at the turn closest to it). */
  differing: number[];
  solutionsBefore: number;
  countExact: boolean;
  fewest: boolean;
  nodes: number;
}

/** The four colours a cell shows (top right bottom left) of a layout. */
const at = (l: Int32Array, cell: number, s: number): number => l[4 * cell + s]!;

/**
 * Whether layout `l` has, somewhere, a cell showing piece a's colours turned so that its side `sa`
 * faces a neighbour showing piece b's colours with b's side `sb` facing back.
 */
function meets(l: Int32Array, rows: number, cols: number, a: readonly number[], sa: number, b: readonly number[], sb: number): boolean {
  const shows = (cell: number, piece: readonly number[], turn: number): boolean => {
    for (let s = 0; s < 4; s++) if (at(l, cell, s) !== piece[(s - turn + 4) & 3]) return false;
    return true;
  };
  const step = [-cols, 1, cols, -1];
  for (let cell = 0; cell < rows * cols; cell++)
    for (let ta = 0; ta < 4; ta++) {
      if (!shows(cell, a, ta)) continue;
      // Piece a turned ta shows its side sa on board side (sa + ta).
      const dir = (sa + ta) & 3;
      const r = Math.floor(cell / cols);
      const c = cell % cols;
      if ((dir === 0 && r === 0) || (dir === 2 && r === rows - 1) || (dir === 3 && c === 0) || (dir === 1 && c === cols - 1)) continue;
      const other = cell + step[dir]!;
      // b's side sb must be on board side dir + 2: b turned (dir + 2 - sb).
      if (shows(other, b, (dir + 2 - sb + 8) & 3)) return true;
    }
  return false;
}

export function fewestRecolourings(puzzle: EdgePuzzle, options: Partial<MakeUniqueOptions> = {}): RecolourResult {
  const o = { ...DEFAULT_MAKE_UNIQUE, ...options };
  const budget = { nodes: o.maxNodes };
  const { rows, cols } = puzzle;
  const first = count(puzzle, o.keep, budget, o.shouldStop);
  const exact = first.counter.done;
  const base = { solutionsBefore: first.counter.solutionsAtLeast, countExact: exact };
  const spent = (): number => o.maxNodes - budget.nodes;
  const none = { reference: null, differing: [] };
  if (first.counter.keptCount === 0) return { outcome: exact ? 'none' : 'stopped', changes: [], puzzle: null, fewest: exact, ...base, ...none, nodes: spent() };
  const reference = first.counter.solutions[0]!;
  if (exact && first.counter.solutionsAtLeast === 1)
    return { outcome: 'unique', changes: [], puzzle: null, fewest: true, ...base, reference, differing: [], nodes: spent() };
  const ref = solutionFromJson(puzzle, reference);
  const differ = new Set<number>();
  const kept = (): { reference: EdgeSolutionJson; differing: number[] } => ({ reference, differing: [...differ].sort((a, b) => a - b) });
  let top = 0;
  for (const e of puzzle.edges) top = Math.max(top, e);
  const edges = puzzle.edges.slice();
  const changes: Recolouring[] = [];
  const changed = new Set<number>();
  let joins: Join[] = [];
  let recoloured: EdgePuzzle | null = null;
  const end = coverRounds(first, o, budget, {
    sets: (round) => {
      // The count's layouts hold its colours renumbered densely (piece-types.ts): the reference and
      // the joins are read in the same numbers, or a puzzle with gaps in its colours never finds its reference.
      const dense = round.tree.pt.pieceEdges;
      joins = candidateJoins(ref, dense, rows, cols, changed);
      // Every solution found but the reference (found by its key up to the board's turns).
      const layouts = round.counter.layouts;
      const refKey = turnKey(round.tree, refLayout(ref, dense, rows, cols));
      const refAt = layouts.findIndex((l) => turnKey(round.tree, l) === refKey);
      const others = layouts.filter((_, k) => k !== refAt);
      if (refAt >= 0) for (const cell of differingCells(round.tree, layouts[refAt]!, others)) differ.add(cell);
      const words = Math.ceil(others.length / 32);
      const sets: Uint32Array[] = [];
      // Joins x solutions x cells: seconds on a large board with thousands of solutions kept, so a stop is heard between joins.
      for (const j of joins) {
        if (o.shouldStop?.()) return 'stopped';
        const set = new Uint32Array(words);
        others.forEach((l, k) => {
          if (!meets(l, rows, cols, j.a, j.sa, j.b, j.sb)) set[k >>> 5]! |= 1 << (k & 31);
        });
        sets.push(set);
      }
      return { sets, candidates: joins.map((_, i) => i), others: others.length };
    },
    apply: (chosen) => {
      for (const i of chosen) {
        const j = joins[i]!;
        const colour = top + 1 + changes.length;
        // A board stores colours up to MAX_COLOUR: one more would wrap to grey.
        if (colour > MAX_COLOUR)
          throw new Error(
            `recolour: no colour is left above ${top} for ${countNoun(changes.length + 1, 'new join')} (colours go up to ${MAX_COLOUR}): number the puzzle's colours from 1 and try again`,
          );
        const other = j.side === 1 ? j.cell + 1 : j.cell + cols;
        edges[4 * ref.piece[j.cell]! + j.sa] = colour;
        edges[4 * ref.piece[other]! + j.sb] = colour;
        changed.add(2 * j.cell + j.side);
        changes.push({ row: Math.floor(j.cell / cols), col: j.cell % cols, side: j.side, colour });
      }
      // The reference still solves it (both half-edges of each join changed alike); the exact count says whether it is alone.
      recoloured = { ...puzzle, edges: edges.slice() };
      return recoloured;
    },
    alone: (counter) => counter.solutionsAtLeast === 1,
  });
  return { outcome: end.outcome, changes, puzzle: recoloured, fewest: end.fewest, ...base, ...kept(), nodes: spent() };
}

/** A join of the reference that may get a colour of its own: the two pieces' colours and the sides that meet. */
interface Join {
  cell: number;
  side: 1 | 2;
  a: number[];
  sa: number;
  b: number[];
  sb: number;
}

/** Every inner join (right and bottom sides) of the reference not changed yet, with the current colours. */
function candidateJoins(
  ref: { piece: Int16Array; rotation: Uint8Array },
  edges: ArrayLike<number>,
  rows: number,
  cols: number,
  changed: ReadonlySet<number>,
): Join[] {
  const pieceSides = (p: number): number[] => [0, 1, 2, 3].map((s) => edges[4 * p + s]!);
  const joins: Join[] = [];
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const cell = r * cols + c;
      for (const side of [1, 2] as const) {
        if ((side === 1 && c === cols - 1) || (side === 2 && r === rows - 1) || changed.has(2 * cell + side)) continue;
        const other = side === 1 ? cell + 1 : cell + cols;
        // The piece's own side showing on board side `side` is (side - rotation).
        joins.push({
          cell,
          side,
          a: pieceSides(ref.piece[cell]!),
          sa: (side - ref.rotation[cell]! + 4) & 3,
          b: pieceSides(ref.piece[other]!),
          sb: (side + 2 - ref.rotation[other]! + 4) & 3,
        });
      }
    }
  return joins;
}

/** The colours the reference board shows, cell by cell (with the current edges). */
function refLayout(ref: { piece: Int16Array; rotation: Uint8Array }, edges: ArrayLike<number>, rows: number, cols: number): Int32Array {
  const out = new Int32Array(4 * rows * cols);
  for (let cell = 0; cell < rows * cols; cell++)
    for (let s = 0; s < 4; s++) out[4 * cell + s] = edges[4 * ref.piece[cell]! + ((s - ref.rotation[cell]! + 4) & 3)]!;
  return out;
}

/**
 * The cells where some other layout shows other colours than `ref`, each layout taken at the turn
 * (of those the board allows) that differs from `ref` in the fewest cells: a turned copy is the
 * same solution, so only what no turn explains is marked.
 */
function differingCells(tree: SearchTree, ref: Int32Array, others: readonly Int32Array[]): number[] {
  const { rows, cols } = tree.puzzle;
  const turns = tree.symmetry === 'quarter-turn' ? [0, 1, 2, 3] : tree.symmetry === 'half-turn' ? [0, 2] : [0];
  const out = new Set<number>();
  for (const l of others) {
    let best: number[] | null = null;
    for (const t of turns) {
      const cells: number[] = [];
      for (let r = 0; r < rows; r++)
        for (let c = 0; c < cols; c++) {
          const from = sourceCell(rows, cols, r, c, t);
          const cell = r * cols + c;
          for (let s = 0; s < 4; s++)
            if (l[4 * from + ((s - t + 4) & 3)] !== ref[4 * cell + s]) {
              cells.push(cell);
              break;
            }
        }
      if (!best || cells.length < best.length) best = cells;
    }
    for (const cell of best ?? []) out.add(cell);
  }
  return [...out];
}
