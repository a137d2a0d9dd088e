import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { childPoolCap } from '../../../../../../src/core/families/edge/beam/children';
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
});
