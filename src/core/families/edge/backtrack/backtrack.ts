import { STEP_WORK_LIMIT } from '../../../engine/limits';
import type { SolverRun } from '../../../engine/solver';
import { damaged as damagedCheckpoint } from '../../../engine/checkpoint';
import { Rng, type RngState } from '../../../rng/rng';
import type { BacktrackCheckpoint } from './checkpoint';
import { solutionToJson, type EdgeSolutionJson } from '../model/json';
import type { EdgePuzzle } from '../model/model';
import { CandidateTables } from './candidates';
import { completeBoard, completeByBeam } from './complete';
import { solutionFromJson } from '../model/json';
import { exactLoop, mismatchLoop, type Cursor, type SearchLoop } from './loops';
import { pieceTypes, typesToBoard, type PieceTypes } from './piece-types';
import { mismatchSchedule, scanPlan, type ScanOrder, type ScanPlan } from './scan-plan';

export interface BacktrackOptions {
  order: ScanOrder;
  /** Broken joins allowed on a full board (0 = exact search). */
  maxMismatches: number;
  /** Depth from which the allowance starts to grow (see mismatchSchedule). */
  mismatchFromDepth: number;
  /** Restart with a new candidate order after this many placements (0 = never). */
  restartAfter: number;
  /** Shuffle the candidate order with the seed before the first descent. */
  shuffle: boolean;
  /** Show the deepest partial board completed (a full legal board) until a full one is found. */
  complete: boolean;
  /** Width of the beam pass that completes deep partial boards (0 = greedy). */
  completeWidth: number;
}

/**
 * Depth-first search in a fixed scan order with an explicit stack: at each depth the cell's
 * candidate list comes from its (out mask, key colours) table, a piece type is taken when one is
 * left, and the loop moves one depth down or up. Evaluations count placements.
 *
 * Exact search (maxMismatches = 0) reports the deepest board reached (the partial board scores the
 * joins among its placed cells), so a run that cannot finish still shows how far it got.
 * Mismatch search lets a placement break joins while the board stays within the allowance; it
 * reports full boards only (score = all joins minus the broken ones; 0 until the first full
 * board), and once it has one with B breaks it only looks for boards with fewer.
 */
export class BacktrackRun implements SolverRun<EdgeSolutionJson, BacktrackCheckpoint> {
  evaluations = 0;
  bestScore: number;
  private restarts = 0;
  private sinceRestart = 0;

  private readonly pt: PieceTypes;
  private readonly tables: CandidateTables;
  private readonly plan: ScanPlan;
  private readonly cnt: Int32Array;
  private readonly shown: Int32Array;
  private readonly placed: Int32Array;
  private readonly phases: Int32Array;
  /** Broken joins on the board before depth d is placed. */
  private readonly breaks: Int32Array;
  private shuffled: RngState | null = null;
  private readonly cur: Cursor;
  private readonly loop: SearchLoop;
  private best: EdgeSolutionJson;

  constructor(
    private readonly puzzle: EdgePuzzle,
    private readonly opts: BacktrackOptions,
    private readonly rng: Rng,
    fresh = true,
  ) {
    this.pt = pieceTypes(puzzle);
    this.tables = new CandidateTables(this.pt);
    this.plan = scanPlan(puzzle, opts.order, this.tables);
    const n = this.plan.depth;
    // One more count for the sentinel type, always 0.
    this.cnt = new Int32Array(this.pt.typeCount + 1);
    this.cnt.set(this.pt.count);
    this.shown = new Int32Array(this.plan.shownSize);
    this.shown[this.plan.wildSlot] = this.tables.wild;
    puzzle.fixed.forEach((f, j) => {
      const t = this.pt.typeOfFixed[j];
      this.cnt[t]--;
      const cell = f.row * puzzle.cols + f.col;
      for (let s = 0; s < 4; s++) this.shown[4 * cell + s] = this.pt.edges[4 * t + ((s - f.rotation + 4) & 3)];
    });
    this.placed = new Int32Array(n + 1);
    this.phases = new Int32Array(n + 1);
    this.breaks = new Int32Array(n + 1);
    this.cur = { d: 0, ci: 0, ph: 0, bestDepth: 0, bestBreaks: opts.maxMismatches + 1, done: false };
    this.loop = this.exact
      ? exactLoop(this.tables, this.plan, this.cnt, this.shown, this.placed, this.cur)
      : mismatchLoop(
          this.tables,
          this.plan,
          this.cnt,
          this.shown,
          this.placed,
          this.phases,
          this.breaks,
          mismatchSchedule(n, opts.maxMismatches, opts.mismatchFromDepth),
          this.cur,
        );
    this.best = this.boardJson(0);
    this.bestScore = this.exact ? this.plan.scoreAt[0] : 0;
    if (opts.complete) this.offerDeepest(0);
    if (fresh) {
      if (opts.shuffle) this.reshuffle();
      this.enter(0);
    }
  }

