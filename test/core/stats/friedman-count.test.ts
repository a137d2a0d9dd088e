import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { friedman } from '../../../src/core/stats/over-puzzles';
import { FRIEDMAN_COUNT_BELOW, FRIEDMAN_SHUFFLES, friedmanCountedP } from '../../../src/core/stats/friedman-count';

/** Calls `visit` with every reordering of every row of the table (the first too): the slow, plain walk. */
function everyReordering(table: number[][], visit: (rows: number[][]) => void): void {
  const k = table[0]!.length;
  const orders: number[][] = [];
  const build = (p: number[]): void => {
    if (p.length === k) orders.push(p);
    else for (let j = 0; j < k; j++) if (!p.includes(j)) build([...p, j]);
  };
  build([]);
  const walk = (i: number, rows: number[][]): void => {
    if (i === table.length) visit(rows);
    else for (const o of orders) walk(i + 1, [...rows, o.map((j) => table[i]![j]!)]);
  };
  walk(0, []);
}

/** The share of every reordering whose statistic, compared as the chi-square itself, reaches the table's. */
function bruteP(table: number[][]): number {
  const observed = friedman(table)!.statistic;
  let hits = 0;
  let all = 0;
  everyReordering(table, (rows) => {
    all++;
    if (friedman(rows)!.statistic >= observed - 1e-9) hits++;
  });
  return hits / all;
}

/** Per pair a < b: the share of every reordering whose rank sums of a and b differ by at least the table's. */
function brutePairs(table: number[][]): number[] {
  const k = table[0]!.length;
  const rankSums = (rows: number[][]): number[] => {
    const sums = new Array<number>(k).fill(0);
    for (const row of rows)
      for (let j = 0; j < k; j++) {
        // Midranks, 1 = the largest figure (as the Friedman test ranks them).
        const above = row.filter((x) => x > row[j]!).length;
        const equal = row.filter((x) => x === row[j]!).length;
        sums[j]! += above + (equal + 1) / 2;
      }
    return sums;
  };
  const observed = rankSums(table);
  const out: number[] = [];
  for (let a = 0; a < k; a++)
    for (let b = a + 1; b < k; b++) {
      const d = Math.abs(observed[a]! - observed[b]!);
      let hits = 0;
      let all = 0;
      everyReordering(table, (rows) => {
        all++;
        const s = rankSums(rows);
        if (Math.abs(s[a]! - s[b]!) >= d - 1e-9) hits++;
      });
      out.push(hits / all);
    }
  return out;
}

describe('friedmanCountedP', () => {
  it('counts every reordering where they are few: the textbook values for 3 settings', () => {
    // 3 puzzles in one order: 1 in 36. Four puzzles at statistic 6.5: 0.042 (tables), the chi-square tail 0.039.
    const same = [
      [3, 2, 1],
      [3, 2, 1],
      [3, 2, 1],
    ];
    expect(friedmanCountedP(same)).toMatchObject({ p: 1 / 36, method: 'exact' });
    const r = friedmanCountedP([...same, [3, 1, 2]])!;
    expect(r.p).toBeCloseTo(0.0417, 4);
    // The chi-square tail calls this one under 0.05; the count does not.
    const split = [
      [3, 2, 1],
      [3, 2, 1],
      [3, 1, 2],
      [3, 1, 2],
    ];
    expect(friedman(split)!.p).toBeLessThan(0.05);
    expect(friedmanCountedP(split)!.p).toBeCloseTo(0.0694, 4);
    // Two settings: the two-sided sign test (2 of 32), where the chi-square tail says 0.025.
    expect(friedmanCountedP(Array.from({ length: 5 }, () => [2, 1]))!.p).toBe(2 / 32);
  });

  it('equals the plain count over every reordering of every row, ties included', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 2, max: 3 })
          .chain((k) => fc.array(fc.array(fc.integer({ min: 0, max: 3 }), { minLength: k, maxLength: k }), { minLength: 2, maxLength: k === 2 ? 6 : 4 })),
        (table) => {
          const r = friedmanCountedP(table)!;
          expect(r.method).toBe('exact');
          expect(r.p).toBeCloseTo(bruteP(table), 12);
          // Each pair's post-hoc p, counted with the first row held, is the plain count's for that pair.
          const pairs = brutePairs(table);
          expect(r.pairs).toHaveLength(pairs.length);
          r.pairs.forEach((p, i) => expect(p).toBeCloseTo(pairs[i]!, 12));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('shuffles (seeded: the same p every time) past the exact count, and leaves 50 puzzles and more to the chi-square tail', () => {
    const table = Array.from({ length: 12 }, (_, i) => [5, 4, 3, 2, 1].map((x, j) => (i % 3 === 0 && j < 2 ? 5 - x + 4 : x)));
    const a = friedmanCountedP(table)!;
    expect(a.method).toBe('permutation');
    expect(friedmanCountedP(table)).toEqual(a);
    expect(a.p).toBeGreaterThanOrEqual(1 / (FRIEDMAN_SHUFFLES + 1));
    // A shuffled p within the sampling error of the chi-square tail for a table this clear.
    expect(a.p).toBeLessThan(0.01);
    // The pairs from the same shuffles: settings 0 and 1 change places on every third puzzle only, so
    // they are far apart from 3 and 4 (rank sums 16 apart or more) but not from each other.
    expect(a.pairs).toHaveLength(10);
    expect(a.pairs[0]).toBeGreaterThan(0.2);
    expect(a.pairs[3]).toBeLessThan(0.01);
    for (const p of a.pairs) expect(p).toBeGreaterThanOrEqual(1 / (FRIEDMAN_SHUFFLES * 10 + 1));
    expect(friedmanCountedP(Array.from({ length: FRIEDMAN_COUNT_BELOW }, () => [2, 1, 3]))).toBeNull();
    expect(friedmanCountedP([[1, 2, 3]])).toBeNull();
  });
});
