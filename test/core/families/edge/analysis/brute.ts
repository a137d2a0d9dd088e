import type { EdgePuzzle } from '../../../../../src/core/families/edge';
import { shown } from '../helpers';

/**
 * An independent enumeration of an edge puzzle's solutions: every piece in every rotation at every
 * cell in row order, each join checked from the colours the pieces show (helpers' `shown`, which
 * follows the documented turn), grey exactly outside when the set has grey. Solutions are colour
 * layouts (identical pieces swapped give the same layout); `classes` groups them up to the board's
 * turns when the puzzle has them (rotatable, nothing fixed).
 */
export function bruteSolutions(p: EdgePuzzle): { layouts: number; classes: number } {
  const { rows, cols } = p;
  const n = rows * cols;
  const grey = Array.from(p.edges).includes(0);
  const rotations = p.rotatable === false ? 1 : 4;
  const used = new Array<boolean>(n).fill(false);
  const fixedAt = new Map(p.fixed.map((f) => [f.row * cols + f.col, f]));
  for (const f of p.fixed) used[f.piece] = true;
  const cell: number[][] = new Array<number[]>(n);
  const layouts = new Set<string>();
  const ok = (i: number, e: number[]): boolean => fits(p, grey, cell, i, e);
  const go = (i: number): void => {
    if (i === n) {
      layouts.add(cell.map((e) => e.join(',')).join('|'));
      return;
    }
    const f = fixedAt.get(i);
    if (f) {
      const e = shown(p, f.piece, f.rotation);
      if (ok(i, e)) {
        cell[i] = e;
        go(i + 1);
      }
      return;
    }
    // One unused copy of each kind of piece is enough: copies give the same layouts.
    const tried = new Set<string>();
    for (let q = 0; q < n; q++) {
      if (used[q]) continue;
      const kind = rotations === 1 ? shown(p, q, 0).join(',') : [0, 1, 2, 3].map((k) => shown(p, q, k).join(',')).sort()[0];
      if (tried.has(kind)) continue;
      tried.add(kind);
      used[q] = true;
      for (let rot = 0; rot < rotations; rot++) {
        const e = shown(p, q, rot);
        if (!ok(i, e)) continue;
        cell[i] = e;
        go(i + 1);
      }
      used[q] = false;
    }
  };
  go(0);
  const turnsAllowed = p.rotatable !== false && p.fixed.length === 0;
  const turns = !turnsAllowed ? [0] : rows === cols ? [0, 1, 2, 3] : [0, 2];
  const canon = new Set<string>();
  for (const l of layouts) {
    const cells = l.split('|').map((x) => x.split(',').map(Number));
    const forms = turns.map((t) => turnLayout(cells, rows, cols, t));
    canon.add(forms.sort()[0]);
  }
  return { layouts: layouts.size, classes: canon.size };
}

/** The layout turned t quarter turns clockwise, as a string (a turned square is read row by row). */
function turnLayout(cells: number[][], rows: number, cols: number, t: number): string {
  let grid = cells.map((e) => e.slice());
  let R = rows;
  let C = cols;
  for (let k = 0; k < t; k++) {
    const next: number[][] = new Array<number[]>(R * C);
    // Clockwise: old (r, c) goes to (c, R-1-r) on a C x R board; its top side becomes its right.
    for (let r = 0; r < R; r++)
      for (let c = 0; c < C; c++) next[c * R + (R - 1 - r)] = [grid[r * C + c][3], grid[r * C + c][0], grid[r * C + c][1], grid[r * C + c][2]];
    grid = next;
    [R, C] = [C, R];
  }
  return grid.map((e) => e.join(',')).join('|');
}

/** Every solution as pieces and turns (identical pieces give several), by the same plain search: for checks of hints, which fix pieces. */
export function bruteBoards(p: EdgePuzzle): { piece: number[]; rotation: number[] }[] {
  const { rows, cols } = p;
  const n = rows * cols;
  const grey = Array.from(p.edges).includes(0);
  const rotations = p.rotatable === false ? 1 : 4;
  const used = new Array<boolean>(n).fill(false);
  const fixedAt = new Map(p.fixed.map((f) => [f.row * cols + f.col, f]));
  for (const f of p.fixed) used[f.piece] = true;
  const cell: number[][] = new Array<number[]>(n);
  const piece = new Array<number>(n).fill(-1);
  const rotation = new Array<number>(n).fill(0);
  const out: { piece: number[]; rotation: number[] }[] = [];
  const ok = (i: number, e: number[]): boolean => fits(p, grey, cell, i, e);
  const go = (i: number): void => {
    if (i === n) {
      out.push({ piece: piece.slice(), rotation: rotation.slice() });
      return;
    }
    const f = fixedAt.get(i);
    const choices = f ? [[f.piece, f.rotation]] : [];
    if (!f) for (let q = 0; q < n; q++) if (!used[q]) for (let rot = 0; rot < rotations; rot++) choices.push([q, rot]);
    for (const [q, rot] of choices) {
      const e = shown(p, q, rot);
      if (!ok(i, e)) continue;
      cell[i] = e;
      piece[i] = q;
      rotation[i] = rot;
      used[q] = true;
      go(i + 1);
      if (!f) used[q] = false;
    }
  };
  go(0);
  return out;
}

/** Whether the colours `e` may stand at cell `i` beside the cells placed before it (row by row): grey exactly outside, joins matched. */
function fits(p: EdgePuzzle, grey: boolean, cell: number[][], i: number, e: number[]): boolean {
  const { rows, cols } = p;
  const r = Math.floor(i / cols);
  const c = i % cols;
  const outs = [r === 0, c === cols - 1, r === rows - 1, c === 0];
  for (let s = 0; s < 4; s++) if (grey && (e[s] === 0) !== outs[s]) return false;
  if (r > 0 && cell[i - cols][2] !== e[0]) return false;
  if (c > 0 && cell[i - 1][1] !== e[3]) return false;
  return true;
}
