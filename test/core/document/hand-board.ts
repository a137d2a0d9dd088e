/** The hand-made solved 3x3 board the dialect fixtures are written from, and how tests compare edge sets and boards with it. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { EdgeBoard, EdgePuzzle } from '../../../src/core/families/edge/model/model';

const DIR = fileURLToPath(new URL('../../fixtures/dialects/', import.meta.url));
/** A file of test/fixtures/dialects. */
export const dialect = (name: string): string => readFileSync(DIR + name, 'utf8');

/** The solved 3x3 board the b- fixtures draw: top right bottom left per cell, row-major, 0 = grey. */
export const HAND = [
  [0, 1, 2, 0],
  [0, 3, 4, 1],
  [0, 0, 1, 3],
  [2, 3, 1, 0],
  [4, 2, 3, 3],
  [1, 0, 4, 2],
  [1, 4, 0, 0],
  [3, 2, 0, 4],
  [4, 0, 0, 2],
];

/** A piece up to rotation. */
export const turnKey = (e: ArrayLike<number>): string => [0, 1, 2, 3].map((k) => [0, 1, 2, 3].map((s) => e[(s + k) % 4]).join(',')).sort()[0]!;
/** A puzzle's pieces up to rotation, sorted. */
export const setOf = (p: EdgePuzzle): string[] => Array.from({ length: p.edges.length / 4 }, (_, i) => turnKey(p.edges.subarray(4 * i, 4 * i + 4))).sort();
export const HAND_SET = HAND.map(turnKey).sort();

/** The colours each cell shows, as placed. */
export function shownCells(p: EdgePuzzle, b: EdgeBoard): number[][] {
  return Array.from(b.piece, (piece, i) => [0, 1, 2, 3].map((s) => p.edges[4 * piece + ((s - b.rotation[i]! + 4) & 3)]!));
}
