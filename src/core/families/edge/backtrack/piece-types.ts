import { GREY, isRotatable, pieceCount, type EdgePuzzle } from '../model/model';

/**
 * The pieces as exact searches see them: colours renumbered densely (grey stays 0, so tables are
 * small), and pieces equal up to rotation merged into one type with a count. Trying one member of
 * a type at a cell is enough: the others would grow the very same subtree. Fixed pieces get a type
 * of their own (count 1) so a duplicate of a fixed piece never takes the fixed piece's place.
 */
export interface PieceTypes {
  /** Dense colours 0..colours-1, 0 = grey. */
  readonly colours: number;
  readonly typeCount: number;
  /** Pieces of each type still to place at the start of a search (fixed types included). */
  readonly count: Int32Array;
  /** Dense colours of each type's first member, 4 per type (top right bottom left). */
  readonly edges: Int32Array;
  /**
   * Dense colours of every piece, 4 per piece: what a search's layouts show, so what is compared
   * with them (a reference board's colours, recolour.ts) is read in them too.
   */
  readonly pieceEdges: Int32Array;
  /** Piece numbers of each type, in piece order. */
  readonly members: Int32Array[];
  /**
   * Per piece: quarter turns to add to a rotation of its type's first member so the piece shows
   * the same colours (members differ from the first one by a rotation of their edge list).
   */
  readonly turn: Int8Array;
  /** Per type: 1 when the type belongs to a fixed piece (searches never offer it elsewhere). */
  readonly fixedType: Uint8Array;
  /** Type of each fixed piece, in `puzzle.fixed` order. */
  readonly typeOfFixed: Int32Array;
  /** Rotations a piece may take: 4, or 1 when the puzzle's pieces may not be turned. */
  readonly turns: number;
}

function sameTurned(e: ArrayLike<number>, a: number, b: number, k: number): boolean {
  for (let s = 0; s < 4; s++) if (e[4 * a + ((s - k + 4) & 3)] !== e[4 * b + s]) return false;
  return true;
}

export function pieceTypes(p: EdgePuzzle): PieceTypes {
  const n = pieceCount(p);
  const dense = new Map<number, number>([[GREY, 0]]);
  const sorted = [...new Set(p.edges)].filter((c) => c !== GREY).sort((a, b) => a - b);
  for (const c of sorted) dense.set(c, dense.size);
  const e = Int32Array.from(p.edges, (c) => dense.get(c)!);

  const turns = isRotatable(p) ? 4 : 1;
  const isFixed = new Uint8Array(n);
  for (const f of p.fixed) isFixed[f.piece] = 1;
  const typeOfPiece = new Int32Array(n).fill(-1);
  const turn = new Int8Array(n);
  const members: number[][] = [];
  const firsts: number[] = [];
  const fixedType: number[] = [];
  const byKey = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    if (isFixed[i]) continue;
    // Upright pieces are the same type only when they show the same colours as they lie.
    const key = turns === 4 ? rotationFree(e, i) : `${e[4 * i]},${e[4 * i + 1]},${e[4 * i + 2]},${e[4 * i + 3]}`;
    const t = byKey.get(key);
    if (t === undefined) {
      byKey.set(key, members.length);
      typeOfPiece[i] = members.length;
      members.push([i]);
      firsts.push(i);
      fixedType.push(0);
      continue;
    }
    typeOfPiece[i] = t;
    members[t].push(i);
    let k = 0;
    while (!sameTurned(e, firsts[t], i, k)) k++;
    // Piece i unturned looks like the first member turned k, so it shows the first member's rotation r at r - k.
    turn[i] = (4 - k) & 3;
  }
  const typeOfFixed = new Int32Array(p.fixed.length);
  p.fixed.forEach((f, j) => {
    typeOfFixed[j] = members.length;
    typeOfPiece[f.piece] = members.length;
    members.push([f.piece]);
    firsts.push(f.piece);
    fixedType.push(1);
  });
  const typeCount = members.length;
  const edges = new Int32Array(4 * typeCount);
  for (let t = 0; t < typeCount; t++) for (let s = 0; s < 4; s++) edges[4 * t + s] = e[4 * firsts[t] + s];
  return {
    colours: dense.size,
    typeCount,
    count: Int32Array.from(members, (m) => m.length),
    edges,
    pieceEdges: e,
    members: members.map((m) => Int32Array.from(m)),
    turn,
    fixedType: Uint8Array.from(fixedType),
    typeOfFixed,
    turns,
  };
}

function rotationFree(e: Int32Array, i: number): string {
  let best = '';
  for (let k = 0; k < 4; k++) {
    const s = `${e[4 * i + k]},${e[4 * i + ((k + 1) & 3)]},${e[4 * i + ((k + 2) & 3)]},${e[4 * i + ((k + 3) & 3)]}`;
    if (best === '' || s < best) best = s;
  }
  return best;
}

/** Colour type `t` shows on `side` when turned `rot` quarter turns clockwise. */
export function typeEdge(pt: PieceTypes, t: number, rot: number, side: number): number {
  return pt.edges[4 * t + ((side - rot + 4) & 3)];
}

/** Bit s set when type `t` turned `rot` shows grey on side s. */
export function typeGreyMask(pt: PieceTypes, t: number, rot: number): number {
  let m = 0;
  for (let s = 0; s < 4; s++) if (typeEdge(pt, t, rot, s) === 0) m |= 1 << s;
  return m;
}

/** Rotations of type `t` that show different colours (a piece like a b a b has only two). */
export function distinctRotations(pt: PieceTypes, t: number): number[] {
  const out: number[] = [];
  for (let r = 0; r < pt.turns; r++) {
    let dup = false;
    for (const q of out) {
      let same = true;
      for (let s = 0; s < 4; s++) if (typeEdge(pt, t, r, s) !== typeEdge(pt, t, q, s)) same = false;
      if (same) dup = true;
    }
    if (!dup) out.push(r);
  }
  return out;
}

/**
 * Turns placements of types into a board of pieces: each cell gets the next unused member of its
 * type, turned so it shows the colours the type showed there. Cells with type -1 stay empty.
 */
export function typesToBoard(pt: PieceTypes, cellType: Int32Array, cellRot: Uint8Array): { piece: Int16Array; rotation: Uint8Array } {
  const n = cellType.length;
  const piece = new Int16Array(n).fill(-1);
  const rotation = new Uint8Array(n);
  const next = new Int32Array(pt.typeCount);
  for (let i = 0; i < n; i++) {
    const t = cellType[i];
    if (t < 0) continue;
    const m = pt.members[t];
    if (next[t] >= m.length) throw new Error(`a board places type ${t} more often than it has pieces (${m.length})`);
    const q = m[next[t]++];
    piece[i] = q;
    rotation[i] = (cellRot[i] + pt.turn[q]) & 3;
  }
  return { piece, rotation };
}
