import { FormatError } from '../../../document/errors';
import type { TextFormat } from '../../family';
import { maxScore, type EdgeBoard, type EdgePuzzle } from '../model/model';
import { scoreBoard } from '../model/score';
import { parseSave } from './board-files';
import { boardOnItsOwn } from './read';
import { foundReading } from './rows-to-pieces';
import { findInSave } from './save-tree';

/**
 * Other programs' saves, JSON or XML (see save-tree.ts): the pieces they list (with the board
 * beside them placed), or a board that carries its own colours, its cells as they lie. A save
 * holding a board of piece numbers alone is read against its piece set (`--pieces FILE`).
 */
export const saveFormat: TextFormat<EdgePuzzle, EdgeBoard> = {
  id: 'save',
  label: "Another program's save (JSON or XML)",
  extensions: ['xml'],
  read(text, file, options = {}) {
    const [r] = this.readings!(text, file, options);
    return r.value[0];
  },
  readings(text, file, options = {}) {
    const parsed = parseSave(text, file);
    if (!parsed) throw new FormatError('not a JSON or XML save: expected text opening with {, [ or <', file);
    const kind = parsed.kind.toUpperCase();
    const save = findInSave(parsed.tree, file);
    if (save.pieces) {
      const found = {
        rows: chunks(save.pieces.fields),
        lines: null,
        where: `the ${kind} list ${save.pieces.path || 'at the top'}`,
        size: save.size ?? (save.board?.rows && save.board.cols ? { rows: save.board.rows, cols: save.board.cols } : null),
        order: save.pieces.order,
      };
      const what = {
        reason: `a ${kind} save listing ${save.pieces.fields.length / 4} pieces${save.pieces.order ? ', sides named by their keys' : ''}`,
        weight: 2,
      };
      return [foundReading(found, save.board, file, options, what, save.notes)];
    }
    if (save.board?.edges) {
      const own = boardOnItsOwn(save.board, file);
      const cells = save.board.cells;
      const placed = own.puzzle.edges.length / 4;
      if (placed < cells)
        throw new FormatError(
          `the ${kind} save's board places ${placed} of ${cells} pieces: a partial board does not carry the whole piece set; read it against its pieces (--pieces FILE)`,
          file,
        );
      const joins = scoreBoard(own.puzzle, own.board);
      const max = maxScore(own.puzzle.rows, own.puzzle.cols);
      const stated =
        save.score === null
          ? []
          : [
              save.score === joins
                ? { reason: `${joins} joins match, the score the save states`, weight: 1 }
                : { reason: `${joins} joins match where the save states ${save.score}`, weight: -1 },
            ];
      return [
        {
          label: `a ${own.puzzle.rows}x${own.puzzle.cols} board from a ${kind} save, its cells as they lie`,
          options: {},
          evidence: [{ reason: `a ${kind} save with a board of colours (${save.board.path})`, weight: 3 }, ...stated],
          key: '',
          value: [
            {
              name: '',
              puzzle: own.puzzle,
              solution: own.board,
              info: {},
              notes: [...save.notes, ...(save.board.notes ?? []), `${joins} of ${max} joins match`],
            },
          ],
        },
      ];
    }
    if (save.board)
      throw new FormatError(
        `the ${kind} save holds a board of piece numbers (${save.board.path || 'at the top'}) but no pieces: import it with its piece set (--pieces FILE)`,
        file,
      );
    throw new FormatError(
      `not a Puzzle Workbench document, and the ${kind} holds no pieces (lists of 4 colours, or objects with top/right/bottom/left or n/e/s/w) and no board`,
      file,
    );
  },
  readOnly: true,
  write() {
    return null;
  },
};

function chunks(fields: number[]): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < fields.length; i += 4) out.push(fields.slice(i, i + 4));
  return out;
}
