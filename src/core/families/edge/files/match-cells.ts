import { FormatError } from '../../../document/errors';
import { edgeAt, emptyBoard, pieceCount, rotationKey, type EdgeBoard, type EdgePuzzle } from '../model/model';

function cellName(i: number, cols: number, e: ArrayLike<number>): string {
  return `row ${Math.floor(i / cols) + 1} col ${(i % cols) + 1} (top right bottom left = ${e[4 * i]} ${e[4 * i + 1]} ${e[4 * i + 2]} ${e[4 * i + 3]})`;
}

/**
 * Which piece, turned how, shows each cell's colours (4 per cell, top right bottom left,
 * row-major). Pieces showing the same colours are interchangeable, so taking the lowest-numbered
 * unused one per cell never blocks a later cell. Fixed pieces go to their own cells first. Cells
 * all grey are empty unless the set has an all-grey piece. Throws FormatError naming the cell.
 */
export function matchCellsToPieces(p: EdgePuzzle, cellEdges: Uint16Array): EdgeBoard {
  const cells = p.rows * p.cols;
  if (cellEdges.length !== 4 * cells) throw new FormatError(`a ${p.rows}x${p.cols} board has ${cells} cells, got colours for ${cellEdges.length / 4}`);
  const n = pieceCount(p);
  const byKey = new Map<string, { pieces: number[]; next: number }>();
  for (let i = 0; i < n; i++) {
    const e = p.edges;
    const k = rotationKey(e[4 * i], e[4 * i + 1], e[4 * i + 2], e[4 * i + 3]);
    const g = byKey.get(k);
    if (g) g.pieces.push(i);
    else byKey.set(k, { pieces: [i], next: 0 });
  }
  const used = new Uint8Array(n);
  const board = emptyBoard(p.rows, p.cols);
  const shows = (piece: number, rot: number, cell: number): boolean => {
    for (let s = 0; s < 4; s++) if (edgeAt(p, piece, rot, s) !== cellEdges[4 * cell + s]) return false;
    return true;
  };
  for (const f of p.fixed) {
    const cell = f.row * p.cols + f.col;
    if (f.piece < n && !used[f.piece] && shows(f.piece, f.rotation, cell)) {
      used[f.piece] = 1;
      board.piece[cell] = f.piece;
      board.rotation[cell] = f.rotation;
    }
  }
  for (let i = 0; i < cells; i++) {
    if (board.piece[i] >= 0) continue;
    const k = rotationKey(cellEdges[4 * i], cellEdges[4 * i + 1], cellEdges[4 * i + 2], cellEdges[4 * i + 3]);
    const g = byKey.get(k);
    const empty = cellEdges[4 * i] === 0 && cellEdges[4 * i + 1] === 0 && cellEdges[4 * i + 2] === 0 && cellEdges[4 * i + 3] === 0;
    while (g && g.next < g.pieces.length && used[g.pieces[g.next]]) g.next++;
    if (!g || g.next >= g.pieces.length) {
      if (empty) continue;
      if (!g) throw new FormatError(`${cellName(i, p.cols, cellEdges)}: no piece of the set has these colours in any rotation`);
      throw new FormatError(`${cellName(i, p.cols, cellEdges)}: every piece with these colours (${g.pieces.map((x) => x + 1).join(', ')}) is already used`);
    }
    const piece = g.pieces[g.next++];
    used[piece] = 1;
    let rot = 0;
    while (!shows(piece, rot, i)) rot++;
    board.piece[i] = piece;
    board.rotation[i] = rot;
  }
  return board;
}
