/**
 * Several processes writing one database at once, with readers holding the WAL back (a study's
 * coordinator beside `study stop` and a polling `runs`): each store checkpoints on its own, the
 * WAL restarts or is held from restarting in turn, and none may take the others' checkpoints for a
 * file copied over its own (issue 49's identity check; CI met two such false alarms).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { Store } from '../../../src/main/store/store';
import { cleanTempDirs, newRun, tempDir } from './helpers';

afterEach(cleanTempDirs);

const require = createRequire(import.meta.url);
const storeModule = pathToFileURL(fileURLToPath(new URL('../../../src/main/store/store.ts', import.meta.url))).href;
const sqlite = pathToFileURL(require.resolve('better-sqlite3')).href;
const tsx = pathToFileURL(require.resolve('tsx')).href;

/** A child process running `code` (an ES module body); resolves with the last line it printed. */
function child(code: string): Promise<string> {
  const p = spawn(process.execPath, ['--import', tsx, '--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  p.stdout.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve) => p.once('exit', () => resolve(out.trim().split('\n').at(-1) ?? '')));
}

/** Runs added, and an update to the first run's row (a page checkpointed long before), for `ms`. */
const writer = (file: string, ms: number): string => `
  const { Store } = await import(${JSON.stringify(storeModule)});
  const s = Store.open(${JSON.stringify(file)}, { checkpointFrames: 8 });
  let n = 0;
  let error = null;
  try {
    for (const end = Date.now() + ${ms}; Date.now() < end; ) {
      s.createRun({ puzzleId: null, puzzleName: 'w', family: 'edge', solver: 'hill-climb', params: {}, seed: 1,
        stop: { seconds: 1, evaluations: null, target: null }, puzzle: { big: 'x'.repeat(3000 + n % 7 * 1000) }, maxScore: 1 });
      n++;
      s.recordProgress(1, { elapsedMs: n, evaluations: n, iteration: n, bestScore: n, currentScore: n, meanScore: null });
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Math.floor(Math.random() * 3));
    }
  } catch (e) {
    error = e.message;
  }
  s.dispose();
  console.log(JSON.stringify({ n, error }));
`;

/** Read transactions of random length: while one lasts, no writer may start the WAL over. */
const reader = (file: string, ms: number): string => `
  const { default: Database } = await import(${JSON.stringify(sqlite)});
  const db = new Database(${JSON.stringify(file)}, { readonly: true });
  const pause = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
  for (const end = Date.now() + ${ms}; Date.now() < end; ) {
    db.exec('BEGIN');
    db.prepare('SELECT count(*) FROM runs').get();
    pause(Math.floor(Math.random() * 15));
    db.exec('COMMIT');
    pause(Math.floor(Math.random() * 4));
  }
  db.close();
  console.log('{}');
`;

describe('several processes writing one database, readers beside them', () => {
  it('no false alarm: every write of three writers lands, for four seconds', async () => {
    const file = path.join(tempDir(), 'a.db');
    const first = Store.open(file);
    first.createRun(newRun({ puzzleName: 'first' }));
    first.dispose();
    const ms = 4_000;
    const [a, b, c] = await Promise.all([
      child(writer(file, ms)),
      child(writer(file, ms)),
      child(writer(file, ms)),
      child(reader(file, ms)),
      child(reader(file, ms)),
    ]);
    const said = [a, b, c].map((line) => JSON.parse(line || '{"n":0,"error":"said nothing"}') as { n: number; error: string | null });
    expect(said.map((w) => w.error)).toEqual([null, null, null]);
    const s = Store.open(file);
    try {
      expect(s.countRuns()).toBe(1 + said.reduce((sum, w) => sum + w.n, 0));
      expect(s.connection.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      s.dispose();
    }
  }, 60_000);
});
