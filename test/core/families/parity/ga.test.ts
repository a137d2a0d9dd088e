import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ParityGa, paritySolvers, type ParityPuzzle } from '../../../../src/core/families/parity';
import { packBits, unpackBits } from '../../../../src/core/families/parity/ga/bits';
import { binversion, bmocChild, bpmx, bswap, gridParity } from '../../../../src/core/families/parity/ga/operators';
import { Rng } from '../../../../src/core/rng/rng';
import { expectResumesIdentically, runSeeds, snapshot } from '../../../helpers/solver';
import { rescore, rows } from './rescore';

const ga = paritySolvers.find((d) => d.id === 'ga')!;

const grid = (text: string): number[] => text.split(/\s+/).filter(Boolean).map(Number);
const zerosAt = (g: Uint8Array, off: number, size: number): number => {
  let z = 0;
  for (let i = 0; i < size; i++) if (g[off + i] === 0) z++;
  return z;
};

/** A buffer of `count` grids, each a uniformly random grid with exactly m zeros. */
function randomGrids(n: number, m: number, count: number, rng: Rng): Uint8Array {
  const size = n * n;
  const g = new Uint8Array(count * size).fill(1);
  for (let k = 0; k < count; k++) {
    const perm = rng.shuffle(Array.from({ length: size }, (_, i) => i));
    for (let i = 0; i < m; i++) g[k * size + perm[i]] = 0;
  }
  return g;
}

