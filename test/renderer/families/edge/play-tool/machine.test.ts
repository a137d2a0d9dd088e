import { describe, expect, it } from 'vitest';
import { PlayTool, type Change } from '../../../../../src/renderer/src/families/edge/play-tool/machine';
import type { DragSource, DropTarget, PlayHost, PointerInfo, WheelInfo } from '../../../../../src/renderer/src/families/edge/play-tool/types';
import { applyDrop } from '../../../../../src/renderer/src/families/edge/drop';
import { startBoard } from '../../../../../src/renderer/src/families/edge/placement';
import type { EdgeBoard, EdgePuzzle } from '../../../../../src/core/families/edge/model/model';
import { twoByTwo } from '../helpers';

/**
 * A host over a real 2x2 board: drops go through the placement rules (applyDrop), every effect is
 * logged. The tray sits at x >= 1000; cells are 100 px wide from (0, 0).
 */
function setup(opts: { fixed?: EdgePuzzle['fixed']; turnable?: boolean } = {}) {
  const puzzle: EdgePuzzle = { ...twoByTwo(), fixed: opts.fixed ?? [] };
  const state = { board: startBoard(puzzle) as EdgeBoard, cursor: 0 };
  const log: string[] = [];
  const changes: Change[] = [];
  const locked = new Set(puzzle.fixed.map((f) => f.row * puzzle.cols + f.col));
  const host: PlayHost = {
    turnable: opts.turnable ?? true,
    hasPiece: (cell) => state.board.piece[cell]! >= 0,
    isLocked: (cell) => locked.has(cell),
    cursor: () => state.cursor,
    setCursor: (cell) => {
      state.cursor = cell;
      log.push(`cursor ${cell}`);
    },
    drop: (src: DragSource, target: DropTarget) => {
      log.push(`drop ${JSON.stringify(src)} -> ${JSON.stringify(target)}`);
      const next = applyDrop(puzzle, state.board, src, target, { autoOrient: false });
      if (next) state.board = next;
      else log.push('refused');
    },
    rotateCell: (cell, d) => log.push(`rotate ${cell} ${d}`),
    refuseFixed: (cell) => log.push(`fixed ${cell}`),
    showFits: (cell) => log.push(`fits ${cell}`),
    rememberTrayRotation: (piece, r) => log.push(`tray ${piece} ${r}`),
    panBy: (dx, dy) => log.push(`pan ${dx} ${dy}`),
    zoomAt: (f, x, y) => log.push(`zoom ${f.toFixed(3)} ${x} ${y}`),
    hover: (cell) => log.push(`hover ${cell}`),
    capture: (id) => log.push(`capture ${id}`),
    message: (text) => log.push(`say ${text}`),
  };
  // A wheel notch is one step either way (the stepper itself is tested in board/wheel.test.ts).
  const tool = new PlayTool(host, { onchange: (c) => changes.push(c), wheelStep: (ev) => Math.sign(ev.deltaY) });
  const at = (x: number, y: number, more: Partial<PointerInfo> = {}): PointerInfo => {
    const col = Math.floor(x / 100);
    const row = Math.floor(y / 100);
    const cell = x >= 0 && y >= 0 && col < 2 && row < 2 ? row * 2 + col : -1;
    return { pointerId: 1, button: 0, buttons: 1, shiftKey: false, x, y, cell, overTray: x >= 1000, ...more };
  };
  const wheel = (x: number, y: number, deltaY: number, more: Partial<WheelInfo> = {}): WheelInfo => ({
    deltaX: 0,
    deltaY,
    ctrlKey: false,
    shiftKey: false,
    x,
    y,
    cell: at(x, y).cell,
    ...more,
  });
  const place = (piece: number, cell: number, rotation = 0): void => {
    state.board.piece[cell] = piece;
    state.board.rotation[cell] = rotation;
  };
  return { tool, host, state, log, changes, at, wheel, place, puzzle };
}

