import { solutionToJson, type EdgeSolutionJson } from '../model/json';
import { typesToBoard } from '../backtrack/piece-types';
import { orbitSize, turnKey, type SearchTree } from './tree';

/** Solutions kept to show (distinct up to the board's turns): the first and a second one. */
export const KEPT_SOLUTIONS = 2;

/**
 * Counts the solutions of an edge puzzle by the backtracker's exact depth-first search over the
 * tree of `searchTree`, in steps of a placement budget (so a host can stop it, time it and show
 * progress). With quarter-turn symmetry the top-left corner is pinned to one corner type; each
 * full board then stands for 4/k boards (k = copies of that type) and for 4/(k o) solutions up to
 * turns (o = distinct turns of it); without pinning a board stands for 1/o solutions. Weights are
 * kept in twelfths, so every sum is a whole number.
 */
export class SolutionCounter {
  /** Placements so far, the root's included: the nodes of the search tree visited. */
  nodes = 0;
  /** Full boards the search reached. */
  reached = 0;
  /** Boards that solve the puzzle (every turn counted), in twelfths. */
  boardTwelfths = 0;
  /** Solutions up to the board's turns, in twelfths. */
  solutionTwelfths = 0;
  /** Up to KEPT_SOLUTIONS solutions distinct up to turns, in the order found. */
  readonly solutions: EdgeSolutionJson[] = [];
  /** The search space is exhausted: the counts are exact. */
  done = false;

  private readonly kept: Int32Array[] = [];
  private readonly keys = new Set<string>();
  private readonly cnt: Int32Array;
  private readonly shown: Int32Array;
  private readonly placed: Int32Array;
  private root = -1;
  private d = 0;
  private ci = 0;
  private readonly pinnedCopies: number;

  /** `keep`: solutions (distinct up to turns) to keep, as boards and as the colours each cell shows. */
  constructor(
    private readonly tree: SearchTree,
    private readonly keep = KEPT_SOLUTIONS,
  ) {
    this.cnt = tree.count.slice();
    this.shown = tree.shown.slice();
    this.placed = new Int32Array(tree.plan.depth + 1);
    this.pinnedCopies = tree.pinnedType >= 0 ? tree.pt.count[tree.pinnedType] : 0;
    if (tree.plan.depth === 0) {
      // Every cell holds a fixed piece: the one board is a solution when its fixed pieces match.
      if (fixedBoardMatches(tree)) this.record();
      this.done = true;
    } else this.nextRoot();
  }

  /** How many solutions are kept (see `layouts`). */
  get keptCount(): number {
    return this.kept.length;
  }

  /** The kept solutions as the colours each cell shows (4 a cell, top right bottom left), in the order found. */
  get layouts(): readonly Int32Array[] {
    const n = 4 * this.tree.puzzle.rows * this.tree.puzzle.cols;
    return this.kept.map((k) => k.subarray(0, n));
  }

  /** Lower bound on the solutions up to turns (exact once done). */
  get solutionsAtLeast(): number {
    return Math.ceil(this.solutionTwelfths / 12);
  }

  /** Lower bound on the solving boards, every turn counted (exact once done). */
  get boardsAtLeast(): number {
    return Math.ceil(this.boardTwelfths / 12);
  }

  /** Place the next root candidate; done when there is none. */
  private nextRoot(): void {
    const { tree, cnt, shown, placed } = this;
    const { tables, plan } = tree;
    for (;;) {
      this.root++;
      if (this.root >= tree.rootEntries.length) {
        this.done = true;
        return;
      }
      const ci = tree.rootEntries[this.root];
      if (cnt[tables.type[ci]] === 0) continue;
      cnt[tables.type[ci]]--;
      placed[0] = ci;
      const o = plan.cell[0] << 2;
      for (let s = 0; s < 4; s++) shown[o + s] = tables.edge[(ci << 2) + s];
      this.nodes++;
      this.d = 1;
      this.ci = tables.start[plan.keyBase[1] + (shown[plan.a[1]] << tables.shift) + shown[plan.b[1]]];
      if (plan.depth === 1) this.record();
      return;
    }
  }