describe('casse-tete GA operators', () => {
  // Parents of Figures 3 and 4 (n = 4, m = 6).
  const P1 = grid('1 1 0 0  0 0 1 1  1 0 1 0  1 1 1 1');
  const P2 = grid('1 1 0 0  1 0 0 1  1 1 0 1  0 1 1 1');

  it('BPMX reproduces Figure 4 in row order; in column order it turns the first surplus zero of column 0', () => {
    const g = new Uint8Array([...P1, ...P2, ...new Array<number>(32).fill(9)]);
    bpmx(g, 0, 16, 32, 48, 4, 6, 1, 2, false);
    expect(Array.from(g.subarray(32, 48))).toEqual(grid('0 1 0 0  1 0 1 1  1 0 1 1  0 1 1 1'));
    expect(Array.from(g.subarray(48, 64))).toEqual(grid('1 1 0 1  0 0 0 1  1 1 0 0  1 1 1 1'));
    bpmx(g, 0, 16, 32, 48, 4, 6, 1, 2, true);
    expect(Array.from(g.subarray(32, 48))).toEqual(grid('0 1 0 0  1 0 1 1  1 0 1 1  0 1 1 1'));
    expect(Array.from(g.subarray(48, 64))).toEqual(grid('1 1 0 0  1 0 0 1  1 1 0 0  1 1 1 1'));
  });

  it('BMOC reproduces Figure 3 (offspring 1 up to its one randomly added zero)', () => {
    const g = new Uint8Array([...P1, ...P2, ...new Array<number>(32).fill(9)]);
    const rng = new Rng(5);
    bmocChild(g, 16, 0, 32, 4, 6, 2, false, rng); // O1: P2's left zeros, then P1's right ones
    bmocChild(g, 0, 16, 48, 4, 6, 2, false, rng);
    expect(Array.from(g.subarray(48, 64))).toEqual(grid('1 1 0 0  0 0 0 1  1 0 1 1  1 1 1 1'));
    // Column order takes P2's right zeros column by column: (0,2) (1,2) (2,2) before (0,3).
    bmocChild(g, 0, 16, 48, 4, 6, 2, true, rng);
    expect(Array.from(g.subarray(48, 64))).toEqual(grid('1 1 0 1  0 0 0 1  1 0 0 1  1 1 1 1'));
    const o1 = Array.from(g.subarray(32, 48));
    const fixed = [2, 3, 5, 11, 12]; // (0,2) (0,3) (1,1) (2,3) (3,0)
    for (const i of fixed) expect(o1[i]).toBe(0);
    expect(o1.filter((v) => v === 0).length).toBe(6); // the figure's sixth is (3,2), drawn at random
  });

  it('BInversion reproduces Figure 5 (a run of the column-major chromosome reversed)', () => {
    const g = new Uint8Array(grid('0 0 1 0  0 0 1 1  1 1 1 0  1 0 1 0'));
    const rp = new Uint8Array(4);
    const cp = new Uint8Array(4);
    const before = gridParity(g, 0, 4, rp, cp, 0);
    const d = binversion(g, 0, 4, rp, cp, 0, 4, 6);
    expect(Array.from(g)).toEqual(grid('0 1 1 0  0 0 1 1  1 0 1 0  1 0 1 0'));
    expect(before + d).toBe(rescore(rows(4, g)).odd);
  });

  it('crossovers keep exactly m zeros', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 14 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer(),
        fc.integer(),
        fc.boolean(),
        (n, frac, seed, cut, byColumn) => {
          const size = n * n;
          const m = Math.min(size, Math.floor(frac * (size + 1)));
          const rng = new Rng(seed);
          const g = randomGrids(n, m, 4, rng);
          const w = 1 + (Math.abs(cut) % (n - 1));
          bmocChild(g, 0, size, 2 * size, n, m, w, byColumn, rng);
          expect(zerosAt(g, 2 * size, size)).toBe(m);
          bmocChild(g, size, 0, 3 * size, n, m, w, byColumn, rng);
          expect(zerosAt(g, 3 * size, size)).toBe(m);
          const a = Math.abs(cut) % n;
          const b = a + (Math.abs(seed) % (n - a));
          bpmx(g, 0, size, 2 * size, 3 * size, n, m, a, b, byColumn);
          expect(zerosAt(g, 2 * size, size)).toBe(m);
          expect(zerosAt(g, 3 * size, size)).toBe(m);
          // BPMX keeps the band [a, b] of each offspring's own parent untouched.
          for (let r = 0; r < n; r++)
            for (let c = a; c <= b; c++) {
              expect(g[2 * size + r * n + c]).toBe(g[r * n + c]);
              expect(g[3 * size + r * n + c]).toBe(g[size + r * n + c]);
            }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('mutations keep exactly m zeros and return the exact cost change', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 12 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.integer(), (n, frac, seed) => {
        const size = n * n;
        const m = Math.min(size, Math.floor(frac * (size + 1)));
        const rng = new Rng(seed);
        const g = randomGrids(n, m, 1, rng);
        const rp = new Uint8Array(n);
        const cp = new Uint8Array(n);
        let cost = gridParity(g, 0, n, rp, cp, 0);
        for (let k = 0; k < 20; k++) {
          const i = rng.int(size);
          const j = rng.int(size);
          cost += k % 2 ? bswap(g, 0, n, rp, cp, 0, i, j) : binversion(g, 0, n, rp, cp, 0, Math.min(i, j), Math.max(i, j));
          expect(rescore(rows(n, g))).toEqual({ odd: cost, zeros: m });
          const rp2 = new Uint8Array(n);
          const cp2 = new Uint8Array(n);
          gridParity(g, 0, n, rp2, cp2, 0);
          expect(rp).toEqual(rp2);
          expect(cp).toEqual(cp2);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('packs grids to base64 bits and back', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 200 }), fc.integer({ min: 0, max: 5 }), (bytes, off) => {
        const cells = new Uint8Array(off + bytes.length);
        bytes.forEach((b, i) => (cells[off + i] = b & 1));
        const text = packBits(cells, off, bytes.length);
        expect(text).toMatch(/^[A-Za-z0-9+/]*=*$/);
        const back = new Uint8Array(bytes.length + 3).fill(7);
        unpackBits(text, back, 3, bytes.length, 'test');
        expect(Array.from(back.subarray(3))).toEqual(Array.from(cells.subarray(off)));
      }),
    );
    expect(() => unpackBits('AAA', new Uint8Array(8), 0, 8, 'x')).toThrow(/x: expected 8 packed cells/);
    expect(() => unpackBits('A*A=', new Uint8Array(8), 0, 8, 'x')).toThrow(/x: not base64/);
  });
});