describe('play tool: clicks', () => {
  it('a click on a tray piece picks it; a click on a cell places it there', () => {
    const { tool, state, log, at } = setup();
    tool.trayPointerDown({ piece: 2, rotation: 1 }, at(1050, 50));
    expect(tool.gesture).toBe('pointing');
    tool.pointerUp(at(1051, 51));
    expect(tool.gesture).toBe('idle');
    expect(tool.held).toEqual({ kind: 'tray', piece: 2, rotation: 1 });
    expect(log.at(-1)).toMatch(/^say Piece 3 picked: .* R turns it, Esc cancels\.$/);
    tool.pointerDown(at(150, 150));
    expect(state.cursor).toBe(3);
    expect([state.board.piece[3], state.board.rotation[3]]).toEqual([2, 1]);
    expect(tool.held).toBeNull();
    expect(tool.gesture).toBe('idle');
  });

  it('a second click on the picked tray piece puts it back; no turning hint for upright tiles', () => {
    const { tool, log, at } = setup({ turnable: false });
    tool.trayPointerDown({ piece: 0, rotation: 0 }, at(1050, 50));
    tool.pointerUp(at(1050, 50));
    expect(log.at(-1)).not.toContain('R turns');
    tool.trayPointerDown({ piece: 0, rotation: 0 }, at(1050, 50));
    tool.pointerUp(at(1050, 50));
    expect(tool.held).toBeNull();
  });

  it('a click on a placed piece moves the cursor to it without moving the piece', () => {
    const { tool, state, log, at, place } = setup();
    place(1, 2);
    tool.pointerDown(at(50, 150));
    expect(tool.gesture).toBe('pointing');
    tool.pointerUp(at(52, 151));
    expect(state.cursor).toBe(2);
    expect(log.some((l) => l.startsWith('drop'))).toBe(false);
    expect(state.board.piece[2]).toBe(1);
  });

  it('the secondary button never starts a gesture; other buttons are ignored', () => {
    const { tool, at } = setup();
    tool.pointerDown(at(50, 50, { button: 2 }));
    expect(tool.gesture).toBe('idle');
    tool.pointerDown(at(50, 50, { button: 3 }));
    expect(tool.gesture).toBe('idle');
    tool.trayPointerDown({ piece: 0, rotation: 0 }, at(1050, 50, { button: 2 }));
    expect(tool.gesture).toBe('idle');
  });
});

