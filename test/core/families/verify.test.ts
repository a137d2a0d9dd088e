import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../src/core/catalogue/catalogue';
import { getFamily } from '../../../src/core/families';
import { generateEdgePuzzle } from '../../../src/core/families/edge/design/generator';
import { generateTetravex } from '../../../src/core/families/edge/files/tetravex';
import type { FamilyId } from '../../../src/core/families/family';
import { improvementCheck } from '../../../src/core/families/verify';
import { resolveParams } from '../../../src/core/params/schema';
import { generatePuzzle } from './edge/helpers';

const edge = getFamily('edge');
const json = (family: FamilyId, puzzle: unknown): unknown => getFamily(family).puzzleToJson(puzzle);

describe('improvement check', () => {
  const g = generatePuzzle(4, 4, 3, 2, 3, 1);
  const pj = json('edge', g.puzzle);
  const solved = edge.solutionToJson(g.puzzle, g.solution) as { cells: [number, number][] };
  const check = improvementCheck('edge', pj);

  it('accepts a true claim and names a false score', () => {
    expect(check(solved, 24)).toBeNull();
    expect(check(solved, 25)).toBe('it reported score 25, but its board scores 24');
  });

  it('refuses a moved fixed piece, a grey edge turned inwards and a piece used twice', () => {
    const f = g.puzzle.fixed[0];
    const at = f.row * 4 + f.col;
    const moved = structuredClone(solved);
    moved.cells[at] = [moved.cells[at][0], (moved.cells[at][1] + 1) % 4];
    expect(check(moved, edge.evaluate(g.puzzle, edge.solutionFromJson(g.puzzle, moved)).score)).toMatch(/^its board is illegal: fixed piece \d+ is not at row/);

    // A corner piece swapped into the middle with its turn kept shows grey inside.
    const free = generateEdgePuzzle({ rows: 4, cols: 4, frameColours: 2, innerColours: 3, seed: 5 });
    const cells = (edge.solutionToJson(free.puzzle, free.solution) as { cells: [number, number][] }).cells;
    [cells[0], cells[5]] = [cells[5], cells[0]];
    expect(improvementCheck('edge', json('edge', free.puzzle))({ cells }, 0)).toMatch(
      /^its board is illegal: piece \d+ at row 2, column 2 turns a grey edge inwards$/,
    );

    const twice = structuredClone(solved);
    twice.cells[1] = twice.cells[2];
    expect(check(twice, 0)).toMatch(/^its board is not a edge matching solution \(.*already placed/);
  });

  it('refuses a turned Tetravex tile', () => {
    const t = generateTetravex({ rows: 3, cols: 3, colours: 5, seed: 2 });
    const s = edge.solutionToJson(t.puzzle, t.solution) as { cells: [number, number][] };
    s.cells[4] = [s.cells[4][0], 1];
    expect(improvementCheck('edge', json('edge', t.puzzle))(s, 0)).toMatch(/may not be turned/);
  });

  it('refuses a casse-tete grid that removes the wrong count and a maze with a jump off the board', () => {
    const grid = { cells: Array.from({ length: 4 }, () => [1, 1, 1, 1]) };
    grid.cells[0] = [0, 0, 1, 1];
    expect(improvementCheck('parity', { n: 4, m: 4 })(grid, 0)).toBe('its board is illegal: the grid removes 2 tokens where the puzzle removes 4');
    const maze = {
      cells: [
        [9, 1, 1],
        [1, 1, 1],
        [1, 1, 0],
      ],
    };
    expect(improvementCheck('jump', { rows: 3, cols: 3 })(maze, 1)).toMatch(/^its board is not a jump maze solution/);
  });
});

/** Small random puzzles of each family, for every solver of the catalogue. */
function puzzleFor(family: FamilyId, seed: number, size: number): unknown {
  if (family === 'jump') return { rows: size, cols: size };
  if (family === 'parity') return { n: size + 1, m: size + 1 + ((size + 1) % 2 === 0 ? 2 : 0) };
  if (seed % 3 === 0) return json('edge', generateTetravex({ rows: size, cols: size, colours: 4, seed }).puzzle);
  if (seed % 3 === 1) return json('edge', generatePuzzle(size, size + 1, seed, 2, 3, 1).puzzle);
  return json('edge', generateEdgePuzzle({ rows: size, cols: size, frameColours: 2, innerColours: 3, seed }).puzzle);
}

describe('every solver makes only true claims', () => {
  it.each(catalogue.map((d) => [`${d.family} ${d.id}`, d] as const))('%s', (_name, def) => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 4, max: 6 }), (seed, size) => {
        const pj = puzzleFor(def.family, seed, size);
        const family = getFamily(def.family);
        const puzzle: unknown = family.puzzleFromJson(pj);
        if (def.refuses?.(puzzle, resolveParams(def.params, {}))) return;
        const check = improvementCheck(def.family, pj);
        const run = def.create(puzzle, {}, seed);
        let best = -Infinity;
        for (let i = 0; i < 40 && !run.finished; i++) {
          run.step(500);
          if (run.bestScore > best) {
            best = run.bestScore;
            expect(check(run.bestSolution(), run.bestScore)).toBeNull();
          }
        }
      }),
      { numRuns: 4 },
    );
  });
});
