import { bfsFitness, type BfsWorkspace } from './bfs';
import { goalIndex, type JumpPuzzle } from './model';

/**
 * Exact fitness of one-cell changes without redoing the whole BFS.
 *
 * Changing cell i only changes i's outgoing jumps, so every cell whose BFS depth is <= depth(i)
 * keeps its depth (a path through i's new jumps reaches cells at depth(i) + 1 at the earliest).
 * Hence:
 * - i unreachable: nothing reachable changes (no work);
 * - the goal at depth <= depth(i): its shortest path cannot use i's jumps, the fitness stands
 *   (the deeper cells are brought up to date only if the change is applied);
 * - i's new targets all at depth <= depth(i) + 1, and every target of its old value at
 *   depth(i) + 1 has another parent at depth(i): no depth changes at all (the old depths still
 *   satisfy d(w) <= d(u) + 1 on every edge and every cell keeps a parent one level up);
 * - otherwise the BFS resumes from i's level and stops as soon as the goal is reached, since
 *   the goal's depth is then final; the rest is finished only if the change is applied; a caller
 *   that only needs to know whether a floor is reached can stop it earlier still.
 *
 * The trial BFS runs in place on the committed depths: a cell counts as visited when its depth is
 * 0..level (unchanged, or found by the trial and marked 0), so one unsigned comparison tests it and
 * nothing needs copying or clearing first; the few marked cells are put back before anything
 * else reads the depths (or rewritten when the change is committed).
 *
 * Depths are exact after every `commit`; only the order of cells inside a BFS level may differ
 * from a fresh BFS, which no depth or fitness depends on.
 */
export class IncrementalBfs {
  private readonly depthArr: Int32Array;
  private readonly queue: Int32Array;
  /** levelStart[k] = first queue slot of depth k; levelStart[maxDepth + 1] = reached. */
  private readonly levelStart: Int32Array;
  private maxDepth = 0;
  private reachedCount = 0;
  private fit = 0;

  private readonly rows: number;
  private readonly cols: number;
  private readonly n: number;
  private readonly goal: number;

  // The pending change and its resumed BFS: queue slot k holds a cell, its depth in the changed
  // maze (tQDepth) and its committed depth before the trial marked it (tSaved).
  private readonly tQueue: Int32Array;
  private readonly tQDepth: Int32Array;
  private readonly tSaved: Int32Array;
  private tHead = 0;
  private tTail = 0;
  /** Queue slots [0, tWidth) are the changed cell's level, which the trial starts from. */
  private tWidth = 0;
  private tLevel = 0;
  /** Trial depth of the goal once found, else -1. */
  private tGoal = -1;
  /** Whether trial marks are in the depth array (put back by `settle`). */
  private marked = false;
  private tCell = -1;
  private tValue = 0;
  private tFitness = 0;
  /** 0 = no depth changes; 1 = fitness unchanged, depths beyond tLevel may change; 2 = trial BFS run; 3 = cut short. */
  private tKind = 0;

  /** The committed BFS arrays as a workspace, so a full BFS is bfs.ts's own. */
  private readonly work: BfsWorkspace;

  constructor(
    private readonly puzzle: JumpPuzzle,
    /** The maze being searched; read directly, written only by `commit`. */
    readonly cells: Int32Array,
  ) {
    this.rows = puzzle.rows;
    this.cols = puzzle.cols;
    this.n = puzzle.rows * puzzle.cols;
    if (cells.length !== this.n) throw new Error(`a ${this.rows} x ${this.cols} maze has ${this.n} cells, got ${cells.length}`);
    this.goal = goalIndex(puzzle);
    this.depthArr = new Int32Array(this.n);
    this.queue = new Int32Array(this.n);
    this.levelStart = new Int32Array(this.n + 2);
    this.tQueue = new Int32Array(this.n);
    this.tQDepth = new Int32Array(this.n);
    this.tSaved = new Int32Array(this.n);
    this.work = { queue: this.queue, depth: this.depthArr, reached: 0, unreachable: 0 };
    this.reset();
  }

  /** Fitness of `cells` as last committed (see bfs.ts for the definition). */
  get fitness(): number {
    return this.fit;
  }

  /** BFS moves from the start per cell, -1 when unreachable (read only). */
  get depth(): Int32Array {
    if (this.marked) this.settle();
    return this.depthArr;
  }

  /** Cells reachable from the start. */
  get reached(): number {
    return this.reachedCount;
  }

  /** Full BFS of `cells` (after they were changed from outside). */
  reset(): void {
    this.marked = false;
    this.fit = bfsFitness(this.puzzle, this.cells, this.work);
    this.reachedCount = this.work.reached;
    this.rebuildLevels(0, 0);
    this.tCell = -1;
  }