  /** Search about `budget` placements; returns early after a solution so the host can check its limit. */
  step(budget: number): void {
    if (this.done) return;
    const { cnt, shown, placed } = this;
    const { tables, plan } = this.tree;
    const { start, type: cType, edge: cEdge, sentinel, shift } = tables;
    const { cell: dCell, keyBase, a: dA, b: dB, x1, x1Side, x2, x2Side, depth } = plan;
    let d = this.d;
    let ci = this.ci;
    let evals = 0;
    let full = false;
    let rootDone = false;
    for (;;) {
      const t = cType[ci];
      if (cnt[t] === 0) {
        if (t !== sentinel) {
          ci++;
          continue;
        }
        d--;
        if (d === 0) {
          cnt[cType[placed[0]]]++;
          rootDone = true;
          break;
        }
        ci = placed[d];
        cnt[cType[ci]]++;
        ci++;
        continue;
      }
      const xa = x1[d];
      if (xa >= 0) {
        if (cEdge[(ci << 2) + x1Side[d]] !== shown[xa]) {
          ci++;
          continue;
        }
        const xb = x2[d];
        if (xb >= 0 && cEdge[(ci << 2) + x2Side[d]] !== shown[xb]) {
          ci++;
          continue;
        }
      }
      cnt[t]--;
      placed[d] = ci;
      const o = dCell[d] << 2;
      const e = ci << 2;
      shown[o] = cEdge[e];
      shown[o + 1] = cEdge[e + 1];
      shown[o + 2] = cEdge[e + 2];
      shown[o + 3] = cEdge[e + 3];
      evals++;
      d++;
      ci = start[keyBase[d] + (shown[dA[d]] << shift) + shown[dB[d]]];
      if (d === depth) {
        full = true;
        break;
      }
      if (evals >= budget) break;
    }
    this.d = d;
    this.ci = ci;
    this.nodes += evals;
    if (full) this.record();
    if (rootDone) this.nextRoot();
  }

  private record(): void {
    const { tree, shown } = this;
    this.reached++;
    const o = orbitSize(tree, shown);
    if (this.pinnedCopies > 0) {
      this.boardTwelfths += 48 / this.pinnedCopies;
      this.solutionTwelfths += 48 / (this.pinnedCopies * o);
    } else {
      this.boardTwelfths += 12;
      this.solutionTwelfths += 12 / o;
    }
    const key = this.kept.length < this.keep ? turnKey(tree, shown) : null;
    if (key !== null && !this.keys.has(key)) {
      this.keys.add(key);
      this.kept.push(shown.slice());
      this.solutions.push(this.boardJson());
    }
  }

  private boardJson(): EdgeSolutionJson {
    const { tree, placed } = this;
    const { puzzle: p, pt, tables, plan } = tree;
    const cellType = new Int32Array(p.rows * p.cols).fill(-1);
    const cellRot = new Uint8Array(p.rows * p.cols);
    p.fixed.forEach((f, j) => {
      cellType[f.row * p.cols + f.col] = pt.typeOfFixed[j];
      cellRot[f.row * p.cols + f.col] = f.rotation;
    });
    for (let i = 0; i < plan.depth; i++) {
      cellType[plan.cell[i]] = tables.type[placed[i]];
      cellRot[plan.cell[i]] = tables.rot[placed[i]];
    }
    return solutionToJson(typesToBoard(pt, cellType, cellRot));
  }
}

/** Whether the fixed pieces of a board without free cells match along every join and face grey out. */
function fixedBoardMatches(tree: SearchTree): boolean {
  const { rows, cols } = tree.puzzle;
  const { shown } = tree;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const i = 4 * (r * cols + c);
      if (c + 1 < cols && shown[i + 1] !== shown[i + 4 + 3]) return false;
      if (r + 1 < rows && shown[i + 2] !== shown[i + 4 * cols]) return false;
    }
  }
  return true;
}
