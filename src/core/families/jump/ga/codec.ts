import { jumpCellError, type JumpPuzzle } from '../model';

/**
 * Compact checkpoint text for whole populations: one string per individual, one character per
 * cell (two on boards wider than 64), so a 40x40 population of 3,200 is a few megabytes rather
 * than a JSON array of five million numbers.
 */
const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_';
const VALUE_OF = new Int32Array(128).fill(-1);
for (let k = 0; k < DIGITS.length; k++) VALUE_OF[DIGITS.charCodeAt(k)] = k;

function width(p: JumpPuzzle): number {
  return Math.max(p.rows, p.cols) - 1 < 64 ? 1 : 2;
}

export function encodeIndividual(p: JumpPuzzle, pop: Int32Array, off: number): string {
  const n = p.rows * p.cols;
  const w = width(p);
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const v = pop[off + i];
    out.push(w === 1 ? DIGITS[v] : DIGITS[v >> 6] + DIGITS[v & 63]);
  }
  return out.join('');
}

/** Inverse of `encodeIndividual`; throws when the text is not a legal maze of this size. */
export function decodeIndividual(p: JumpPuzzle, text: unknown, pop: Int32Array, off: number, where: string): void {
  const n = p.rows * p.cols;
  const w = width(p);
  if (typeof text !== 'string' || text.length !== n * w) throw new Error(`${where}: expected ${n * w} characters`);
  for (let i = 0; i < n; i++) {
    let v = 0;
    for (let k = 0; k < w; k++) {
      const code = text.charCodeAt(i * w + k);
      const d = code < 128 ? VALUE_OF[code] : -1;
      if (d < 0) throw new Error(`${where}: bad character at cell ${i}`);
      v = v * 64 + d;
    }
    const e = jumpCellError(p, i, v);
    if (e) throw new Error(`${where}: ${e}`);
    pop[off + i] = v;
  }
}
