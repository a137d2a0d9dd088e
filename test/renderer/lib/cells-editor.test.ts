import { describe, expect, it } from 'vitest';
import { CellsEditor, coreCells } from '../../../src/renderer/src/lib/cells-editor.svelte';
import { familyEntry } from '../../../src/renderer/src/families';
import { parityNewPuzzle } from '../../../src/renderer/src/families/parity/new-puzzle';
import type { WorkbenchApi } from '../../../src/main/api/types';

type Tokens = Uint8Array;
type PuzzleRecord = Awaited<ReturnType<WorkbenchApi['getPuzzle']>>;

function record(document: unknown): PuzzleRecord {
  return {
    id: 3,
    name: 'Grid',
    family: 'parity',
    kind: 'Casse-tête',
    source: '',
    rows: 4,
    cols: 4,
    createdAt: 0,
    updatedAt: 0,
    lastOpenedAt: null,
    bestScore: null,
    document,
  };
}

/** An API whose getPuzzle answers when the test says so (or fails). */
function slowApi(): { api: WorkbenchApi; answer: (doc: unknown) => void; fail: (message: string) => void } {
  const waiting: { resolve: (r: PuzzleRecord) => void; reject: (e: Error) => void }[] = [];
  const api = {
    getPuzzle: () => new Promise<PuzzleRecord>((resolve, reject) => waiting.push({ resolve, reject })),
  } as unknown as WorkbenchApi;
  return {
    api,
    answer: (doc) => waiting.shift()!.resolve(record(doc)),
    fail: (message) => waiting.shift()!.reject(new Error(message)),
  };
}

const editor = (): CellsEditor<{ n: number; m: number }, Tokens> =>
  new CellsEditor<{ n: number; m: number }, Tokens>(
    {
      noun: 'a casse-tête',
      codec: coreCells('parity', 'a casse-tête', familyEntry('parity').drawBoard),
      blank: (p) => new Uint8Array(p.n * p.n).fill(1),
      equals: (a, b) => a.every((x, i) => x === b[i]),
    },
    () => undefined,
  );

const settle = (): Promise<void> => new Promise((r) => setTimeout(r, 0));
const doc = parityNewPuzzle.document({ n: 4, m: 2 }, 'Grid');

describe('the cells editor opening a puzzle', () => {
  it('opens the puzzle that answers while current', async () => {
    const ed = editor();
    const s = slowApi();
    ed.open(s.api, 3);
    s.answer(doc);
    await settle();
    expect([ed.name, ed.puzzle, ed.loadError]).toEqual(['Grid', { n: 4, m: 2 }, null]);
  });

  it('drops an answer or a failure that comes after the cleanup (the view went away)', async () => {
    const ed = editor();
    const s = slowApi();
    ed.open(s.api, 3)();
    s.answer(doc);
    ed.open(s.api, 3)();
    s.fail('gone');
    await settle();
    expect([ed.name, ed.session, ed.loadError]).toEqual(['', null, null]);
    ed.open(s.api, 3);
    s.fail('gone');
    await settle();
    expect(ed.loadError).toBe('gone');
  });
});
