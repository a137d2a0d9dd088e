/** An import into a database file replaced under the workbench: refused in one line, nothing said to be added that is not kept. */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Workbench } from '../../../src/main/services/workbench';
import { importFile, importFileInTurns } from '../../../src/main/services/imports';
import type { WorkerSpawner } from '../../../src/main/runs/worker-host';
import { Store } from '../../../src/main/store/store';
import { cleanTempDirs, tempDir } from '../store/helpers';

afterEach(cleanTempDirs);

const noWorkers: WorkerSpawner = () => {
  throw new Error('no workers in this test');
};
const maze = (n: number): string => `4 4\n${Array.from({ length: 4 }, (_, r) => [1, 2, 1, r === 3 ? 0 : n].join(' ')).join('\n')}\n`;

describe('an import after the database file was replaced', () => {
  for (const turns of [false, true])
    it(`${turns ? 'in turns (serve)' : 'at once (CLI)'}: refused with the reason, and the file put in its place keeps none of it`, async () => {
      const dir = tempDir();
      const file = path.join(dir, 'a.db');
      const other = path.join(dir, 'other.db');
      Store.open(other).dispose();
      const wb = Workbench.open({ dbPath: file, spawn: noWorkers });
      try {
        importFile(wb, { fileName: 'first.maze', text: maze(1) });
        fs.renameSync(other, file);
        const req = { fileName: 'second.maze', text: maze(2) };
        await expect(async () => (turns ? importFileInTurns(wb, req) : importFile(wb, req))).rejects.toThrow(/replaced by another file while in use/);
        // Every later call gives the reason, not the bare connection's "not open".
        await expect(async () => importFile(wb, req)).rejects.toThrow(/replaced by another file while in use/);
      } finally {
        await wb.dispose();
      }
      const s = Store.open(file);
      expect(s.countPuzzles({})).toBe(0);
      s.dispose();
    });
});