describe('casse-tete GA', () => {
  const combos: Record<string, string>[] = [
    { crossover: 'bpmx', mutation: 'bswap' },
    { crossover: 'bpmx', mutation: 'binversion' },
    { crossover: 'bmoc', mutation: 'bswap' },
    { crossover: 'bmoc', mutation: 'binversion' },
    // The other reading of P_m: every cell may start a mutation.
    { crossover: 'bpmx', mutation: 'bswap', mutationPer: 'gene' },
    { crossover: 'bmoc', mutation: 'binversion', mutationPer: 'gene' },
    // MATLAB's column-major order for the crossovers' "first" zeros.
    { crossover: 'bpmx', mutation: 'bswap', crossoverOrder: 'column' },
    { crossover: 'bmoc', mutation: 'bswap', crossoverOrder: 'column' },
  ];

  it("is in the catalogue with the paper's defaults", () => {
    expect(ga.family).toBe('parity');
    const d = Object.fromEntries(Object.entries(ga.params).map(([k, v]) => [k, v.default]));
    expect(d).toEqual({
      crossover: 'bpmx',
      crossoverOrder: 'row',
      mutation: 'bswap',
      population: 1000,
      generations: 10000,
      tournament: 10,
      crossoverRate: 0.8,
      mutationRate: 0.01,
      mutationPer: 'offspring',
    });
    for (const spec of Object.values(ga.params)) expect(spec.help.length).toBeGreaterThan(20);
  });

  it('solves CT_10(50) with every crossover and mutation, and the solution rescores legal', () => {
    const p = { n: 10, m: 50 };
    for (const params of combos) {
      const run = ga.create(p, params, 3);
      while (!run.finished) run.step(1000);
      expect(run.bestScore).toBe(0);
      expect(rescore((run.bestSolution() as { cells: number[][] }).cells)).toEqual({ odd: 0, zeros: 50 });
    }
  });

  it('per gene, mutates about rate x cells times per offspring; per offspring, at most once', () => {
    const count = (mutationPer: string): number => {
      // No crossover: every change from a parent is a mutation; BSwap of two unequal cells.
      const run = ga.create({ n: 10, m: 50 }, { population: 2, crossoverRate: 0, mutationRate: 0.2, mutationPer, generations: 0 }, 5);
      let changed = 0;
      for (let k = 0; k < 200; k++) {
        const before = [0, 1].map((s) => (run as ParityGa).individual(s).join(''));
        run.step(2);
        const after = [0, 1].map((s) => (run as ParityGa).individual(s).join(''));
        changed += after.filter((x) => !before.includes(x)).length;
      }
      return changed;
    };
    expect(count('gene')).toBeGreaterThan(count('offspring'));
  });

  it('keeps every individual legal, its score right, and counts one evaluation per offspring', () => {
    const p: ParityPuzzle = { n: 7, m: 19 };
    for (const params of combos) {
      const mu = 30;
      const run = new ParityGa(p, { ...defaults(), ...params, population: mu, mutationRate: 0.5 }, new Rng(11));
      // The random start is made inside steps, one evaluation per grid.
      while (run.evaluations < mu && !run.finished) run.step(mu - run.evaluations);
      let lastBest = run.bestScore;
      for (let k = 0; k < 40 && !run.finished; k++) {
        run.step(10);
        expect((run.evaluations - mu) % 2).toBe(0);
        expect(run.generation).toBe(Math.floor((run.evaluations - mu) / 2 / Math.ceil(mu / 2)));
        let sum = 0;
        let min = Infinity;
        for (let s = 0; s < mu; s++) {
          const r = rescore(rows(7, run.individual(s)));
          expect(r.zeros).toBe(19);
          sum += r.odd;
          min = Math.min(min, r.odd);
        }
        expect(run.meanScore).toBeCloseTo(-sum / mu, 9);
        expect(run.currentScore).toBe(0 - min);
        expect(run.bestScore).toBeGreaterThanOrEqual(Math.max(lastBest, run.currentScore));
        lastBest = run.bestScore;
        expect(rescore((run.bestSolution() as { cells: number[][] }).cells)).toEqual({ odd: 0 - run.bestScore, zeros: 19 });
      }
    }
  });

  it('makes its random start inside steps, so a population of a million stops on time, and resumes mid-start exactly', () => {
    const t0 = performance.now();
    const big = ga.create({ n: 10, m: 20 }, { population: 1_000_000 }, 2);
    big.step(100);
    expect(performance.now() - t0).toBeLessThan(1500);
    expect(big.evaluations).toBeLessThanOrEqual(101);
    const p: ParityPuzzle = { n: 9, m: 27 };
    const params = { population: 45, generations: 0 };
    const cps = expectResumesIdentically(ga.create(p, params, 6), (cp) => ga.restore(p, params, cp), [3, 20, 44, 45, 46, 300], { slice: 7 }) as {
      initialised?: number;
    }[];
    expect(cps[0].initialised).toBe(3);
    expect(() => ga.restore(p, params, { ...cps[0], perm: [1, 2] })).toThrow(/damaged/);
  });

  it('returns from step() as soon as the best improves', () => {
    const run = ga.create({ n: 14, m: 98 }, { population: 50 }, 4);
    let improvements = 0;
    for (let k = 0; k < 60 && !run.finished; k++) {
      const before = run.bestScore;
      const evals = run.evaluations;
      run.step(1_000_000);
      if (run.bestScore > before) improvements++;
      expect(run.bestScore > before || run.finished).toBe(true);
      expect(run.evaluations - evals).toBeLessThan(1_000_000);
    }
    expect(improvements).toBeGreaterThan(2);
  });

  it('is deterministic per seed', () => {
    const p = { n: 12, m: 60 };
    for (const params of combos) {
      const [a, b, c] = runSeeds((seed) => ga.create(p, { ...params, population: 40 }, seed), [7, 7, 8], 2000, { slice: 97 });
      expect(snapshot(b)).toEqual(snapshot(a));
      expect(c.checkpoint()).not.toEqual(a.checkpoint());
    }
  });

  it('continues identically after checkpoint()/restore, mid-generation included', () => {
    const p = { n: 11, m: 41 };
    for (const params of combos) {
      const full = { ...params, population: 31, mutationRate: 0.3 };
      // Checkpointed after 3 generations and 7 matings.
      expectResumesIdentically(ga.create(p, full, 99), (cp) => ga.restore(p, full, cp), [31 + 2 * 7 + 2 * 16 * 3, 4000], { slice: 97 });
    }
  });

  it('finishes after the last generation, and refuses damaged checkpoints and oversized populations', () => {
    const p = { n: 4, m: 2 }; // infeasible: never solved
    const run = ga.create(p, { population: 10, generations: 3 }, 1);
    while (!run.finished) run.step(7);
    expect(run.iteration).toBe(3);
    expect(run.evaluations).toBe(10 + 3 * 10);
    expect(run.bestScore).toBeLessThan(0);
    const cp = run.checkpoint() as { pop: string[] };
    expect(() => ga.restore(p, { population: 10, generations: 3 }, { ...cp, pop: cp.pop.slice(1) })).toThrow(/9 individuals, expected the population 10/);
    expect(() => ga.restore(p, { population: 10 }, null)).toThrow(/damaged/);
    expect(() => ga.create({ n: 1000, m: 500000 }, { population: 5000 }, 1)).toThrow(/^parameter population: /);
  });
});

function defaults() {
  return Object.fromEntries(Object.entries(ga.params).map(([k, v]) => [k, v.default])) as ConstructorParameters<typeof ParityGa>[1];
}
