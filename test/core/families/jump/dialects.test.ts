import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPuzzleFile, readPuzzleFiles } from '../../../../src/core/document/read-file';
import {
  evaluateMaze,
  jumpFamily,
  jumpMazeFormat,
  maxJumps,
  mazeErrors,
  randomCells,
  type JumpMaze,
  type JumpPuzzle,
} from '../../../../src/core/families/jump';
import { Rng } from '../../../../src/core/rng/rng';
import { naiveDepths } from './naive';

const fixture = (name: string): string => readFileSync(join(__dirname, '../../../fixtures/dialects', name), 'utf8');

/** The truth, from the rules: the goal's depth, or minus the unreached cells. */
function naiveFitness(p: JumpPuzzle, cells: ArrayLike<number>): number {
  const d = naiveDepths(p, cells);
  const g = d[p.goal ?? p.rows * p.cols - 1];
  return g >= 0 ? g : -d.filter((x) => x < 0).length;
}

describe('jump maze files of other tools', () => {
  it('a lone 0 line after the last maze ends the file', () => {
    const all = readPuzzleFiles('maze-terminated.txt', fixture('maze-terminated.txt'));
    expect(all.map((m) => [m.name, m.format, (m.puzzle as JumpPuzzle).rows])).toEqual([
      ['maze-terminated #1', 'maze', 3],
      ['maze-terminated #2', 'maze', 4],
    ]);
    for (const m of all) {
      const cells = (m.solution as JumpMaze).cells;
      expect(jumpFamily.evaluate(m.puzzle as JumpPuzzle, m.solution as JumpMaze).score).toBe(naiveFitness(m.puzzle as JumpPuzzle, cells));
    }
    // One maze and its 0 line: one puzzle.
    expect(jumpMazeFormat.read('2\n1 1\n1 0\n0\n', 'm.txt').puzzle).toEqual({ rows: 2, cols: 2 });
  });

  it('0 outside the goal is a dead end: read, legal, and BFS makes no move from it', () => {
    const r = jumpMazeFormat.read(fixture('maze-dead-ends.txt'), 'maze-dead-ends.txt');
    const cells = r.solution!.cells;
    expect(Array.from(cells)).toEqual([1, 0, 2, 3, 2, 1, 1, 0, 3, 2, 1, 1, 0, 1, 2, 0]);
    expect(r.notes).toContain('3 dead-end cells (0 outside the goal: no jump from there)');
    expect(mazeErrors(r.puzzle, cells)).toEqual([]);
    const e = evaluateMaze(r.puzzle, cells);
    expect(Array.from(e.depth)).toEqual(naiveDepths(r.puzzle, cells));
    expect(e.fitness).toBe(naiveFitness(r.puzzle, cells));
    // The dead end at row 1 col 2 is reached (from the start, one to the right) and leads nowhere.
    expect(e.depth[1]).toBe(1);
    // The JSON document keeps it.
    const json = jumpFamily.solutionToJson(r.puzzle, r.solution!);
    expect(Array.from(jumpFamily.solutionFromJson(r.puzzle, json).cells)).toEqual(Array.from(cells));
  });

  it('a file with a bad maze: the good ones come in, the bad one is named', () => {
    const all = readPuzzleFiles('maze-one-bad.txt', fixture('maze-one-bad.txt'));
    expect(all.map((m) => m.name)).toEqual(['maze-one-bad #1', 'maze-one-bad #3']);
    expect(all[0].notes[0]).toBe('maze #2 (line 7) not imported: cell (row 1, column 2) holds 5000, expected a jump length 1..2');
    for (const m of all) expect(mazeErrors(m.puzzle as JumpPuzzle, (m.solution as JumpMaze).cells)).toEqual([]);
    // Alone, the bad maze is refused as before.
    expect(() => jumpMazeFormat.read('3\n1 5000 1\n1 1 1\n1 1 0\n', 'b.txt')).toThrow(/^b\.txt:2: cell \(row 1, column 2\) holds 5000/);
  });

  it('a maze one jump short is refused: its `rows cols` line is never read as a size and a first jump', () => {
    const short = ['5 5', '3 2 2 4 3', '2 2 2 1 1', '4 3 1 3 4', '2 3 1 1 3', '1 1 3 2'].join('\n');
    expect(() => readPuzzleFile('short.txt', short)).toThrow(/short\.txt:6: .*expected 5 jump lengths, got 4/);
    // The numbers in order still read when the lines break elsewhere, or one number a line.
    const stream = readPuzzleFile('stream.txt', ['3 3', '1 1', '1 1 1 1', '1 1 0'].join('\n'));
    expect((stream.solution as JumpMaze).cells).toEqual(Int32Array.from([1, 1, 1, 1, 1, 1, 1, 1, 0]));
    expect(stream.notes).toContain('jumps read in order (4 lines), not line by line');
    expect((readPuzzleFile('col.txt', ['3', ...'11111111'.split(''), '0'].join('\n')).puzzle as JumpPuzzle).rows).toBe(3);
  });

  it('generators never make a dead end', () => {
    const p: JumpPuzzle = { rows: 7, cols: 5 };
    const maxJ = maxJumps(p);
    const cells = new Int32Array(35);
    for (let seed = 1; seed <= 50; seed++) {
      randomCells(cells, maxJ, new Rng(seed));
      expect(cells.slice(0, 34).every((v) => v >= 1)).toBe(true);
    }
  });
});
