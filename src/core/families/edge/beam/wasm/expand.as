// AssemblyScript, compiled by `npm run build:wasm` (scripts/build-wasm.mjs) into expand-wasm.ts
// next to it. The extension keeps it out of the project's tsc, eslint and prettier, which do not
// know its types.
//
// BeamRun.expand's loops on a free cell with ChildPool's push / prune / select, on the beam's
// own arrays: BeamRun lays its layers and its child pool out in this module's (imported) memory,
// so nothing is copied per layer. The random tie-break is the project's sfc32
// (src/core/rng/rng.ts), one u32 per child pushed, as in ChildPool.push, so children, random
// state and so every run are identical to the JavaScript's. `balance` and `dedupe` are not here:
// BeamRun keeps its JavaScript loops when either is on. `exhaust` is (ColourExhaust's tally and
// weights live in this memory): a child's rank, its parent's tally plus its piece's weight, sits
// between its score and its tie-break in the key, as in the JavaScript.

// The child pool: parent, candidate, score (i32) and key (f64) arrays.
let pParent: usize = 0;
let pCand: usize = 0;
let pScore: usize = 0;
let pKey: usize = 0;
// select's counts (SPAN + 1024 i32).
let pCounts: usize = 0;
// Children held before a cut in the layer under way: ChildPool's room, given to `expand`.
let room: i32 = 0;
let count: i32 = 0;
let cut: i32 = i32.MIN_VALUE;
// ChildPool.floor: the key of the weakest child kept at the last cut.
let floor: f64 = -Infinity;
// The lowest and highest key in the pool (of the children `push` put there since `expand` began).
let keyLo: f64 = Infinity;
let keyHi: f64 = -Infinity;
let width: i32 = 1;
// Candidates the last expand looked at (kept or not): most of its time goes there.
let scanned: i32 = 0;

// `exhaust`: on (1) or off, each piece's weight (i32), and the tallies (i32 per state) of the
// layer expanded from and the one committed to.
let ranked: i32 = 0;
let weights: usize = 0;
let tallyF: usize = 0;
let tallyT: usize = 0;
// The most a placement adds to a tally this pass (ColourExhaust.heaviest).
let heaviest: i32 = 0;

export function setHeaviest(w: i32): void {
  heaviest = w;
}

export function setRank(on: i32, weight: usize): void {
  ranked = on;
  weights = weight;
}

export function setTally(from: usize, to: usize): void {
  tallyF = from;
  tallyT = to;
}

// sfc32 state.
let ra: u32 = 0;
let rb: u32 = 0;
let rc: u32 = 0;
let rd: u32 = 0;

// The cell's group tables (candidates, their colours, the CSR lists).
let tPiece: usize = 0; // i16
let tN: i32 = 0;
let tLeft: usize = 0; // u16
let tTop: usize = 0;
let tRight: usize = 0;
let tBottom: usize = 0;
let ltStart: usize = 0; // i32
let ltItems: usize = 0;
let lStart: usize = 0;
let lItems: usize = 0;
let tStart: usize = 0;
let tItems: usize = 0;
// The group's candidates by piece (i32, CSR: a piece's rotations are consecutive) and its pieces (u32 bits).
let qStart: usize = 0;
let gMask: usize = 0;
// Per colour, the group's pieces with a candidate showing it left (lMask) or top (tMask): `words` u32 bits each.
let lMask: usize = 0;
let tMask: usize = 0;
// Per colour and piece (i32 each, colour * pieces + piece): where the piece's candidates showing
// that colour left (lPos) or top (tPos) sit in the colour's list, its first index << 8 | how many.
let lPos: usize = 0;
let tPos: usize = 0;
let nPieces: i32 = 0;
// Per colour, the group's pieces with at least 2, 3 and 4 candidates showing it left (lMore) or
// top (tMore): `words` u32 bits each, three sets a colour. With the colour's own mask (at least 1),
// popcounts give the children a side has without visiting its pieces.
let lMore: usize = 0;
let tMore: usize = 0;
// Per colour (i32 each): how many of its three sets of more candidates hold a piece at all.
let lDeep: usize = 0;
let tDeep: usize = 0;
// Per state of the layer expanded (i32): its children closing both joins, -1 where the first loop skipped it.
let bothAt: usize = 0;
// The layer's states in the order the loops visit them (i32 each; `order`).
let ordAt: usize = 0;
// With `exhaust`: the pieces of weight at least 0, 1, .. WMAX (`words` u32 bits each), set at each pass's draw.
let wMasks: usize = 0;
const WMAX: i32 = 4;

