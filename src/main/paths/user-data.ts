import { homedir } from 'node:os';
import { join } from 'node:path';
import { defaultDbPath } from '../store/store';

export const APP_NAME = 'Puzzle Workbench';

/**
 * The folder Electron's `app.getPath('userData')` gives for this app, computed without Electron
 * so the CLI and `serve` share the desktop app's database by default.
 */
export function userDataDir(): string {
  const env = process.env;
  if (process.platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), APP_NAME);
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', APP_NAME);
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), APP_NAME);
}

/** `--db` wins, then WORKBENCH_DB, then the user-data folder. */
export function resolveDbPath(explicit?: string): string {
  return explicit ?? process.env.WORKBENCH_DB ?? defaultDbPath(userDataDir());
}