  /**
   * Exact fitness if cell `i` (not the goal) held `v`; `cells` are left alone. The change is
   * remembered for `commit` until the next `tryChange` or `reset`.
   *
   * With `floor` > 0 the caller only wants to know whether the fitness reaches `floor`: the BFS
   * may then stop early and return some value below `floor` (such a change cannot be committed).
   * It stops once the deepest level found plus the cells not yet found is below `floor`: each
   * level between there and the goal needs a cell of its own, and an unreachable goal scores < 0.
   */
  tryChange(i: number, v: number, floor = -Infinity): number {
    if (this.marked) this.settle();
    this.tCell = i;
    this.tValue = v;
    const di = this.depthArr[i];
    if (di < 0 || v === this.cells[i]) {
      this.tKind = 0;
      return (this.tFitness = this.fit);
    }
    const g = this.depthArr[this.goal];
    if (g >= 0 && g <= di) {
      this.tKind = 1;
      this.tLevel = di;
      return (this.tFitness = this.fit);
    }
    if (this.keepsDepths(i, v)) {
      this.tKind = 0;
      return (this.tFitness = this.fit);
    }
    this.tKind = 2;
    this.startTrial(i, v);
    if (!this.expand(true, floor > 0 ? floor : 0)) {
      this.tKind = 3;
      return (this.tFitness = floor - 1);
    }
    return (this.tFitness = this.trialFitness());
  }

  /** Apply the change of the last `tryChange`: writes the cell and brings every depth up to date. */
  commit(): void {
    const i = this.tCell;
    if (i < 0) return;
    const v = this.tValue;
    if (this.tKind === 3) throw new Error('IncrementalBfs: a change cut short by its floor cannot be committed');
    if (this.tKind === 1 && !this.keepsDepths(i, v)) {
      this.startTrial(i, v);
      this.tKind = 2;
    }
    if (this.tKind === 2) {
      this.expand(false, 0);
      this.adoptTrial();
    }
    this.cells[i] = v;
    this.fit = this.tFitness;
    this.tCell = -1;
  }

  /** Test hook: the current depth of every cell must equal a fresh BFS's. */
  levelsConsistent(): boolean {
    const { queue, depth, levelStart } = this;
    if (this.marked) return false;
    for (let k = 0; k < this.reachedCount; k++) {
      const d = depth[queue[k]];
      if (d < 0 || levelStart[d] > k || levelStart[d + 1] <= k) return false;
    }
    return levelStart[this.maxDepth + 1] === this.reachedCount;
  }

  /** Whether the change i := v provably leaves every depth as it is (see the class comment). */
  private keepsDepths(i: number, v: number): boolean {
    const { cols, rows, depthArr: depth } = this;
    const d = depth[i];
    const d1 = d + 1;
    const r = (i / cols) | 0;
    const c = i - r * cols;
    // A new target that is unreachable or deeper than d + 1 would get a shorter path.
    if (r - v >= 0 && (depth[i - v * cols] < 0 || depth[i - v * cols] > d1)) return false;
    if (r + v < rows && (depth[i + v * cols] < 0 || depth[i + v * cols] > d1)) return false;
    if (c - v >= 0 && (depth[i - v] < 0 || depth[i - v] > d1)) return false;
    if (c + v < cols && (depth[i + v] < 0 || depth[i + v] > d1)) return false;
    const o = this.cells[i];
    if (r - o >= 0 && depth[i - o * cols] === d1 && !this.hasOtherParent(i - o * cols, i, d)) return false;
    if (r + o < rows && depth[i + o * cols] === d1 && !this.hasOtherParent(i + o * cols, i, d)) return false;
    if (c - o >= 0 && depth[i - o] === d1 && !this.hasOtherParent(i - o, i, d)) return false;
    if (c + o < cols && depth[i + o] === d1 && !this.hasOtherParent(i + o, i, d)) return false;
    return true;
  }

  /** Whether some cell other than `skip`, at depth `d`, jumps onto `w`. */
  private hasOtherParent(w: number, skip: number, d: number): boolean {
    const { cols, rows, depthArr: depth, cells } = this;
    const r = (w / cols) | 0;
    const c = w - r * cols;
    for (let k = 1; k <= r; k++) {
      const u = w - k * cols;
      if (cells[u] === k && depth[u] === d && u !== skip) return true;
    }
    for (let k = 1; r + k < rows; k++) {
      const u = w + k * cols;
      if (cells[u] === k && depth[u] === d && u !== skip) return true;
    }
    for (let k = 1; k <= c; k++) {
      const u = w - k;
      if (cells[u] === k && depth[u] === d && u !== skip) return true;
    }
    for (let k = 1; c + k < cols; k++) {
      const u = w + k;
      if (cells[u] === k && depth[u] === d && u !== skip) return true;
    }
    return false;
  }

