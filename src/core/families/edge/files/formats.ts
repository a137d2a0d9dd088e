import { FormatError } from '../../../document/errors';
import type { ParsedFile, TextFormat } from '../../family';
import { matchCellsToPieces } from './match-cells';
import { orderText } from './orders';
import { orderOption, piecesEvidence, piecesPuzzle, readBoardsOnPuzzle, readPieces, sizeFromFileName } from './read';
import { readBoardUrls, type BoardText } from './boards';
import { FIXED_TAG, UPRIGHT_TAG } from './piece-list';
import { edgeAt, emptyBoard, pieceCount, type EdgeBoard, type EdgePuzzle } from '../model/model';
import { tetravexFormat } from './tetravex';
import { drawnFormat } from './drawn-format';
import { iniFormat } from './ini';
import { saveFormat } from './save-format';
import { countNoun } from '../../../text/plural';

/**
 * Text formats of the edge family. Every reader checks what it reads line by line and names the
 * file, the line and what it expected, because these files are typed or converted by hand. The
 * dialects, the edge order and boards from other tools are read in files/.
 */

export { matchCellsToPieces, orderOption, sizeFromFileName };

type Format = TextFormat<EdgePuzzle, EdgeBoard>;

/** Edge orders found in the wild, by the side each column of the file describes (any permutation is accepted). */
export const EDGE_ORDERS = {
  trbl: 'top right bottom left',
  bltr: 'bottom left top right',
  nswe: 'top bottom left right',
  ltrb: 'left top right bottom',
} as const;
export type EdgeOrder = keyof typeof EDGE_ORDERS;

// ---------------------------------------------------------------------------------------------
// pieces: one piece per line

export const piecesFormat: Format = {
  id: 'pieces',
  label: 'Piece list (one piece per line)',
  extensions: ['txt'],
  read(text, file, options = {}): ParsedFile<EdgePuzzle, EdgeBoard> {
    const r = readPieces(text, file, options);
    const { puzzle, order } = piecesPuzzle(r);
    return { puzzle, info: { order: orderText(order) }, notes: r.notes };
  },
  readings(text, file, options = {}) {
    const r = readPieces(text, file, options);
    // Colours that could each be the frame: one reading each, for the person to pick from.
    const reads = r.frameChoices.length > 1 ? r.frameChoices.map((frame) => ({ frame, r: readPieces(text, file, { ...options, frame }) })) : [{ frame: '', r }];
    return reads.map(({ frame, r }) => {
      const { puzzle, order } = piecesPuzzle(r);
      const own: Record<string, string> = frame ? { frame } : {};
      return {
        label: `edge-matching pieces ${r.rows}x${r.cols}${puzzle.rotatable === false ? '' : ' that turn'}${frame ? `, the frame in colour ${frame}` : ''}`,
        options: own,
        evidence: piecesEvidence(r, puzzle, order),
        key: frame,
        value: [{ name: '', puzzle, info: { order: orderText(order) }, notes: r.notes }],
      };
    });
  },
  write(p) {
    const out = ['# Edge-matching pieces: top right bottom left, one piece per line; 0 = grey border', `${p.rows} ${p.cols}`];
    if (p.rotatable === false) out.push(UPRIGHT_TAG);
    for (const f of p.fixed) out.push(`${FIXED_TAG} ${f.piece + 1} ${f.row + 1} ${f.col + 1} ${f.rotation}`);
    for (let i = 0; i < p.edges.length; i += 4) out.push(`${p.edges[i]} ${p.edges[i + 1]} ${p.edges[i + 2]} ${p.edges[i + 3]}`);
    return out.join('\n') + '\n';
  },
};

// ---------------------------------------------------------------------------------------------
// board: a solution as piece numbers (and the boards of other tools, read against a piece set)

/** The one board of a board file against a known puzzle (several boards: an error saying how many). */
function oneBoard(text: string, file: string, p: EdgePuzzle): EdgeBoard {
  const boards = readBoardsOnPuzzle(text, file, p);
  if (boards.length > 1) throw new FormatError(`the file holds ${boards.length} boards; import it with the piece set to get one puzzle per board`, file);
  return boards[0].board;
}

export function readBoardText(text: string, file: string, p: EdgePuzzle): EdgeBoard {
  return oneBoard(text, file, p);
}

