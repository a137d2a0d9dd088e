import { jumpCellError, type JumpPuzzle } from '../model';

/**
 * Compact checkpoint text for whole populations: one string per individual, one character per
 * cell (two on boards wider than 64), so a 40x40 population of 3,200 is a few megabytes rather
 * than a JSON array of five million numbers.
 */
const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_';
const VALUE_OF = new Int32Array(128).fill(-1);
for (let k = 0; k < DIGITS.length; k++) VALUE_OF[DIGITS.charCodeAt(k)] = k;

/** Characters a cell takes in the text: one, or two on boards wider than 64. */
export function encodedWidth(p: JumpPuzzle): number {
  return Math.max(p.rows, p.cols) - 1 < 64 ? 1 : 2;
}

/** Every two-digit text, by its value (64 x 64): a cell of a wide board, or two cells of a narrow one. */
const PAIRS = Array.from({ length: 64 * 64 }, (_, v) => DIGITS[v >> 6] + DIGITS[v & 63]);

/** Pairs appended into one short string before it joins the others: long chains of appends are slow to flatten. */
const CHUNK = 1024;

/**
 * Two characters at a time in short chunks: a run's last checkpoint is written after its limit,
 * and a large population's, made a character at a time, took seconds (issue 49).
 */
export function encodeIndividual(p: JumpPuzzle, pop: Int32Array, off: number): string {
  const n = p.rows * p.cols;
  const wide = encodedWidth(p) === 2;
  // A wide board's cell is one pair; a narrow board's pair is two cells (and a last odd one alone).
  const pairs = wide ? n : n >> 1;
  const pair = wide ? (k: number): string => PAIRS[pop[off + k]] : (k: number): string => PAIRS[pop[off + 2 * k] * 64 + pop[off + 2 * k + 1]];
  const parts: string[] = [];
  for (let k = 0; k < pairs; k += CHUNK) {
    let s = '';
    for (let j = k, end = Math.min(pairs, k + CHUNK); j < end; j++) s += pair(j);
    parts.push(s);
  }
  if (!wide && n % 2 === 1) parts.push(DIGITS[pop[off + n - 1]]);
  return parts.join('');
}

/** Inverse of `encodeIndividual`; throws when the text is not a legal maze of this size. */
export function decodeIndividual(p: JumpPuzzle, text: unknown, pop: Int32Array, off: number, where: string): void {
  const n = p.rows * p.cols;
  const w = encodedWidth(p);
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
