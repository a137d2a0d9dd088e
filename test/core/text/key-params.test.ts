import { describe, expect, it } from 'vitest';
import { edgeSolvers } from '../../../src/core/families/edge';
import { keyParamsText } from '../../../src/core/text/run-text';

describe('key parameters of a run', () => {
  const beam = edgeSolvers.find((s) => s.id === 'beam')!;
  it('name the cores a run uses first, so Live shows them however many others changed', () => {
    expect(keyParamsText({ width: 8, maxWidth: 16, balance: true, threads: 3 }, beam.params, 2)).toBe('threads=3, balance=true, +2');
    expect(keyParamsText({ width: 8, threads: 1 }, beam.params)).toBe('width=8');
  });
});
