import { describe, expect, it } from 'vitest';
import { createUndoStack } from '../../../src/renderer/src/lib/undo';

describe('createUndoStack', () => {
  it('starts empty', () => {
    const h = createUndoStack<number>();
    expect(h.current).toBeUndefined();
    expect(h.canUndo).toBe(false);
    expect(h.canRedo).toBe(false);
    expect(h.undo()).toBeUndefined();
    expect(h.redo()).toBeUndefined();
  });

  it('undoes and redoes pushes in order', () => {
    const h = createUndoStack<number>({ initial: 0 });
    h.push(1);
    h.push(2);
    expect(h.current).toBe(2);
    expect(h.undoDepth).toBe(2);
    expect(h.undo()).toBe(1);
    expect(h.undo()).toBe(0);
    expect(h.undo()).toBeUndefined();
    expect(h.current).toBe(0);
    expect(h.canRedo).toBe(true);
    expect(h.redo()).toBe(1);
    expect(h.redo()).toBe(2);
    expect(h.redo()).toBeUndefined();
  });

  it('a push after an undo drops the redo branch', () => {
    const h = createUndoStack<string>({ initial: 'a' });
    h.push('b');
    h.undo();
    h.push('c');
    expect(h.canRedo).toBe(false);
    expect(h.undo()).toBe('a');
    expect(h.redo()).toBe('c');
  });

  it('keeps at most `limit` undoable steps', () => {
    const h = createUndoStack<number>({ initial: 0, limit: 3 });
    for (let i = 1; i <= 10; i++) h.push(i);
    expect(h.undoDepth).toBe(3);
    expect(h.undo()).toBe(9);
    expect(h.undo()).toBe(8);
    expect(h.undo()).toBe(7);
    expect(h.undo()).toBeUndefined();
    expect(h.current).toBe(7);
  });

  it('ignores unchanged states when given equals', () => {
    const h = createUndoStack<number[]>({ initial: [1, 2], equals: (a, b) => a.join() === b.join() });
    h.push([1, 2]);
    expect(h.canUndo).toBe(false);
    h.push([1, 3]);
    expect(h.undoDepth).toBe(1);
  });

  it('tracks dirty against the saved entry', () => {
    const h = createUndoStack<number>({ initial: 0 });
    expect(h.dirty).toBe(false);
    h.push(1);
    expect(h.dirty).toBe(true);
    h.undo();
    expect(h.dirty).toBe(false);
    h.redo();
    h.markSaved();
    expect(h.dirty).toBe(false);
    h.undo();
    expect(h.dirty).toBe(true);
  });

  it('reset forgets history and notifies listeners', () => {
    const h = createUndoStack<number>({ initial: 0 });
    let calls = 0;
    const off = h.subscribe(() => calls++);
    h.push(1);
    h.push(2);
    h.reset(5);
    expect(h.current).toBe(5);
    expect(h.canUndo).toBe(false);
    expect(h.dirty).toBe(false);
    expect(calls).toBe(3);
    off();
    h.push(6);
    expect(calls).toBe(3);
  });
});

describe('undo history kept with a document', () => {
  it('starts from saved past states and gives them back oldest first', () => {
    const h = createUndoStack<number>({ limit: 3 });
    h.reset(10, [1, 2, 3, 4]);
    expect(h.past).toEqual([2, 3, 4]);
    expect(h.dirty).toBe(false);
    expect(h.undo()).toBe(4);
    expect(h.past).toEqual([2, 3]);
    h.push(7);
    expect(h.past).toEqual([2, 3, 4]);
    expect(h.canRedo).toBe(false);
  });
});
