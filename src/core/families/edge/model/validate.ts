import {
  GREY,
  MAX_PIECES,
  SHAPES,
  greyMask,
  hasGreyBorder,
  isRotatable,
  maskShape,
  outMask,
  pieceCount,
  pieceKey,
  rotateMask,
  type EdgePuzzle,
  type Shape,
} from './model';
import { countNoun, nounFor } from '../../../text/plural';

export interface ValidationResult {
  errors: string[];
  warnings: string[];
}

const SHAPE_TEXT: Record<Shape, string> = {
  corner: 'corner pieces (two grey edges side by side)',
  side: 'side pieces (one grey edge)',
  inner: 'inner pieces (no grey edge)',
  strip: 'pieces with grey edges on two opposite sides',
  end: 'pieces with three grey edges',
  single: 'pieces with four grey edges',
};

/** At most this many piece numbers are listed in one message; the rest are counted. */
const LIST_MAX = 8;

function listPieces(pieces: number[]): string {
  const shown = pieces.slice(0, LIST_MAX).map((p) => p + 1);
  return shown.join(', ') + (pieces.length > LIST_MAX ? `, ... (${pieces.length} in all)` : '');
}

/**
 * Checks that a solution can exist at all: counts of each kind of piece against the cells that
 * take them, colours that can pair, fixed pieces that fit. Merely unusual sets (duplicate pieces,
 * frame and inner colours mixed, very thin boards) are warnings.
 */
