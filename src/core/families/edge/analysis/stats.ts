import { GREY, hasGreyBorder, pieceClass, pieceCount, pieceKey, rotationKey, type EdgeBoard, type EdgePuzzle } from '../model/model';

/**
 * The colour statistics designers look at to judge an edge puzzle before searching it (Eternity
 * II's were chosen this way): how often each colour appears on the frame and inside, pieces that
 * repeat or share patterns (they multiply solutions and widen the search), and, against a known
 * solution, pieces that fit only one place on it (they anchor the solution and narrow the search).
 * Every count is one pass over the pieces (or cells).
 */
export interface ColourCount {
  colour: number;
  /** Piece sides of this colour along the frame (beside a grey side). */
  frame: number;
  /** Piece sides of this colour elsewhere. */
  inner: number;
}

export interface ColourStats {
  pieces: number;
  corners: number;
  sides: number;
  inners: number;
  /** Per colour (grey left out), in colour order. */
  colours: ColourCount[];
  /** Colours seen on the frame, inside, and on both. */
  frameColours: number;
  innerColours: number;
  sharedColours: number;
  /** Pairs of pieces equal up to rotation (k copies make k(k-1)/2 pairs). */
  duplicatePairs: number;
  /** Pieces that look the same after a half or quarter turn (a b a b, a a a a). */
  symmetricPieces: number;
  /** Distinct two-colour corner patterns (colours on two adjacent sides, clockwise) on inner pieces. */
  innerPatterns: number;
  /**
   * Pairs of inner pieces showing the same corner pattern, counted once per pattern they share:
   * each such pair is two candidates where a search knows a cell's left and top neighbours.
   */
  patternPairs: number;
  /** Inner pieces a cell takes on average once its left and top colours are known (all rotations). */
  meanInnerCandidates: number;
  /** Pieces that fit (in some rotation, every side against the solution's neighbours) only one cell; null without a solution. */
  uniqueFits: number | null;
  /** Pieces that fit more than one cell of the solution; null without a solution. */
  multiFits: number | null;
}

export function colourStats(p: EdgePuzzle, solution?: EdgeBoard | null): ColourStats {
  const n = pieceCount(p);
  const e = p.edges;
  const frame = new Map<number, number>();
  const inner = new Map<number, number>();
  const bump = (m: Map<number, number>, c: number): void => void m.set(c, (m.get(c) ?? 0) + 1);
  let corners = 0;
  let sides = 0;
  let inners = 0;
  let symmetricPieces = 0;
  const byKey = new Map<string, number>();
  const patterns = new Map<number, number>();
  const grey = hasGreyBorder(p);
  let wild = 1;
  for (let i = 0; i < e.length; i++) if (e[i] >= wild) wild = e[i] + 1;
  for (let i = 0; i < n; i++) {
    const cls = grey ? pieceClass(p, i) : 'inner';
    if (cls === 'corner') corners++;
    else if (cls === 'side') sides++;
    else if (cls === 'inner') inners++;
    for (let s = 0; s < 4; s++) {
      const c = e[4 * i + s];
      if (c === GREY) continue;
      const besideGrey = grey && (e[4 * i + ((s + 1) & 3)] === GREY || e[4 * i + ((s + 3) & 3)] === GREY);
      bump(besideGrey ? frame : inner, c);
    }
    const a = e[4 * i];
    const b = e[4 * i + 1];
    const c = e[4 * i + 2];
    const d = e[4 * i + 3];
    if (a === c && b === d) symmetricPieces++;
    const key = pieceKey(p, i);
    byKey.set(key, (byKey.get(key) ?? 0) + 1);
    if (cls === 'inner') {
      // Each distinct corner pattern of the piece once (a b a b shows two, a a a a one).
      const seen: number[] = [];
      for (let s = 0; s < 4; s++) {
        const pat = e[4 * i + s] * wild + e[4 * i + ((s + 1) & 3)];
        if (seen.includes(pat)) continue;
        seen.push(pat);
        patterns.set(pat, (patterns.get(pat) ?? 0) + 1);
      }
    }
  }
  let duplicatePairs = 0;
  for (const k of byKey.values()) duplicatePairs += (k * (k - 1)) / 2;
  let patternPairs = 0;
  let placements = 0;
  for (const k of patterns.values()) {
    patternPairs += (k * (k - 1)) / 2;
    placements += k;
  }
  const keys = new Set([...frame.keys(), ...inner.keys()]);
  const colours = [...keys].sort((x, y) => x - y).map((colour) => ({ colour, frame: frame.get(colour) ?? 0, inner: inner.get(colour) ?? 0 }));
  const fits = solution ? fitCounts(p, solution) : null;
  return {
    pieces: n,
    corners,
    sides,
    inners,
    colours,
    frameColours: colours.filter((c) => c.frame > 0).length,
    innerColours: colours.filter((c) => c.inner > 0).length,
    sharedColours: colours.filter((c) => c.frame > 0 && c.inner > 0).length,
    duplicatePairs,
    symmetricPieces,
    innerPatterns: patterns.size,
    patternPairs,
    meanInnerCandidates: patterns.size > 0 ? placements / patterns.size : 0,
    uniqueFits: fits ? fits.unique : null,
    multiFits: fits ? fits.multi : null,
  };
}

/**
 * For every piece of a full solution, the cells whose four neighbours (grey outside) it matches
 * in some rotation: a cell's surroundings and a piece match when they are equal up to rotation,
 * so one table of surroundings keyed like pieces answers every piece at once.
 */
function fitCounts(p: EdgePuzzle, b: EdgeBoard): { unique: number; multi: number } | null {
  const { rows, cols } = p;
  if (b.piece.length !== rows * cols) return null;
  for (let i = 0; i < b.piece.length; i++) if (b.piece[i] < 0) return null;
  // A free border (no grey in the set) takes any colour outside, so a fit there is not one place.
  if (!hasGreyBorder(p)) return null;
  const show = (cell: number, side: number): number => p.edges[4 * b.piece[cell] + ((side - b.rotation[cell] + 4) & 3)];
  const around = new Map<string, number>();
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      const out = GREY;
      const t = r > 0 ? show(i - cols, 2) : out;
      const rt = c + 1 < cols ? show(i + 1, 3) : out;
      const bt = r + 1 < rows ? show(i + cols, 0) : out;
      const l = c > 0 ? show(i - 1, 1) : out;
      const key = rotationKey(t, rt, bt, l);
      around.set(key, (around.get(key) ?? 0) + 1);
    }
  }
  let unique = 0;
  let multi = 0;
  for (let q = 0; q < pieceCount(p); q++) {
    const k = around.get(pieceKey(p, q)) ?? 0;
    if (k === 1) unique++;
    else if (k > 1) multi++;
  }
  return { unique, multi };
}
