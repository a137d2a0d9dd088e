/**
 * "What fits here": which pieces, in which rotations, agree with a cell's placed neighbours and
 * with the board's border. And the rotation a dropped piece should take (auto-orient).
 */
import { GREY, edgeAt, hasGreyBorder, isRotatable, outMask, type EdgeBoard, type EdgePuzzle } from '../../../../core/families/edge/model';

const turnsOf = (p: EdgePuzzle): number => (isRotatable(p) ? 4 : 1);

export interface Fit {
  piece: number;
  /** Every rotation (clockwise quarter turns) in which the piece fits, ascending (only 0 for upright pieces). */
  rotations: number[];
}

const DR = [-1, 0, 1, 0];
const DC = [0, 1, 0, -1];

/**
 * For each side of the cell, what it must show: -3 = anything (faces out of a free border), -2 = grey (faces out), -1 = any colour but grey
 * (an empty neighbour inside the board), c >= 0 = exactly colour c (the placed neighbour's facing
 * edge; a grey facing edge there can never be matched, and is reported as c = 0).
 */
export function cellNeeds(p: EdgePuzzle, b: EdgeBoard, cell: number): number[] {
  const row = Math.floor(cell / p.cols);
  const col = cell % p.cols;
  // A set without grey edges (Tetravex) has a free border: nothing is asked of the outside.
  const free = !hasGreyBorder(p);
  const out = free ? 0 : outMask(p.rows, p.cols, row, col);
  const needs: number[] = [];
  for (let s = 0; s < 4; s++) {
    if ((out >> s) & 1) {
      needs.push(-2);
      continue;
    }
    const r2 = row + DR[s];
    const c2 = col + DC[s];
    if (r2 < 0 || r2 >= p.rows || c2 < 0 || c2 >= p.cols) {
      needs.push(-3);
      continue;
    }
    const j = r2 * p.cols + c2;
    const q = b.piece[j];
    needs.push(q < 0 ? -1 : edgeAt(p, q, b.rotation[j], (s + 2) & 3));
  }
  return needs;
}

function fitsNeeds(p: EdgePuzzle, piece: number, rot: number, needs: number[]): boolean {
  for (let s = 0; s < 4; s++) {
    const e = edgeAt(p, piece, rot, s);
    const n = needs[s];
    if (n === -3) continue;
    if (n === -2) {
      if (e !== GREY) return false;
    } else if (n === -1) {
      if (e === GREY) return false;
    } else if (e === GREY || e !== n) return false;
  }
  return true;
}

/** Does the piece, turned `rot` times, fit the cell? */
export function fitsAt(p: EdgePuzzle, b: EdgeBoard, cell: number, piece: number, rot: number): boolean {
  return fitsNeeds(p, piece, rot, cellNeeds(p, b, cell));
}

/** The candidates (e.g. the tray's pieces) that fit the cell, each with its fitting rotations. */
export function fitsHere(p: EdgePuzzle, b: EdgeBoard, cell: number, candidates: Iterable<number>): Fit[] {
  const needs = cellNeeds(p, b, cell);
  const out: Fit[] = [];
  for (const piece of candidates) {
    const rotations: number[] = [];
    for (let r = 0; r < turnsOf(p); r++) if (fitsNeeds(p, piece, r, needs)) rotations.push(r);
    if (rotations.length > 0) out.push({ piece, rotations });
  }
  return out;
}

/**
 * How well the piece sits on the cell in one rotation: +1 for each grey edge facing out and each
 * edge matching a placed neighbour, -1 for a grey edge inside the board or a coloured edge facing
 * out. Used to auto-orient dropped pieces.
 */
export function orientationScore(p: EdgePuzzle, b: EdgeBoard, cell: number, piece: number, rot: number): number {
  const needs = cellNeeds(p, b, cell);
  let score = 0;
  for (let s = 0; s < 4; s++) {
    const e = edgeAt(p, piece, rot, s);
    const n = needs[s];
    if (n === -3) continue;
    if (n === -2) score += e === GREY ? 1 : -1;
    else if (e === GREY) score -= 1;
    else if (n >= 0 && e === n) score += 1;
  }
  return score;
}

/** The best rotation for the piece on the cell; ties keep `preferred` when it is among the best, else the smallest. */
export function bestRotation(p: EdgePuzzle, b: EdgeBoard, cell: number, piece: number, preferred = 0): number {
  // Upright pieces (Tetravex) stay as they are.
  if (!isRotatable(p)) return 0;
  const pref = ((preferred % 4) + 4) % 4;
  let best = pref;
  let bestScore = orientationScore(p, b, cell, piece, pref);
  for (let r = 0; r < 4; r++) {
    const s = orientationScore(p, b, cell, piece, r);
    if (s > bestScore) {
      best = r;
      bestScore = s;
    }
  }
  return best;
}
