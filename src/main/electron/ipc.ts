/**
 * The Electron transport: one `api` channel for every call, validated exactly like the WebSocket
 * transport (see ../serve/dispatch.ts), plus `api-push` for backend notifications.
 */
import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import type { Backend, PushEvent } from '../api/contract';
import type { ApiReply } from '../api/transport';
import { dispatch } from '../serve/dispatch';
import { isAppUrl } from './app-origin';
import { devUrl } from './window';

export const API_CHANNEL = 'api';
export const PUSH_CHANNEL = 'api-push';

/** Serve the API to `getWindow()`'s page only. Returns a function that stops serving. */
export function registerApi(backend: Backend, getWindow: () => BrowserWindow | null): () => void {
  const fromOurWindow = (e: IpcMainInvokeEvent): boolean => {
    const win = getWindow();
    if (!win || win.isDestroyed()) return false;
    // The main frame of our window, showing our own page (not something it was tricked into loading).
    return e.sender === win.webContents && e.senderFrame !== null && e.senderFrame === win.webContents.mainFrame && isAppUrl(e.senderFrame.url, devUrl());
  };

  ipcMain.handle(API_CHANNEL, async (e, method: unknown, args: unknown): Promise<ApiReply> => {
    if (!fromOurWindow(e)) return { ok: false, error: 'refused: the call did not come from the workbench window' };
    return dispatch(backend, method, args);
  });

  const unsubscribe = backend.subscribe((event: PushEvent) => {
    const win = getWindow();
    if (win && !win.isDestroyed() && !win.webContents.isDestroyed()) win.webContents.send(PUSH_CHANNEL, event);
  });

  return () => {
    unsubscribe();
    ipcMain.removeHandler(API_CHANNEL);
  };
}
