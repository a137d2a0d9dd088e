/**
 * Issue 51: Make unique's hints fixed on the puzzle from the editor: saved at once, the placement
 * making room for them, undone by the notice's Undo or with the placement step by the editor's
 * undo (and redone with it).
 */
import { describe, expect, it } from 'vitest';
import { EdgeEditor, type EditorDeps } from '../../../../../src/renderer/src/families/edge/workbench/editor.svelte';
import { edgeDocument } from '../../../../../src/renderer/src/families/edge/document';
import type { FixedPiece } from '../../../../../src/core/families/edge/model/model';
import { cutPuzzle } from '../helpers';

type Api = EditorDeps['api'];
type Action = { label: string; run: () => void };

function setup(document: unknown) {
  const said: { text: string; action?: Action }[] = [];
  const saved: { puzzle: { fixed?: unknown[] } }[] = [];
  const api: Api = {
    getPuzzle: async () => ({ id: 7, name: 'Test', document }) as Awaited<ReturnType<Api['getPuzzle']>>,
    updatePuzzle: async ({ document: doc }) => {
      saved.push(doc as (typeof saved)[number]);
      return { id: 7, name: 'Test', document: doc } as Awaited<ReturnType<Api['updatePuzzle']>>;
    },
  };
  const ed = new EdgeEditor({ api, puzzleId: 7, say: (text, _kind, action) => said.push({ text, action }), ask: () => undefined });
  return { ed, said, saved };
}

const tick = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

describe('hints fixed from Make unique', () => {
  const { puzzle, solution } = cutPuzzle(3, 3, 5);
  // Two pieces of the solution, where it puts them: cells 4 and 8.
  const hints: FixedPiece[] = [4, 8].map((c) => ({ piece: solution.piece[c]!, row: Math.floor(c / 3), col: c % 3, rotation: solution.rotation[c]! }));

  it('fixes them, places them, saves at once, and the notice undoes both', async () => {
    const { ed, said, saved } = setup(edgeDocument('Pieces', puzzle, null));
    ed.load(() => null);
    await tick();
    // A piece of a hint lies elsewhere: it moves to its cell.
    const board = { piece: Int16Array.from([hints[0]!.piece, -1, -1, -1, -1, -1, -1, -1, -1]), rotation: new Uint8Array(9) };
    ed.commitBoard(board);
    ed.fixHints(hints, 'Fixed 2 pieces as hints.');
    expect(ed.puzzle.fixed).toEqual(hints);
    expect([...ed.board.piece]).toEqual([-1, -1, -1, -1, hints[0]!.piece, -1, -1, -1, hints[1]!.piece]);
    await tick();
    expect(saved.at(-1)!.puzzle.fixed).toHaveLength(2);
    const notice = said.at(-1)!;
    expect(notice.text).toBe('Fixed 2 pieces as hints.');
    expect(notice.action?.label).toBe('Undo');

    notice.action!.run();
    expect(ed.puzzle.fixed).toEqual([]);
    expect(ed.board).toBe(board);
    await ed.placements.saveNow();
    expect(saved.at(-1)!.puzzle.fixed).toBeUndefined();
    // Undone already: a second click changes nothing.
    notice.action!.run();
    expect(ed.puzzle.fixed).toEqual([]);
  });

  it("go with their placement step under the editor's undo and redo, and not past it", async () => {
    const { ed } = setup(edgeDocument('Pieces', puzzle, null));
    ed.load(() => null);
    await tick();
    ed.fixHints(hints, 'Fixed.');
    const made = ed.board;
    ed.undo();
    expect(ed.puzzle.fixed).toEqual([]);
    expect([...ed.board.piece].every((p) => p < 0)).toBe(true);
    ed.redo();
    expect(ed.puzzle.fixed).toEqual(hints);
    expect(ed.board).toBe(made);
    // A later placement undone leaves the hints, which came before it.
    const later = ed.board.piece.indexOf(-1);
    const free = [...Array(9).keys()].find((p) => !ed.board.piece.includes(p))!;
    const piece = Int16Array.from(ed.board.piece);
    piece[later] = free;
    ed.commitBoard({ piece, rotation: new Uint8Array(9) });
    ed.undo();
    expect(ed.puzzle.fixed).toEqual(hints);
  });

  it('leave fixed pieces changed since as they are, and say so', async () => {
    const { ed, said } = setup(edgeDocument('Pieces', puzzle, null));
    ed.load(() => null);
    await tick();
    ed.fixHints(hints, 'Fixed.');
    const notice = said.at(-1)!;
    ed.toggleFixed(4);
    notice.action!.run();
    expect(ed.puzzle.fixed).toEqual([hints[1]]);
    expect(said.at(-1)!.text).toBe('The fixed pieces were changed since: the hints are left as they are.');
  });
});
