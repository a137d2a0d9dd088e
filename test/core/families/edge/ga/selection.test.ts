import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Rng } from '../../../../../src/core/rng/rng';
import { Selector, sortByFitness, type SelectionOptions } from '../../../../../src/core/engines/genetic/selection';
import { WeightedChoice } from '../../../../../src/core/engines/genetic/weighted';

const schemes: SelectionOptions[] = [
  { scheme: 'roulette', pressure: 1.5, tournamentSize: 3, replacement: true },
  { scheme: 'ranking', pressure: 1.5, tournamentSize: 3, replacement: true },
  { scheme: 'ranking', pressure: 2, tournamentSize: 3, replacement: true },
  { scheme: 'tournament', pressure: 1.5, tournamentSize: 3, replacement: true },
  { scheme: 'tournament', pressure: 1.5, tournamentSize: 3, replacement: false },
  { scheme: 'tournament', pressure: 1.5, tournamentSize: 50, replacement: false },
];

describe('GA selection', () => {
  it.each(schemes)('returns valid indices for any fitness values (%o)', (opts) => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1000, noNaN: true }), { minLength: 1, maxLength: 60 }), fc.integer(), (fits, seed) => {
        const sel = new Selector(fits.length, opts);
        sel.prepare(Float64Array.from(fits));
        const rng = new Rng(seed);
        for (let k = 0; k < 50; k++) {
          const i = sel.pick(rng);
          if (!Number.isInteger(i) || i < 0 || i >= fits.length) throw new Error(`index ${i} out of 0..${fits.length - 1}`);
        }
      }),
      { numRuns: 60 },
    );
  });

  it.each(schemes)('favours the fitter: the top quarter is picked far more often than the bottom quarter (%o)', (opts) => {
    const n = 100;
    // Shuffled fitness values so index order tells nothing.
    const fit = new Rng(1).shuffle(Float64Array.from({ length: n }, (_, i) => 1 + i));
    const sel = new Selector(n, opts);
    sel.prepare(fit);
    const rng = new Rng(2);
    let top = 0;
    let bottom = 0;
    for (let k = 0; k < 20_000; k++) {
      const f = fit[sel.pick(rng)];
      if (f > 75) top++;
      else if (f <= 25) bottom++;
    }
    expect(top).toBeGreaterThan(bottom * 1.5);
  });

  it('a tournament without replacement as large as the population always returns the best', () => {
    const fit = Float64Array.from([3, 9, 1, 9, 4]);
    const sel = new Selector(5, { scheme: 'tournament', pressure: 1.5, tournamentSize: 5, replacement: false });
    sel.prepare(fit);
    const rng = new Rng(3);
    // Ties go to the lower index.
    for (let k = 0; k < 100; k++) expect(sel.pick(rng)).toBe(1);
  });

  it('linear ranking probabilities follow (2 - s)/n + 2i(s - 1)/(n(n - 1))', () => {
    const n = 5;
    const s = 2;
    const fit = Float64Array.from([10, 50, 30, 20, 40]);
    const sel = new Selector(n, { scheme: 'ranking', pressure: s, tournamentSize: 3, replacement: true });
    sel.prepare(fit);
    const counts = new Array<number>(n).fill(0);
    const rng = new Rng(4);
    const draws = 100_000;
    for (let k = 0; k < draws; k++) counts[sel.pick(rng)]++;
    // Ranks (worst 0): index 0 -> 0, 3 -> 1, 2 -> 2, 4 -> 3, 1 -> 4.
    const rank = [0, 4, 2, 1, 3];
    for (let i = 0; i < n; i++) {
      const p = (2 - s) / n + (2 * rank[i] * (s - 1)) / (n * (n - 1));
      expect(counts[i] / draws).toBeCloseTo(p, 2);
    }
  });

  it('roulette with all-zero fitness picks uniformly; sortByFitness orders worst first, ties by index', () => {
    const sel = new Selector(4, { scheme: 'roulette', pressure: 1.5, tournamentSize: 3, replacement: true });
    sel.prepare(new Float64Array(4));
    const rng = new Rng(5);
    const seen = new Set<number>();
    for (let k = 0; k < 200; k++) seen.add(sel.pick(rng));
    expect([...seen].sort()).toEqual([0, 1, 2, 3]);
    expect(Array.from(sortByFitness(Float64Array.from([2, 1, 2, 0]), new Int32Array(4)))).toEqual([3, 1, 0, 2]);
  });

  it('weighted choice never picks a zero weight, and honours a switched-off operator', () => {
    const w = new WeightedChoice([0, 2, 0, 1, 0]);
    const rng = new Rng(6);
    const counts = [0, 0, 0, 0, 0];
    for (let k = 0; k < 30_000; k++) counts[w.pick(rng)]++;
    expect(counts[0] + counts[2] + counts[4]).toBe(0);
    expect(counts[1] / counts[3]).toBeGreaterThan(1.8);
    expect(counts[1] / counts[3]).toBeLessThan(2.2);
    for (let k = 0; k < 1000; k++) expect(w.pickWithout(rng, 1 << 1)).toBe(3);
    expect(w.pickWithout(rng, (1 << 1) | (1 << 3))).toBe(-1);
    expect(new WeightedChoice([0, 0]).total).toBe(0);
  });
});
