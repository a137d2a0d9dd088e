import type { BlockTables } from './block-tables';

/** Where a block search stands between calls of its loop. */
export interface BlockCursor {
  d: number;
  ci: number;
  bestDepth: number;
  done: boolean;
}

/**
 * The block search loop, a closure over the run's arrays made once per run (see loops.ts for why
 * that is faster), for pieces that may repeat: four counts per block. Stops after `budget` block placements or when it first goes deeper than
 * `cur.bestDepth`; returns the placements made.
 */
export function blockLoop(
  tables: BlockTables,
  cnt: Int32Array,
  pat: Int32Array,
  placed: Int32Array,
  keyBase: Int32Array,
  lIdx: Int32Array,
  tIdx: Int32Array,
  cur: BlockCursor,
): (budget: number) => number {
  const { start, stop, types, right, bottom, patterns: P } = tables;
  return (budget) => {
    let d = cur.d;
    let ci = cur.ci;
    let end = stop[keyBase[d] + pat[lIdx[d]] * P + pat[tIdx[d]]];
    const best = cur.bestDepth;
    let evals = 0;
    for (;;) {
      if (ci < end) {
        const b = ci << 2;
        const t0 = types[b];
        const t1 = types[b + 1];
        const t2 = types[b + 2];
        const t3 = types[b + 3];
        if (cnt[t0] === 0 || cnt[t1] === 0 || cnt[t2] === 0 || cnt[t3] === 0) {
          ci++;
          continue;
        }
        cnt[t0]--;
        cnt[t1]--;
        cnt[t2]--;
        cnt[t3]--;
        // Only a block holding one type twice can go below zero here.
        if ((cnt[t0] | cnt[t1] | cnt[t2] | cnt[t3]) < 0) {
          cnt[t0]++;
          cnt[t1]++;
          cnt[t2]++;
          cnt[t3]++;
          ci++;
          continue;
        }
        placed[d] = ci;
        pat[d << 1] = right[ci];
        pat[(d << 1) + 1] = bottom[ci];
        evals++;
        d++;
        const k = keyBase[d] + pat[lIdx[d]] * P + pat[tIdx[d]];
        ci = start[k];
        end = stop[k];
        if (d > best || evals >= budget) break;
      } else {
        if (d === 0) {
          cur.done = true;
          break;
        }
        d--;
        ci = placed[d];
        const b = ci << 2;
        cnt[types[b]]++;
        cnt[types[b + 1]]++;
        cnt[types[b + 2]]++;
        cnt[types[b + 3]]++;
        end = stop[keyBase[d] + pat[lIdx[d]] * P + pat[tIdx[d]]];
        ci++;
      }
    }
    cur.d = d;
    cur.ci = ci;
    return evals;
  };
}

/** The block search loop for puzzles whose pieces are all unique: pieces in use as a bit set. */
export function maskLoop(
  tables: BlockTables,
  masks: Int32Array,
  used: Int32Array,
  pat: Int32Array,
  placed: Int32Array,
  keyBase: Int32Array,
  lIdx: Int32Array,
  tIdx: Int32Array,
  cur: BlockCursor,
): (budget: number) => number {
  const { start, stop, right, bottom, patterns: P, words: W } = tables;
  return (budget) => {
    let d = cur.d;
    let ci = cur.ci;
    let end = stop[keyBase[d] + pat[lIdx[d]] * P + pat[tIdx[d]]];
    const best = cur.bestDepth;
    let evals = 0;
    for (;;) {
      if (ci < end) {
        const m = ci * W;
        let clash = 0;
        for (let w = 0; w < W; w++) clash |= masks[m + w] & used[w];
        if (clash !== 0) {
          ci++;
          continue;
        }
        for (let w = 0; w < W; w++) used[w] |= masks[m + w];
        placed[d] = ci;
        pat[d << 1] = right[ci];
        pat[(d << 1) + 1] = bottom[ci];
        evals++;
        d++;
        const k = keyBase[d] + pat[lIdx[d]] * P + pat[tIdx[d]];
        ci = start[k];
        end = stop[k];
        if (d > best || evals >= budget) break;
      } else {
        if (d === 0) {
          cur.done = true;
          break;
        }
        d--;
        ci = placed[d];
        const m = ci * W;
        for (let w = 0; w < W; w++) used[w] &= ~masks[m + w];
        end = stop[keyBase[d] + pat[lIdx[d]] * P + pat[tIdx[d]]];
        ci++;
      }
    }
    cur.d = d;
    cur.ci = ci;
    return evals;
  };
}
