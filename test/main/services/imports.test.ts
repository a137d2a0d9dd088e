import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Workbench } from '../../../src/main/services/workbench';
import { apiHandlers } from '../../../src/main/services/backend';
import { importFile, listLibrary, prepareImport, previewImport, storeImports } from '../../../src/main/services/imports';
import type { WorkerSpawner } from '../../../src/main/runs/worker-host';
import { generateEdgePuzzle } from '../../../src/core/families/edge/design/generator';
import { instances } from '../../helpers/cli';

const noWorkers: WorkerSpawner = () => {
  throw new Error('no workers in this test');
};
const open = (): Workbench => Workbench.open({ dbPath: ':memory:', spawn: noWorkers });

const { puzzle, solution } = generateEdgePuzzle({ rows: 4, cols: 6, frameColours: 3, innerColours: 4, seed: 12 });
/** Written top bottom left right, no header and no size in the name. */
const nswe = Array.from({ length: 24 }, (_, i) => [0, 2, 3, 1].map((s) => puzzle.edges[4 * i + s]).join(' ')).join('\n');

describe('import preview and import', () => {
  it('previews format, size, order, pieces and warnings without saving; size and order can be overridden', () => {
    const wb = open();
    // 24 pieces, no size anywhere: the preview fails with the reader's one line, naming the size option.
    expect(() => previewImport(wb, { fileName: 'p.txt', text: nswe })).toThrow(/cannot tell the board size.*RxC/);
    const p = previewImport(wb, { fileName: 'p.txt', text: nswe, options: { size: '4x6' } });
    expect(p).toMatchObject({
      format: 'pieces',
      family: 'edge',
      count: 1,
      rows: 4,
      cols: 6,
      order: 'top bottom left right',
      pieces: 24,
      errors: [],
      board: null,
      sameAs: [],
    });
    expect(p.first[0]).toEqual(Array.from(puzzle.edges.slice(0, 4)));
    expect(p.notes).toContain('read as top bottom left right');
    // Forcing another order reads another (invalid) puzzle: the preview says what is wrong.
    const forced = previewImport(wb, { fileName: 'p.txt', text: nswe, options: { size: '4x6', order: 'trbl' } });
    expect(forced.order).toBe('top right bottom left');
    expect(forced.errors.length).toBeGreaterThan(0);
    expect(wb.store.listPuzzles({})).toHaveLength(0);
  });

  it('finds the same puzzle already in the library (by content: pieces in any order and turn)', () => {
    const wb = open();
    const first = importFile(wb, { fileName: 'p.txt', text: nswe, options: { size: '4x6' } });
    expect(first.added).toHaveLength(1);
    expect(first.notes).toContain('read as top bottom left right');
    // The same pieces written top right bottom left and in reverse order.
    const trbl = Array.from({ length: 24 }, (_, i) => Array.from(puzzle.edges.slice(4 * (23 - i), 4 * (24 - i))).join(' ')).join('\n');
    const pre = previewImport(wb, { fileName: 'q_4x6.txt', text: trbl });
    expect(pre.sameAs).toEqual([{ id: first.added[0].id, name: 'p' }]);
    const again = importFile(wb, { fileName: 'q_4x6.txt', text: trbl });
    expect(again.duplicates).toEqual([{ id: again.added[0].id, sameAs: { id: first.added[0].id, name: 'p' } }]);
  });

  it('a board with its pieces becomes a placement; the listing and the API carry its score', async () => {
    const wb = open();
    const grid = Array.from({ length: 4 }, (_, r) =>
      Array.from({ length: 6 }, (_, c) => `${solution.piece[r * 6 + c] + 1}:${solution.rotation[r * 6 + c]}`).join(' '),
    ).join('\n');
    const pre = previewImport(wb, { fileName: 'b.txt', text: grid, pieces: { fileName: 'p.txt', text: nswe }, options: { size: '4x6' } });
    expect(pre.format).toBe('board');
    expect(pre.board).toMatchObject({ score: 38, maxScore: 38, placed: 24, valid: true });
    const r = importFile(wb, { fileName: 'b.txt', text: grid, pieces: { fileName: 'p.txt', text: nswe }, options: { size: '4x6' } });
    expect(r.added[0].name).toBe('p b');
    expect(listLibrary(wb)[0].placement).toEqual({ score: 38, maxScore: 38 });
    const viaApi = await apiHandlers(wb).listPuzzles({});
    expect(viaApi[0].placement).toEqual({ score: 38, maxScore: 38 });
    const res = await apiHandlers(wb).importFile({ fileName: 'b2.txt', text: grid, into: r.added[0].id });
    expect(res.updated).toHaveLength(1);
  });

  it('a board placed on a library puzzle keeps the placement there was in the undo history', () => {
    const wb = open();
    const grid = Array.from({ length: 4 }, (_, r) =>
      Array.from({ length: 6 }, (_, c) => `${solution.piece[r * 6 + c] + 1}:${solution.rotation[r * 6 + c]}`).join(' '),
    ).join('\n');
    const r = importFile(wb, { fileName: 'b.txt', text: grid, pieces: { fileName: 'p.txt', text: nswe }, options: { size: '4x6' } });
    const id = r.added[0].id;
    const before = (wb.store.getPuzzle(id)!.document as { solution: unknown }).solution;
    const empty = Array.from({ length: 4 }, () => Array.from({ length: 6 }, () => '0:0').join(' ')).join('\n');
    importFile(wb, { fileName: 'empty.txt', text: empty, into: id });
    const doc = wb.store.getPuzzle(id)!.document as { solution: unknown; history: unknown[] };
    expect(doc.history.at(-1)).toEqual(before);
    expect(doc.solution).not.toEqual(before);
  });

  it("the shared E2 set with Blackwood's 470 board: imported with its pieces, the library shows 470/480", () => {
    const wb = open();
    const pieces = { fileName: 'eternity2_256.txt', text: readFileSync(join(instances, 'eternity2_256.txt'), 'utf8') };
    const board = readFileSync(join(instances, 'eternity2_best470_board_blackwood.txt'), 'utf8');
    importFile(wb, { fileName: 'best470.txt', text: board, pieces });
    expect(listLibrary(wb)[0].placement).toEqual({ score: 470, maxScore: 480 });
  });
});

