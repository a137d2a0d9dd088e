import { describe, expect, it } from 'vitest';
import { PlayState } from '../../../../../src/renderer/src/families/edge/play/state.svelte';
import { lockedCells, startBoard, unplaced } from '../../../../../src/renderer/src/families/edge/placement';
import type { EdgeBoard, EdgePuzzle } from '../../../../../src/core/families/edge/model/model';
import { twoByTwo } from '../helpers';

function setup(fixed: EdgePuzzle['fixed'] = []) {
  const puzzle: EdgePuzzle = { ...twoByTwo(), fixed };
  const s = { board: startBoard(puzzle) as EdgeBoard, said: [] as string[], focus: [] as string[], revealed: [] as number[] };
  const play = new PlayState({
    puzzle: () => puzzle,
    board: () => s.board,
    locked: () => lockedCells(puzzle),
    turnable: () => true,
    commit: (next) => (s.board = next),
    message: (text) => s.said.push(text),
    handle: () => ({ reveal: (cell: number) => s.revealed.push(cell), panBy: () => {}, zoomBy: () => {} }) as never,
    element: () => null,
    focusTray: () => s.focus.push('tray'),
    focusBoard: () => s.focus.push('board'),
  });
  return { play, s, puzzle };
}

describe('play state', () => {
  it('Enter on an empty cell pins its fits; a tray piece picked then goes straight there', () => {
    const { play, s } = setup();
    play.moveCursor(1, 1);
    play.tool.act();
    expect(play.pinned).toBe(3);
    expect(s.focus).toEqual(['tray']);
    play.autoOrient = false;
    play.trayActivate({ piece: 2, rotation: 1 });
    expect([s.board.piece[3], s.board.rotation[3]]).toEqual([2, 1]);
    expect(play.pinned).toBeNull();
    expect(play.held).toBeNull();
    expect(s.focus.at(-1)).toBe('board');
  });

  it('a tray piece picked without a pin is held, and the tray turns it with its copy in the hand', () => {
    const { play, s } = setup();
    play.trayActivate({ piece: 1, rotation: 0 });
    expect(play.held).toEqual({ kind: 'tray', piece: 1, rotation: 0 });
    expect(s.said.at(-1)).toMatch(/^Piece 2 picked: move the cursor and press Enter/);
    play.trayRotate({ piece: 1, rotation: 0 }, -1);
    expect(play.trayRot[1]).toBe(3);
    expect(play.held).toEqual({ kind: 'tray', piece: 1, rotation: 3 });
    // Turned with R while held: the tray remembers that rotation too.
    play.tool.turn(1);
    expect(play.trayRot[1]).toBe(0);
  });

  it('Esc lets go of the held piece, then the pin, then the solution', () => {
    const { play } = setup();
    play.showSolution = true;
    play.toggleHint();
    play.tool.pick({ kind: 'tray', piece: 0, rotation: 0 });
    expect(play.cancellable).toBe(true);
    play.cancel();
    expect([play.held, play.pinned, play.showSolution]).toEqual([null, 0, true]);
    play.cancel();
    expect([play.pinned, play.showSolution]).toEqual([null, true]);
    play.cancel();
    expect(play.showSolution).toBe(false);
    expect(play.cancellable).toBe(false);
  });

  it('the cursor stays on the board, is revealed, and a pin follows it over empty cells only', () => {
    const { play, s } = setup();
    s.board.piece[1] = 0;
    play.moveCursor(-1, -1);
    expect(play.cursor).toBe(0);
    play.toggleHint();
    play.moveCursor(1, 0);
    expect([play.cursor, play.pinned]).toEqual([2, 2]);
    play.moveCursor(-1, 1);
    expect([play.cursor, play.pinned]).toEqual([1, null]);
    play.toRowEdge(false);
    expect(play.cursor).toBe(0);
    play.toRowEdge(true);
    expect(play.cursor).toBe(1);
    expect(s.revealed).toEqual([0, 2, 1, 0, 1]);
    play.toggleHint();
    expect(s.said.at(-1)).toBe('That cell is filled: "what fits" is for empty cells.');
  });

  it('fixed pieces refuse turns, removal and drops, with a message', () => {
    const { play, s } = setup([{ piece: 0, row: 0, col: 0, rotation: 0 }]);
    const before = s.board;
    play.rotateCell(0, 1);
    play.removeCell(0);
    expect(s.said).toEqual(['The piece at row 1, column 1 is fixed by the puzzle.', 'The piece at row 1, column 1 is fixed by the puzzle.']);
    play.drop({ kind: 'tray', piece: 1, rotation: 0 }, { kind: 'cell', cell: 0 });
    expect(s.said.at(-1)).toBe('Fixed pieces stay where the puzzle puts them.');
    expect(s.board).toBe(before);
  });

  it('a held piece that left the tray or its cell leaves the hand', () => {
    const { play, s, puzzle } = setup();
    play.tool.pick({ kind: 'tray', piece: 3, rotation: 0 });
    play.checkHeld(unplaced(puzzle, s.board));
    expect(play.held).not.toBeNull();
    s.board = { piece: Int16Array.from([3, -1, -1, -1]), rotation: new Uint8Array(4) };
    play.checkHeld(unplaced(puzzle, s.board));
    expect(play.held).toBeNull();
    play.tool.pick({ kind: 'cell', cell: 0, turns: 0 });
    s.board = startBoard(puzzle);
    play.checkHeld(unplaced(puzzle, s.board));
    expect(play.held).toBeNull();
  });

  it('a commit puts the board back in front of the known solution', () => {
    const { play, s } = setup();
    play.showSolution = true;
    expect(play.commit(null)).toBe(false);
    expect(play.showSolution).toBe(true);
    expect(play.commit({ ...s.board })).toBe(true);
    expect(play.showSolution).toBe(false);
  });
});