  private get exact(): boolean {
    return this.opts.maxMismatches === 0;
  }

  get currentScore(): number {
    return this.plan.scoreAt[this.cur.d] - this.breaks[this.cur.d];
  }

  get iteration(): number {
    return this.restarts;
  }

  get finished(): boolean {
    return this.cur.done;
  }

  bestSolution(): EdgeSolutionJson {
    return this.best;
  }

  private reshuffle(): void {
    this.shuffled = this.rng.getState();
    this.tables.shuffle(this.rng);
  }

  /** The key of depth d's list in phase ph (0 exact, 1 side b free, 2 side a free, 3 both), from the board. */
  private listKey(d: number, ph: number): number {
    const { plan, shown, tables } = this;
    const a = ph === 0 || ph === 1 ? shown[plan.a[d]] : tables.wild;
    const b = ph === 0 || ph === 2 ? shown[plan.b[d]] : tables.wild;
    return plan.keyBase[d] + (a << tables.shift) + b;
  }

  /** Start depth d at its exact list. */
  private enter(d: number): void {
    this.cur.d = d;
    this.cur.ph = 0;
    this.cur.ci = this.tables.start[this.listKey(d, 0)];
  }

  /** Broken joins entry `ci` adds at depth d (its key sides and extra checks). */
  private costAt(d: number, ci: number): number {
    const { plan, shown, tables } = this;
    const e = 4 * ci;
    const s = plan.side[d];
    let cost = 0;
    if (plan.joinA[d] && tables.edge[e + s] !== shown[plan.a[d]]) cost++;
    if (plan.joinB[d] && tables.edge[e + ((s + 1) & 3)] !== shown[plan.b[d]]) cost++;
    if (plan.x1[d] >= 0 && tables.edge[e + plan.x1Side[d]] !== shown[plan.x1[d]]) cost++;
    if (plan.x2[d] >= 0 && tables.edge[e + plan.x2Side[d]] !== shown[plan.x2[d]]) cost++;
    return cost;
  }

  /** The board of the first `depth` placements (and the fixed pieces) as solution JSON. */
  private boardJson(depth: number): EdgeSolutionJson {
    const cells = this.puzzle.rows * this.puzzle.cols;
    const cellType = new Int32Array(cells).fill(-1);
    const cellRot = new Uint8Array(cells);
    this.puzzle.fixed.forEach((f, j) => {
      const cell = f.row * this.puzzle.cols + f.col;
      cellType[cell] = this.pt.typeOfFixed[j];
      cellRot[cell] = f.rotation;
    });
    for (let i = 0; i < depth; i++) {
      const cell = this.plan.cell[i];
      cellType[cell] = this.tables.type[this.placed[i]];
      cellRot[cell] = this.tables.rot[this.placed[i]];
    }
    return solutionToJson(typesToBoard(this.pt, cellType, cellRot));
  }

  step(budget: number): void {
    const cur = this.cur;
    let left = budget;
    let completed = 0;
    while (left > 0 && !cur.done) {
      const r = this.opts.restartAfter;
      if (r > 0 && this.sinceRestart >= r) this.restart();
      const slice = r > 0 ? Math.min(left, r - this.sinceRestart) : left;
      const breaksBefore = cur.bestBreaks;
      const did = this.loop(slice);
      this.evaluations += did;
      this.sinceRestart += did;
      left -= did;
      if (!this.exact && cur.bestBreaks < breaksBefore) {
        // The loop stopped on a full board with fewer breaks: the stack holds all of it.
        cur.bestDepth = cur.d;
        const score = this.plan.scoreAt[cur.d] - cur.bestBreaks;
        if (score > this.bestScore || !this.opts.complete) {
          this.best = this.boardJson(cur.d);
          this.bestScore = score;
          return;
        }
      } else if (cur.d > cur.bestDepth) {
        // Deeper than ever: the new partial board (completed, when asked) may be the best one.
        cur.bestDepth = cur.d;
        if (this.opts.complete) {
          if (this.offerDeepest(cur.d)) return;
          // A completion is the work of many placements (a pass over the empty cells): once a step
          // has done a tenth of what a run may do between two looks at its stop, it ends, so the
          // driver looks in time (on Eternity II 1,024 wide, dozens in one step took seconds).
          completed += this.completionWork(cur.d);
          if (completed > STEP_WORK_LIMIT / 10) return;
        } else if (this.exact) {
          this.best = this.boardJson(cur.d);
          const score = this.plan.scoreAt[cur.d];
          if (score > this.bestScore) {
            this.bestScore = score;
            return;
          }
        }
      }
    }
  }

