import { describe, expect, it } from 'vitest';
import { EdgeEditor, type EditorDeps } from '../../../../../src/renderer/src/families/edge/workbench/editor.svelte';
import { edgeDocument } from '../../../../../src/renderer/src/families/edge/document';
import { startBoard } from '../../../../../src/renderer/src/families/edge/placement';
import type { EdgeBoard, EdgePuzzle } from '../../../../../src/core/families/edge/model/model';
import { cutPuzzle } from '../helpers';

type Api = EditorDeps['api'];
type PuzzleRecord = Awaited<ReturnType<Api['getPuzzle']>>;

function record(document: unknown): PuzzleRecord {
  return {
    id: 7,
    name: 'Test',
    family: 'edge',
    kind: 'Edge matching',
    source: '',
    rows: 3,
    cols: 3,
    createdAt: 0,
    updatedAt: 0,
    lastOpenedAt: null,
    bestScore: null,
    document,
  };
}

function setup(document: unknown, opts: { failSaves?: boolean } = {}) {
  const said: string[] = [];
  const asked: { text: string; action: string; run: () => void }[] = [];
  const saved: unknown[] = [];
  const api: Api = {
    getPuzzle: async () => record(document),
    updatePuzzle: async ({ document: doc }) => {
      if (opts.failSaves) throw new Error('disk full');
      saved.push(doc);
      return record(doc);
    },
  };
  const ed = new EdgeEditor({ api, puzzleId: 7, say: (text) => said.push(text), ask: (text, action, run) => asked.push({ text, action, run }) });
  return { ed, said, asked, saved };
}

async function loaded(ed: EdgeEditor, handOff: Parameters<EdgeEditor['load']>[0] = () => null): Promise<void> {
  ed.load(handOff);
  await new Promise((r) => setTimeout(r, 0));
}

describe('the edge editor document', () => {
  const { puzzle, solution } = cutPuzzle(3, 3, 5);
  const blank = { format: 'puzzle-workbench', version: 1, family: 'edge', name: 'Blank', puzzle: { rows: 3, cols: 3, pieces: [] } };

  it('opens a blank puzzle in Design and one with pieces in Play', async () => {
    const a = setup(blank);
    await loaded(a.ed);
    expect([a.ed.loading, a.ed.blank, a.ed.mode, a.ed.drawing.rows]).toEqual([false, true, 'design', 3]);
    const b = setup(edgeDocument('Pieces', puzzle, null));
    await loaded(b.ed);
    expect([b.ed.blank, b.ed.mode, b.ed.name]).toEqual([false, 'play', 'Test']);
    const c = setup({ format: 'nonsense' });
    await loaded(c.ed);
    expect(c.ed.loadError).toBeTruthy();
  });

  it('cuts a blank puzzle at once, and asks first when that would replace pieces and a placement', async () => {
    const { ed, asked, said } = setup(blank);
    await loaded(ed);
    ed.fill(3, 3, 4);
    ed.cut(11);
    expect(asked).toEqual([]);
    expect(ed.blank).toBe(false);
    expect(ed.mode).toBe('play');
    expect(ed.known).not.toBeNull();
    expect(said.at(-1)).toMatch(/^Cut into pieces \(seed 11\): 9 pieces in the tray\./);
    const first: EdgePuzzle = ed.puzzle;
    const placed: EdgeBoard = { ...startBoard(first), piece: Int16Array.from([0, 1, -1, -1, -1, -1, -1, -1, -1]) };
    ed.commitBoard(placed);
    ed.cut(12);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.text).toBe("Cutting replaces the puzzle's 9 pieces and clears your placement of 2 pieces.");
    expect(ed.puzzle).toBe(first);
    asked[0]!.run();
    expect(ed.puzzle).not.toBe(first);
    expect(Array.from(ed.board.piece).every((p) => p < 0)).toBe(true);
  });

  it('fixes the piece on a cell as a hint and frees it again', async () => {
    const { ed, said } = setup(edgeDocument('Pieces', puzzle, solution));
    await loaded(ed);
    ed.toggleFixed(4);
    expect(ed.puzzle.fixed).toEqual([{ piece: solution.piece[4], row: 1, col: 1, rotation: solution.rotation[4] }]);
    expect(said.at(-1)).toBe(`Piece ${solution.piece[4]! + 1} is now a fixed hint at row 2, column 2.`);
    ed.toggleFixed(4);
    expect(ed.puzzle.fixed).toEqual([]);
  });

  it('undo and redo follow the mode: the placement in Play, the drawing in Design', async () => {
    const { ed } = setup(edgeDocument('Pieces', puzzle, null));
    await loaded(ed);
    ed.commitBoard(solution);
    ed.mode = 'design';
    const drawn = ed.drawing;
    ed.clearDrawing();
    expect(ed.drawing).not.toBe(drawn);
    ed.undo();
    expect(ed.drawing).toBe(drawn);
    expect(ed.board).toBe(solution);
    ed.mode = 'play';
    ed.undo();
    expect(ed.board).not.toBe(solution);
    ed.redo();
    expect(ed.board).toBe(solution);
  });

  it('takes a handed-over board as one undoable edit', async () => {
    const { ed, said } = setup(edgeDocument('Pieces', puzzle, null));
    const runPuzzle = JSON.parse(JSON.stringify(edgeDocument('x', puzzle, solution))) as { puzzle: unknown; solution: unknown };
    await loaded(ed, () => ({ puzzleId: 7, runPuzzle: runPuzzle.puzzle, solution: runPuzzle.solution, what: 'the board of run 4' }));
    expect(Array.from(ed.board.piece)).toEqual(Array.from(solution.piece));
    expect(said.at(-1)).toMatch(/^Loaded the board of run 4 \(score 12 \/ 12\) as the placement\./);
    ed.placements.undo();
    expect(Array.from(ed.board.piece).every((p) => p < 0)).toBe(true);
  });

  it('leaves at once when everything is saved, and asks when the last save failed', async () => {
    const ok = setup(edgeDocument('Pieces', puzzle, null));
    await loaded(ok.ed);
    ok.ed.commitBoard(solution);
    let left = 0;
    ok.ed.leave(() => left++);
    await new Promise((r) => setTimeout(r, 10));
    expect(left).toBe(1);
    expect(ok.saved.length).toBeGreaterThan(0);
    const bad = setup(edgeDocument('Pieces', puzzle, null), { failSaves: true });
    await loaded(bad.ed);
    bad.ed.commitBoard(solution);
    bad.ed.leave(() => left++);
    await new Promise((r) => setTimeout(r, 10));
    expect(left).toBe(1);
    expect(bad.asked.map((a) => a.action)).toEqual(['Leave']);
  });

  it('drops a load that answers after its cancel (the view went away), and a failure too', async () => {
    const { ed } = setup(edgeDocument('Pieces', puzzle, null));
    const cancel = ed.load(() => null);
    cancel();
    await new Promise((r) => setTimeout(r, 0));
    expect([ed.loading, ed.name, ed.loadError]).toEqual([true, '', null]);
    const failing = new EdgeEditor({
      api: {
        getPuzzle: async () => {
          throw new Error('gone');
        },
        updatePuzzle: async () => record(null),
      },
      puzzleId: 7,
      say: () => undefined,
      ask: () => undefined,
    });
    failing.load(() => null)();
    await new Promise((r) => setTimeout(r, 0));
    expect([failing.loading, failing.loadError]).toEqual([true, null]);
    failing.load(() => null);
    await new Promise((r) => setTimeout(r, 0));
    expect([failing.loading, failing.loadError]).toEqual([false, 'gone']);
  });
});