describe('play tool: drags', () => {
  it('a drag from the tray places the piece on the cell it is dropped on', () => {
    const { tool, state, changes, at } = setup();
    tool.trayPointerDown({ piece: 3, rotation: 2 }, at(1050, 50));
    tool.pointerMove(at(1052, 52));
    expect(tool.gesture).toBe('pointing'); // within the slop
    tool.pointerMove(at(900, 50));
    expect(tool.gesture).toBe('dragging');
    expect(tool.drag).toEqual({ src: { kind: 'tray', piece: 3, rotation: 2 }, active: true, target: { kind: 'none' } });
    changes.length = 0;
    tool.pointerMove(at(50, 150));
    expect(tool.drag?.target).toEqual({ kind: 'cell', cell: 2 });
    expect(changes).toEqual(['pointer', 'state']);
    // Moves within the same cell are only pointer news (the board's marks are not redrawn).
    changes.length = 0;
    tool.pointerMove(at(60, 160));
    expect(changes).toEqual(['pointer']);
    expect(tool.pointer).toEqual({ x: 60, y: 160 });
    tool.pointerUp(at(60, 160));
    expect(tool.gesture).toBe('idle');
    expect([state.board.piece[2], state.board.rotation[2]]).toEqual([3, 2]);
  });

  it('a drag on the board swaps pieces; a drag back to the tray removes the piece', () => {
    const { tool, state, at, place } = setup();
    place(0, 0);
    place(1, 1);
    tool.pointerDown(at(50, 50));
    tool.pointerMove(at(150, 50));
    tool.pointerUp(at(150, 50));
    expect(Array.from(state.board.piece)).toEqual([1, 0, -1, -1]);
    tool.pointerDown(at(50, 50));
    tool.pointerMove(at(1100, 50));
    expect(tool.drag?.target).toEqual({ kind: 'tray' });
    tool.pointerUp(at(1100, 50));
    expect(Array.from(state.board.piece)).toEqual([-1, 0, -1, -1]);
  });

  it('a drop outside the board and the tray leaves the piece where it was', () => {
    const { tool, state, log, at, place } = setup();
    place(0, 0);
    tool.trayPointerDown({ piece: 2, rotation: 0 }, at(1050, 50));
    tool.pointerMove(at(600, 600));
    tool.pointerUp(at(600, 600));
    expect(log.at(-2)).toBe('drop {"kind":"tray","piece":2,"rotation":0} -> {"kind":"none"}');
    expect(Array.from(state.board.piece)).toEqual([0, -1, -1, -1]);
    // A board piece dropped nowhere stays on its cell.
    tool.pointerDown(at(50, 50));
    tool.pointerMove(at(600, 600));
    tool.pointerUp(at(600, 600));
    expect(Array.from(state.board.piece)).toEqual([0, -1, -1, -1]);
    expect(tool.held).toBeNull();
  });

  it('a drag clears the hover and a release of another pointer is not the drop', () => {
    const { tool, log, at, place } = setup();
    place(0, 0);
    tool.pointerDown(at(50, 50));
    tool.pointerMove(at(150, 150));
    expect(log).toContain('hover null');
    tool.pointerMove(at(150, 50, { pointerId: 2 }));
    expect(tool.drag?.target).toEqual({ kind: 'cell', cell: 3 });
    tool.pointerUp(at(150, 50, { pointerId: 2 }));
    expect(tool.gesture).toBe('dragging');
  });

  it('the wheel, a right click and R turn the dragged piece, Ctrl+wheel still zooms', () => {
    const { tool, state, log, at, wheel, place } = setup();
    place(0, 0, 1);
    tool.pointerDown(at(50, 50));
    tool.pointerMove(at(150, 150));
    tool.wheel(wheel(150, 150, 100));
    tool.contextMenu(3);
    tool.turn(1);
    tool.turn(-1);
    expect(tool.drag?.src).toEqual({ kind: 'cell', cell: 0, turns: 2 });
    tool.wheel(wheel(150, 150, -100, { ctrlKey: true }));
    expect(log.at(-1)).toBe('zoom 1.284 150 150');
    expect(log.some((l) => l.startsWith('rotate'))).toBe(false);
    tool.pointerUp(at(150, 150));
    expect([state.board.piece[3], state.board.rotation[3]]).toEqual([0, 3]);
  });

  it('a tray piece turned while dragged keeps the turn when dropped', () => {
    const { tool, state, at } = setup();
    tool.trayPointerDown({ piece: 1, rotation: 0 }, at(1050, 50));
    tool.pointerMove(at(50, 50));
    tool.contextMenu(0);
    tool.turn(-1);
    tool.turn(-1);
    expect(tool.drag?.src).toEqual({ kind: 'tray', piece: 1, rotation: 3 });
    tool.pointerUp(at(50, 50));
    expect([state.board.piece[0], state.board.rotation[0]]).toEqual([1, 3]);
  });
});