export const boardFormat: Format = {
  id: 'board',
  label: 'Board (piece and rotation per cell)',
  extensions: ['txt', 'board', 'sol'],
  read(_text, file) {
    throw new FormatError('a board names pieces by number: read it against its piece set (import BOARD --pieces FILE, or score PIECES BOARD)', file);
  },
  readSolution: oneBoard,
  write(p, b) {
    if (!b || b.piece.length !== p.rows * p.cols) return null;
    const out = ['# Edge-matching board, row-major from the top left: piece (from 1, 0 = empty) and clockwise quarter turns', `${p.rows} ${p.cols}`];
    for (let i = 0; i < b.piece.length; i++) out.push(b.piece[i] < 0 ? '0 0' : `${b.piece[i] + 1} ${b.rotation[i]}`);
    return out.join('\n') + '\n';
  },
};

// ---------------------------------------------------------------------------------------------
// bucas: the e2.bucas.name URL

const BUCAS_BASE = 'https://e2.bucas.name/#puzzle=PuzzleWorkbench';

/** A URL's board as a puzzle on its own: its cells, as they lie, are the pieces. */
function urlPuzzle(b: BoardText, file: string): ParsedFile<EdgePuzzle, EdgeBoard> & { name: string } {
  const cells = b.cells;
  const rows = b.rows!;
  const cols = b.cols!;
  if (!b.edges)
    throw new FormatError(
      `the URL${b.name ? ` ${b.name}` : ''} names pieces by number only (board_pieces): read it against its piece set (--pieces FILE)`,
      file,
      b.line,
    );
  const board = emptyBoard(rows, cols);
  const colours: number[] = [];
  for (let i = 0; i < cells; i++) {
    const e = b.edges.subarray(4 * i, 4 * i + 4);
    // aaaa is an empty cell, except on a 1x1 board where an all-grey piece is the one that fits.
    if (cells > 1 && e[0] === 0 && e[1] === 0 && e[2] === 0 && e[3] === 0) continue;
    board.piece[i] = colours.length / 4;
    colours.push(e[0], e[1], e[2], e[3]);
  }
  const placed = colours.length / 4;
  if (placed < cells)
    throw new FormatError(
      `the URL${b.name ? ` ${b.name}` : ''} places ${placed} of ${cells} pieces: a partial board does not carry the whole piece set; read it against its pieces (--pieces FILE)`,
      file,
      b.line,
    );
  return { name: b.name, puzzle: { rows, cols, edges: Uint16Array.from(colours), fixed: [] }, solution: board };
}

export const bucasFormat: Format = {
  id: 'bucas',
  label: 'e2.bucas.name URL',
  extensions: ['txt', 'url'],
  /** The pieces are the cells as they lie (rotation 0); the solution places each where it was. */
  read(text, file) {
    const all = readBoardUrls(text, file);
    if (all.length > 1) throw new FormatError(`the file holds ${all.length} board URLs: import them all (each becomes a puzzle)`, file);
    return urlPuzzle(all[0], file);
  },
  /**
   * Each URL at its own size. URLs that do not carry a whole piece set (partial, or piece
   * numbers only) are left out with a note when others do; alone, they are refused.
   */
  readAll(text, file) {
    const out: (ParsedFile<EdgePuzzle, EdgeBoard> & { name: string })[] = [];
    const left: string[] = [];
    let first: FormatError | null = null;
    for (const b of readBoardUrls(text, file)) {
      try {
        out.push(urlPuzzle(b, file));
      } catch (e) {
        if (!(e instanceof FormatError)) throw e;
        first ??= e;
        left.push(b.name);
      }
    }
    if (out.length === 0) throw first!;
    if (left.length > 0)
      out[0] = {
        ...out[0],
        notes: [
          `${countNoun(left.length, 'URL')} left out (${left.join(', ')}): partial or piece numbers only; import the file with --pieces FILE of their set to place them`,
          ...(out[0].notes ?? []),
        ],
      };
    return out;
  },
  readSolution: oneBoard,
  /** Without a board the pieces are shown where they stand in the list. */
  write(p, b) {
    const cells = p.rows * p.cols;
    const n = pieceCount(p);
    let board = b;
    if (!board) {
      if (n > cells) return null;
      board = emptyBoard(p.rows, p.cols);
      for (let i = 0; i < n; i++) board.piece[i] = i;
    }
    if (board.piece.length !== cells) return null;
    let letters = '';
    for (let i = 0; i < cells; i++) {
      const piece = board.piece[i];
      if (piece < 0) {
        letters += 'aaaa';
        continue;
      }
      for (let s = 0; s < 4; s++) {
        const c = edgeAt(p, piece, board.rotation[i], s);
        if (c > 25) return null;
        letters += String.fromCharCode(97 + c);
      }
    }
    return `${BUCAS_BASE}&board_w=${p.cols}&board_h=${p.rows}&board_edges=${letters}\n`;
  },
};

export const edgeFormats: readonly Format[] = [piecesFormat, boardFormat, bucasFormat, tetravexFormat, drawnFormat, saveFormat, iniFormat];