export function setScratch(both: usize, ord: usize): void {
  bothAt = both;
  ordAt = ord;
}

export function setPool(parent: usize, cand: usize, score: usize, key: usize, counts: usize): void {
  pParent = parent;
  pCand = cand;
  pScore = score;
  pKey = key;
  pCounts = counts;
}

export function setRng(a: u32, b: u32, c: u32, d: u32): void {
  ra = a;
  rb = b;
  rc = c;
  rd = d;
}

export function rngWord(i: i32): u32 {
  return i == 0 ? ra : i == 1 ? rb : i == 2 ? rc : rd;
}

export function poolCount(): i32 {
  return count;
}

export function scannedCount(): i32 {
  return scanned;
}

/** The pool's cut (i32.MIN_VALUE: none yet). */
export function poolCut(): i32 {
  return cut;
}

export function setTables(piece: usize, n: i32, left: usize, top: usize, right: usize, bottom: usize, lts: usize, lti: usize, ls: usize, li: usize, ts: usize, ti: usize): void {
  tPiece = piece;
  tN = n;
  tLeft = left;
  tTop = top;
  tRight = right;
  tBottom = bottom;
  ltStart = lts;
  ltItems = lti;
  lStart = ls;
  lItems = li;
  tStart = ts;
  tItems = ti;
}

export function setPieces(start: usize, mask: usize, left: usize, top: usize, leftPos: usize, topPos: usize, pieces: i32, leftMore: usize, topMore: usize, leftDeep: usize, topDeep: usize): void {
  qStart = start;
  gMask = mask;
  lMask = left;
  tMask = top;
  lPos = leftPos;
  tPos = topPos;
  nPieces = pieces;
  lMore = leftMore;
  tMore = topMore;
  lDeep = leftDeep;
  tDeep = topDeep;
}

/** The pieces by weight (`exhaust`'s, at `weights`), into `at`: WMAX + 1 sets of `words` u32 bits, a piece in every set up to its weight. */
export function setWeights(at: usize, pieces: i32, words: i32): void {
  wMasks = at;
  memory.fill(at, 0, <usize>((WMAX + 1) * words) << 2);
  for (let q = 0; q < pieces; q++) {
    const w = min(WMAX, i32at(weights, q));
    for (let k = 0; k <= w; k++) {
      const p = at + (<usize>(k * words + (q >>> 5)) << 2);
      store<u32>(p, load<u32>(p) | (<u32>1 << (<u32>q & 31)));
    }
  }
}

@inline function u32r(): u32 {
  const t: u32 = ra + rb + rd;
  rd = rd + 1;
  ra = rb ^ (rb >>> 9);
  rb = rc + (rc << 3);
  rc = (rc << 21) | (rc >>> 11);
  rc = rc + t;
  return t;
}

@inline function i32at(p: usize, k: i32): i32 {
  return load<i32>(p + (<usize>k << 2));
}

@inline function u16at(p: usize, k: i32): i32 {
  return <i32>load<u16>(p + (<usize>k << 1));
}

/**
 * Copies `n` bytes (even) from `src` to `dst`, 16 at a time: `commit` copies every child's used
 * bits and edges from its parent (about 70 bytes on Eternity II), and a u16 or u32 at a time that
 * was a fifth of a pass.
 */
@inline function copyBytes(dst: usize, src: usize, n: i32): void {
  let o = 0;
  for (; o + 16 <= n; o += 16) v128.store(dst + <usize>o, v128.load(src + <usize>o));
  for (; o < n; o += 2) store<u16>(dst + <usize>o, load<u16>(src + <usize>o));
}