  /** Operations of completing the board of the first `depth` placements (as `offerDeepest` does it, see solvers.ts). */
  private completionWork(depth: number): number {
    const w = this.opts.completeWidth;
    const empty = this.puzzle.rows * this.puzzle.cols - depth;
    return 2 * depth < this.plan.depth || w === 0 ? empty * this.puzzle.rows * this.puzzle.cols * 4 : w * empty * 4;
  }

  /** Complete the board of the first `depth` placements; true when it beats the best. */
  private offerDeepest(depth: number): boolean {
    const partial = solutionFromJson(this.puzzle, this.boardJson(depth), 'partial');
    // Shallow boards change often and complete poorly anyway: greedy there, a narrow beam deep.
    const w = this.opts.completeWidth;
    const { board, score } = 2 * depth < this.plan.depth || w === 0 ? completeBoard(this.puzzle, partial) : completeByBeam(this.puzzle, partial, w);
    if (score <= this.bestScore && depth > 0) return false;
    this.best = solutionToJson(board);
    this.bestScore = score;
    return true;
  }

  private restart(): void {
    for (let d = this.cur.d - 1; d >= 0; d--) this.cnt[this.tables.type[this.placed[d]]]++;
    this.sinceRestart = 0;
    this.restarts++;
    this.reshuffle();
    this.enter(0);
  }

  checkpoint(): BacktrackCheckpoint {
    const { d } = this.cur;
    return {
      v: 1,
      evaluations: this.evaluations,
      restarts: this.restarts,
      sinceRestart: this.sinceRestart,
      rng: this.rng.getState(),
      shuffled: this.shuffled,
      stack: Array.from(this.placed.subarray(0, d)),
      phases: this.exact ? [] : Array.from(this.phases.subarray(0, d)),
      cursor: this.cur.ci,
      phase: this.cur.ph,
      finished: this.cur.done,
      bestScore: this.bestScore,
      bestDepth: this.cur.bestDepth,
      bestBreaks: this.cur.bestBreaks,
      best: this.best,
    };
  }

  static restore(puzzle: EdgePuzzle, opts: BacktrackOptions, s: BacktrackCheckpoint): BacktrackRun {
    const damaged = (where: string, why: string): Error => damagedCheckpoint('backtrack', where, why);
    const run = new BacktrackRun(puzzle, opts, new Rng(s.rng), false);
    const { tables, plan } = run;
    if (s.stack.length > plan.depth) throw damaged('stack', 'deeper than the board');
    if (s.shuffled !== null) {
      run.shuffled = s.shuffled;
      tables.shuffle(new Rng(s.shuffled));
    }
    for (let d = 0; d < s.stack.length; d++) {
      const ph = run.exact ? 0 : s.phases[d];
      const ci = s.stack[d];
      if (!(ph >= 0 && ph <= 3)) throw damaged(`phases.${d}`, 'not a phase');
      const k = run.listKey(d, ph);
      if (!(ci >= tables.start[k] && ci < tables.stop[k])) throw damaged(`stack.${d}`, 'not a candidate there');
      run.breaks[d + 1] = run.breaks[d] + (run.exact ? 0 : run.costAt(d, ci));
      run.placed[d] = ci;
      run.phases[d] = ph;
      run.cnt[tables.type[ci]]--;
      const o = 4 * plan.cell[d];
      for (let q = 0; q < 4; q++) run.shown[o + q] = tables.edge[4 * ci + q];
    }
    const d = s.stack.length;
    const k = run.listKey(d, s.phase);
    if (!(s.cursor >= tables.start[k] && s.cursor <= tables.stop[k])) throw damaged('cursor', 'not a candidate there');
    Object.assign(run.cur, { d, ci: s.cursor, ph: s.phase, bestDepth: s.bestDepth, bestBreaks: s.bestBreaks, done: s.finished });
    run.evaluations = s.evaluations;
    run.restarts = s.restarts;
    run.sinceRestart = s.sinceRestart;
    run.bestScore = s.bestScore;
    run.best = s.best;
    return run;
  }
}
