import type { BoardText } from './boards';
import { nat, splitLines } from './text-lines';
import { MAX_COLOUR } from '../model/model';

/**
 * A solution written as one placement a line, `tile col row rotation` (the `.sol` files that go
 * with some `.puz` piece files): tiles counted from 0, cells in any order. Told apart from four
 * edge colours a cell by its columns: the tiles are each used once, the positions cover the
 * board once, and every rotation is 0..3. The rotation sense is left open: the placement is
 * tried both ways and the legal one wins (place-board.ts).
 */
export function readPlacementList(text: string, rows: number, cols: number): BoardText | null {
  const { lines } = splitLines(text);
  const cells = rows * cols;
  if (lines.length !== cells || cells < 2) return null;
  const v = lines.map((l) => l.tokens.map((t) => nat(t, MAX_COLOUR)));
  if (!v.every((x) => x.length === 4 && !x.some(Number.isNaN))) return null;
  // Tiles from 0 or from 1, positions from 0 or from 1, each exactly once.
  const tileBase = v.some((x) => x[0] === 0) ? 0 : 1;
  const posBase = v.some((x) => x[1] === 0 || x[2] === 0) ? 0 : 1;
  const pieces = new Int32Array(cells);
  const rotations = new Uint8Array(cells);
  const cellLines = new Int32Array(cells);
  const seen = new Uint8Array(cells);
  for (let k = 0; k < lines.length; k++) {
    const [tile, col, row, rot] = v[k];
    const t = tile - tileBase;
    const r = row - posBase;
    const c = col - posBase;
    if (t < 0 || t >= cells || seen[t] || r < 0 || r >= rows || c < 0 || c >= cols || rot > 3 || pieces[r * cols + c] !== 0) return null;
    seen[t] = 1;
    pieces[r * cols + c] = t + 1;
    rotations[r * cols + c] = rot;
    cellLines[r * cols + c] = lines[k].no;
  }
  return {
    name: '',
    line: lines[0].no,
    rows: null,
    cols: null,
    cells,
    pieces,
    rotations,
    edges: null,
    edgesClockwise: false,
    cellLines,
  };
}
