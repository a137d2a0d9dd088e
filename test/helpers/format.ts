import fc from 'fast-check';
import { expect } from 'vitest';
import { FormatError } from '../../src/core/document/errors';
import type { Family, TextFormat } from '../../src/core/families/family';

/** The FormatError that `f` throws; any other outcome fails the test. */
export function formatError(f: () => unknown): FormatError {
  try {
    f();
  } catch (e) {
    if (e instanceof FormatError) return e;
    throw e;
  }
  throw new Error('expected a FormatError');
}

/** Each text fails to read with a FormatError whose message matches, naming `file` and a line. */
export function expectReadErrors(format: Pick<TextFormat<unknown, unknown>, 'read'>, file: string, cases: readonly [string, RegExp][]): void {
  for (const [text, re] of cases) {
    const e = formatError(() => format.read(text, file));
    expect(e.message).toMatch(re);
    expect(e.file).toBe(file);
    expect(e.line).toBeTypeOf('number');
  }
}

/** A puzzle with a solution given by its cells (the jump and parity families). */
export interface CellsCase<P, C extends ArrayLike<number>> {
  p: P;
  cells: C;
}

/** Writing a solved puzzle as text and reading it back gives the puzzle and the cells again. */
export function expectTextRoundTrip<P, C extends ArrayLike<number>>(
  format: TextFormat<P, { cells: C }>,
  file: string,
  cases: fc.Arbitrary<CellsCase<P, C>>,
  params: fc.Parameters<[CellsCase<P, C>]>,
): void {
  fc.assert(
    fc.property(cases, ({ p, cells }) => {
      const text = format.write(p, { cells });
      expect(text).not.toBeNull();
      const back = format.read(text!, file);
      expect(back.puzzle).toEqual(p);
      expect(Array.from(back.solution!.cells)).toEqual(Array.from(cells));
    }),
    params,
  );
}

/** Puzzle and solution survive the family's JSON (through JSON text); `cells` lists the solution's JSON cells. */
export function expectJsonRoundTrip<P, C extends ArrayLike<number>>(
  family: Family<P, { cells: C }>,
  cases: fc.Arbitrary<CellsCase<P, C>>,
  params: fc.Parameters<[CellsCase<P, C>]>,
): void {
  fc.assert(
    fc.property(cases, ({ p, cells }) => {
      const p2 = family.puzzleFromJson(JSON.parse(JSON.stringify(family.puzzleToJson(p))));
      expect(p2).toEqual(p);
      const sj = JSON.parse(JSON.stringify(family.solutionToJson(p, { cells }))) as { cells: unknown };
      expect(Array.from(family.solutionFromJson(p2, sj).cells)).toEqual(Array.from(cells));
      expect(family.cells(p, { cells })).toEqual(sj.cells);
    }),
    params,
  );
}