@inline function keyAt(i: i32): f64 {
  return load<f64>(pKey + (<usize>i << 3));
}

// ChildPool's SPAN: the widest range of keys' joins-and-rank parts select counts in one sweep.
const SPAN: i32 = 65536;

@inline function cAt(j: i32): i32 {
  return load<i32>(pCounts + (<usize>j << 2));
}

@inline function cAdd(j: i32): void {
  store<i32>(pCounts + (<usize>j << 2), cAt(j) + 1);
}

@inline function orderKey(i: i32, score: usize, smin: i32, ts: i32, tmin: i32, sh: i32, top: i32): i32 {
  return top - ((i32at(score, i) - smin) * ts + ((ranked != 0 ? min(1023, i32at(tallyF, i)) - tmin : 0) >> sh));
}

/**
 * boardOrder (order.ts), its twin: the `size` states at `score` (and with `exhaust` their
 * tallies) by score then tally, highest first, into `ordAt`, counting in `pCounts`. Returns
 * whether it is exact (a loop may then stop at the first state whose children cannot reach the floor).
 */
function order(size: i32, score: usize): bool {
  let smin = i32.MAX_VALUE;
  let smax = i32.MIN_VALUE;
  let tmin = ranked != 0 ? i32.MAX_VALUE : 0;
  let tmax = ranked != 0 ? i32.MIN_VALUE : 0;
  for (let i = 0; i < size; i++) {
    const s = i32at(score, i);
    if (s < smin) smin = s;
    if (s > smax) smax = s;
    if (ranked != 0) {
      const t = min(1023, i32at(tallyF, i));
      if (t < tmin) tmin = t;
      if (t > tmax) tmax = t;
    }
  }
  const sr = <i64>smax - <i64>smin + 1;
  if (size <= 0 || sr > <i64>SPAN) {
    for (let i = 0; i < size; i++) store<i32>(ordAt + (<usize>i << 2), i);
    return false;
  }
  const tr = tmax - tmin + 1;
  let sh = 0;
  while (<i32>sr * ((tr + (1 << sh) - 1) >> sh) > SPAN) sh++;
  const ts = (tr + (1 << sh) - 1) >> sh;
  const top = <i32>sr * ts - 1;
  memory.fill(pCounts, 0, <usize>(top + 1) << 2);
  for (let i = 0; i < size; i++) cAdd(orderKey(i, score, smin, ts, tmin, sh, top));
  let at = 0;
  for (let b = 0; b <= top; b++) {
    const c = cAt(b);
    store<i32>(pCounts + (<usize>b << 2), at);
    at += c;
  }
  for (let i = 0; i < size; i++) {
    const b = orderKey(i, score, smin, ts, tmin, sh, top);
    const o = cAt(b);
    store<i32>(pCounts + (<usize>b << 2), o + 1);
    store<i32>(ordAt + (<usize>o << 2), i);
  }
  return sh == 0;
}

/**
 * `order` on its own, on layer states at `score` (and with `exhaust` the tallies `setTally` gave):
 * 1 where it is exact. `expand` calls `order` itself; this lets the tests hold the two orders side
 * by side where no test puzzle's layers reach (tallies ranked in buckets).
 */
export function orderOnly(size: i32, score: usize): i32 {
  return order(size, score) ? 1 : 0;
}

/** ChildPool.select on the first `n` children: the k largest keys first, in the order they came; the weakest kept. */
export function select(k: i32, n: i32): f64 {
  if (k >= n) return -Infinity;
  let lo: i64 = i64.MAX_VALUE;
  let hi: i64 = i64.MIN_VALUE;
  for (let i = 0; i < n; i++) {
    const b = <i64>keyAt(i) >> 10;
    if (b < lo) lo = b;
    if (b > hi) hi = b;
  }
  return selectIn(k, n, lo, hi);
}

