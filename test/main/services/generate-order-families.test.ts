/**
 * Issue 51 item 2 from the app, for jump mazes and casse-tete grids: made to order in the orders'
 * worker thread, with progress, a one-line refusal and a stop. The maze's promise is checked by the
 * maze analysis and the grid's by the exact count, each run here on the document made.
 */
import { describe, expect, it } from 'vitest';
import { finished } from './thread-jobs';
import { parseDocument } from '../../../src/core/document/document';
import { analyseMaze } from '../../../src/core/families/jump/analysis';
import type { JumpMaze, JumpPuzzle } from '../../../src/core/families/jump/model';
import { analyseParity } from '../../../src/core/families/parity/analysis';
import type { ParityPuzzle } from '../../../src/core/families/parity/model';
import { Orders } from '../../../src/main/services/generate-order';
import { parseCall } from '../../../src/main/api/contract';

describe('jump mazes to order from the app', () => {
  it('makes a maze whose one shortest path has the length asked, named', async () => {
    const o = new Orders();
    const started = o.start({ name: 'Jump maze 5×5, one shortest path of 12', rows: 5, cols: 5, kind: 'jump', length: 12, seed: 3 });
    expect(started).toMatchObject({ kind: 'jump', running: true, made: null, attempts: 200_000 });
    const s = await finished(o, started.id);
    expect(s.error).toBeNull();
    const made = s.made!;
    expect(made).toMatchObject({ rating: null, difficulty: null });
    expect(made.summary).toMatch(/^one shortest path of 12 moves, the only one \(the maze analysis says so\)/);
    const { doc, puzzle, solution } = parseDocument(made.document);
    expect(doc).toMatchObject({ family: 'jump', name: 'Jump maze 5×5, one shortest path of 12' });
    const a = analyseMaze(puzzle as JumpPuzzle, (solution as JumpMaze).cells);
    expect(a).toMatchObject({ shortest: 12, shortestPaths: '1' });
    await o.dispose();
  });

  it('refuses in one line a length the size cannot have, or one not found in the changes allowed', async () => {
    const o = new Orders();
    expect(() => o.start({ name: 'x', rows: 4, cols: 4, kind: 'jump', length: 16, seed: 1 })).toThrow(
      "a 4x4 maze's shortest path visits each of its 16 cells at most once: ask for 1 to 15 moves",
    );
    expect(() => o.start({ name: 'x', rows: 4, cols: 4, kind: 'jump', seed: 1 })).toThrow('a maze order needs the length of its one shortest path');
    const s = await finished(o, o.start({ name: 'x', rows: 4, cols: 4, kind: 'jump', length: 10, seed: 3, attempts: 1 }).id);
    expect(s.made).toBeNull();
    expect(s.error).toMatch(
      /^no 4x4 maze with one shortest path of 10 moves in 1,0\d\d changes \(the walks' mazes with one shortest path reached \d+ moves\): ask for another length$/,
    );
    expect(s.tried).toBeGreaterThan(0);
  });

  it('shows its progress and stops when asked', async () => {
    const o = new Orders();
    const { id } = o.start({ name: 'big', rows: 32, cols: 32, kind: 'jump', length: 900, seed: 1 });
    while (o.status(id).tried < 2048) await new Promise((r) => setTimeout(r, 20));
    o.stop(id);
    const s = await finished(o, id);
    expect(s.made).toBeNull();
    expect(s.error).toMatch(/^stopped after [\d,]+ cell changes$/);
  });
});

describe('casse-tete grids to order from the app', () => {
  it('finds the tokens to remove that give exactly the solutions asked', async () => {
    const o = new Orders();
    const args = parseCall('startOrder', { name: 'Casse-tête 3×3, exactly 6 solutions', rows: 3, cols: 3, kind: 'parity', seed: 0, solutions: '6' }).args;
    const s = await finished(o, o.start(args as Parameters<Orders['start']>[0]).id);
    expect(s.error).toBeNull();
    expect(s.kind).toBe('parity');
    expect(s.made!.summary).toBe('n = 3, m = 3: exactly 6 solutions (the exact formula)');
    const { doc, puzzle } = parseDocument(s.made!.document);
    expect(doc).toMatchObject({ family: 'parity', name: 'Casse-tête 3×3, exactly 6 solutions' });
    expect(analyseParity(puzzle as ParityPuzzle).solutions).toBe('6');
  });

  it('says in one line when no number of tokens gives it, with the nearest and the sizes that have it', async () => {
    const o = new Orders();
    const s = await finished(o, o.start({ name: 'x', rows: 6, cols: 6, kind: 'parity', seed: 0, solutions: '6' }).id);
    expect(s.made).toBeNull();
    expect(s.tried).toBe(11);
    expect(s.error).toBe('no 6×6 casse-tête has exactly 6 solutions (nearest: m = 0 has 1; m = 4 has 225); 3×3 with m = 3 has exactly that many');
    expect(() => o.start({ name: 'x', rows: 6, cols: 6, kind: 'parity', seed: 0, solutions: '0' })).toThrow(
      'a casse-tête order needs its number of solutions, a whole number from 1, got 0',
    );
    expect(() => o.start({ name: 'x', rows: 24, cols: 24, kind: 'parity', seed: 0, solutions: '6' })).toThrow(/up to 20×20, got 24×24$/);
  });
});