  /** Seed the trial BFS with i's whole level (their depths cannot change). */
  private startTrial(i: number, v: number): void {
    this.tCell = i;
    this.tValue = v;
    const d = this.depthArr[i];
    this.tLevel = d;
    const { tQueue, tQDepth, queue } = this;
    const from = this.levelStart[d];
    const to = this.levelStart[d + 1];
    let tail = 0;
    for (let k = from; k < to; k++) {
      tQueue[tail] = queue[k];
      tQDepth[tail++] = d;
    }
    this.tWidth = tail;
    this.tHead = 0;
    this.tTail = tail;
    this.tGoal = -1;
    this.marked = true;
  }

  /**
   * Continue the trial BFS; with `stopAtGoal`, stop once the goal has its depth. With `floor` > 0,
   * give up (return false) once the goal provably scores below it (see `tryChange`).
   */
  private expand(stopAtGoal: boolean, floor: number): boolean {
    const { cols, rows, cells, depthArr: depth, tQueue, tQDepth, tSaved, goal, tCell, tValue } = this;
    const level = this.tLevel;
    let head = this.tHead;
    let tail = this.tTail;
    if (stopAtGoal && this.tGoal >= 0) return true;
    // Cells not found yet = unfound - tail.
    const unfound = this.n - this.levelStart[level];
    let ok = true;
    while (head < tail) {
      const i = tQueue[head];
      const d = tQDepth[head++] + 1;
      const v = i === tCell ? tValue : cells[i];
      if (v <= 0) continue;
      const r = (i / cols) | 0;
      const c = i - r * cols;
      let j: number;
      // Unvisited: committed depth -1 or deeper than the level (`>>> 0` sends -1 out of range).
      if (r - v >= 0 && depth[(j = i - v * cols)] >>> 0 > level) {
        tSaved[tail] = depth[j];
        depth[j] = 0;
        tQDepth[tail] = d;
        tQueue[tail++] = j;
      }
      if (r + v < rows && depth[(j = i + v * cols)] >>> 0 > level) {
        tSaved[tail] = depth[j];
        depth[j] = 0;
        tQDepth[tail] = d;
        tQueue[tail++] = j;
      }
      if (c - v >= 0 && depth[(j = i - v)] >>> 0 > level) {
        tSaved[tail] = depth[j];
        depth[j] = 0;
        tQDepth[tail] = d;
        tQueue[tail++] = j;
      }
      if (c + v < cols && depth[(j = i + v)] >>> 0 > level) {
        tSaved[tail] = depth[j];
        depth[j] = 0;
        tQDepth[tail] = d;
        tQueue[tail++] = j;
      }
      // The goal's committed depth was -1 or deeper than the level, so 0 means found just now.
      if (depth[goal] === 0 && this.tGoal < 0) {
        this.tGoal = d;
        if (stopAtGoal) break;
      }
      if (d + unfound - tail < floor) {
        ok = false;
        break;
      }
    }
    this.tHead = head;
    this.tTail = tail;
    return ok;
  }

  private trialFitness(): number {
    if (this.tGoal >= 0) return this.tGoal;
    // Goal not reached: the BFS ran to the end; reached = cells above the level + the trial's.
    return -(this.n - (this.levelStart[this.tLevel] + this.tTail));
  }

  /** Put back the committed depths of the cells a trial marked. */
  private settle(): void {
    const { depthArr: depth, tQueue, tSaved } = this;
    for (let k = this.tWidth; k < this.tTail; k++) depth[tQueue[k]] = tSaved[k];
    this.marked = false;
    // A pending change whose trial is undone this way is redone from scratch if committed.
    if (this.tKind === 2) this.tKind = 1;
  }

  /** The finished trial replaces everything deeper than its level. */
  private adoptTrial(): void {
    const { queue, depthArr: depth, tQueue, tQDepth } = this;
    const level = this.tLevel;
    const from = this.levelStart[level];
    const to = this.levelStart[level + 1];
    for (let k = to; k < this.reachedCount; k++) depth[queue[k]] = -1;
    for (let k = this.tWidth; k < this.tTail; k++) {
      const w = tQueue[k];
      depth[w] = tQDepth[k];
      queue[from + k] = w;
    }
    this.marked = false;
    this.reachedCount = from + this.tTail;
    this.rebuildLevels(level + 1, to);
  }

  /** levelStart from `level` on, given that queue slot `slot` starts that level. */
  private rebuildLevels(level: number, slot: number): void {
    const { queue, depthArr: depth, levelStart } = this;
    let d = level;
    levelStart[d] = slot;
    for (let k = slot; k < this.reachedCount; k++) {
      const dk = depth[queue[k]];
      while (d < dk) levelStart[++d] = k;
    }
    this.maxDepth = this.reachedCount > slot ? d : level - 1;
    levelStart[this.maxDepth + 1] = this.reachedCount;
  }
}