/** `select` with the keys' joins-and-rank parts known to lie in [lo, hi]. */
function selectIn(k: i32, n: i32, lo: i64, hi: i64): f64 {
  let above = 0;
  // Narrow [lo, hi] down to the k-th's part, counting in buckets of 2^s parts.
  let s: i64 = 0;
  do {
    s = 0;
    while ((hi - lo) >> s >= <i64>SPAN) s++;
    const buckets = <i32>((hi - lo) >> s) + 1;
    memory.fill(pCounts, 0, <usize>buckets << 2);
    for (let i = 0; i < n; i++) {
      const b = <i64>keyAt(i) >> 10;
      if (b >= lo && b <= hi) cAdd(<i32>((b - lo) >> s));
    }
    let j = buckets - 1;
    while (above + cAt(j) < k) {
      above += cAt(j);
      j--;
    }
    lo += <i64>j << s;
    const top = lo + (<i64>1 << s) - 1;
    if (top < hi) hi = top;
  } while (s > 0);
  const b: i64 = lo;
  memory.fill(pCounts + (<usize>SPAN << 2), 0, 1024 << 2);
  for (let i = 0; i < n; i++) {
    const x = <i64>keyAt(i);
    if (x >> 10 == b) cAdd(SPAN + <i32>(x & 1023));
  }
  let r = 1023;
  while (above + cAt(SPAN + r) < k) {
    above += cAt(SPAN + r);
    r--;
  }
  const t: f64 = <f64>((b << 10) + <i64>r);
  let ties = k - above;
  let m = 0;
  for (let i = 0; m < k; i++) {
    const x = keyAt(i);
    if (x < t) continue;
    if (x == t) {
      if (ties == 0) continue;
      ties--;
    }
    if (i != m) {
      const oi = <usize>i << 2;
      const om = <usize>m << 2;
      store<i32>(pParent + om, load<i32>(pParent + oi));
      store<i32>(pCand + om, load<i32>(pCand + oi));
      store<i32>(pScore + om, load<i32>(pScore + oi));
      store<f64>(pKey + (<usize>m << 3), x);
    }
    m++;
  }
  return t;
}

/** ChildPool.prune, on the bounds `push` kept (a sweep of the pool fewer). */
function prune(): void {
  const w = width;
  if (count <= w) return;
  floor = selectIn(w, count, <i64>keyLo >> 10, <i64>keyHi >> 10);
  keyLo = floor;
  count = w;
  cut = <i32>(<i64>floor >> 20);
}

/** ChildPool.reaches. */
@inline function reaches(score: i32, rank: i32): bool {
  return <f64>score * 1048576.0 + <f64>rank * 1024.0 + 1023.0 >= floor;
}

/** BeamRun.highestRank: the highest rank a child of a state of tally `ti` can have. */
@inline function highest(ti: i32): i32 {
  return ranked != 0 ? min(1023, ti + heaviest) : 0;
}

/** A child's rank with `exhaust` (0 without): its parent's tally and its piece's weight, at most 1023. */
@inline function rankOf(ti: i32, q: i32): i32 {
  return ranked != 0 ? min(1023, ti + i32at(weights, q)) : 0;
}

/** ChildPool.push (key: score, then the rank, then the random tie-break). */
@inline function push(parent: i32, cand: i32, score: i32, rank: i32): void {
  if (score < cut || !reaches(score, rank)) return;
  if (count >= room) {
    prune();
    if (score < cut || !reaches(score, rank)) return;
  }
  const key = <f64>score * 1048576.0 + <f64>rank * 1024.0 + <f64>(u32r() & 1023);
  if (key < floor) return;
  const k = count++;
  if (key < keyLo) keyLo = key;
  if (key > keyHi) keyHi = key;
  store<i32>(pParent + (<usize>k << 2), parent);
  store<i32>(pCand + (<usize>k << 2), cand);
  store<i32>(pScore + (<usize>k << 2), score);
  store<f64>(pKey + (<usize>k << 3), key);
}

@inline function isUsed(used: usize, base: i32, q: i32): bool {
  return ((load<u32>(used + (<usize>(base + (q >>> 5)) << 2)) >>> (<u32>q & 31)) & 1) != 0;
}

