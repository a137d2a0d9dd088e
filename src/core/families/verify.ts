import { getFamily } from './index';

/**
 * Checks a solver's claimed improvement against the family's own rules and scoring: the board is
 * read as any stored solution is, must be legal, and must score what the solver said. Built once
 * per run (the puzzle is read once); returns why the claim is false, or null.
 */
export type ImprovementCheck = (solution: unknown, claimedScore: number) => string | null;

export function improvementCheck(familyId: string, puzzleJson: unknown): ImprovementCheck {
  const family = getFamily(familyId);
  const puzzle: unknown = family.puzzleFromJson(puzzleJson);
  return (solution, claimedScore) => {
    let board: unknown;
    try {
      board = family.solutionFromJson(puzzle, solution);
    } catch (e) {
      return `its board is not a ${family.label.toLowerCase()} solution (${e instanceof Error ? e.message : String(e)})`;
    }
    const fault = family.illegal?.(puzzle, board) ?? null;
    if (fault) return `its board is illegal: ${fault}`;
    const { score } = family.evaluate(puzzle, board);
    return score === claimedScore ? null : `it reported score ${claimedScore}, but its board scores ${score}`;
  };
}
