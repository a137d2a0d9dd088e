import { FormatError } from '../../../document/errors';
import type { Evidence } from '../../../document/readings';
import type { FormatReading } from '../../family';
import type { EdgeBoard, EdgePuzzle } from '../model/model';
import { maxScore } from '../model/model';
import { scoreBoard } from '../model/score';
import type { BoardText } from './boards';
import { orderLetters, orderText, type Order } from './orders';
import { piecesEvidence, piecesPuzzle, placeBoards, readPieces, sizeFromFileName, type EdgeReadOptions, type PiecesRead } from './read';

/**
 * Pieces found inside another program's file (a JSON or XML save, an INI section) read as the
 * piece list they are, so the order, size, grey and evidence rules of read.ts apply to them too;
 * a board found beside them is placed on them as a board file would be.
 */
export interface FoundPieces {
  /** Colours of each piece in the file's field order (4, or a piece number and 4): numbers or colour words. */
  rows: (number | string)[][];
  /** The line of each row in the file, when it has lines worth naming. */
  lines: number[] | null;
  /** Where in the file they were found, for messages (`[PIECES]`, `data.pieces`). */
  where: string;
  size: { rows: number; cols: number } | null;
  /** An order the file states (side-named keys). */
  order: Order | null;
}

/** The pieces read as a piece list; a problem is named by where the pieces were found (and their line). */
export function readFoundPieces(found: FoundPieces, file: string, options: EdgeReadOptions): PiecesRead {
  const size = options.size === undefined ? (found.size ?? null) : null;
  const text = [...(size ? [`${size.rows} ${size.cols}`] : []), ...found.rows.map((r) => r.join(' '))].join('\n');
  const fromName = options.size === undefined && !size ? sizeFromFileName(file) : null;
  const opts: EdgeReadOptions = {
    ...options,
    ...(options.order === undefined && found.order ? { order: orderLetters(found.order) } : {}),
    ...(fromName ? { size: `${fromName[0]}x${fromName[1]}` } : {}),
  };
  try {
    return readPieces(text, '', opts);
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
    const k = e.line === undefined ? -1 : e.line - 1 - (size ? 1 : 0);
    const line = found.lines && k >= 0 && k < found.lines.length ? found.lines[k] : undefined;
    throw new FormatError(`${found.where}: ${e.message}`, file, line);
  }
}

/** The one reading of pieces found in a file, with the board found beside them placed, if any. */
export function foundReading(
  found: FoundPieces,
  board: BoardText | null,
  file: string,
  options: EdgeReadOptions,
  what: Evidence,
  notes: readonly string[],
): FormatReading<EdgePuzzle, EdgeBoard> {
  const r = readFoundPieces(found, file, options);
  let puzzle: EdgePuzzle;
  let order: Order;
  let solution: EdgeBoard | undefined;
  const evidence: Evidence[] = [what];
  const more: string[] = [];
  if (board) {
    const placed = placeBoards(r, [board], file, options)[0];
    puzzle = placed.puzzle;
    order = placed.order;
    solution = placed.board;
    const max = maxScore(puzzle.rows, puzzle.cols);
    evidence.push({ reason: `the board beside them: ${scoreBoard(puzzle, solution)} of ${max} joins match`, weight: 0 });
    more.push(...placed.notes);
  } else ({ puzzle, order } = piecesPuzzle(r));
  evidence.push(...piecesEvidence(r, puzzle, order));
  return {
    label: `edge-matching pieces ${r.rows}x${r.cols} from ${found.where}${solution ? ', with a board' : ''}`,
    options: {},
    evidence,
    key: '',
    value: [{ name: '', puzzle, ...(solution ? { solution } : {}), info: { order: orderText(order) }, notes: [...notes, ...r.notes, ...more] }],
  };
}