describe('play tool: held pieces', () => {
  it('R turns the held tray piece and remembers the turn in the tray', () => {
    const { tool, state, log, at } = setup();
    tool.trayPointerDown({ piece: 0, rotation: 0 }, at(1050, 50));
    tool.pointerUp(at(1050, 50));
    tool.turn(1);
    tool.turn(1);
    tool.turn(-1);
    expect(tool.held).toEqual({ kind: 'tray', piece: 0, rotation: 1 });
    expect(log.slice(-3)).toEqual(['tray 0 1', 'tray 0 2', 'tray 0 1']);
    state.cursor = 1;
    tool.act();
    expect([state.board.piece[1], state.board.rotation[1]]).toEqual([0, 1]);
    expect(tool.held).toBeNull();
  });

  it('Enter picks the cursor piece, R turns it in the hand, Enter puts it down at the new cursor', () => {
    const { tool, state, at, place } = setup();
    place(2, 0);
    tool.act();
    expect(tool.held).toEqual({ kind: 'cell', cell: 0, turns: 0 });
    tool.turn(1);
    tool.turn(1);
    tool.turn(1);
    tool.turn(1);
    tool.turn(-1);
    expect(tool.held).toEqual({ kind: 'cell', cell: 0, turns: 3 });
    state.cursor = 3;
    tool.act();
    expect([state.board.piece[3], state.board.rotation[3]]).toEqual([2, 3]);
    expect(state.board.piece[0]).toBe(-1);
    // A held piece is placed by a click on the board too.
    tool.act();
    tool.pointerDown(at(50, 150));
    expect(state.board.piece[2]).toBe(2);
  });

  it('R with nothing held turns the piece under the cursor; Enter on an empty cell shows what fits', () => {
    const { tool, state, log, place } = setup();
    place(1, 1);
    state.cursor = 1;
    tool.turn(-1);
    expect(log.at(-1)).toBe('rotate 1 -1');
    state.cursor = 2;
    tool.turn(1);
    expect(log.at(-1)).toBe('rotate 1 -1');
    tool.act();
    expect(log.at(-1)).toBe('fits 2');
  });

  it('turning a piece in the tray turns a held copy of it, not another one', () => {
    const { tool } = setup();
    tool.pick({ kind: 'tray', piece: 1, rotation: 0 });
    tool.trayTurned(2, 3);
    expect(tool.held).toEqual({ kind: 'tray', piece: 1, rotation: 0 });
    tool.trayTurned(1, 3);
    expect(tool.held).toEqual({ kind: 'tray', piece: 1, rotation: 3 });
    tool.release();
    expect(tool.held).toBeNull();
  });
});

describe('play tool: panning and the wheel', () => {
  it('the middle button and Shift+drag pan, after a small slop', () => {
    const { tool, log, at, place } = setup();
    place(0, 0);
    tool.pointerDown(at(50, 50, { button: 1, buttons: 4 }));
    expect(tool.gesture).toBe('panning');
    expect(log.at(-1)).toBe('capture 1');
    tool.pointerMove(at(52, 51));
    expect(log.at(-1)).toBe('capture 1');
    tool.pointerMove(at(60, 50));
    tool.pointerMove(at(61, 52));
    expect(log.slice(-2)).toEqual(['pan 10 0', 'pan 1 2']);
    tool.pointerUp(at(61, 52));
    expect(tool.gesture).toBe('idle');
    expect(log.some((l) => l.startsWith('cursor'))).toBe(false);
    // Shift+drag on a piece pans rather than dragging it.
    tool.pointerDown(at(50, 50, { shiftKey: true }));
    expect(tool.gesture).toBe('panning');
  });

  it('a press on an empty cell pans; without a move it puts the cursor there', () => {
    const { tool, state, at } = setup();
    tool.pointerDown(at(150, 150));
    expect(tool.gesture).toBe('panning');
    tool.pointerUp(at(150, 150));
    expect(state.cursor).toBe(3);
    tool.pointerDown(at(500, 500));
    tool.pointerUp(at(500, 500));
    expect(state.cursor).toBe(3);
  });

  it('the wheel turns the piece under it, pans elsewhere (and with Shift), zooms with Ctrl', () => {
    const { tool, log, wheel, place } = setup();
    place(0, 0);
    tool.wheel(wheel(50, 50, 100));
    expect(log.at(-1)).toBe('rotate 0 1');
    tool.wheel(wheel(50, 50, 100, { shiftKey: true }));
    expect(log.at(-1)).toBe('pan 0 -100');
    tool.wheel(wheel(150, 50, -30, { deltaX: 7 }));
    expect(log.at(-1)).toBe('pan -7 30');
    tool.wheel(wheel(150, 50, 100, { ctrlKey: true }));
    expect(log.at(-1)).toBe('zoom 0.779 150 50');
  });

  it('a right click turns the piece on the cell and moves the cursor there', () => {
    const { tool, state, log, place } = setup();
    place(0, 3);
    tool.contextMenu(3);
    expect(state.cursor).toBe(3);
    expect(log.at(-1)).toBe('rotate 3 1');
    tool.contextMenu(2);
    expect(log.at(-1)).toBe('rotate 3 1');
  });

  it('the pointer resting on an empty cell asks for its fits; on a piece or off the board it does not', () => {
    const { tool, log, at, place } = setup();
    place(0, 0);
    tool.pointerMove(at(150, 50, { buttons: 0 }));
    expect(log.at(-1)).toBe('hover 1');
    tool.pointerMove(at(50, 50, { buttons: 0 }));
    expect(log.at(-1)).toBe('hover null');
    tool.pointerMove(at(700, 50, { buttons: 0 }));
    expect(log.at(-1)).toBe('hover null');
    const n = log.length;
    tool.pointerMove(at(150, 50, { buttons: 1 }));
    expect(log.length).toBe(n);
  });
});

