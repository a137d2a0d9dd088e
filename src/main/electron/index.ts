/**
 * Electron entry point: open the store in the user-data folder, serve the API to one locked-down
 * window, and close everything cleanly on quit. This folder is the only code that imports 'electron'.
 */
import { app, BrowserWindow } from 'electron';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createBackend } from '../services/backend';
import { defaultDbPath } from '../store/store';
import { createMainWindow, hardenWebContents, lockDownSessions, rendererDir } from './window';
import { registerAppScheme, serveApp } from './protocol';
import { registerApi } from './ipc';
import { watchRuns } from './power';
import { utilityWorkerSpawner } from './worker-host';

type RunningBackend = Awaited<ReturnType<typeof createBackend>>;

let mainWindow: BrowserWindow | null = null;
let backend: RunningBackend | null = null;
let stopApi: (() => void) | null = null;
let stopWatch: (() => void) | null = null;

app.enableSandbox();
// Must happen before the app is ready.
registerAppScheme();
app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });

  app
    .whenReady()
    .then(start)
    .catch((err: unknown) => {
      console.error(`Puzzle Workbench failed to start: ${err instanceof Error ? err.message : String(err)}`);
      app.exit(1);
    });
}

async function start(): Promise<void> {
  lockDownSessions();
  serveApp(rendererDir);
  const dbPath = process.env.WORKBENCH_DB ?? defaultDbPath(app.getPath('userData'));
  backend = await openBackend(dbPath);
  stopApi = registerApi(backend, () => mainWindow);
  // Keep the machine awake while runs are active; notify when one ends in the background.
  stopWatch = watchRuns(backend, () => mainWindow);
  openWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow();
  });
}

/**
 * Studies run through Redis on `workbench worker` processes when WORKBENCH_REDIS is set (a URL),
 * else through the URL saved in the Studies view, else on this machine. An unreachable Redis
 * leaves them on this machine: one line on stderr, and the Studies view says why.
 */
async function openBackend(dbPath: string): Promise<RunningBackend> {
  const redis = process.env.WORKBENCH_REDIS || undefined;
  const backend = await createBackend({
    dbPath,
    workerHost: utilityWorkerSpawner(),
    nativeBinding: electronSqliteBinding(),
    ...(redis ? { redis, redisFrom: 'WORKBENCH_REDIS', redisFallback: true } : {}),
  });
  const d = await backend.handlers.getDistribution({});
  if (d.message) console.error(`Puzzle Workbench: ${d.message}; studies run on this machine`);
  return backend;
}

/** better-sqlite3 built for Electron's ABI by `scripts/native.mjs electron` (npm start / dev), if present. */
function electronSqliteBinding(): string | undefined {
  const file = path.join(app.getAppPath(), 'native', `electron-${process.versions.electron}`, 'better_sqlite3.node');
  return existsSync(file) ? file : undefined;
}

function openWindow(): void {
  mainWindow = createMainWindow();
  mainWindow.on('closed', () => {
    mainWindow = null;
  });
}

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

// Close the store (and stop workers) before the process goes away.
let closed = false;
app.on('will-quit', (event) => {
  if (closed || !backend) return;
  event.preventDefault();
  stopApi?.();
  stopWatch?.();
  const b = backend;
  backend = null;
  b.dispose()
    .catch((err: unknown) => console.error(`closing the store failed: ${err instanceof Error ? err.message : String(err)}`))
    .finally(() => {
      closed = true;
      app.quit();
    });
});
