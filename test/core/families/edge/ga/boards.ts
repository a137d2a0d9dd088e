import { Rng } from '../../../../../src/core/rng/rng';
import { greyMask, outMask, rotateMask, type EdgePuzzle } from '../../../../../src/core/families/edge';
import { makeLayout, type GaLayout } from '../../../../../src/core/families/edge/ga/layout';
import { randomBoard } from '../../../../../src/core/families/edge/ga/population';
import { naiveScore, shown } from '../helpers';

/** A few random legal boards of `puzzle` in one block, as the GA keeps them. */
export function boards(puzzle: EdgePuzzle, count: number, seed: number): { L: GaLayout; P: Int16Array; R: Uint8Array } {
  const L = makeLayout(puzzle);
  const P = new Int16Array(count * L.cells);
  const R = new Uint8Array(count * L.cells);
  const rng = new Rng(seed);
  const scratch = new Int16Array(L.cells);
  for (let i = 0; i < count; i++) randomBoard(L, P, R, i * L.cells, rng, scratch);
  return { L, P, R };
}

export function slice(P: Int16Array, R: Uint8Array, off: number, cells: number): { piece: Int16Array; rotation: Uint8Array } {
  return { piece: P.slice(off, off + cells), rotation: R.slice(off, off + cells) };
}

/** Naive count of 2x2 areas whose four inner joins match (colours equal, not grey). */
export function naiveQuads(p: EdgePuzzle, b: { piece: Int16Array; rotation: Uint8Array }): number {
  const at = (r: number, c: number): number[] => shown(p, b.piece[r * p.cols + c], b.rotation[r * p.cols + c]);
  const ok = (x: number, y: number): boolean => x !== 0 && x === y;
  let n = 0;
  for (let r = 0; r + 1 < p.rows; r++)
    for (let c = 0; c + 1 < p.cols; c++) {
      const [tl, tr, bl, br] = [at(r, c), at(r, c + 1), at(r + 1, c), at(r + 1, c + 1)];
      if (ok(tl[1], tr[3]) && ok(bl[1], br[3]) && ok(tl[2], bl[0]) && ok(tr[2], br[0])) n++;
    }
  return n;
}

/**
 * Why a board is not legal, or null: every piece exactly once, fixed pieces in place with their
 * rotation, and (standard frame) every other cell's grey edges exactly facing out.
 */
export function illegal(p: EdgePuzzle, standardFrame: boolean, b: { piece: Int16Array; rotation: Uint8Array }): string | null {
  const cells = p.rows * p.cols;
  const sorted = Array.from(b.piece).sort((x, y) => x - y);
  for (let i = 0; i < cells; i++) if (sorted[i] !== i) return `piece multiset broken: ${sorted.join(',')}`;
  for (const f of p.fixed) {
    const i = f.row * p.cols + f.col;
    if (b.piece[i] !== f.piece || b.rotation[i] !== f.rotation) return `fixed piece ${f.piece} moved`;
  }
  // Fixed pieces lie as the puzzle says, facing out or not; every other piece must face out.
  const fixedAt = new Set(p.fixed.map((f) => f.row * p.cols + f.col));
  if (standardFrame)
    for (let r = 0; r < p.rows; r++)
      for (let c = 0; c < p.cols; c++) {
        const i = r * p.cols + c;
        if (fixedAt.has(i)) continue;
        if (rotateMask(greyMask(p, b.piece[i]), b.rotation[i]) !== outMask(p.rows, p.cols, r, c)) return `frame broken at ${r},${c}`;
      }
  return null;
}

export { naiveScore };