describe('play tool: Escape and cancels', () => {
  it('Esc ends a drag without a drop, then lets go of the held piece, then has nothing to do', () => {
    const { tool, state, log, at, place } = setup();
    place(0, 0);
    tool.pick({ kind: 'tray', piece: 1, rotation: 0 });
    tool.trayPointerDown({ piece: 2, rotation: 0 }, at(1050, 50));
    tool.pointerMove(at(150, 50));
    expect(tool.busy).toBe(true);
    expect(tool.cancel()).toBe(true);
    expect(tool.gesture).toBe('idle');
    tool.pointerUp(at(150, 50));
    expect(log.some((l) => l.startsWith('drop'))).toBe(false);
    expect(tool.held).toEqual({ kind: 'tray', piece: 1, rotation: 0 });
    expect(tool.cancel()).toBe(true);
    expect(tool.held).toBeNull();
    expect(tool.busy).toBe(false);
    expect(tool.cancel()).toBe(false);
    expect(Array.from(state.board.piece)).toEqual([0, -1, -1, -1]);
  });

  it('a pointercancel ends a press or drag without a drop', () => {
    const { tool, log, at, place } = setup();
    place(0, 0);
    tool.pointerDown(at(50, 50));
    tool.pointerMove(at(150, 50));
    tool.pointerCancel();
    expect(tool.gesture).toBe('idle');
    tool.pointerUp(at(150, 50));
    expect(log.some((l) => l.startsWith('drop'))).toBe(false);
  });

  it('a press after a lost release starts afresh', () => {
    const { tool, at, place } = setup();
    place(0, 0);
    tool.pointerDown(at(50, 50));
    tool.pointerDown(at(150, 150, { pointerId: 2 }));
    expect(tool.gesture).toBe('panning');
  });
});

describe('play tool: fixed pieces refuse', () => {
  const fixed = [{ piece: 0, row: 0, col: 0, rotation: 0 }];

  it('a press on a fixed piece pans instead of picking it up', () => {
    const { tool, state, at } = setup({ fixed });
    expect(state.board.piece[0]).toBe(0);
    tool.pointerDown(at(50, 50));
    expect(tool.gesture).toBe('panning');
    tool.pointerMove(at(80, 80));
    tool.pointerUp(at(80, 80));
    expect(state.board.piece[0]).toBe(0);
  });

  it('Enter on a fixed piece says so and holds nothing', () => {
    const { tool, log } = setup({ fixed });
    tool.act();
    expect(log.at(-1)).toBe('fixed 0');
    expect(tool.held).toBeNull();
  });

  it('a drop on a fixed cell is refused by the placement rules and changes nothing', () => {
    const { tool, state, log, at } = setup({ fixed });
    tool.trayPointerDown({ piece: 1, rotation: 0 }, at(1050, 50));
    tool.pointerMove(at(50, 50));
    tool.pointerUp(at(50, 50));
    expect(log.at(-1)).toBe('refused');
    expect(Array.from(state.board.piece)).toEqual([0, -1, -1, -1]);
    // Held and put down on the fixed cell: refused too, and the hand is empty again.
    tool.pick({ kind: 'tray', piece: 2, rotation: 0 });
    tool.pointerDown(at(50, 50));
    expect(log.at(-1)).toBe('refused');
    expect(tool.held).toBeNull();
    expect(Array.from(state.board.piece)).toEqual([0, -1, -1, -1]);
  });
});
