import * as v from 'valibot';
import { readCheckpoint } from '../../engine/checkpoint';
import type { LocalSearchProblem } from '../../engine/local-search';
import type { Rng } from '../../rng/rng';
import { parityGridFromJson, parityGridToJson, parityPuzzleErrors, type ParityPuzzle } from './model';

/** A grid in a checkpoint, as `parityGridToJson` writes it (`parityGridFromJson` then checks it against the puzzle). */
export const gridJson = v.object({ cells: v.array(v.array(v.number())) });
const ParitySearchState = v.object({
  current: gridJson,
  best: gridJson,
  /** Cell order: the m removed cells first, then the kept ones. Moves pick by position in it (rebuilt when absent). */
  order: v.optional(v.array(v.number())),
});
type ParitySearchState = v.InferOutput<typeof ParitySearchState>;

/**
 * Local search over grids with exactly m zeros. Move: swap one removed and one kept cell, so the
 * count of zeros never changes. Per-row and per-column kept counts make the delta O(1); nothing is
 * allocated in propose/apply. score = -(odd rows + odd columns).
 */
export class ParityLocalSearch implements LocalSearchProblem {
  readonly maxScore = 0;
  private readonly n: number;
  private readonly size: number;
  private readonly m: number;
  private readonly cells: Uint8Array;
  private readonly best: Uint8Array;
  private readonly rowCount: Int32Array;
  private readonly colCount: Int32Array;
  /** order[0..m) are the removed cells, order[m..n^2) the kept ones (in move-selection order). */
  private readonly order: Int32Array;
  private cost = 0;
  private bestCost = 0;
  /** Pending move from `propose`: positions in `order` (-1 = none) and the cost change. */
  private movePosZero = -1;
  private movePosOne = -1;
  private moveCost = 0;

  constructor(private readonly puzzle: ParityPuzzle) {
    const errors = parityPuzzleErrors(puzzle);
    if (errors.length) throw new Error(`parity puzzle: ${errors[0]}`);
    this.n = puzzle.n;
    this.size = puzzle.n * puzzle.n;
    this.m = puzzle.m;
    this.cells = new Uint8Array(this.size);
    this.best = new Uint8Array(this.size);
    this.rowCount = new Int32Array(this.n);
    this.colCount = new Int32Array(this.n);
    this.order = new Int32Array(this.size);
    for (let i = 0; i < this.size; i++) this.order[i] = i;
    this.rebuildFromOrder();
    this.best.set(this.cells);
    this.bestCost = this.cost;
  }

  /** Cells, counts and cost from `order` and m. */
  private rebuildFromOrder(): void {
    const { cells, order, m, n } = this;
    for (let k = 0; k < this.size; k++) cells[order[k]] = k < m ? 0 : 1;
    this.rowCount.fill(0);
    this.colCount.fill(0);
    for (let r = 0; r < n; r++)
      for (let c = 0; c < n; c++)
        if (cells[r * n + c]) {
          this.rowCount[r]++;
          this.colCount[c]++;
        }
    let cost = 0;
    for (let k = 0; k < n; k++) cost += (this.rowCount[k] & 1) + (this.colCount[k] & 1);
    this.cost = cost;
    this.movePosZero = -1;
  }

