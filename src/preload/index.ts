/**
 * The whole surface the sandboxed page gets: `window.workbench.call` and `window.workbench.onPush`.
 * Built as CommonJS (out/preload/index.cjs) because a sandboxed renderer cannot load an ESM preload.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { PushEvent } from '../main/api/contract';
import type { ApiReply, WorkbenchBridge } from '../main/api/transport';

const bridge: WorkbenchBridge = {
  call: (method, args) => ipcRenderer.invoke('api', method, args) as Promise<ApiReply>,
  onPush: (listener) => {
    if (typeof listener !== 'function') throw new TypeError('onPush needs a function');
    // Never hand the page the IPC event object (it carries `sender`).
    const wrapped = (_e: IpcRendererEvent, event: PushEvent): void => listener(event);
    ipcRenderer.on('api-push', wrapped);
    return () => {
      ipcRenderer.removeListener('api-push', wrapped);
    };
  },
};

contextBridge.exposeInMainWorld('workbench', bridge);
