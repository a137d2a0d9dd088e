/** New puzzle's orders for jump mazes and casse-tete grids (issue 51 item 2): what is asked of the backend, and the problems caught before. */
import { describe, expect, it } from 'vitest';
import { parseCall } from '../../../src/main/api/contract';
import { jumpNewPuzzle, type JumpNewFields } from '../../../src/renderer/src/families/jump/new-puzzle';
import { parityNewPuzzle, type ParityNewFields } from '../../../src/renderer/src/families/parity/new-puzzle';

const jump = (f: Partial<JumpNewFields>): JumpNewFields => ({ ...jumpNewPuzzle.defaults(5), ...f });
const parity = (f: Partial<ParityNewFields>): ParityNewFields => ({ ...parityNewPuzzle.defaults(1), ...f });

describe('jump maze to order', () => {
  it('asks for a unique shortest path of the length chosen, named for it', () => {
    const f = jump({ rows: 6, cols: 5, start: 'order', length: 14 });
    expect(jumpNewPuzzle.problems(f)).toEqual([]);
    expect(jumpNewPuzzle.name(f)).toBe('Jump maze 6×5, one shortest path of 14');
    const order = jumpNewPuzzle.order!(f);
    expect(order).toEqual({ kind: 'jump', rows: 6, cols: 5, seed: 5, length: 14 });
    // What the form asks passes the API's checks.
    expect(() => parseCall('startOrder', { ...order, name: 'x' })).not.toThrow();
    expect(jumpNewPuzzle.order!(jump({ start: 'random' }))).toBeNull();
  });

  it('catches a length no path of the size has, and a size too large to order', () => {
    expect(jumpNewPuzzle.problems(jump({ rows: 3, cols: 3, start: 'order', length: 9 }))).toEqual([
      { field: 'length', message: 'The path length must be 1 to 8' },
    ]);
    expect(jumpNewPuzzle.problems(jump({ rows: 40, cols: 4, start: 'order', length: 9 }))).toEqual([
      { field: 'rows', message: 'Rows of a maze made to order must be 2 to 32' },
    ]);
    // A random maze of that size is fine.
    expect(jumpNewPuzzle.problems(jump({ rows: 40, cols: 4, start: 'random' }))).toEqual([]);
  });
});

describe('casse-tete to order', () => {
  it('asks for exactly the number of solutions chosen, named for it', () => {
    const f = parity({ n: 3, byCount: true, solutions: ' 6 ' });
    expect(parityNewPuzzle.problems(f)).toEqual([]);
    expect(parityNewPuzzle.name(f)).toBe('Casse-tête 3×3, exactly 6 solutions');
    const order = parityNewPuzzle.order!(f);
    expect(order).toEqual({ kind: 'parity', rows: 3, cols: 3, seed: 0, solutions: '6' });
    expect(() => parseCall('startOrder', { ...order, name: 'x' })).not.toThrow();
    expect(parityNewPuzzle.order!(parity({ n: 3, m: 3 }))).toBeNull();
  });

  it('catches a number that is not a whole number from 1, and a grid too large to search', () => {
    for (const solutions of ['0', '', '1.5', '-3', 'six'])
      expect(parityNewPuzzle.problems(parity({ byCount: true, solutions }))).toEqual([
        { field: 'solutions', message: 'The number of solutions must be a whole number from 1' },
      ]);
    expect(parityNewPuzzle.problems(parity({ n: 21, byCount: true }))).toEqual([{ field: 'n', message: 'n must be 2 to 20' }]);
  });
});