  randomize(rng: Rng): void {
    const { order, size, m } = this;
    // Uniform m-subset: restart from the identity (so the result depends on the RNG only), then
    // a partial Fisher-Yates shuffle of the first m positions.
    for (let i = 0; i < size; i++) order[i] = i;
    for (let i = 0; i < m; i++) {
      const j = i + rng.int(size - i);
      const t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    this.rebuildFromOrder();
  }

  score(): number {
    return 0 - this.cost; // never -0
  }

  propose(rng: Rng): number {
    const { m, size, n, order, rowCount, colCount } = this;
    if (m === 0 || m === size) {
      this.movePosZero = -1;
      return 0;
    }
    const pz = rng.int(m);
    const po = m + rng.int(size - m);
    const a = order[pz]; // removed -> kept
    const b = order[po]; // kept -> removed
    const ra = (a / n) | 0;
    const ca = a - ra * n;
    const rb = (b / n) | 0;
    const cb = b - rb * n;
    // A row or column whose kept count changes by one flips parity: odd -> even is -1, even -> odd +1.
    let d = 0;
    if (ra !== rb) d += (rowCount[ra] & 1 ? -1 : 1) + (rowCount[rb] & 1 ? -1 : 1);
    if (ca !== cb) d += (colCount[ca] & 1 ? -1 : 1) + (colCount[cb] & 1 ? -1 : 1);
    this.movePosZero = pz;
    this.movePosOne = po;
    this.moveCost = d;
    return 0 - d;
  }

  apply(): void {
    const pz = this.movePosZero;
    if (pz < 0) return;
    const po = this.movePosOne;
    const { order, n, cells } = this;
    const a = order[pz];
    const b = order[po];
    const ra = (a / n) | 0;
    const rb = (b / n) | 0;
    cells[a] = 1;
    cells[b] = 0;
    this.rowCount[ra]++;
    this.colCount[a - ra * n]++;
    this.rowCount[rb]--;
    this.colCount[b - rb * n]--;
    order[pz] = b;
    order[po] = a;
    this.cost += this.moveCost;
    this.movePosZero = -1;
  }

  saveBest(): void {
    this.best.set(this.cells);
    this.bestCost = this.cost;
  }

  /** Score of the remembered best grid. */
  bestScore(): number {
    return 0 - this.bestCost;
  }

  bestSolution(): { cells: number[][] } {
    return parityGridToJson(this.puzzle, { cells: this.best });
  }

  /** The current grid as JSON (for tests and the UI). */
  currentSolution(): { cells: number[][] } {
    return parityGridToJson(this.puzzle, { cells: this.cells });
  }

  save(): Required<ParitySearchState> {
    return { current: this.currentSolution(), best: this.bestSolution(), order: Array.from(this.order) };
  }

  load(state: unknown): void {
    const s = readCheckpoint('parity local-search', ParitySearchState, state);
    const current = parityGridFromJson(this.puzzle, s.current, 'parity local-search checkpoint is damaged: current').cells;
    const best = parityGridFromJson(this.puzzle, s.best, 'parity local-search checkpoint is damaged: best').cells;
    let zeros = 0;
    for (let i = 0; i < this.size; i++) if (!current[i]) zeros++;
    if (zeros !== this.m) throw new Error(`parity local-search checkpoint is damaged: current: ${zeros} zeros, expected ${this.m}`);
    const { order, m, size } = this;
    if (s.order && this.orderMatches(s.order, current)) {
      for (let k = 0; k < size; k++) order[k] = s.order[k];
    } else {
      // No usable order (e.g. a hand-made state): removed cells first, both parts row-major.
      let z = 0;
      let o = m;
      for (let i = 0; i < size; i++) order[current[i] ? o++ : z++] = i;
    }
    this.rebuildFromOrder();
    this.best.set(best);
    let bestCost = 0;
    const n = this.n;
    for (let k = 0; k < n; k++) {
      let rp = 0;
      let cp = 0;
      for (let j = 0; j < n; j++) {
        rp ^= best[k * n + j];
        cp ^= best[j * n + k];
      }
      bestCost += rp + cp;
    }
    this.bestCost = bestCost;
  }

  /** `order` is a permutation of the cells listing exactly the zeros of `cells` first. */
  private orderMatches(order: unknown[], cells: Uint8Array): boolean {
    const { size, m } = this;
    if (order.length !== size) return false;
    const seen = new Uint8Array(size);
    for (let k = 0; k < size; k++) {
      const i = order[k];
      if (typeof i !== 'number' || !Number.isInteger(i) || i < 0 || i >= size || seen[i]) return false;
      seen[i] = 1;
      if ((cells[i] === 0) !== k < m) return false;
    }
    return true;
  }
}
