import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Rng } from '../../../src/core/rng/rng';

describe('Rng', () => {
  it('gives the same stream for the same seed and different streams for different seeds', () => {
    const a = new Rng(42);
    const b = new Rng(42);
    const c = new Rng(43);
    const sa = Array.from({ length: 100 }, () => a.u32());
    expect(Array.from({ length: 100 }, () => b.u32())).toEqual(sa);
    expect(Array.from({ length: 100 }, () => c.u32())).not.toEqual(sa);
  });

  it('continues identically from a saved state', () => {
    fc.assert(
      fc.property(fc.integer(), fc.nat(500), (seed, skip) => {
        const r = new Rng(seed);
        for (let i = 0; i < skip; i++) r.u32();
        const state = JSON.parse(JSON.stringify(r.getState())) as unknown;
        expect(Rng.isState(state)).toBe(true);
        const copy = new Rng(state as ReturnType<Rng['getState']>);
        for (let i = 0; i < 50; i++) expect(copy.u32()).toBe(r.u32());
      }),
    );
  });

  it('int(n) stays in range and is roughly uniform', () => {
    const r = new Rng(7);
    const counts = new Array<number>(10).fill(0);
    for (let i = 0; i < 100_000; i++) {
      const v = r.int(10);
      expect(v >= 0 && v < 10).toBe(true);
      counts[v]++;
    }
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(500);
  });

  it('shuffle keeps the multiset', () => {
    fc.assert(
      fc.property(fc.integer(), fc.array(fc.integer({ min: 0, max: 5 })), (seed, arr) => {
        const s = new Rng(seed).shuffle([...arr]);
        expect([...s].sort()).toEqual([...arr].sort());
      }),
    );
  });
});
