import type { Rng } from '../../../rng/rng';
import type { SearchTree } from './tree';

/**
 * Knuth's estimator of a backtracking tree (Knuth 1975, "Estimating the efficiency of backtrack
 * programs"): a probe walks from the root down the very tree the exact search walks, at each node
 * counting the children c_d and taking one at random; C = c_1 + c_1 c_2 + ... is an unbiased
 * estimate of the tree's nodes (placements), and c_1 c_2 ... c_n of its full boards when the probe
 * reaches the last cell (0 when it dies earlier). The mean over probes converges; the spread of
 * the probes gives its standard error. Products overflow doubles on big boards, so every sum is
 * kept as natural logarithms (a running maximum and a scaled sum).
 */

/** Mean of positive numbers given as natural logs, with their spread; -Infinity stands for 0. */
export class LogMean {
  private max = -Infinity;
  private sum = 0;
  private sumSq = 0;
  n = 0;

  add(log: number): void {
    this.n++;
    if (log === -Infinity) return;
    if (log > this.max) {
      const f = Math.exp(this.max - log);
      this.sum = this.sum * f + 1;
      this.sumSq = this.sumSq * f * f + 1;
      this.max = log;
    } else {
      const x = Math.exp(log - this.max);
      this.sum += x;
      this.sumSq += x * x;
    }
  }

  /** log10 of the mean (-Infinity when every value was 0). */
  get log10Mean(): number {
    if (this.n === 0 || this.sum === 0) return -Infinity;
    return (this.max + Math.log(this.sum / this.n)) / Math.LN10;
  }

  /** log10 of the standard error of the mean (-Infinity when there is no spread or one value). */
  get log10StdError(): number {
    const { n } = this;
    if (n < 2 || this.sum === 0) return -Infinity;
    const mean = this.sum / n;
    const variance = ((this.sumSq / n - mean * mean) * n) / (n - 1);
    if (!(variance > 0)) return -Infinity;
    return (this.max + 0.5 * Math.log(variance / n)) / Math.LN10;
  }
}

/** An estimate as a mean and its standard error, both as log10 (so 10^400 fits); -Infinity = 0. */
export interface LogEstimate {
  log10Mean: number;
  log10StdError: number;
}

export interface TreeEstimate {
  probes: number;
  /** Nodes (placements) of the whole search tree: what exhausting the search costs. */
  nodes: LogEstimate;
  /** Full boards at the bottom of the tree (in the tree's own units: pinned, colour layouts). */
  boards: LogEstimate;
  /** Probes that reached a full board. */
  reachedFull: number;
  /** Deepest depth a probe reached, and the tree's depth. */
  deepest: number;
  depth: number;
  /** log10 of the estimated nodes at each depth 1..depth (index d-1). */
  profile: number[];
}

export class KnuthEstimator {
  private readonly nodes = new LogMean();
  private readonly boards = new LogMean();
  private readonly perDepth: LogMean[];
  private reachedFull = 0;
  private deepest = 0;
  private readonly cnt: Int32Array;
  private readonly shown: Int32Array;
  private readonly placed: Int32Array;

  constructor(
    private readonly tree: SearchTree,
    private readonly rng: Rng,
  ) {
    this.cnt = tree.count.slice();
    this.shown = tree.shown.slice();
    this.placed = new Int32Array(tree.plan.depth + 1);
    this.perDepth = Array.from({ length: tree.plan.depth }, () => new LogMean());
  }

  get probes(): number {
    return this.nodes.n;
  }

  /** One probe from the root to a dead end or a full board. */
  probe(): void {
    const { tree, cnt, shown, placed, rng } = this;
    const { tables, plan } = tree;
    const { start, type: cType, edge: cEdge, sentinel, shift } = tables;
    const depth = plan.depth;
    let logProd = 0;
    let logNodes = -Infinity;
    let d = 0;
    for (; d < depth; d++) {
      let c = 0;
      let from = 0;
      if (d === 0) {
        for (let i = 0; i < tree.rootEntries.length; i++) if (cnt[cType[tree.rootEntries[i]]] > 0) c++;
      } else {
        from = start[plan.keyBase[d] + (shown[plan.a[d]] << shift) + shown[plan.b[d]]];
        for (let ci = from; cType[ci] !== sentinel; ci++) if (this.fits(d, ci)) c++;
      }
      if (c === 0) break;
      let pick = rng.int(c);
      let chosen = -1;
      if (d === 0) {
        for (let i = 0; chosen < 0; i++) if (cnt[cType[tree.rootEntries[i]]] > 0 && pick-- === 0) chosen = tree.rootEntries[i];
      } else {
        for (let ci = from; chosen < 0; ci++) if (this.fits(d, ci) && pick-- === 0) chosen = ci;
      }
      cnt[cType[chosen]]--;
      placed[d] = chosen;
      const o = plan.cell[d] << 2;
      for (let s = 0; s < 4; s++) shown[o + s] = cEdge[(chosen << 2) + s];
      logProd += Math.log(c);
      logNodes = logAdd(logNodes, logProd);
      this.perDepth[d].add(logProd);
    }
    for (let k = d; k < depth; k++) this.perDepth[k].add(-Infinity);
    if (d > this.deepest) this.deepest = d;
    if (d === depth && depth > 0) this.reachedFull++;
    this.nodes.add(logNodes);
    this.boards.add(d === depth && depth > 0 ? logProd : -Infinity);
    for (let k = d - 1; k >= 0; k--) cnt[cType[placed[k]]]++;
  }

  private fits(d: number, ci: number): boolean {
    const { tables, plan } = this.tree;
    if (this.cnt[tables.type[ci]] === 0) return false;
    const x1 = plan.x1[d];
    if (x1 >= 0 && tables.edge[(ci << 2) + plan.x1Side[d]] !== this.shown[x1]) return false;
    const x2 = plan.x2[d];
    return x2 < 0 || tables.edge[(ci << 2) + plan.x2Side[d]] === this.shown[x2];
  }

  estimate(): TreeEstimate {
    const pick = (m: LogMean): LogEstimate => ({ log10Mean: m.log10Mean, log10StdError: m.log10StdError });
    return {
      probes: this.probes,
      nodes: pick(this.nodes),
      boards: pick(this.boards),
      reachedFull: this.reachedFull,
      deepest: this.deepest,
      depth: this.tree.plan.depth,
      profile: this.perDepth.map((m) => m.log10Mean),
    };
  }
}

/** ln(e^a + e^b) without overflow. */
function logAdd(a: number, b: number): number {
  if (a === -Infinity) return b;
  if (b === -Infinity) return a;
  const m = Math.max(a, b);
  return m + Math.log(Math.exp(a - m) + Math.exp(b - m));
}
