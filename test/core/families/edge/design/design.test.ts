import { describe, expect, it } from 'vitest';
import { DIFFICULTY_BANDS, bandOf, nodesToFirstSolution, rate } from '../../../../../src/core/families/edge/design/difficulty';
import { OrderError, generateToOrder } from '../../../../../src/core/families/edge/design/generate';
import { generateEdgePuzzle } from '../../../../../src/core/families/edge/design/generator';
import { isSolved } from '../../../../../src/core/families/edge';
import { bruteSolutions } from '../analysis/brute';

describe('generate to order (issue 51, item 2)', () => {
  it('makes E2-style and Tetravex boards with exactly one solution, by an independent count', () => {
    for (const seed of [1, 2, 3]) {
      const e = generateToOrder({ rows: 4, cols: 4, kind: { type: 'edge', frameColours: 2, innerColours: 4 }, seed });
      expect(bruteSolutions(e.puzzle).layouts).toBe(4); // one solution and its 4 turns
      expect(bruteSolutions(e.puzzle).classes).toBe(1);
      expect(isSolved(e.puzzle, e.solution)).toBe(true);
      const t = generateToOrder({ rows: 3, cols: 3, kind: { type: 'tetravex', colours: 4 }, seed });
      expect(bruteSolutions(t.puzzle).layouts).toBe(1);
      expect(t.puzzle.rotatable).toBe(false);
    }
  });

  it('keeps to the band asked for, and says plainly when the size never reaches it', () => {
    const easy = generateToOrder({ rows: 4, cols: 4, kind: { type: 'tetravex', colours: 5 }, seed: 1, difficulty: 'easy' });
    expect(easy.difficulty).toBe('easy');
    expect(easy.rating).toBeLessThan(DIFFICULTY_BANDS.easy[1]);
    const medium = generateToOrder({ rows: 5, cols: 5, kind: { type: 'tetravex', colours: 6 }, seed: 1, difficulty: 'medium' });
    expect(bandOf(medium.rating)).toBe('medium');
    expect(bruteSolutions(medium.puzzle).layouts).toBe(1);
    expect(() => generateToOrder({ rows: 3, cols: 3, kind: { type: 'tetravex', colours: 3 }, seed: 1, difficulty: 'hard', attempts: 30 })).toThrow(
      /^no 3x3 Tetravex with 3 colours gave a unique hard board \(rating 5 or more\) in 30 tries \(\d+ had one solution; the tries rated [\d.]+ to [\d.]+\)/,
    );
    expect(() => generateToOrder({ rows: 3, cols: 3, kind: { type: 'tetravex', colours: 3 }, seed: 1, shouldStop: () => true })).toThrow(OrderError);
    // Tries cut off at the band's top were rated at least what their counts reached: said so.
    expect(() =>
      generateToOrder({ rows: 6, cols: 6, kind: { type: 'edge', frameColours: 3, innerColours: 5 }, seed: 1, difficulty: 'easy', attempts: 4 }),
    ).toThrow(/; the tries rated [\d.]+ to [\d.]+ \(4 of them cut off at the band's top: at least that\)\): another size or more colours move the rating$/);
  });

  it('stops within a count, between its slices, and says how far it got', () => {
    // A 16x16's first count alone runs for minutes: the stop is asked between slices of it.
    let asked = 0;
    let thrown: unknown;
    try {
      generateToOrder({ rows: 16, cols: 16, kind: { type: 'edge', frameColours: 3, innerColours: 6 }, seed: 1, shouldStop: () => ++asked > 3 });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(OrderError);
    expect((thrown as OrderError).message).toBe('stopped after 0 tries');
    expect((thrown as OrderError).stopped).toMatchObject({ tried: 0, unique: 0 });
    expect((thrown as OrderError).stopped!.nodes).toBeGreaterThan(0);
    // Stopped on the last try allowed: still a stop, not "no board in 1 try".
    asked = 0;
    expect(() =>
      generateToOrder({ rows: 16, cols: 16, kind: { type: 'edge', frameColours: 3, innerColours: 6 }, seed: 1, attempts: 1, shouldStop: () => ++asked > 2 }),
    ).toThrow('stopped after 0 tries');
  });

  it('rates per solution, and the rating follows the measured effort', () => {
    const many = generateEdgePuzzle({ rows: 4, cols: 4, frameColours: 1, innerColours: 2, seed: 1 }).puzzle;
    const r = rate(many);
    expect(r).toMatchObject({ solutions: 10, exact: true });
    const effort = nodesToFirstSolution(many, 1);
    expect(effort).toBeGreaterThan(0);
    expect(nodesToFirstSolution(many, 1)).toBe(effort); // deterministic for a seed
    const hard = generateToOrder({ rows: 5, cols: 5, kind: { type: 'tetravex', colours: 8 }, seed: 1 });
    const easy = generateToOrder({ rows: 3, cols: 3, kind: { type: 'tetravex', colours: 6 }, seed: 1 });
    expect(hard.rating).toBeGreaterThan(easy.rating);
    const median = (p: typeof hard.puzzle) => [1, 2, 3].map((s) => nodesToFirstSolution(p, s)!).sort((a, b) => a - b)[1]!;
    expect(median(hard.puzzle)).toBeGreaterThan(median(easy.puzzle));
  });
});
