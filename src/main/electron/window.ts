/**
 * The one application window, locked down: isolated, sandboxed, no Node in the page, no remote
 * content, no navigation away from the app (in any frame), no new windows, no permissions. Its
 * page comes from `app://workbench/` with the CSP as a header (protocol.ts); the electron-vite
 * dev server is used only in an unpackaged build.
 */
import { app, BrowserWindow, session, type WebContents } from 'electron';
import { fileURLToPath } from 'node:url';
import { APP_ENTRY, devServerUrl } from './app-origin';

const preloadPath = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));

/** The built renderer, served under app://workbench/. */
export const rendererDir = fileURLToPath(new URL('../renderer', import.meta.url));

/** The dev server URL when this is an unpackaged build started by `electron-vite dev`, else null. */
export function devUrl(): string | null {
  return devServerUrl(app.isPackaged, process.env);
}

/** Deny every permission request (camera, notifications, geolocation, ...) for every page. */
export function lockDownSessions(): void {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
  ses.setDevicePermissionHandler(() => false);
}

/** Applied to every web contents the app ever creates (including any the page might try to open). */
export function hardenWebContents(contents: WebContents): void {
  contents.on('will-navigate', (event) => event.preventDefault());
  // Sub-frames too (will-navigate covers only the main frame).
  contents.on('will-frame-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

export function createMainWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 720,
    minHeight: 480,
    show: false,
    title: 'Puzzle Workbench',
    backgroundColor: '#17181b',
    autoHideMenuBar: true,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
    },
  });
  hardenWebContents(win.webContents);
  win.once('ready-to-show', () => win.show());

  // `electron-vite dev` serves the renderer with hot reload (unpackaged builds only); otherwise the app's own origin.
  void win.loadURL(devUrl() ?? APP_ENTRY);
  return win;
}
