/**
 * Edge orders: which side of a piece each of the four colour fields of a file describes. An
 * order is written as four side letters (`trbl`, `nswe`, ...); internally it is, per field, the
 * side (0 top, 1 right, 2 bottom, 3 left) that field goes to.
 *
 * Orders that differ by a rotation (`trbl`, `rblt`, `bltr`, `ltrb`) give the same puzzle with
 * every piece turned alike; a mirror order (`tlbr`) gives the mirror puzzle. So of the 24
 * orders, only 3 "structures" (which fields are opposite each other) change what can be solved.
 */

export type Order = readonly [number, number, number, number];

const SIDE_WORDS = ['top', 'right', 'bottom', 'left'] as const;
const LETTER_SIDE: Record<string, number> = { t: 0, r: 1, b: 2, l: 3, n: 0, e: 1, s: 2, w: 3, u: 0, d: 2 };
const WORD_SIDE: Record<string, number> = {
  top: 0,
  up: 0,
  north: 0,
  n: 0,
  t: 0,
  u: 0,
  right: 1,
  east: 1,
  e: 1,
  r: 1,
  bottom: 2,
  down: 2,
  south: 2,
  s: 2,
  b: 2,
  d: 2,
  left: 3,
  west: 3,
  w: 3,
  l: 3,
};

export const TRBL: Order = [0, 1, 2, 3];

/** All 24 orders, `trbl` first. */
export const ALL_ORDERS: readonly Order[] = (() => {
  const out: Order[] = [];
  const rec = (prefix: number[]): void => {
    if (prefix.length === 4) out.push(prefix as unknown as Order);
    for (let s = 0; s < 4; s++) if (!prefix.includes(s)) rec([...prefix, s]);
  };
  rec([]);
  return out;
})();

function isPermutation(v: number[]): v is [number, number, number, number] {
  return v.length === 4 && new Set(v).size === 4 && v.every((s) => s >= 0 && s <= 3);
}

/**
 * `trbl`, `NESW`, `bltr`, `n s w e`, `top bottom left right`, `up,right,down,left`: the order
 * of the four fields. Null when it is not a permutation of the four sides.
 */
export function parseOrder(spec: string): Order | null {
  const s = spec.trim().toLowerCase();
  if (/^[trblnesw]{4}$/.test(s)) {
    const v = [...s].map((ch) => LETTER_SIDE[ch]);
    return isPermutation(v) ? v : null;
  }
  const words = s.split(/[\s,;/|-]+/).filter(Boolean);
  const v = words.map((w) => WORD_SIDE[w] ?? -1);
  return isPermutation(v) ? v : null;
}

/** Side of a column name in a CSV header (`top`, `North`, `E`), or -1. */
export function sideOfName(name: string): number {
  // Side names are short: a long word is none (and is not hashed as a property key).
  if (name.length > 12) return -1;
  return WORD_SIDE[name.trim().toLowerCase()] ?? -1;
}

/** "top bottom left right" */
export function orderText(o: Order): string {
  return o.map((s) => SIDE_WORDS[s]).join(' ');
}

/** "tblr" */
export function orderLetters(o: Order): string {
  return o.map((s) => 'trbl'[s]).join('');
}

export function sameOrder(a: Order, b: Order): boolean {
  return a[0] === b[0] && a[1] === b[1] && a[2] === b[2] && a[3] === b[3];
}

/** Every field turned k quarter turns clockwise. */
export function rotateOrder(o: Order, k: number): Order {
  return o.map((s) => (s + k) & 3) as unknown as Order;
}

/** Left and right swapped: the mirror image of every piece. */
export function mirrorOrder(o: Order): Order {
  return o.map((s) => (4 - s) & 3) as unknown as Order;
}

/** The rotation of `o` whose first field is the top: one name for the four rotations. */
export function classOf(o: Order): Order {
  return rotateOrder(o, 4 - o[0]);
}

/** Which fields are opposite one another: the part of an order that changes what can be solved. */
export function structureOf(o: Order): string {
  const opp = o.indexOf((o[0] + 2) & 3);
  return `0${opp}`;
}

/** A phrase for documentation and messages: the accepted `--order` spellings. */
export const ORDER_HELP = "four letters t r b l (or n e s w) in the file's field order, e.g. trbl, nswe, bltr";

/**
 * Pieces in file field order to top right bottom left: `fields` holds 4 per piece, field f of a
 * piece goes to side `order[f]`.
 */
export function applyOrder(fields: ArrayLike<number>, order: Order): Uint16Array {
  const out = new Uint16Array(fields.length);
  for (let i = 0; i < fields.length; i += 4) for (let f = 0; f < 4; f++) out[i + order[f]] = fields[i + f];
  return out;
}

/** A whole-puzzle symmetry as a map of sides: side s of every piece goes to side `map[s]`. */
interface Symmetry {
  map: Order;
  /** How the whole puzzle looks under it, for messages. */
  how: string;
  /** Whether rows and columns trade places (quarter turns, diagonal mirrors). */
  transposes: boolean;
}

/** The 7 symmetries of a square other than leaving it be: 3 turns and 4 mirrors. */
const SYMMETRIES: readonly Symmetry[] = [
  { map: [1, 2, 3, 0], how: 'turned a quarter clockwise', transposes: true },
  { map: [2, 3, 0, 1], how: 'turned a half', transposes: false },
  { map: [3, 0, 1, 2], how: 'turned three quarters', transposes: true },
  { map: [0, 3, 2, 1], how: 'mirrored left-right', transposes: false },
  { map: [2, 1, 0, 3], how: 'mirrored top-bottom', transposes: false },
  { map: [3, 2, 1, 0], how: 'mirrored diagonally', transposes: true },
  { map: [1, 0, 3, 2], how: 'mirrored on the other diagonal', transposes: true },
];

/** An order read in another order's place: the same puzzle, turned or mirrored as a whole. */
export interface OrderImage {
  order: Order;
  how: string;
  transposes: boolean;
}

/**
 * The orders that keep `o`'s opposite fields opposite: each reads the same pieces with every piece
 * turned or mirrored alike, i.e. the whole puzzle turned or mirrored. For pieces that turn the
 * turned ones are the same puzzle; for tiles that never turn each is another puzzle that solves
 * exactly when this one does, so no evidence in the pieces can part them.
 */
export function wholeImages(o: Order): OrderImage[] {
  return SYMMETRIES.map((s) => ({ order: o.map((side) => s.map[side]) as unknown as Order, how: s.how, transposes: s.transposes }));
}
