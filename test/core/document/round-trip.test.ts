import { describe, expect, it } from 'vitest';
import { documentToText, makeDocument } from '../../../src/core/document/document';
import { detectFormat, readPuzzleFile, readPuzzleFiles } from '../../../src/core/document/read-file';
import { families } from '../../../src/core/families';
import { generateEdgePuzzle } from '../../../src/core/families/edge/design/generator';
import { generateTetravex } from '../../../src/core/families/edge/files/tetravex';
import { readBoardsOnPuzzle } from '../../../src/core/families/edge/files/read';
import type { EdgePuzzle } from '../../../src/core/families/edge/model/model';
import { Rng } from '../../../src/core/rng/rng';

/**
 * Everything the program writes, it reads back with format detection: every text format of every
 * family, and the JSON document, for puzzles with and without a solution.
 */

function randomMaze(rows: number, cols: number, seed: number): Int32Array {
  const rng = new Rng(seed);
  const cells = new Int32Array(rows * cols);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) cells[r * cols + c] = r === rows - 1 && c === cols - 1 ? 0 : 1 + rng.int(Math.max(r, rows - 1 - r, c, cols - 1 - c));
  return cells;
}

const samples: { family: keyof typeof families; puzzle: unknown; solution: unknown }[] = [];
for (const [rows, cols, seed] of [
  [4, 4, 1],
  [5, 7, 2],
  [2, 2, 3],
  [6, 6, 4],
] as const) {
  const g = generateEdgePuzzle({ rows, cols, frameColours: 3, innerColours: 4, seed });
  samples.push({ family: 'edge', puzzle: g.puzzle, solution: g.solution });
  samples.push({
    family: 'edge',
    puzzle: { ...g.puzzle, fixed: [{ piece: g.solution.piece[0], row: 0, col: 0, rotation: g.solution.rotation[0] }] },
    solution: g.solution,
  });
}
for (const [n, seed] of [
  [3, 1],
  [4, 2],
] as const)
  samples.push({ family: 'edge', ...generateTetravex({ rows: n, cols: n, colours: 10, seed }) });
for (const [rows, cols] of [
  [2, 2],
  [3, 5],
  [7, 7],
  [4, 2],
] as const)
  samples.push({ family: 'jump', puzzle: { rows, cols }, solution: { cells: randomMaze(rows, cols, rows * 10 + cols) } });
for (const [n, m, seed] of [
  [4, 4, 1],
  [5, 5, 2],
  [6, 0, 3],
] as const) {
  const rng = new Rng(seed);
  samples.push({ family: 'parity', puzzle: { n, m }, solution: { cells: Uint8Array.from({ length: n * n }, () => rng.int(2)) } });
}

describe('round trips with format detection', () => {
  it('every text format of every family, written and read back as what was written', () => {
    let checked = 0;
    for (const s of samples) {
      const family = families[s.family];
      for (const fmt of family.formats) {
        for (const solution of [s.solution, undefined]) {
          const text = fmt.write(s.puzzle as never, solution as never);
          if (text === null) continue;
          const file = `x.${fmt.extensions.find((e) => e !== 'txt') ?? 'txt'}`;
          for (const name of [file, 'x.txt']) {
            const detected = detectFormat(name, text);
            expect(detected, `${s.family} ${fmt.id} as ${name}:\n${text}`).toBe(fmt.id);
          }
          checked++;
          if (fmt.id === 'board') {
            // A board is read against its pieces.
            const [b] = readBoardsOnPuzzle(text, 'x.txt', s.puzzle as EdgePuzzle);
            expect(b.board).toEqual(solution);
            continue;
          }
          const back = readPuzzleFile('x.txt', text);
          const f = family as (typeof families)['edge'];
          if (fmt.id === 'bucas') {
            // The URL carries the cells as they lie: the same colours on the same cells.
            if (solution)
              expect(f.evaluate(back.puzzle as EdgePuzzle, back.solution as never).score).toBe(f.evaluate(s.puzzle as EdgePuzzle, solution as never).score);
            continue;
          }
          expect(f.puzzleToJson(back.puzzle as never)).toEqual(f.puzzleToJson(s.puzzle as never));
          // Piece lists and Tetravex files carry no placement; mazes and grids carry their cells.
          if (solution && fmt.id !== 'pieces' && fmt.id !== 'tetravex')
            expect(family.solutionToJson(back.puzzle as never, back.solution as never)).toEqual(family.solutionToJson(s.puzzle as never, solution as never));
        }
      }
      // The JSON document.
      const doc = makeDocument(s.family, 'x', s.puzzle, s.solution);
      const back = readPuzzleFile('x.txt', documentToText(doc));
      expect(back.format).toBe('json');
      expect(makeDocument(back.family, 'x', back.puzzle, back.solution)).toEqual(doc);
    }
    expect(checked).toBeGreaterThan(40);
  });

  it('readPuzzleFiles gives one puzzle for a file holding one', () => {
    const g = generateEdgePuzzle({ rows: 3, cols: 3, frameColours: 2, innerColours: 2, seed: 1 });
    const text = families.edge.formats.find((f) => f.id === 'pieces')!.write(g.puzzle, undefined)!;
    expect(readPuzzleFiles('p.txt', text)).toHaveLength(1);
  });
});
