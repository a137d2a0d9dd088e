/**
 * The Electron transport validates exactly like the WebSocket one: the IPC handler is driven here
 * with a stand-in for Electron's ipcMain, from the app's window and from elsewhere.
 */
import { describe, expect, it, vi } from 'vitest';
import type { ApiHandlers, Backend } from '../../../src/main/api/contract';

const ipc = vi.hoisted(() => ({ handlers: new Map<string, (e: unknown, ...args: unknown[]) => unknown>() }));
vi.mock('electron', () => ({
  app: { isPackaged: true },
  ipcMain: {
    handle: (channel: string, fn: (e: unknown, ...args: unknown[]) => unknown) => ipc.handlers.set(channel, fn),
    removeHandler: (channel: string) => ipc.handlers.delete(channel),
  },
}));

const { registerApi, API_CHANNEL } = await import('../../../src/main/electron/ipc');

describe('the IPC transport', () => {
  it('validates every call against the contract and answers only the app window', async () => {
    const getPuzzle = vi.fn(({ id }: { id: number }) => ({ id }));
    const backend = { handlers: { getPuzzle } as unknown as ApiHandlers, subscribe: () => () => undefined } satisfies Backend;
    const mainFrame = { url: 'app://workbench/index.html' };
    const webContents = { mainFrame, isDestroyed: () => false, send: () => undefined };
    const win = { isDestroyed: () => false, webContents };
    const stop = registerApi(backend, () => win as never);
    const call = (method: unknown, args: unknown, from = { sender: webContents, senderFrame: mainFrame }) => ipc.handlers.get(API_CHANNEL)!(from, method, args);
    try {
      expect(await call('getPuzzle', { id: 3 })).toEqual({ ok: true, value: { id: 3 } });
      expect(await call('getPuzzle', { id: 'one' })).toEqual({ ok: false, error: 'getPuzzle.id: expected an integer, got string' });
      expect(await call('getPuzzle', { id: 1, more: 2 })).toEqual({ ok: false, error: 'getPuzzle.more: unknown field' });
      expect(await call('runEvents', { id: 1 })).toEqual({ ok: false, error: 'unknown API method "runEvents"' });
      expect(await call('getPuzzle', { id: 3 }, { sender: webContents, senderFrame: { url: 'https://evil.example/' } })).toMatchObject({ ok: false });
      expect(getPuzzle).toHaveBeenCalledTimes(1);
    } finally {
      stop();
    }
    expect(ipc.handlers.has(API_CHANNEL)).toBe(false);
  });
});
