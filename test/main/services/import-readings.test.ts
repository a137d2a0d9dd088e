/** Issue 48 item 2: the import dialog's readings of a file, and the library puzzle a board file lands on. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Workbench } from '../../../src/main/services/workbench';
import { importFile } from '../../../src/main/services/imports';
import { importReadingsView, readReadings } from '../../../src/main/services/import-readings';
import { seedLibrary } from '../../../src/main/services/samples';
import type { WorkerSpawner } from '../../../src/main/runs/worker-host';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const resources = path.join(root, 'resources');
const instance = (name: string): string => readFileSync(path.join(resources, 'instances', name), 'utf8');
const tetravex = readFileSync(path.join(root, 'test/fixtures/dialects/tetravex-from1.txt'), 'utf8');
const BOARD = 'eternity2_best470_board_blackwood.txt';

const noWorkers: WorkerSpawner = () => {
  throw new Error('no workers in this test');
};
const open = (): Workbench => Workbench.open({ dbPath: ':memory:', spawn: noWorkers });

/** Counts the content-key lookups and the library reads a piece of work makes. */
function countWork(wb: Workbench): { lookups: number; reads: number; lists: number } {
  const n = { lookups: 0, reads: 0, lists: 0 };
  const s = wb.store;
  const [lookup, get, list] = [s.samePuzzles.bind(s), s.getPuzzle.bind(s), s.listPuzzles.bind(s)];
  s.samePuzzles = (...a) => (n.lookups++, lookup(...a));
  s.getPuzzle = (...a) => (n.reads++, get(...a));
  s.listPuzzles = (...a) => (n.lists++, list(...a));
  return n;
}

const idOf = (wb: Workbench, name: string): number => {
  const found = wb.store.listPuzzles({}).find((p) => p.name === name);
  if (!found) throw new Error(`no ${name}`);
  return found.id;
};

describe('the readings of an import file', () => {
  it('gives each plausible reading heaviest first, with its options, strongest evidence and a drawable puzzle', () => {
    const { readings, total } = importReadingsView(open(), { fileName: 'tiles.txt', text: tetravex });
    expect(total).toBeGreaterThanOrEqual(2);
    expect(readings.length).toBe(Math.min(total, 6));
    const weights = readings.map((r) => r.weight);
    expect(weights).toEqual([...weights].sort((a, b) => b - a));
    const [first, second] = readings;
    expect(first.label).toMatch(/^Tetravex 3x3/);
    expect(first.options.format).toBe('tetravex');
    expect(second.options.format).not.toBe(undefined);
    expect(second.label).not.toBe(first.label);
    for (const r of readings) {
      expect(r.evidence.length).toBeLessThanOrEqual(4);
      const strength = r.evidence.map((e) => Math.abs(e.weight));
      expect(strength).toEqual([...strength].sort((a, b) => b - a));
    }
    expect([first.rows, first.cols, first.pieces, first.count]).toEqual([3, 3, 9, 1]);
    expect((first.puzzle as { pieces: unknown[] }).pieces).toHaveLength(9);
    // The two readings make different puzzles, so their thumbnails differ.
    expect(JSON.stringify(first.puzzle)).not.toBe(JSON.stringify(second.puzzle));
  });

  it('narrows to the format and options given, and says why nothing reads a file', () => {
    const { readings } = importReadingsView(open(), { fileName: 'tiles.txt', text: tetravex, format: 'pieces' });
    expect(readings.map((r) => r.options.format)).toEqual(['pieces']);
    const ordered = importReadingsView(open(), { fileName: 'tiles.txt', text: tetravex, format: 'tetravex', options: { order: 'tblr' } });
    expect(ordered.readings.map((r) => r.options.order)).toEqual(['tblr']);
    expect(() => importReadingsView(open(), { fileName: 'x.txt', text: 'hello there\n' })).toThrow(/x\.txt/);
  });

  it('sends at most 6 readings', () => {
    // Many numbers a line: readable many ways (sizes, orders) but only 6 are sent.
    const lines = Array.from({ length: 16 }, (_, i) => [i % 5, (i * 3) % 7, (i * 5) % 9, (i * 7) % 4].join(' '));
    const r = readReadings({ fileName: 'many.txt', text: lines.join('\n') });
    expect(r.readings.length).toBeLessThanOrEqual(6);
  });
});

describe('a board file landing on its library puzzle', () => {
  it('finds the bundled Eternity II (its starter fixed) for the record board by key lookups, reading no library entry but the matches', () => {
    const wb = open();
    seedLibrary(wb, resources);
    const e2 = idOf(wb, 'Eternity II');
    const work = countWork(wb);
    const { readings } = importReadingsView(wb, { fileName: BOARD, text: instance(BOARD) });
    const top = readings[0];
    expect(top.options.format).toBe('pieces');
    expect(top.layout?.score).toBe(470);
    expect(top.layout?.maxScore).toBe(480);
    // The bundled Eternity II and Blackwood's board share the piece set and the starter; the clue-hints puzzle fixes 4 more pieces.
    // The one without a placement first (the dialog's default: nothing is replaced).
    expect(top.places.map((p) => [p.name, p.placed])).toEqual([
      ['Eternity II', false],
      ['Eternity II — Blackwood’s 470 board', true],
    ]);
    expect(top.places[0].id).toBe(e2);
    expect(work.lists).toBe(0);
    expect(work.reads).toBe(2);
    expect(work.lookups).toBeGreaterThan(0);
  });

  it('places the board on that puzzle through `into`, scored as the file lays it out', () => {
    const wb = open();
    seedLibrary(wb, resources);
    const e2 = idOf(wb, 'Eternity II');
    const { readings } = importReadingsView(wb, { fileName: BOARD, text: instance(BOARD) });
    const { format, ...options } = readings[0].options;
    const r = importFile(wb, { fileName: BOARD, text: instance(BOARD), format, options, into: readings[0].places[0].id });
    expect(r.added).toEqual([]);
    expect(r.updated.map((u) => u.id)).toEqual([e2]);
    expect(wb.store.listPuzzles({}).filter((p) => p.name === 'Eternity II')).toHaveLength(1);
    const solution = (wb.store.getPuzzle(e2)!.document as { solution?: unknown }).solution;
    expect(solution).toBeDefined();
  });

  it('finds a library piece set without fixed pieces too, and nothing in a library without the pieces', () => {
    const wb = open();
    expect(importReadingsView(wb, { fileName: BOARD, text: instance(BOARD) }).readings[0].places).toEqual([]);
    const id = importFile(wb, { fileName: 'eternity2_256.txt', text: instance('eternity2_256.txt') }).added[0].id;
    expect(importReadingsView(wb, { fileName: BOARD, text: instance(BOARD) }).readings[0].places).toEqual([{ id, name: 'eternity2_256', placed: false }]);
  });

  it('takes a piece set listed in another order for a piece set, not a board for the library puzzle with those pieces', () => {
    const wb = open();
    seedLibrary(wb, resources);
    const top = importReadingsView(wb, { fileName: 'eternity2_256.txt', text: instance('eternity2_256.txt') }).readings[0];
    expect(top.options.format).toBe('pieces');
    expect(top.layout).toBeNull();
    expect(top.places).toEqual([]);
  });

  it('offers no landing for a file that is not an edge piece set', () => {
    const wb = open();
    seedLibrary(wb, resources);
    const maze = 'cs440_hill_climbing_5x5.maze';
    for (const r of importReadingsView(wb, { fileName: maze, text: instance(maze) }).readings) {
      expect(r.family).not.toBe('edge');
      expect(r.layout).toBeNull();
      expect(r.places).toEqual([]);
    }
  });
});