@inline function extra(ex: i32, k: i32, fr: i32, fb: i32): i32 {
  return ex != 0 ? (u16at(tRight, k) == fr ? 1 : 0) + (u16at(tBottom, k) == fb ? 1 : 0) : 0;
}

/**
 * The least weight a child of score `sc` (and up to `ex` more) from a state of tally `ti` needs to
 * reach the floor: past WMAX, none can. Children of lighter pieces would be turned away by `push`
 * before they draw, so leaving their pieces out keeps the pushes, the draws and the pool as they are.
 */
@inline function lightest(sc: i32, ex: i32, ti: i32): i32 {
  if (ranked == 0) return 0;
  // reaches: (sc + ex) * 2^20 + rank * 1024 + 1023 >= floor, rank = min(1023, ti + w).
  const need = Math.ceil((floor - <f64>(sc + ex) * 1048576.0 - 1023.0) / 1024.0);
  if (need <= <f64>ti) return 0;
  if (need > 1023.0) return WMAX + 1;
  return min(WMAX + 1, <i32>need - ti);
}

/**
 * The children of state `i` (unused pieces' bits at `uw`, score `si`, tally `ti`) closing its join
 * of colour `c` and not the other (`other`, the colour its candidates show on that side, `o`):
 * the unused pieces with a candidate showing `c` (`mask`, per colour) heavy enough to reach the
 * floor, a word at a time, and each one's stretch of `c`'s list (`pos`, `items`). Returns the
 * unused pieces' candidates showing `c` (counted from `mask` and `more`), those closing both joins
 * included: the caller takes those off.
 */
@inline function oneJoin(i: i32, uw: usize, words: i32, si: i32, ti: i32, mask: usize, more: usize, deep: usize, pos: usize, items: usize, c: i32, other: usize, o: i32, ex: i32, fr: i32, fb: i32): i32 {
  let n = 0;
  const m = mask + (<usize>(c * words) << 2);
  const m2 = more + (<usize>(3 * c * words) << 2);
  const dp = i32at(deep, c);
  const sc = si + (c != 0 ? 1 : 0);
  const wl = lightest(sc, ex, ti);
  const heavy = wMasks + (<usize>(min(wl, WMAX) * words) << 2);
  for (let w = 0; w < words; w++) {
    const free = ~load<u32>(uw + (<usize>w << 2));
    const has = load<u32>(m + (<usize>w << 2)) & free;
    n += <i32>popcnt(has);
    if (has == 0) continue;
    const wo = <usize>w << 2;
    if (dp > 0) {
      n += <i32>popcnt(load<u32>(m2 + wo) & free);
      if (dp > 1) n += <i32>(popcnt(load<u32>(m2 + (<usize>words << 2) + wo) & free) + popcnt(load<u32>(m2 + (<usize>words << 3) + wo) & free));
    }
    if (wl > WMAX) continue;
    let bits = ranked != 0 ? has & load<u32>(heavy + wo) : has;
    while (bits != 0) {
      const q = (w << 5) + <i32>ctz(bits);
      bits &= bits - 1;
      const at = i32at(pos, c * nPieces + q);
      const end = (at >>> 8) + (at & 255);
      for (let j = at >>> 8; j < end; j++) {
        const k = i32at(items, j);
        if (u16at(other, k) == o) continue;
        push(i, k, sc + extra(ex, k, fr, fb), rankOf(ti, q));
      }
    }
  }
  return n;
}

/** The unused pieces' candidates of state `i` (its used bits at base `base`) showing `l` left and `t` top. */
@inline function both(base: i32, l: i32, t: i32, C: i32, used: usize): i32 {
  let n = 0;
  const key = l * C + t;
  const end = i32at(ltStart, key + 1);
  for (let j = i32at(ltStart, key); j < end; j++) {
    const q = <i32>load<i16>(tPiece + (<usize>i32at(ltItems, j) << 1));
    if (!isUsed(used, base, q)) n++;
  }
  return n;
}

