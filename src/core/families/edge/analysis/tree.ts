import { hasGreyBorder, isRotatable, outMask, pieceCount, type EdgePuzzle } from '../model/model';
import { CandidateTables } from '../backtrack/candidates';
import { pieceTypes, type PieceTypes } from '../backtrack/piece-types';
import { scanPlan, type ScanPlan } from '../backtrack/scan-plan';

/**
 * The search tree every analysis walks: the fast backtracker's own tables and row scan plan, so
 * the counts, the estimates and the solver agree on what a node is (one placement of a piece type
 * in one distinct rotation; identical pieces are one type, so a solution is a colour layout).
 */

/** Turns of the whole board that map solutions to solutions. */
export type Symmetry = 'none' | 'half-turn' | 'quarter-turn';

export interface SearchTree {
  readonly puzzle: EdgePuzzle;
  readonly pt: PieceTypes;
  readonly tables: CandidateTables;
  readonly plan: ScanPlan;
  /** Counts of each type left at the root (fixed pieces taken out; one more slot for the sentinel, always 0). */
  readonly count: Int32Array;
  /** Colours on the board at the root (fixed pieces shown, the wildcard slot set). */
  readonly shown: Int32Array;
  /** Candidate entries the root may take (all of depth 0's list, or only the pinned corner type). */
  readonly rootEntries: Int32Array;
  readonly symmetry: Symmetry;
  /** The corner type pinned to the top-left cell (quarter-turn symmetry only), else -1. */
  readonly pinnedType: number;
}

/**
 * Which board turns keep a puzzle's solutions solutions: only when pieces may turn and none is
 * fixed. A square board has four turns, any other board two.
 */
export function boardSymmetry(p: EdgePuzzle): Symmetry {
  if (!isRotatable(p) || p.fixed.length > 0 || pieceCount(p) < 2) return 'none';
  return p.rows === p.cols ? 'quarter-turn' : 'half-turn';
}

export function searchTree(p: EdgePuzzle): SearchTree {
  const pt = pieceTypes(p);
  const tables = new CandidateTables(pt);
  const plan = scanPlan(p, 'row', tables);
  const count = new Int32Array(pt.typeCount + 1);
  count.set(pt.count);
  const shown = new Int32Array(plan.shownSize);
  shown[plan.wildSlot] = tables.wild;
  p.fixed.forEach((f, j) => {
    const t = pt.typeOfFixed[j];
    count[t]--;
    const cell = f.row * p.cols + f.col;
    for (let s = 0; s < 4; s++) shown[4 * cell + s] = pt.edges[4 * t + ((s - f.rotation + 4) & 3)];
  });
  const symmetry = boardSymmetry(p);
  // Square with a grey frame: every quarter turn of a solution puts another corner piece at the
  // top-left, so pinning one corner type there (the rarest) searches a quarter of the tree and
  // still meets every solution up to turns.
  let pinnedType = -1;
  if (symmetry === 'quarter-turn' && hasGreyBorder(p) && p.rows >= 2 && plan.depth > 0 && plan.cell[0] === 0) {
    const corner = outMask(p.rows, p.cols, 0, 0);
    for (let t = 0; t < pt.typeCount; t++) {
      let grey = 0;
      for (let s = 0; s < 4; s++) if (pt.edges[4 * t + s] === 0) grey |= 1 << s;
      const isCorner = [0, 1, 2, 3].some((r) => ((grey << r) | (grey >> (4 - r))) % 16 === corner);
      if (isCorner && !pt.fixedType[t] && (pinnedType < 0 || pt.count[t] < pt.count[pinnedType])) pinnedType = t;
    }
  }
  const list: number[] = [];
  if (plan.depth > 0) {
    const k = plan.keyBase[0] + (shown[plan.a[0]] << tables.shift) + shown[plan.b[0]];
    const fits = (ci: number, x: number, side: number): boolean => x < 0 || tables.edge[4 * ci + side] === shown[x];
    for (let ci = tables.start[k]; ci < tables.stop[k]; ci++) {
      if (pinnedType >= 0 && tables.type[ci] !== pinnedType) continue;
      if (fits(ci, plan.x1[0], plan.x1Side[0]) && fits(ci, plan.x2[0], plan.x2Side[0])) list.push(ci);
    }
  }
  return { puzzle: p, pt, tables, plan, count, shown, rootEntries: Int32Array.from(list), symmetry, pinnedType };
}

/**
 * Distinct boards among the turns of the full board in `shown` that the symmetry allows (4, 2 or 1
 * for a quarter turn; 2 or 1 for a half turn), read from the colours every cell shows.
 */
export function orbitSize(tree: SearchTree, shown: Int32Array): number {
  const { rows, cols } = tree.puzzle;
  if (tree.symmetry === 'none') return 1;
  const same = (turns: number): boolean => {
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const from = sourceCell(rows, cols, r, c, turns);
        for (let s = 0; s < 4; s++) if (shown[4 * (r * cols + c) + s] !== shown[4 * from + ((s - turns + 4) & 3)]) return false;
      }
    }
    return true;
  };
  if (tree.symmetry === 'half-turn') return same(2) ? 1 : 2;
  if (same(1)) return 1;
  return same(2) ? 2 : 4;
}

/**
 * A key equal for two full boards exactly when they are the same up to the allowed board turns:
 * the least of the turns' colour strings. Linear in the board, so keeping many solutions apart
 * costs one lookup each, not a comparison with every kept one.
 */
export function turnKey(tree: SearchTree, shown: Int32Array): string {
  const { rows, cols } = tree.puzzle;
  const turns = tree.symmetry === 'quarter-turn' ? [0, 1, 2, 3] : tree.symmetry === 'half-turn' ? [0, 2] : [0];
  let best: string | null = null;
  const cells = new Array<number>(4 * rows * cols);
  for (const t of turns) {
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < cols; c++) {
        const from = sourceCell(rows, cols, r, c, t);
        for (let s = 0; s < 4; s++) cells[4 * (r * cols + c) + s] = shown[4 * from + ((s - t + 4) & 3)]!;
      }
    const key = cells.join(',');
    if (best === null || key < best) best = key;
  }
  return best!;
}

/**
 * The cell whose piece lands on (r, c) when the board turns `t` quarter turns clockwise (odd t only
 * on square boards); the piece there then shows on side s what it showed on side s - t.
 */
export function sourceCell(rows: number, cols: number, r: number, c: number, t: number): number {
  switch (t & 3) {
    case 0:
      return r * cols + c;
    case 1:
      return (rows - 1 - c) * cols + r;
    case 2:
      return (rows - 1 - r) * cols + (cols - 1 - c);
    default:
      return c * cols + (cols - 1 - r);
  }
}
