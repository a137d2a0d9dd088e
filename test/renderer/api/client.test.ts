import { describe, expect, it } from 'vitest';
import { createClient, type Transport } from '../../../src/renderer/src/api/client';
import type { PushEvent } from '../../../src/main/api/types';

describe('the API client', () => {
  it('turns every contract method into a call of that name, with no list of methods to keep', async () => {
    const calls: [string, unknown][] = [];
    const listeners: ((e: PushEvent) => void)[] = [];
    const transport: Transport = {
      kind: 'electron',
      call: async (method, args) => {
        calls.push([method, args]);
        return method;
      },
      onPush: (l) => {
        listeners.push(l);
        return () => undefined;
      },
      onState: () => () => undefined,
      close: () => undefined,
    };
    const { api } = createClient(transport);
    expect(await api.getPuzzle({ id: 2 })).toBe('getPuzzle');
    expect(await api.runFacets(undefined as never)).toBe('runFacets');
    expect(calls).toEqual([
      ['getPuzzle', { id: 2 }],
      ['runFacets', {}],
    ]);
    expect(api.listPuzzles).toBe(api.listPuzzles);
    // Never taken for a promise: awaiting or returning the API from an async function gives the API.
    expect((api as unknown as { then?: unknown }).then).toBeUndefined();
    expect(await Promise.resolve(api)).toBe(api);
    const got: PushEvent[] = [];
    api.subscribe((e) => got.push(e));
    listeners[0]!({ type: 'puzzles-changed' });
    expect(got).toEqual([{ type: 'puzzles-changed' }]);
  });
});
