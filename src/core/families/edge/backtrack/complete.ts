import { BeamRun, DEFAULT_BAND } from '../beam/beam';
import { isRotatable, type EdgeBoard, type EdgePuzzle, type FixedPiece } from '../model/model';
import { scoreBoard } from '../model/score';
import { Rng } from '../../../rng/rng';
import { VnsBoard } from '../local-search/board';

/**
 * A full board from a partial one by one pass of a narrow beam search in scan order, the
 * placed pieces held where they are: far better than greedy when the empty cells are the last
 * rows of a scan-order search. Falls back to `completeBoard` (greedy) where the beam cannot
 * hold the placed pieces (pieces off their class, e.g. on odd sets).
 */
export function completeByBeam(puzzle: EdgePuzzle, partial: EdgeBoard, width: number): { board: EdgeBoard; score: number } {
  const fixed: FixedPiece[] = [];
  for (let c = 0; c < partial.piece.length; c++)
    if (partial.piece[c] >= 0) fixed.push({ piece: partial.piece[c], row: Math.floor(c / puzzle.cols), col: c % puzzle.cols, rotation: partial.rotation[c] });
  try {
    const run = new BeamRun({ ...puzzle, fixed }, { width, maxWidth: width, growth: 1, balance: false, band: DEFAULT_BAND }, new Rng(1));
    while (run.pass === 0) run.step(1 << 20);
    const board = run.bestBoard()!;
    return { board: { piece: board.piece.slice(), rotation: board.rotation.slice() }, score: scoreBoard(puzzle, board) };
  } catch {
    return completeBoard(puzzle, partial);
  }
}

/**
 * A full legal board from a partial one: every empty cell, in scan order, gets the unused piece
 * of its class (and rotation, facing out on the frame) that closes the most joins with the
 * pieces already there. How a search that has not reached a full board yet still shows one.
 * Returns the board and its score.
 */
export function completeBoard(puzzle: EdgePuzzle, partial: EdgeBoard): { board: EdgeBoard; score: number } {
  const B = new VnsBoard(puzzle);
  const used = new Uint8Array(B.cells);
  for (let c = 0; c < B.cells; c++) {
    const p = partial.piece[c];
    if (p >= 0) {
      B.place(c, p, partial.rotation[c]);
      used[p] = 1;
    }
  }
  // The fixed pieces belong where the puzzle puts them, whatever the partial board says.
  for (let j = 0; j < B.fixedCells.length; j++) {
    const c = B.fixedCells[j];
    if (B.piece[c] !== B.fixedPieces[j]) {
      if (B.piece[c] >= 0) used[B.piece[c]] = 0;
      B.place(c, B.fixedPieces[j], B.fixedRots[j]);
      used[B.fixedPieces[j]] = 1;
    }
  }
  const turns = isRotatable(puzzle) ? 4 : 1;
  for (let c = 0; c < B.cells; c++) {
    if (B.piece[c] >= 0) continue;
    const k = B.cellClass[c];
    const pieces = B.classPieces[k];
    const border = B.isBorderClass(k);
    let best = -1;
    let bp = -1;
    let br = 0;
    for (let j = 0; j < pieces.length; j++) {
      const p = pieces[j];
      if (used[p]) continue;
      const r0 = border ? B.faceOut[16 * p + B.cellOut[c]] : 0;
      const r1 = border ? r0 : turns - 1;
      for (let r = r0; r <= r1; r++) {
        const f = B.fit(c, p, r);
        if (f > best) {
          best = f;
          bp = p;
          br = r;
        }
      }
    }
    if (bp < 0) throw new Error(`cannot complete the board: no piece left for cell ${c}`);
    B.place(c, bp, br);
    used[bp] = 1;
  }
  return { board: B.board(), score: B.fullScore() };
}
