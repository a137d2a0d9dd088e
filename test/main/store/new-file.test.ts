import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { Store } from '../../../src/main/store/store';
import { cleanTempDirs, tempDir } from './helpers';

const storeModule = pathToFileURL(fileURLToPath(new URL('../../../src/main/store/store.ts', import.meta.url))).href;
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** A process that opens `file` at time `at` (ms since the epoch) and prints what happened. */
function opener(file: string, at: number): Promise<string> {
  const code = `
    const { Store } = await import(${JSON.stringify(storeModule)});
    while (Date.now() < ${at}) {}
    try { Store.open(${JSON.stringify(file)}).dispose(); console.log('ok'); } catch (e) { console.log(e.message); }
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', tsx, '--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', () => resolve(out.trim()));
  });
}

afterEach(cleanTempDirs);

describe('a new database file', () => {
  it('opened by several processes at the same moment, is made once and opens in all of them', async () => {
    const dir = tempDir();
    for (let round = 0; round < 3; round++) {
      const file = path.join(dir, `race-${round}.db`);
      // Started together, released together: without a whole file in place one of them met it empty.
      const at = Date.now() + 4000;
      const results = await Promise.all(Array.from({ length: 5 }, () => opener(file, at)));
      expect(results).toEqual(Array(5).fill('ok'));
      const store = Store.open(file);
      expect(store.listPuzzles()).toEqual([]);
      store.dispose();
    }
    // Nothing of the making is left beside them.
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.new') || f.includes('.new-'))).toEqual([]);
  }, 60_000);
});
