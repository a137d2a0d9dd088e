import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Rng } from '../../../../src/core/rng/rng';
import type { EdgeBoard, EdgePuzzle, FixedPiece } from '../../../../src/core/families/edge';

/** The instances bundled with the repository (a clone has nothing beside it). */
export const INSTANCES_DIR = fileURLToPath(new URL('../../../../resources/instances/', import.meta.url));

export function instanceFiles(): string[] {
  if (!existsSync(INSTANCES_DIR)) throw new Error(`bundled instances folder not found at ${INSTANCES_DIR}`);
  return readdirSync(INSTANCES_DIR)
    .filter((f) => f.endsWith('.txt'))
    .sort();
}

export function readInstance(name: string): string {
  return readFileSync(INSTANCES_DIR + name, 'utf8');
}

/**
 * Colours a piece shows, straight from the definition in SOURCES.md: one clockwise quarter turn
 * maps (t,r,b,l) to (l,t,r,b). Deliberately no index arithmetic shared with the code under test.
 */
export function shown(p: EdgePuzzle, piece: number, rot: number): number[] {
  let e = Array.from(p.edges.slice(4 * piece, 4 * piece + 4));
  for (let k = 0; k < rot; k++) e = [e[3], e[0], e[1], e[2]];
  return e;
}

/** Straightforward rescore: for every pair of neighbours, filled, equal and not grey. */
export function naiveScore(p: EdgePuzzle, b: EdgeBoard): number {
  let score = 0;
  const at = (r: number, c: number): number[] | null => {
    const i = r * p.cols + c;
    return b.piece[i] < 0 ? null : shown(p, b.piece[i], b.rotation[i]);
  };
  for (let r = 0; r < p.rows; r++) {
    for (let c = 0; c < p.cols; c++) {
      const here = at(r, c);
      if (!here) continue;
      if (c + 1 < p.cols) {
        const right = at(r, c + 1);
        if (right && here[1] !== 0 && here[1] === right[3]) score++;
      }
      if (r + 1 < p.rows) {
        const below = at(r + 1, c);
        if (below && here[2] !== 0 && here[2] === below[0]) score++;
      }
    }
  }
  return score;
}

export interface Generated {
  puzzle: EdgePuzzle;
  /** A board scoring the maximum. */
  solution: EdgeBoard;
}

/**
 * A solvable puzzle the way E2-style sets are made: a colour on every join (frame colours
 * between two border cells, inner colours elsewhere), grey outside, cut, shuffled, turned.
 */
export function generatePuzzle(rows: number, cols: number, seed: number, frameColours = 3, innerColours = 5, fixedCount = 0): Generated {
  const rng = new Rng(seed);
  const cells = rows * cols;
  const cellEdges = new Array<number[]>(cells);
  for (let i = 0; i < cells; i++) cellEdges[i] = [0, 0, 0, 0];
  const border = (r: number, c: number): boolean => r === 0 || c === 0 || r === rows - 1 || c === cols - 1;
  const colour = (frame: boolean): number => (frame ? 1 + rng.int(frameColours) : 1 + frameColours + rng.int(innerColours));
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      if (c + 1 < cols) {
        const x = colour(border(r, c) && border(r, c + 1) && (r === 0 || r === rows - 1));
        cellEdges[i][1] = x;
        cellEdges[i + 1][3] = x;
      }
      if (r + 1 < rows) {
        const x = colour(border(r, c) && border(r + 1, c) && (c === 0 || c === cols - 1));
        cellEdges[i][2] = x;
        cellEdges[i + cols][0] = x;
      }
    }
  }
  const order = rng.shuffle(Array.from({ length: cells }, (_, i) => i));
  const edges = new Uint16Array(4 * cells);
  const piece = new Int16Array(cells);
  const rotation = new Uint8Array(cells);
  order.forEach((cell, pieceNo) => {
    // Store the piece turned back by k, so placing it with rotation k shows the cell's colours.
    const k = rng.int(4);
    const e = cellEdges[cell];
    for (let s = 0; s < 4; s++) edges[4 * pieceNo + s] = e[(s + k) & 3];
    piece[cell] = pieceNo;
    rotation[cell] = k;
  });
  const fixed: FixedPiece[] = [];
  const cellsPicked = rng.shuffle(Array.from({ length: cells }, (_, i) => i)).slice(0, fixedCount);
  for (const cell of cellsPicked) fixed.push({ piece: piece[cell], row: Math.floor(cell / cols), col: cell % cols, rotation: rotation[cell] });
  return { puzzle: { rows, cols, edges, fixed }, solution: { piece, rotation } };
}

/** A random board over the puzzle: some pieces placed once each, turned at random, some cells empty. */
export function randomBoard(p: EdgePuzzle, seed: number, emptyShare = 0.2): EdgeBoard {
  const rng = new Rng(seed);
  const cells = p.rows * p.cols;
  const n = p.edges.length / 4;
  const pieces = rng.shuffle(Array.from({ length: n }, (_, i) => i));
  const piece = new Int16Array(cells).fill(-1);
  const rotation = new Uint8Array(cells);
  for (let i = 0; i < cells && i < n; i++) {
    if (rng.chance(emptyShare)) continue;
    piece[i] = pieces[i];
    rotation[i] = rng.int(4);
  }
  return { piece, rotation };
}

/** Random colours on random pieces: usually no standard frame at all. */
export function junkPuzzle(rows: number, cols: number, seed: number, colours = 4): EdgePuzzle {
  const rng = new Rng(seed);
  const edges = new Uint16Array(4 * rows * cols);
  for (let i = 0; i < edges.length; i++) edges[i] = rng.int(colours + 1);
  return { rows, cols, edges, fixed: [] };
}

/** Tetravex style: no grey anywhere, every number a colour, tiles never turned. */
export function uprightPuzzle(rows: number, cols: number, colours: number, seed: number): EdgePuzzle {
  const rng = new Rng(seed);
  const cells = rows * cols;
  const e = Array.from({ length: cells }, () => [0, 0, 0, 0].map(() => 1 + rng.int(colours)));
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      if (c + 1 < cols) e[r * cols + c + 1][3] = e[r * cols + c][1];
      if (r + 1 < rows) e[(r + 1) * cols + c][0] = e[r * cols + c][2];
    }
  const order = rng.shuffle(Array.from({ length: cells }, (_, i) => i));
  const edges = new Uint16Array(4 * cells);
  order.forEach((cell, piece) => edges.set(e[cell], 4 * piece));
  return { rows, cols, edges, fixed: [], rotatable: false } as EdgePuzzle;
}