/**
 * BeamRun.expand on a free cell, from pool.reset(lw) to the children of all three loops (closing
 * every join, one, none). States: used (u32, `words` each), front (u16, `cols` each), right (u16,
 * `R` each), score (i32). Returns the children generated (expand's `evals`); `scannedCount` is
 * then the candidates looked at.
 */
export function expand(size: i32, lw: i32, layerRoom: i32, used: usize, front: usize, right: usize, score: usize, words: i32, cols: i32, R: i32, col: i32, slot: i32, hasL: i32, hasT: i32, C: i32, fr: i32, fb: i32): i32 {
  width = lw;
  room = layerRoom;
  count = 0;
  cut = i32.MIN_VALUE;
  floor = -Infinity;
  keyLo = Infinity;
  keyHi = -Infinity;
  scanned = 0;
  const gmax = hasL + hasT;
  const ex = (fr >= 0 ? 1 : 0) + (fb >= 0 ? 1 : 0);
  let evals = 0;
  const exact = order(size, score);
  // The states from `stop1` on were not looked at by the first loop (their count of children closing both joins is not written).
  let stop1 = size;
  for (let n = 0; n < size; n++) {
    const i = i32at(ordAt, n);
    const si = i32at(score, i);
    const ti = ranked != 0 ? i32at(tallyF, i) : 0;
    if (exact && !reaches(si + gmax + ex, highest(ti))) {
      stop1 = n;
      break;
    }
    const l = hasL ? u16at(right, i * R + slot) : 0;
    const t = hasT ? u16at(front, i * cols + col) : 0;
    const base = i * words;
    if (gmax > 0) {
      const st = gmax == 2 ? ltStart : hasL ? lStart : tStart;
      const it = gmax == 2 ? ltItems : hasL ? lItems : tItems;
      const key = gmax == 2 ? l * C + t : hasL ? l : t;
      // Grey against grey is no join (odd sets have grey inside the board).
      const gain = (hasL != 0 && l != 0 ? 1 : 0) + (hasT != 0 && t != 0 ? 1 : 0);
      if (!reaches(si + gain + ex, highest(ti))) {
        store<i32>(bothAt + (<usize>i << 2), -1);
        continue;
      }
      const end = i32at(st, key + 1);
      scanned += end - i32at(st, key);
      const e0 = evals;
      for (let j = i32at(st, key); j < end; j++) {
        const k = i32at(it, j);
        const q = <i32>load<i16>(tPiece + (<usize>k << 1));
        if (isUsed(used, base, q)) continue;
        evals++;
        push(i, k, si + gain + extra(ex, k, fr, fb), rankOf(ti, q));
      }
      store<i32>(bothAt + (<usize>i << 2), evals - e0);
    } else {
      if (!reaches(si + ex, highest(ti))) continue;
      scanned += tN;
      for (let k = 0; k < tN; k++) {
        const q = <i32>load<i16>(tPiece + (<usize>k << 1));
        if (isUsed(used, base, q)) continue;
        evals++;
        push(i, k, si + extra(ex, k, fr, fb), rankOf(ti, q));
      }
    }
  }
  if (gmax == 0) return evals;
  if (count > lw) prune();
  if (gmax == 2) {
    // Children closing one join, the left one then the top one (`oneJoin`: by unused piece, since
    // scanning the colour's whole list looked mostly at used pieces, four in five on Eternity II,
    // and took half of `expand`). Pieces ascend and so do their candidates, so the children come
    // in the lists' order, the JavaScript's; `scanned` still counts the lists, as the JavaScript does.
    for (let n = 0; n < size; n++) {
      const i = i32at(ordAt, n);
      const si = i32at(score, i);
      const ti = ranked != 0 ? i32at(tallyF, i) : 0;
      if (si + 1 + ex < cut || !reaches(si + 1 + ex, highest(ti))) {
        if (exact) break;
        continue;
      }
      const l = u16at(right, i * R + slot);
      const t = u16at(front, i * cols + col);
      const uw = used + (<usize>(i * words) << 2);
      scanned += i32at(lStart, l + 1) - i32at(lStart, l) + i32at(tStart, t + 1) - i32at(tStart, t);
      // Each side's count holds the candidates closing both joins: generated by the first loop, not here.
      evals += oneJoin(i, uw, words, si, ti, lMask, lMore, lDeep, lPos, lItems, l, tTop, t, ex, fr, fb);
      evals += oneJoin(i, uw, words, si, ti, tMask, tMore, tDeep, tPos, tItems, t, tLeft, l, ex, fr, fb);
      const b = n < stop1 ? i32at(bothAt, i) : -1;
      evals -= 2 * (b >= 0 ? b : both(i * words, l, t, C, used));
    }
    if (count > lw) prune();
  }
  // Children closing no join: the candidates of the group's unused pieces, found a word of
  // pieces at a time (late in a pass most pieces are used, and scanning every candidate took a
  // quarter of the time). Pieces ascend, and so do candidates, in the JavaScript's order.
  for (let n = 0; n < size; n++) {
    const i = i32at(ordAt, n);
    const si = i32at(score, i);
    const ti = ranked != 0 ? i32at(tallyF, i) : 0;
    if (si + ex < cut || !reaches(si + ex, highest(ti))) {
      if (exact) break;
      continue;
    }
    const l = hasL ? u16at(right, i * R + slot) : -1;
    const t = hasT ? u16at(front, i * cols + col) : -1;
    const uw = used + (<usize>(i * words) << 2);
    for (let w = 0; w < words; w++) {
      let bits = load<u32>(gMask + (<usize>w << 2)) & ~load<u32>(uw + (<usize>w << 2));
      while (bits != 0) {
        const q = (w << 5) + <i32>ctz(bits);
        bits &= bits - 1;
        const end = i32at(qStart, q + 1);
        let k = i32at(qStart, q);
        scanned += end - k;
        for (; k < end; k++) {
          if (u16at(tLeft, k) == l || u16at(tTop, k) == t) continue;
          evals++;
          push(i, k, si + extra(ex, k, fr, fb), rankOf(ti, q));
        }
      }
    }
  }
  return evals;
}

