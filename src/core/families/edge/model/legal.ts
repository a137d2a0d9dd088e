import { GREY, hasGreyBorder, type EdgeBoard, type EdgePuzzle } from './model';

/**
 * Why a board is not a legal placement of the puzzle's pieces, beyond what its JSON form already
 * guarantees (each piece at most once, no turned tile where tiles may not turn): the fixed pieces
 * in their cells with their turns, and grey only facing out. Empty cells are allowed (a partial
 * board is a legal best for an exact search). Null when legal.
 */
export function edgeBoardFault(p: EdgePuzzle, b: EdgeBoard): string | null {
  const { rows, cols, edges } = p;
  for (const f of p.fixed) {
    const i = f.row * p.cols + f.col;
    if (b.piece[i] < 0) continue;
    if (b.piece[i] !== f.piece || b.rotation[i] !== f.rotation)
      return `fixed piece ${f.piece + 1} is not at row ${f.row + 1}, column ${f.col + 1} with ${f.rotation} turns`;
  }
  if (!hasGreyBorder(p)) return null;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      const piece = b.piece[i];
      if (piece < 0) continue;
      for (let side = 0; side < 4; side++) {
        // The side shown at `side` is the piece's own side (side - rotation).
        if (edges[4 * piece + ((side - b.rotation[i] + 4) & 3)] !== GREY) continue;
        const outside = (side === 0 && r === 0) || (side === 1 && c === cols - 1) || (side === 2 && r === rows - 1) || (side === 3 && c === 0);
        if (!outside) return `piece ${piece + 1} at row ${r + 1}, column ${c + 1} turns a grey edge inwards`;
      }
    }
  }
  return null;
}
