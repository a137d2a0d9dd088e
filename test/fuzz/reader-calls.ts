/**
 * Every reader, as the readers' fuzz test calls them: run by its Watchdog in a child process, so a
 * reader that never returns fails the test within the deadline instead of hanging it. Each reader
 * is one step (named in a hang) and its outcome is reported, not judged: the test does that.
 */
import { documentFromText } from '../../src/core/document/document';
import { FormatError } from '../../src/core/document/errors';
import { checkTextLimits } from '../../src/core/document/limits';
import { detectFormat, listFormats, readPuzzleFiles } from '../../src/core/document/read-file';
import { readBoardUrls } from '../../src/core/families/edge/files/boards';
import { readBoardsOnPuzzle, readPiecesWithBoards } from '../../src/core/families/edge/files/read';
import type { EdgePuzzle } from '../../src/core/families/edge/model/model';
import { step } from './watchdog';

/** A reader's answer: read, refused with a FormatError (its message), or failed with another exception. */
export interface Outcome {
  what: string;
  refused?: string;
  failed?: string;
}

const formats = ['json', ...listFormats().map((f) => f.id)];

function tryRead(what: string, read: () => unknown): Outcome {
  step(what);
  try {
    read();
    return { what };
  } catch (e) {
    if (e instanceof FormatError) return { what, refused: e.message };
    return { what, failed: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
  }
}

/** Every reader the app has for a file on its own. */
export function readAlone(name: string, text: string): Outcome[] {
  return [
    tryRead(`${name} (detect)`, () => {
      checkTextLimits(text, name);
      return detectFormat(name, text);
    }),
    tryRead(`${name} (auto)`, () => readPuzzleFiles(name, text)),
    ...formats.map((format) => tryRead(`${name} as ${format}`, () => readPuzzleFiles(name, text, { format }))),
    tryRead(`${name} as JSON`, () => documentFromText(text, name)),
    tryRead(`${name} as URLs`, () => readBoardUrls(text, name)),
  ];
}

let library: { text: string; puzzle: EdgePuzzle } | undefined;

/** The readers of a board with its pieces, as import --pieces and score do (limits first, as the service checks); `libraryPieces` is the puzzle a board is read onto. */
export function readWithPieces(pieceText: string, boardText: string, libraryPieces: string): Outcome[] {
  if (library?.text !== libraryPieces) library = { text: libraryPieces, puzzle: readPuzzleFiles('pieces.txt', libraryPieces)[0]!.puzzle as EdgePuzzle };
  const puzzle = library.puzzle;
  return [
    tryRead('pieces + board', () => {
      checkTextLimits(pieceText, 'pieces.txt');
      checkTextLimits(boardText, 'board.txt');
      return readPiecesWithBoards(pieceText, 'pieces.txt', boardText, 'board.txt');
    }),
    tryRead('board on a puzzle', () => {
      checkTextLimits(boardText, 'board.txt');
      return readBoardsOnPuzzle(boardText, 'board.txt', puzzle);
    }),
  ];
}