/**
 * BeamRun.commit without dedupe and balance: the `n` best of the pool's `total` children first,
 * then each made a state of the next layer (score, used bits, front and right edges copied from
 * its parent, its piece added). A child of a fixed cell (candidate -1) puts piece `fq` showing
 * `fBottom` and `fRight`; the others take the group's tables `expand` was given.
 */
export function commit(n: i32, total: i32, usedF: usize, usedT: usize, frontF: usize, frontT: usize, rightF: usize, rightT: usize, scoreT: usize, words: i32, cols: i32, R: i32, col: i32, slot: i32, fBottom: i32, fRight: i32): void {
  if (total > n) select(n, total);
  for (let m = 0; m < n; m++) {
    const i = i32at(pParent, m);
    const k = i32at(pCand, m);
    store<i32>(scoreT + (<usize>m << 2), i32at(pScore, m));
    const ut = usedT + (<usize>(m * words) << 2);
    copyBytes(ut, usedF + (<usize>(i * words) << 2), words << 2);
    const ft = frontT + (<usize>(m * cols) << 1);
    copyBytes(ft, frontF + (<usize>(i * cols) << 1), cols << 1);
    const rt = rightT + (<usize>(m * R) << 1);
    copyBytes(rt, rightF + (<usize>(i * R) << 1), R << 1);
    let bottom = fBottom;
    let right = fRight;
    if (ranked != 0) store<i32>(tallyT + (<usize>m << 2), i32at(tallyF, i) + (k >= 0 ? i32at(weights, <i32>load<i16>(tPiece + (<usize>k << 1))) : 0));
    if (k >= 0) {
      const q = <i32>load<i16>(tPiece + (<usize>k << 1));
      const a = ut + (<usize>(q >>> 5) << 2);
      store<u32>(a, load<u32>(a) | (<u32>1 << (<u32>q & 31)));
      bottom = u16at(tBottom, k);
      right = u16at(tRight, k);
    }
    store<u16>(ft + (<usize>col << 1), <u16>bottom);
    store<u16>(rt + (<usize>slot << 1), <u16>right);
  }
}
