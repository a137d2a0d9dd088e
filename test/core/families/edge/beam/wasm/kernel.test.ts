import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { ChildPool, SPAN, childPoolCap } from '../../../../../../src/core/families/edge/beam/children';
import { boardOrder } from '../../../../../../src/core/families/edge/beam/order';
import { Rng } from '../../../../../../src/core/rng/rng';
import { ScanTables } from '../../../../../../src/core/families/edge/beam/tables';
import { EXPAND_WASM, EXPAND_WASM_SHA256 } from '../../../../../../src/core/families/edge/beam/wasm/expand-wasm';
import { ExpandKernel } from '../../../../../../src/core/families/edge/beam/wasm/kernel';
import { generatePuzzle } from '../../helpers';

const source = new URL('../../../../../../src/core/families/edge/beam/wasm/expand.as', import.meta.url);

describe('the beam in WebAssembly', () => {
  it('is built from expand.as as it stands (else run `npm run build:wasm`)', () => {
    expect(createHash('sha256').update(readFileSync(source, 'utf8')).digest('hex')).toBe(EXPAND_WASM_SHA256);
    const m = new WebAssembly.Module(Buffer.from(EXPAND_WASM, 'base64'));
    expect(WebAssembly.Module.imports(m)).toEqual([{ module: 'env', name: 'memory', kind: 'memory' }]);
  });

  it('leaves a run over its 4 GB of memory to the JavaScript loops', () => {
    const p = generatePuzzle(4, 4, 1).puzzle;
    const T = new ScanTables(p, new Uint8Array(16).fill(1), true, true);
    expect(ExpandKernel.create(2 ** 26, 1, 4, 1, childPoolCap(2 ** 26), T)).toBeNull();
    expect(ExpandKernel.create(64, 1, 4, 1, childPoolCap(64), T)).not.toBeNull();
  });

  it('leaves a run to the JavaScript loops where WebAssembly cannot compile the kernel (one without SIMD)', () => {
    const p = generatePuzzle(4, 4, 1).puzzle;
    const T = new ScanTables(p, new Uint8Array(16).fill(1), true, true);
    const real = WebAssembly;
    class NoSimd {
      constructor() {
        throw new real.CompileError('SIMD unsupported');
      }
    }
    vi.stubGlobal('WebAssembly', { Module: NoSimd, Instance: real.Instance, Memory: real.Memory });
    try {
      expect(ExpandKernel.create(64, 1, 4, 1, childPoolCap(64), T)).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
    expect(ExpandKernel.create(64, 1, 4, 1, childPoolCap(64), T)).not.toBeNull();
  });

  it("cuts its child pool as the JavaScript's does: the children of the highest keys, in the order they came, however far apart the keys", () => {
    const p = generatePuzzle(4, 4, 1).puzzle;
    const T = new ScanTables(p, new Uint8Array(16).fill(1), true, true);
    const W = 4096;
    const k = ExpandKernel.create(W, 1, 4, 1, childPoolCap(W), T)!;
    const rng = new Rng(5);
    // Keys' joins 0-3 (their joins-and-rank parts counted in one sweep), then wider (counted in
    // buckets, then inside the k-th's bucket: one more sweep or two). Many cuts, so that the k-th
    // key falls at a bucket's edges too.
    for (let trial = 0; trial < 120; trial++) {
      const joins = [4, 70, 301, 5000, 100_000][trial % 5]!;
      const ranks = trial % 10 < 5 ? 6 : 1024;
      const total = 200 + rng.int(2800);
      const keep = 1 + rng.int(total - 1);
      const js = new ChildPool(W, rng);
      for (let i = 0; i < total; i++) {
        const key = rng.int(joins) * 1048576 + rng.int(ranks) * 1024 + (rng.next() < 0.5 ? rng.int(4) : 1020 + rng.int(4));
        js.parent[i] = k.pool.parent[i] = i;
        js.cand[i] = k.pool.cand[i] = -1;
        js.score[i] = k.pool.score[i] = Math.floor(key / 1048576);
        js.key[i] = k.pool.key[i] = key;
      }
      const keys = Array.from(js.key.subarray(0, total))
        .sort((a, b) => b - a)
        .slice(0, keep);
      js.count = total;
      js.select(keep);
      k.commit(0, keep, total, 1, 4, 1, 0, 0, 0, 0);
      expect(Array.from(k.pool.key.subarray(0, keep)).sort((a, b) => b - a)).toEqual(keys);
      const order = Array.from(k.pool.parent.subarray(0, keep));
      expect(order).toEqual([...order].sort((a, b) => a - b));
      expect(order).toEqual(Array.from(js.parent.subarray(0, keep)));
    }
  });

  it('visits a layer in the order boardOrder gives, with tallies ranked in buckets where scores and tallies span more than SPAN keys', () => {
    const p = generatePuzzle(4, 4, 1).puzzle;
    const T = new ScanTables(p, new Uint8Array(16).fill(1), true, true);
    const W = 4096;
    const plain = ExpandKernel.create(W, 1, 4, 1, childPoolCap(W), T)!;
    const ranked = ExpandKernel.create(W, 1, 4, 1, childPoolCap(W), T, true)!;
    fc.assert(
      fc.property(
        // Scores over 40 (exact), 100 and 700 (tallies in buckets of 2 and 16) and 70,000 joins (the layer's own order).
        fc.constantFrom(40, 100, 700, 70_000),
        fc.integer({ min: 0, max: W }),
        fc.boolean(),
        fc.integer(),
        (span, size, rank, seed) => {
          const k = rank ? ranked : plain;
          const rng = new Rng(seed);
          const c = seed & 1;
          const score = k.score[c].subarray(0, size);
          for (let i = 0; i < size; i++) score[i] = rng.int(span) - 5;
          const tally = rank ? k.rank!.tally[c].subarray(0, size) : null;
          if (tally) for (let i = 0; i < size; i++) tally[i] = rng.int(1500);
          const ord = new Int32Array(size);
          const exact = boardOrder(size, Int32Array.from(score), tally && Int32Array.from(tally), ord, new Int32Array(SPAN));
          const got = k.order(c, size);
          expect(got.exact).toBe(exact);
          expect(Array.from(got.ord)).toEqual(Array.from(ord));
        },
      ),
      { numRuns: 60 },
    );
  });
});
