import { Rng } from '../../../rng/rng';
import { boardFormat, piecesFormat } from '../files/formats';
import { GREY, MAX_COLOUR, MAX_PIECES, outMask, type EdgeBoard, type EdgePuzzle } from '../model/model';

export interface GenerateOptions {
  rows: number;
  cols: number;
  /** Colours for joins between two border pieces (numbered 1..frameColours). */
  frameColours: number;
  /** Colours for every other join (numbered after the frame colours). */
  innerColours: number;
  seed: number;
}

export interface GeneratedPuzzle {
  puzzle: EdgePuzzle;
  /** The board the pieces were cut from: it scores the maximum. */
  solution: EdgeBoard;
}

/**
 * An E2-style puzzle (the generator of Harris et al. 2018 as Aspinall et al. 2020 describe it):
 * grey outside, a random frame colour on every join between two border cells along the frame,
 * a random inner colour on every other join; then the board is cut into pieces, the pieces
 * shuffled and each turned at random. Pieces are listed as they lie after the turn, so the known
 * solution places piece i with the rotation that undoes it. The same options give the same puzzle.
 */
export function generateEdgePuzzle(o: GenerateOptions): GeneratedPuzzle {
  const { rows, cols, frameColours, innerColours, seed } = o;
  const whole = (x: number): boolean => Number.isInteger(x);
  if (!whole(rows) || !whole(cols) || rows < 2 || cols < 2) throw new Error(`generate: the board must be at least 2x2, got ${rows}x${cols}`);
  if (rows * cols > MAX_PIECES) throw new Error(`generate: a ${rows}x${cols} board has more than ${MAX_PIECES} cells`);
  if (!whole(frameColours) || frameColours < 1) throw new Error(`generate: frameColours must be a whole number of at least 1, got ${frameColours}`);
  if (!whole(innerColours) || innerColours < 1) throw new Error(`generate: innerColours must be a whole number of at least 1, got ${innerColours}`);
  if (frameColours + innerColours > MAX_COLOUR) throw new Error(`generate: too many colours (at most ${MAX_COLOUR} in all)`);
  const rng = new Rng(seed);
  const cells = rows * cols;
  // Colours each cell shows, top right bottom left; grey (0) stays where a side faces out.
  const shows = new Uint16Array(4 * cells).fill(GREY);
  const out = (i: number): number => outMask(rows, cols, Math.floor(i / cols), i % cols);
  // A join is on the frame when, on both cells, a side next to it faces out.
  const besideOut = (i: number, side: number): boolean => (out(i) & ((1 << ((side + 1) & 3)) | (1 << ((side + 3) & 3)))) !== 0;
  const colour = (frame: boolean): number => (frame ? 1 + rng.int(frameColours) : 1 + frameColours + rng.int(innerColours));
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      if (c + 1 < cols) {
        const x = colour(besideOut(i, 1) && besideOut(i + 1, 3));
        shows[4 * i + 1] = x;
        shows[4 * (i + 1) + 3] = x;
      }
      if (r + 1 < rows) {
        const x = colour(besideOut(i, 2) && besideOut(i + cols, 0));
        shows[4 * i + 2] = x;
        shows[4 * (i + cols)] = x;
      }
    }
  }
  const order = rng.shuffle(Int32Array.from({ length: cells }, (_, i) => i));
  const edges = new Uint16Array(4 * cells);
  const piece = new Int16Array(cells);
  const rotation = new Uint8Array(cells);
  for (let n = 0; n < cells; n++) {
    const cell = order[n];
    // Piece n is the cell turned back k times: turning it k times clockwise shows the cell again.
    const k = rng.int(4);
    for (let s = 0; s < 4; s++) edges[4 * n + s] = shows[4 * cell + ((s + k) & 3)];
    piece[cell] = n;
    rotation[cell] = k;
  }
  return { puzzle: { rows, cols, edges, fixed: [] }, solution: { piece, rotation } };
}

/** The texts to save a generated puzzle as: its piece file and its solution as a board file. */
export function generatedFiles(g: GeneratedPuzzle): { pieces: string; solution: string } {
  return { pieces: piecesFormat.write(g.puzzle, undefined)!, solution: boardFormat.write(g.puzzle, g.solution)! };
}
