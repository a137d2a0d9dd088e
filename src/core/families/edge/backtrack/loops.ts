import type { CandidateTables } from './candidates';
import type { ScanPlan } from './scan-plan';

/**
 * The inner loops of the single-tile search, made once per run as closures over the run's arrays.
 * V8 specialises a function's optimised code to its closure context when only one closure of it
 * exists (as in a solver worker, which runs one search): the arrays become constants, their
 * bounds and base pointers fold, and the loop runs about 1.7x faster (META 10x10). A second run in
 * the same process still works, only at the unspecialised speed.
 */

/** Where a search stands between two calls of its loop. */
export interface Cursor {
  d: number;
  /** Next candidate entry to try at depth d. */
  ci: number;
  /** Phase of depth d's list (mismatch search). */
  ph: number;
  /** The deepest depth reached so far (mismatch search: until the first full board); the loop stops when it goes deeper. */
  bestDepth: number;
  /** Mismatch search: broken joins of the best full board (one more than allowed before the first). */
  bestBreaks: number;
  /** The search space is exhausted. */
  done: boolean;
}

/** Runs up to `budget` placements (fewer when it stops on a new best or exhausts); returns how many. */
export type SearchLoop = (budget: number) => number;

/** Broken joins a phase of a mismatch search gives up: exact list, then side b, side a, both. */
export const PHASE_COST = [0, 1, 1, 2];

export function exactLoop(tables: CandidateTables, plan: ScanPlan, cnt: Int32Array, shown: Int32Array, placed: Int32Array, cur: Cursor): SearchLoop {
  const { start, type: cType, edge: cEdge, sentinel, shift } = tables;
  const { cell: dCell, keyBase, a: dA, b: dB, x1, x1Side, x2, x2Side } = plan;
  return (budget) => {
    let d = cur.d;
    let ci = cur.ci;
    // Extra checks of the current depth (rare: fixed neighbours, frame-first seams).
    let xa = x1[d];
    const best = cur.bestDepth;
    let evals = 0;
    for (;;) {
      const t = cType[ci];
      if (cnt[t] === 0) {
        if (t !== sentinel) {
          ci++;
          continue;
        }
        // End of the list: back to the previous depth's next candidate.
        if (d === 0) {
          cur.done = true;
          break;
        }
        d--;
        ci = placed[d];
        cnt[cType[ci]]++;
        ci++;
        xa = x1[d];
        continue;
      }
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
      xa = x1[d];
      if (d > best || evals >= budget) break;
    }
    cur.d = d;
    cur.ci = ci;
    return evals;
  };
}

/**
 * The mismatch loop: at each depth the exact list first, then (while the allowance leaves room)
 * the lists that give up side b, side a, or both; extra checks that fail cost a break each.
 * `breaks[d]` = broken joins before depth d; `allow[d]` = the most the board may hold after it.
 * Once a full board with B breaks is found, only boards with fewer are searched for.
 */
export function mismatchLoop(
  tables: CandidateTables,
  plan: ScanPlan,
  cnt: Int32Array,
  shown: Int32Array,
  placed: Int32Array,
  phases: Int32Array,
  breaks: Int32Array,
  allow: Int32Array,
  cur: Cursor,
): SearchLoop {
  const { start, type: cType, edge: cEdge, wild, shift, sentinel } = tables;
  const { cell: dCell, keyBase, side, a: dA, b: dB, joinA, joinB, x1, x1Side, x2, x2Side, depth } = plan;
  const phaseCost = Int32Array.from(PHASE_COST);
  return (budget) => {
    let d = cur.d;
    let ci = cur.ci;
    let ph = cur.ph;
    let evals = 0;
    let bestBreaks = cur.bestBreaks;
    const deepest = cur.bestDepth;
    // Constants of the current depth, reloaded whenever d changes.
    let brk = breaks[d];
    let lim = Math.min(allow[d], bestBreaks - 1);
    let colA = shown[dA[d]];
    let colB = shown[dB[d]];
    let sA = side[d];
    let sB = (sA + 1) & 3;
    for (;;) {
      const t = cType[ci];
      if (cnt[t] === 0) {
        if (t !== sentinel) {
          ci++;
          continue;
        }
        // End of a list: the next phase at this depth, if the allowance leaves room for what it gives up.
        const room = lim - brk;
        let k = -1;
        if (ph < 1 && joinB[d] && room >= 1) {
          ph = 1;
          k = keyBase[d] + (colA << shift) + wild;
        } else if (ph < 2 && joinA[d] && room >= 1) {
          ph = 2;
          k = keyBase[d] + (wild << shift) + colB;
        } else if (ph < 3 && joinA[d] && joinB[d] && room >= 2) {
          ph = 3;
          k = keyBase[d] + (wild << shift) + wild;
        }
        if (k >= 0) {
          ci = start[k];
          continue;
        }
        if (d === 0) {
          cur.done = true;
          break;
        }
        d--;
        ci = placed[d];
        cnt[cType[ci]]++;
        ci++;
        ph = phases[d];
        brk = breaks[d];
        lim = Math.min(allow[d], bestBreaks - 1);
        colA = shown[dA[d]];
        colB = shown[dB[d]];
        sA = side[d];
        sB = (sA + 1) & 3;
        continue;
      }
      const e = ci << 2;
      // An entry that keeps a side this phase gives up was offered in an earlier phase already.
      if (ph !== 0 && ((ph !== 2 && cEdge[e + sB] === colB) || (ph !== 1 && cEdge[e + sA] === colA))) {
        ci++;
        continue;
      }
      let cost = phaseCost[ph];
      const xa = x1[d];
      if (xa >= 0) {
        if (cEdge[e + x1Side[d]] !== shown[xa]) cost++;
        const xb = x2[d];
        if (xb >= 0 && cEdge[e + x2Side[d]] !== shown[xb]) cost++;
      }
      if (brk + cost > lim) {
        ci++;
        continue;
      }
      cnt[t]--;
      placed[d] = ci;
      phases[d] = ph;
      const o = dCell[d] << 2;
      shown[o] = cEdge[e];
      shown[o + 1] = cEdge[e + 1];
      shown[o + 2] = cEdge[e + 2];
      shown[o + 3] = cEdge[e + 3];
      breaks[d + 1] = brk + cost;
      evals++;
      d++;
      // The allowance already excludes boards no better than the best, so a full board is better.
      const full = d === depth;
      if (full) bestBreaks = breaks[d];
      ph = 0;
      brk = breaks[d];
      lim = Math.min(allow[d], bestBreaks - 1);
      colA = shown[dA[d]];
      colB = shown[dB[d]];
      sA = side[d];
      sB = (sA + 1) & 3;
      ci = start[keyBase[d] + (colA << shift) + colB];
      // Deeper than ever (before the first full board): the run completes and shows that board.
      if (full || evals >= budget || (d > deepest && bestBreaks > allow[depth])) break;
    }
    cur.d = d;
    cur.ci = ci;
    cur.ph = ph;
    cur.bestBreaks = bestBreaks;
    return evals;
  };
}
