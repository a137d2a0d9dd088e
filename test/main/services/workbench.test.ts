import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Workbench } from '../../../src/main/services/workbench';
import type { WorkerSpawner } from '../../../src/main/runs/worker-host';
import { instances } from '../../helpers/cli';

const noWorkers: WorkerSpawner = () => {
  throw new Error('no workers in this test');
};
const clue1 = readFileSync(join(instances, 'e2_clue1_6x6.txt'), 'utf8');

describe('library services', () => {
  it('imports, renames, duplicates, exports and deletes puzzles', () => {
    const wb = Workbench.open({ dbPath: ':memory:', spawn: noWorkers });
    const p = wb.importPuzzle('e2_clue1_6x6.txt', clue1);
    expect(p).toMatchObject({ name: 'e2_clue1_6x6', family: 'edge', rows: 6, cols: 6, source: 'e2_clue1_6x6.txt' });
    const renamed = wb.updatePuzzle(p.id, { name: '  Clue one ' });
    expect(renamed.name).toBe('Clue one');
    expect((renamed.document as { name: string }).name).toBe('Clue one');
    const copy = wb.duplicatePuzzle(p.id);
    expect(copy.name).toBe('Clue one (copy)');
    expect(copy.id).not.toBe(p.id);
    const pieces = wb.exportPuzzle(p.id, 'pieces');
    expect(pieces.fileName).toBe('Clue_one.txt');
    expect(pieces.text.split('\n').filter((l) => /^\d+ \d+ \d+ \d+$/.test(l))).toHaveLength(36);
    expect(JSON.parse(wb.exportPuzzle(p.id, 'json').text)).toMatchObject({ format: 'puzzle-workbench', family: 'edge', name: 'Clue one' });
    expect(() => wb.exportPuzzle(p.id, 'board')).toThrow(/no solution or placement yet/);
    expect(() => wb.exportPuzzle(p.id, 'maze')).toThrow(/cannot be written as maze/);
    wb.deletePuzzle(copy.id);
    expect(wb.store.listPuzzles({}).map((x) => x.id)).toEqual([p.id]);
  });

  it('saves a placement with the puzzle and refuses a document of another family', () => {
    const wb = Workbench.open({ dbPath: ':memory:', spawn: noWorkers });
    const p = wb.importPuzzle('m.maze', '3\n1 2 1\n1 1 1\n2 1 0\n');
    const doc = {
      ...(p.document as Record<string, unknown>),
      solution: {
        cells: [
          [2, 2, 1],
          [1, 1, 1],
          [2, 1, 0],
        ],
      },
    };
    const saved = wb.updatePuzzle(p.id, { document: doc });
    expect((saved.document as { solution: unknown }).solution).toEqual({
      cells: [
        [2, 2, 1],
        [1, 1, 1],
        [2, 1, 0],
      ],
    });
    const other = wb.importPuzzle('g.grid', '2 0\n1 1\n1 1\n');
    expect(() => wb.updatePuzzle(p.id, { document: other.document })).toThrow(/cannot replace it/);
    expect(() =>
      wb.updatePuzzle(p.id, {
        document: {
          ...doc,
          solution: {
            cells: [
              [9, 9, 9],
              [1, 1, 1],
              [2, 1, 0],
            ],
          },
        },
      }),
    ).toThrow(/solution/);
    expect(() => wb.updatePuzzle(p.id, { name: '   ' })).toThrow(/needs a name/);
    expect(() => wb.updatePuzzle(999, { name: 'x' })).toThrow(/no puzzle 999/);
  });

  it('refuses invalid puzzles with the first problem named', () => {
    const wb = Workbench.open({ dbPath: ':memory:', spawn: noWorkers });
    // Read as edge pieces (as the format says), the last corner has one grey edge: refused. Left to
    // weigh its readings, the reader takes the one legal reading, a Tetravex a short search solves.
    expect(() => wb.importPuzzle('bad_2x2.txt', '0 0 1 1\n1 0 0 1\n1 1 0 0\n0 1 1 2\n', { format: 'pieces' })).toThrow(/^bad_2x2.txt: /);
    expect(wb.store.countPuzzles()).toBe(0);
    expect(wb.importPuzzle('bad_2x2.txt', '0 0 1 1\n1 0 0 1\n1 1 0 0\n0 1 1 2\n').document).toMatchObject({ family: 'edge', puzzle: { rows: 2, cols: 2 } });
  });
});

describe('the kind of a library puzzle', () => {
  it('is Tetravex for upright tiles without grey, Edge matching for a framed set, and follows edits', async () => {
    const { generateTetravex } = await import('../../../src/core/families/edge/files/tetravex');
    const { makeDocument } = await import('../../../src/core/document/document');
    const wb = Workbench.open({ dbPath: ':memory:', spawn: noWorkers });
    const e2 = wb.importPuzzle('e2_clue1_6x6.txt', clue1);
    const g = generateTetravex({ rows: 3, cols: 3, colours: 4, seed: 1 });
    const t = wb.createPuzzle(makeDocument('edge', 'tv', g.puzzle));
    expect(wb.store.listPuzzles({ sort: 'name' }).map((p) => [p.name, p.kind])).toEqual([
      ['e2_clue1_6x6', 'Edge matching'],
      ['tv', 'Tetravex'],
    ]);
    // Tiles that may turn are no longer a Tetravex.
    const doc = t.document as { puzzle: Record<string, unknown> };
    expect(wb.updatePuzzle(t.id, { document: { ...doc, puzzle: { ...doc.puzzle, rotatable: true } } }).kind).toBe('Edge matching');
    expect(wb.updatePuzzle(t.id, { document: doc }).kind).toBe('Tetravex');
    expect(wb.updatePuzzle(e2.id, { name: 'Clue one' }).kind).toBe('Edge matching');
    // A run keeps the kind of the puzzle it was made on.
    const run = (puzzle: unknown) =>
      wb.store.createRun({
        puzzleId: t.id,
        puzzleName: 'tv',
        family: 'edge',
        solver: 'backtrack',
        params: {},
        seed: 1,
        stop: { seconds: 1, evaluations: null, target: null },
        puzzle,
        maxScore: 12,
      }).kind;
    expect(run(doc.puzzle)).toBe('Tetravex');
    expect(run({ ...doc.puzzle, rotatable: true })).toBe('Edge matching');
    await wb.dispose();
  });
});

describe('runs a solver cannot take', () => {
  it('are refused before they are stored (backtrack-2x2 on upright tiles)', async () => {
    const { generateTetravex } = await import('../../../src/core/families/edge/files/tetravex');
    const wb = Workbench.open({ dbPath: ':memory:', spawn: noWorkers });
    const g = generateTetravex({ rows: 3, cols: 3, colours: 4, seed: 1 });
    const target = { family: 'edge' as const, name: 'tetravex', puzzle: g.puzzle };
    expect(() => wb.createRun({ target, solver: 'backtrack-2x2', stop: { evaluations: 10 } })).toThrow(/^tetravex: backtrack-2x2 needs pieces that turn/);
    expect(wb.store.listRuns({})).toHaveLength(0);
    await wb.dispose();
  });
});
