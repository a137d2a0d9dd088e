/** Issue 49 item 3: the same puzzle is found by its stored content key, not by reading the library. */
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { Workbench } from '../../../src/main/services/workbench';
import { findSame, importFile, previewImport, readForImport } from '../../../src/main/services/imports';
import { migrate, migrations } from '../../../src/main/store';
import type { WorkerSpawner } from '../../../src/main/runs/worker-host';
import { cleanTempDirs, tempDir } from '../store/helpers';

afterEach(cleanTempDirs);

const noWorkers: WorkerSpawner = () => {
  throw new Error('no workers in this test');
};
const open = (dbPath = ':memory:'): Workbench => Workbench.open({ dbPath, spawn: noWorkers });

const url = (edges: string): string => `https://e2.bucas.name/#puzzle=u&board_w=2&board_h=1&board_edges=${edges}`;
const same = (n: number): string => Array.from({ length: n }, () => url('abaaaaab')).join('\n');

/** Counts the library reads and content-key lookups a piece of work makes. */
function countWork(wb: Workbench): { lookups: number; reads: number } {
  const n = { lookups: 0, reads: 0 };
  const s = wb.store;
  const [lookup, get, list] = [s.samePuzzles.bind(s), s.getPuzzle.bind(s), s.listPuzzles.bind(s)];
  s.samePuzzles = (...a) => (n.lookups++, lookup(...a));
  s.getPuzzle = (...a) => (n.reads++, get(...a));
  s.listPuzzles = (...a) => (n.reads++, list(...a));
  return n;
}

describe('finding the same puzzle in the library', () => {
  it('an import of many identical puzzles looks each distinct puzzle up once and reads no library entry, however large the library', () => {
    for (const library of [0, 1_000, 4_000]) {
      const wb = open();
      if (library > 0) importFile(wb, { fileName: 'old.txt', text: same(library) });
      const work = countWork(wb);
      const r = importFile(wb, { fileName: 'new.txt', text: `${same(2_000)}\n${url('acaaaaac')}` });
      expect(r.added).toHaveLength(2_001);
      // Every copy but the first new one is named as the same as the first copy there was.
      expect(r.duplicates).toHaveLength(library > 0 ? 2_000 : 1_999);
      expect(r.duplicates[r.duplicates.length - 1].sameAs.id).toBe(library > 0 ? 1 : r.added[0].id);
      expect(work).toEqual({ lookups: 2, reads: 0 });
      wb.dispose();
    }
  });

  it('a preview looks the puzzle up once and names a few of its copies, not all of them', () => {
    const wb = open();
    importFile(wb, { fileName: 'old.txt', text: same(3_000) });
    const work = countWork(wb);
    const p = previewImport(wb, { fileName: 'one.txt', text: url('abaaaaab') });
    expect(p.sameAs).toHaveLength(10);
    expect(p.sameAs[0]).toEqual({ id: 1, name: 'old u #1' });
    expect(work).toEqual({ lookups: 1, reads: 0 });
    expect(previewImport(wb, { fileName: 'other.txt', text: url('acaaaaac') }).sameAs).toEqual([]);
  });

  it("a puzzle's key follows its document when it is edited, and is restored with it", () => {
    const wb = open();
    const [a] = importFile(wb, { fileName: 'a.txt', text: url('abaaaaab') }).added;
    const [b] = importFile(wb, { fileName: 'b.txt', text: url('acaaaaac') }).added;
    const pa = readForImport({ fileName: 'a.txt', text: url('abaaaaab') })[0].puzzle;
    const pb = readForImport({ fileName: 'b.txt', text: url('acaaaaac') })[0].puzzle;
    wb.updatePuzzle(a.id, { document: b.document });
    expect(findSame(wb, 'edge', pa)).toEqual([]);
    expect(findSame(wb, 'edge', pb).map((x) => x.id)).toEqual([a.id, b.id]);
    expect(findSame(wb, 'edge', pb, a.id).map((x) => x.id)).toEqual([b.id]);
    const rec = wb.store.getPuzzle(b.id)!;
    wb.deletePuzzle(b.id);
    expect(findSame(wb, 'edge', pb).map((x) => x.id)).toEqual([a.id]);
    wb.store.restorePuzzle(rec);
    expect(findSame(wb, 'edge', pb).map((x) => x.id)).toEqual([a.id, b.id]);
  });

  it('a library made before the key was stored has its keys filled in when it is opened; a damaged entry matches nothing', () => {
    const file = path.join(tempDir(), 'old.db');
    const keyed = migrations.findIndex((m) => /content key/.test(m.description));
    expect(keyed).toBeGreaterThan(0);
    const db = new Database(file);
    migrate(db, file, migrations.slice(0, keyed));
    const doc = JSON.stringify({ format: 'puzzle-workbench', version: 1, family: 'jump', name: 'j', puzzle: { rows: 3, cols: 3 } });
    const insert = db.prepare(
      `INSERT INTO puzzles (name, family, kind, source, document, rows, cols, created_at, updated_at) VALUES (?, 'jump', '', 's', ?, 3, 3, 1, 1)`,
    );
    insert.run('first', doc);
    insert.run('damaged', '{"puzzle": ');
    insert.run('second', doc);
    db.close();
    const wb = open(file);
    const jump = readForImport({ fileName: 'j.json', text: doc })[0].puzzle;
    expect(findSame(wb, 'jump', jump)).toEqual([
      { id: 1, name: 'first' },
      { id: 3, name: 'second' },
    ]);
    wb.dispose();
  });
});
