/** Small fixtures for the edge view tests: drawings painted at random and cut into puzzles. */
import { cutDrawing, emptyDrawing, fillRandom, type Drawing } from '../../../../src/renderer/src/families/edge/drawing';
import type { EdgeBoard, EdgePuzzle } from '../../../../src/core/families/edge/model/model';

export function randomDrawing(rows: number, cols: number, seed: number, frame = 3, inner = 5): Drawing {
  return fillRandom(emptyDrawing(rows, cols), seed, frame, inner)!;
}

export function cutPuzzle(rows: number, cols: number, seed: number, hints: number[] = []): { puzzle: EdgePuzzle; solution: EdgeBoard; drawing: Drawing } {
  const drawing = { ...randomDrawing(rows, cols, seed), hints };
  const { puzzle, solution } = cutDrawing(drawing, seed + 1);
  return { puzzle, solution, drawing };
}

/** A hand-made 2x2 puzzle: piece i in cell i, rotation 0, inner joins 1 (right of 0), 2 (below 0), 3 (below 1), 4 (right of 2). */
export function twoByTwo(): EdgePuzzle {
  return {
    rows: 2,
    cols: 2,
    // top right bottom left
    edges: Uint16Array.from([0, 1, 2, 0, /**/ 0, 0, 3, 1, /**/ 2, 4, 0, 0, /**/ 3, 0, 0, 4]),
    fixed: [],
  };
}

export function boardOf(cells: [number, number][]): EdgeBoard {
  return { piece: Int16Array.from(cells.map((c) => c[0])), rotation: Uint8Array.from(cells.map((c) => c[1])) };
}

/** Pieces on the board, sorted (to check each is there at most once). */
export function piecesOn(b: EdgeBoard): number[] {
  return Array.from(b.piece)
    .filter((p) => p >= 0)
    .sort((x, y) => x - y);
}
