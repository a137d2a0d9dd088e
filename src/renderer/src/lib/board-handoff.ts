/**
 * A board handed to an editor by another view (the run page's "Open in editor… → Replace
 * placement"). The view does not write the puzzle itself: the editor takes the board on opening and
 * applies it as one of its own edits, the way its "Load run…" does, so it enters the undo history
 * (kept with the puzzle) and the notice offers Undo.
 */
export interface BoardHandOff {
  puzzleId: number;
  /** The run's puzzle (JSON form), to check the board still fits the library puzzle. */
  runPuzzle: unknown;
  /** The board (the family's solution JSON form). */
  solution: unknown;
  /** What was loaded, for the notice ("the board of run 4 at 1.2 s (score 458)"). */
  what: string;
}

let pending: BoardHandOff | null = null;

export function handOffBoard(h: BoardHandOff): void {
  pending = h;
}

/** The board waiting for this puzzle's editor, taken once (null when none is). */
export function takeHandOff(puzzleId: number): BoardHandOff | null {
  const h = pending;
  if (!h || h.puzzleId !== puzzleId) return null;
  pending = null;
  return h;
}
