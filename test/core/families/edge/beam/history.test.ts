import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PassHistory } from '../../../../../src/core/families/edge/beam/history';

const K = 7;

/** A pass's layers as (parent, candidate + 1) per board: each board's parent is a board of the layer before. */
const passes = fc
  .record({
    widths: fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 30 }),
    seed: fc.integer({ min: 1, max: 1 << 30 }),
    d0: fc.integer({ min: 0, max: 3 }),
    capacity: fc.integer({ min: 1, max: 60 }),
    // Entries held before thinning: within the buffer or past it.
    room: fc.integer({ min: 1, max: 80 }),
    // Every board its own parent's only child (no board dies): the buffer must grow.
    noDeaths: fc.boolean(),
  })
  .map(({ widths, seed, d0, capacity, room, noDeaths }) => {
    let s = seed;
    const rand = (m: number): number => {
      s = (Math.imul(s, 1103515245) + 12345) >>> 0;
      return (s >>> 8) % m;
    };
    const ws = noDeaths ? widths.map(() => widths[0]) : widths;
    const layers = ws.map((w, e) => Array.from({ length: w }, (_, i) => ({ parent: e === 0 ? 0 : noDeaths ? i : rand(ws[e - 1]), code: rand(K) })));
    return { layers, d0, capacity, room, widest: Math.max(...ws), whole: ws.reduce((a, b) => a + b, 0) };
  });

/** Each board of the last layer read back to the first, as the codes on its way. */
function paths(h: PassHistory, d0: number, layers: number, last: number): number[][] {
  return Array.from({ length: last }, (_, start) => {
    const codes: number[] = [];
    let i = start;
    for (let d = d0 + layers - 1; d >= d0; d--) {
      const w = h.entry(d, i);
      codes.push(w % K);
      i = Math.floor(w / K);
    }
    return codes;
  });
}

describe('a pass history', () => {
  it('reads back every board of the newest layer as written, however small its buffer or its room (thinned or grown)', () => {
    fc.assert(
      fc.property(passes, ({ layers, d0, capacity, room, widest, whole }) => {
        const h = new PassHistory(capacity, whole, d0 + layers.length, widest, K);
        const all = new PassHistory(whole, whole, d0 + layers.length, widest, K);
        h.begin(d0, room);
        all.begin(d0, whole);
        layers.forEach((layer, e) => {
          for (const x of [h, all]) {
            const at = x.open(d0 + e, layer.length);
            layer.forEach((b, i) => (x.words[at + i] = b.parent * K + b.code));
            x.close(d0 + e, layer.length);
          }
        });
        const last = layers[layers.length - 1].length;
        expect(paths(h, d0, layers.length, last)).toEqual(paths(all, d0, layers.length, last));
        expect(all.compactions + all.growths).toBe(0);
      }),
    );
  });

  it('thins a buffer of dead entries instead of growing it, and grows one whose boards all live', () => {
    const run = (parents: (i: number) => number): PassHistory => {
      const h = new PassHistory(80, 1000, 50, 10, K);
      h.begin(0, 80);
      for (let d = 0; d < 50; d++) {
        const at = h.open(d, 10);
        for (let i = 0; i < 10; i++) h.words[at + i] = (d === 0 ? 0 : parents(i)) * K + 1;
        h.close(d, 10);
      }
      return h;
    };
    // Every board a child of board 0: all but one line die at each layer (the one left takes a
    // word a layer, so 50 layers of 10 fit in 80 words).
    const thinned = run(() => 0);
    expect(thinned.compactions).toBeGreaterThan(5);
    expect([thinned.growths, thinned.words.length]).toEqual([0, 80]);
    // Every board its own line: nothing to drop.
    const grown = run((i) => i);
    expect(grown.growths).toBeGreaterThan(0);
    expect(grown.words.length).toBeGreaterThanOrEqual(500);
    const small = new PassHistory(10, 25, 5, 10, K);
    small.begin(0, 10);
    const open = (d: number): void => {
      const at = small.open(d, 10);
      for (let i = 0; i < 10; i++) small.words[at + i] = i * K + 1;
      small.close(d, 10);
    };
    open(0);
    open(1);
    expect(() => open(2)).toThrow(/cannot keep its history on this puzzle .* over 1 MB\): choose a smaller width/);
  });
});
