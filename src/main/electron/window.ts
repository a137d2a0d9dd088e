/**
 * The one application window, locked down: isolated, sandboxed, no Node in the page, no remote
 * content, no navigation away from the app, no new windows, no permissions.
 */
import { BrowserWindow, session, type WebContents } from 'electron';
import { fileURLToPath } from 'node:url';

const preloadPath = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));
const indexHtmlPath = fileURLToPath(new URL('../renderer/index.html', import.meta.url));

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

  // `electron-vite dev` serves the renderer with hot reload; a built app loads the files.
  const devUrl = process.env['ELECTRON_RENDERER_URL'];
  if (devUrl && /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?\/?/.test(devUrl)) void win.loadURL(devUrl);
  else void win.loadFile(indexHtmlPath);
  return win;
}