export function validateEdgePuzzle(p: EdgePuzzle): ValidationResult {
  const errors: string[] = [];
  const warnings: string[] = [];
  const { rows, cols } = p;
  if (!Number.isInteger(rows) || !Number.isInteger(cols) || rows < 1 || cols < 1) {
    errors.push(`the board size must be at least 1x1, got ${rows}x${cols}`);
    return { errors, warnings };
  }
  if (p.edges.length % 4 !== 0) {
    errors.push(`the edge list holds ${p.edges.length} colours, not a multiple of 4 (one per side of each piece)`);
    return { errors, warnings };
  }
  const cells = rows * cols;
  const n = pieceCount(p);
  if (cells > MAX_PIECES) errors.push(`a ${rows}x${cols} board has ${cells} cells; at most ${MAX_PIECES} are supported`);
  if (n !== cells) errors.push(`a ${rows}x${cols} board needs ${cells} pieces, the puzzle has ${n}`);

  const thin = Math.min(rows, cols);
  if (!hasGreyBorder(p)) {
    // A free border is what Tetravex is; with turning pieces it is unusual enough to mention.
    if (isRotatable(p))
      warnings.push(
        'no grey edges: the border is free (any colour may face out) and the pieces may turn; Tetravex tiles, which never turn, import with --format tetravex',
      );
  } else if (cells === 1) warnings.push('a 1x1 board: the single piece needs four grey edges and there are no joins to match');
  else if (thin === 1)
    warnings.push(`a board one cell wide (${rows}x${cols}): the pieces form a strip, the two ends have three grey edges and the others two on opposite sides`);
  else if (thin === 2) warnings.push(`a board two cells wide (${rows}x${cols}) has no inner pieces: every join is between border pieces`);

  // A set without grey edges has a free border (Tetravex): no frame to check, and the colours
  // facing out need no partner.
  const free = !hasGreyBorder(p);
  const upright = !isRotatable(p);
  if (!free && upright) {
    // Pieces that may not turn fit only cells whose outside is exactly where their grey edges are.
    const want = new Int32Array(16);
    const have = new Int32Array(16);
    for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) want[outMask(rows, cols, r, c)]++;
    for (let i = 0; i < n; i++) have[greyMask(p, i)]++;
    const SIDE_WORD = ['top', 'right', 'bottom', 'left'];
    const greyText = (m: number): string =>
      m === 0
        ? 'no grey edge'
        : `grey ${[0, 1, 2, 3]
            .filter((s) => (m >> s) & 1)
            .map((s) => SIDE_WORD[s])
            .join(' and ')}`;
    for (let m = 0; m < 16; m++)
      if (want[m] !== have[m])
        errors.push(`the pieces may not be turned: a ${rows}x${cols} board needs ${want[m]} pieces with ${greyText(m)}, the puzzle has ${have[m]}`);
  }
  // Kinds of piece against kinds of cell: a solution puts each piece where its grey sides face out.
  let shapesFit = !free;
  if (!free && !upright) {
    const want = new Map<Shape, number>(SHAPES.map((s) => [s, 0]));
    const have = new Map<Shape, number[]>(SHAPES.map((s) => [s, []]));
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < cols; c++) {
        const s = maskShape(outMask(rows, cols, r, c));
        want.set(s, want.get(s)! + 1);
      }
    for (let i = 0; i < n; i++) have.get(maskShape(greyMask(p, i)))!.push(i);
    for (const s of SHAPES) {
      const w = want.get(s)!;
      const h = have.get(s)!;
      if (w === h.length) continue;
      shapesFit = false;
      if (w === 0) errors.push(`${h.length} ${SHAPE_TEXT[s]} fit nowhere on a ${rows}x${cols} board: pieces ${listPieces(h)}`);
      else errors.push(`a ${rows}x${cols} board needs ${w} ${SHAPE_TEXT[s]}, the puzzle has ${h.length}`);
    }
  }

  // Each inner join uses two edges of one colour, so every colour but grey must come in pairs.
  const counts = new Map<number, number>();
  for (const e of p.edges) if (e !== GREY) counts.set(e, (counts.get(e) ?? 0) + 1);
  const odd = free ? [] : [...counts.entries()].filter(([, k]) => k % 2 === 1).sort((a, b) => a[0] - b[0]);
  if (odd.length > 0) {
    const list = odd.map(([c, k]) => `${c} (${k} times)`).join(', ');
    errors.push(`${nounFor(odd.length, 'colour')} ${list} ${nounFor(odd.length, 'appears', 'appear')} an odd number of times: one edge cannot pair`);
  }

  // Frame colours sit between two border pieces (next to a grey edge); inner colours elsewhere.
  if (!free && !upright && shapesFit && thin >= 3) {
    const frame = new Set<number>();
    const inner = new Set<number>();
    for (let i = 0; i < n; i++) {
      const m = greyMask(p, i);
      for (let s = 0; s < 4; s++) {
        const e = p.edges[4 * i + s];
        if (e === GREY) continue;
        const besideGrey = ((m >> ((s + 1) & 3)) | (m >> ((s + 3) & 3))) & 1;
        (besideGrey ? frame : inner).add(e);
      }
    }
    const both = [...frame].filter((c) => inner.has(c)).sort((a, b) => a - b);
    if (both.length > 0)
      warnings.push(
        `${nounFor(both.length, 'colour')} ${both.join(', ')} ${nounFor(both.length, 'appears', 'appear')} both between border pieces and on inner joins (frame and inner colours are usually apart)`,
      );
  }

  // Duplicates are legal (the E2 clue puzzles have them) but make many solutions equivalent.
  const byKey = new Map<string, number[]>();
  for (let i = 0; i < n; i++) {
    const k = pieceKey(p, i);
    const g = byKey.get(k);
    if (g) g.push(i);
    else byKey.set(k, [i]);
  }
  const groups = [...byKey.values()].filter((g) => g.length > 1);
  if (groups.length > 0) {
    const extra = groups.reduce((a, g) => a + g.length - 1, 0);
    const shown = groups.slice(0, LIST_MAX).map((g) => g.map((i) => i + 1).join(' = '));
    warnings.push(
      `${countNoun(extra, 'duplicate piece')} (equal up to rotation): ${shown.join('; ')}${groups.length > LIST_MAX ? `; ... (${groups.length} groups)` : ''}`,
    );
  }

  const cellOf = new Map<number, number>();
  const pieceOf = new Map<number, number>();
  p.fixed.forEach((f, j) => {
    const what = `fixed piece #${j + 1}`;
    const isInt = (x: number): boolean => Number.isInteger(x);
    if (!isInt(f.piece) || f.piece < 0 || f.piece >= n) {
      errors.push(`${what}: piece ${f.piece + 1} is not in 1..${n}`);
      return;
    }
    if (!isInt(f.row) || !isInt(f.col) || f.row < 0 || f.row >= rows || f.col < 0 || f.col >= cols) {
      errors.push(`${what} (piece ${f.piece + 1}): row ${f.row + 1} col ${f.col + 1} is off the ${rows}x${cols} board`);
      return;
    }
    if (!isInt(f.rotation) || f.rotation < 0 || f.rotation > 3) {
      errors.push(`${what} (piece ${f.piece + 1}): rotation ${f.rotation} is not 0..3`);
      return;
    }
    const cell = f.row * cols + f.col;
    const at = `row ${f.row + 1} col ${f.col + 1}`;
    if (cellOf.has(cell)) errors.push(`${what} (piece ${f.piece + 1}): ${at} already holds fixed piece ${cellOf.get(cell)! + 1}`);
    else cellOf.set(cell, f.piece);
    if (pieceOf.has(f.piece)) errors.push(`${what}: piece ${f.piece + 1} is fixed twice`);
    else pieceOf.set(f.piece, cell);
    if (upright && f.rotation !== 0) errors.push(`${what} (piece ${f.piece + 1} at ${at}): rotation ${f.rotation}, but the pieces may not be turned`);
    else if (!free && rotateMask(greyMask(p, f.piece), f.rotation) !== outMask(rows, cols, f.row, f.col))
      errors.push(`${what} (piece ${f.piece + 1} at ${at}, rotation ${f.rotation}): its grey edges do not face exactly the outside of the board`);
  });

  return { errors, warnings };
}
