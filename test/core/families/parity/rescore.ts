/** Independent check of a grid in JSON form: odd rows + odd columns, counted naively, and zeros. */
export function rescore(cells: number[][]): { odd: number; zeros: number } {
  const n = cells.length;
  let odd = 0;
  let zeros = 0;
  for (let r = 0; r < n; r++) {
    let kept = 0;
    for (let c = 0; c < n; c++) {
      if (cells[r][c] === 1) kept++;
      else if (cells[r][c] === 0) zeros++;
      else throw new Error(`cell ${r},${c} is ${cells[r][c]}`);
    }
    if (kept % 2 === 1) odd++;
  }
  for (let c = 0; c < n; c++) {
    let kept = 0;
    for (let r = 0; r < n; r++) if (cells[r][c] === 1) kept++;
    if (kept % 2 === 1) odd++;
  }
  return { odd, zeros };
}

/** Row-major 0/1 cells -> rows. */
export function rows(n: number, cells: ArrayLike<number>): number[][] {
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => cells[r * n + c]));
}
