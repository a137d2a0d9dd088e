/**
 * Counted nouns: "1 puzzle", "2 puzzles", "1,200 runs". One helper, so no view writes
 * `${n} puzzles` and shows "1 puzzles".
 */

const int = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });

/** The noun for `n` of it: `one` for exactly 1, else `many` (default `one` + "s"). */
export function nounFor(n: number, one: string, many = `${one}s`): string {
  return n === 1 ? one : many;
}

/** `n` (thousands separated) and the noun: countNoun(1, 'puzzle') = "1 puzzle", countNoun(3, 'match', 'matches') = "3 matches". */
export function countNoun(n: number, one: string, many = `${one}s`): string {
  return `${int.format(n)} ${nounFor(n, one, many)}`;
}
