/** Issue 52 item 3: a family's hooks are typed by its own models, reached without casts. */
import { describe, expect, it } from 'vitest';
import type { Family, FamilyAnalysis } from '../../../src/core/families/family';
import type { ColourStats, EdgeAnalysis } from '../../../src/core/families/edge/analysis';
import { edgeFamily } from '../../../src/core/families/edge/family';
import { isEdgeRead } from '../../../src/core/families/edge/model/narrow';
import type { EdgeBoard, EdgePuzzle } from '../../../src/core/families/edge/model/model';
import { getFamily } from '../../../src/core/families';
import { withFamily } from '../../../src/core/families/typed';

describe('families typed end to end', () => {
  it('hands the family its id names with the read typed by its models, dropping absent work', () => {
    const puzzle = getFamily('parity').puzzleFromJson({ n: 4, m: 2 });
    const seen = withFamily({ family: 'parity', puzzle, solution: null }, (family, read) => ({ id: family.id, read, size: family.size(read.puzzle) }));
    expect(seen).toEqual({ id: 'parity', read: { puzzle }, size: { rows: 4, cols: 4 } });
    expect(() => withFamily({ family: 'nope', puzzle }, () => 0)).toThrow(/unknown puzzle family "nope"/);
  });

  it('narrows a read to the edge models only when the edge family names it', () => {
    const puzzle = edgeFamily.puzzleFromJson({
      rows: 1,
      cols: 2,
      pieces: [
        [0, 0, 1, 0],
        [0, 0, 1, 0],
      ],
    });
    const read: { family: string; puzzle: unknown } = { family: 'edge', puzzle };
    expect(isEdgeRead(read) && read.puzzle.rows).toBe(1);
    expect(isEdgeRead({ family: 'jump', puzzle })).toBe(false);
  });

  it('requires an analysis of every family (checked by the compiler)', () => {
    const { analysis, ...bare } = edgeFamily;
    // @ts-expect-error a family without an analysis does not compile
    const family: Family<EdgePuzzle, EdgeBoard> = bare;
    expect(analysis.start).toBeTypeOf('function');
    expect(family.id).toBe('edge');
  });

  it("requires every family's analysis in words (checked by the compiler)", () => {
    const { text, ...start } = edgeFamily.analysis;
    // @ts-expect-error an analysis without its text does not compile
    const analysis: FamilyAnalysis<EdgePuzzle, EdgeBoard, EdgeAnalysis, ColourStats> = start;
    expect(text).toBeTypeOf('function');
    expect(analysis.start).toBeTypeOf('function');
  });
});
