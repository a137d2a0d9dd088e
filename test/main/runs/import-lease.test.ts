/** Issue 49 item 3: importing into a large library never starves the lease of a live run. */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { importFile, importFileInTurns, previewImport, readForImport } from '../../../src/main/services/imports';
import { Workbench } from '../../../src/main/services/workbench';
import { cleanTempDirs, tempDir } from '../store/helpers';
import { inProcessSpawner, jump, until, type InProcessHandle } from './in-process';
import { openLeased, watchEventLoop, watchLease } from './lease-watch';

const opened: Workbench[] = [];

afterEach(async () => {
  for (const wb of opened.splice(0)) await wb.dispose().catch(() => undefined);
  cleanTempDirs();
});

const line = 'https://e2.bucas.name/#puzzle=u&board_w=2&board_h=1&board_edges=abaaaaab';
const identical = (n: number): string => Array.from({ length: n }, () => line).join('\n');

describe('importing many identical puzzles into a large library while a run is live', () => {
  it('the preview and the import (as serve makes them) keep the event loop running: the lease never lapses', async () => {
    const file = path.join(tempDir(), 'w.db');
    const log = { spawned: 0, handles: [] as InProcessHandle[] };
    const wb = openLeased(file, log, 50);
    opened.push(wb);
    // 40,000 copies of one puzzle, copied in SQL from one imported (fast).
    importFile(wb, { fileName: 'old.txt', text: line });
    const db = wb.store.connection;
    db.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 39999)
       INSERT INTO puzzles (name, family, kind, source, document, rows, cols, created_at, updated_at, content_key)
       SELECT name, family, kind, source, document, rows, cols, created_at, updated_at, content_key FROM puzzles, n WHERE id = 1`,
    ).run();
    expect(wb.store.countPuzzles()).toBe(40_000);
    // serve reads the file in its parse worker; what comes back is handled on the event loop.
    const req = { fileName: 'same.txt', text: identical(20_000) };
    const read = readForImport(req);
    const live = wb.createRun({ target: jump(9), solver: 'hill-climb', seed: 1, stop: {} });
    await until(() => wb.store.getRunSummary(live.id)!.evaluations > 0, 30_000, 'progress');
    const watch = watchLease(file, live.id);
    const loop = watchEventLoop();
    await new Promise((r) => setTimeout(r, 200));
    const preview = previewImport(wb, req, read);
    expect(preview.count).toBe(20_000);
    expect(preview.sameAs[0]!.id).toBe(1);
    const r = await importFileInTurns(wb, req, read);
    await new Promise((r) => setTimeout(r, 200));
    const longest = loop.stop();
    const { lapsed, checks } = await watch.stop();
    expect(r.added).toHaveLength(20_000);
    expect(r.duplicates).toHaveLength(20_000);
    expect(r.duplicates.every((d) => d.sameAs.id === 1)).toBe(true);
    expect(wb.store.countPuzzles()).toBe(60_000);
    expect(checks).toBeGreaterThan(0);
    expect(lapsed).toBe(0);
    // A slice is about 50 ms; a loaded machine may stretch it, never to the lease's length.
    expect(longest).toBeLessThan(750);
    expect(wb.store.getRunSummary(live.id)!.status).toBe('running');
    expect(log.handles[0]!.alive).toBe(true);
  }, 120_000);

  it('a failure half way takes back what was stored: the library is as it was', async () => {
    const wb = Workbench.open({ dbPath: ':memory:', spawn: inProcessSpawner({ spawned: 0, handles: [] }), concurrency: 1 });
    opened.push(wb);
    const req = { fileName: 'same.txt', text: identical(5_000) };
    const read = readForImport(req);
    const add = wb.store.addPuzzle.bind(wb.store);
    let n = 0;
    wb.store.addPuzzle = (p) => {
      if (++n === 4_000) throw new Error('disk full');
      return add(p);
    };
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 0);
    await expect(importFileInTurns(wb, req, read)).rejects.toThrow(/^disk full$/);
    clearInterval(ticker);
    expect(ticks).toBeGreaterThan(0);
    expect(wb.store.countPuzzles()).toBe(0);
  }, 60_000);
});