describe('importing many things at once (issue 20)', () => {
  const url = (i: number): string => `https://e2.bucas.name/#puzzle=u${i}&board_w=2&board_h=1&board_edges=${i % 2 ? 'abaaaaab' : 'acaaaaac'}`;

  it('stores everything prepared in one transaction: one failing write stores nothing', () => {
    const wb = open();
    const target = importFile(wb, { fileName: 'p.txt', text: nswe, options: { size: '4x6' } }).added[0];
    const grid = Array.from({ length: 4 }, (_, r) =>
      Array.from({ length: 6 }, (_, c) => `${solution.piece[r * 6 + c] + 1}:${solution.rotation[r * 6 + c]}`).join(' '),
    ).join('\n');
    const a = prepareImport(wb, { fileName: 'urls.txt', text: [url(1), url(2), url(3)].join('\n') });
    const b = prepareImport(wb, { fileName: 'b.txt', text: grid, into: target.id });
    expect(a.items).toHaveLength(3);
    // The puzzle the second file goes onto is gone by the time they are stored.
    wb.deletePuzzle(target.id);
    expect(() => storeImports(wb, [a, b])).toThrow(/puzzle/);
    expect(wb.store.listPuzzles({})).toHaveLength(0);
    expect(storeImports(wb, [a])[0].added).toHaveLength(3);
  });

  it('a JSON document on one line longer than the line limit is imported; a text file is not', () => {
    const wb = open();
    const doc = JSON.stringify({
      format: 'puzzle-workbench',
      version: 1,
      family: 'jump',
      name: 'long',
      puzzle: { rows: 3, cols: 3 },
      draft: { pad: 'x'.repeat(1_100_000) },
    });
    expect(importFile(wb, { fileName: 'long.json', text: doc }).added).toHaveLength(1);
    expect(() => importFile(wb, { fileName: 'long.txt', text: `3\n${'1 '.repeat(600_000)}\n` })).toThrow(/^long\.txt:2: a line of 1,200,000 characters/);
  });

  it('a file of many boards reads the library once to find duplicates, not once per board', () => {
    const wb = open();
    importFile(wb, { fileName: 'one.txt', text: url(0) });
    let reads = 0;
    const get = wb.store.getPuzzle.bind(wb.store);
    wb.store.getPuzzle = (id: number) => {
      reads++;
      return get(id);
    };
    const r = importFile(wb, { fileName: 'urls.txt', text: Array.from({ length: 300 }, (_, i) => url(i)).join('\n') });
    expect(r.added).toHaveLength(300);
    // Half the boards are the puzzle already there, the others the same as the first new one.
    expect(r.duplicates).toHaveLength(299);
    expect(r.duplicates[0].sameAs.name).toBe('one');
    expect(reads).toBeLessThanOrEqual(2);
  });
});
