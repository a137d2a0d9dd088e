import type { SampleFiles, SampleSpec } from '../../family';
import { matchCellsToPieces, piecesFormat } from './formats';
import type { EdgeBoard, EdgePuzzle, FixedPiece } from '../model/model';

/** E2's mandatory starter piece: 139 at I8 (row 9, column 8), turned twice (resources/instances/SOURCES.md). */
export const E2_STARTER: FixedPiece = { piece: 138, row: 8, col: 7, rotation: 2 };
/** The four optional clue-puzzle hints: 181 at N3, 208 at C3, 249 at N14, 255 at C14 (letter = row). */
export const E2_CLUE_HINTS: readonly FixedPiece[] = [
  { piece: 180, row: 13, col: 2, rotation: 3 },
  { piece: 207, row: 2, col: 2, rotation: 3 },
  { piece: 248, row: 13, col: 13, rotation: 0 },
  { piece: 254, row: 2, col: 13, rotation: 3 },
];

const NAMES: Record<string, string> = {
  meta2010_10x10: 'META 2010 10×10',
  meta2010_12x12: 'META 2010 12×12',
  meta2010_14x14: 'META 2010 14×14',
  meta2010_16x16: 'META 2010 16×16',
  e2_clue1_6x6: 'Eternity II clue puzzle 1',
  e2_clue2_6x12: 'Eternity II clue puzzle 2',
  e2_clue3_6x6: 'Eternity II clue puzzle 3',
  e2_clue4_6x12: 'Eternity II clue puzzle 4',
};

/** The META 2010 and clue puzzles, then Eternity II itself: with its starter, with the clue hints, and Blackwood's 470 board. */
export function edgeSamples(files: SampleFiles): SampleSpec<EdgePuzzle, EdgeBoard>[] {
  const out: SampleSpec<EdgePuzzle, EdgeBoard>[] = [];
  const has = (f: string): boolean => files.names.includes(f);
  for (const [base, name] of Object.entries(NAMES)) {
    const file = `${base}.txt`;
    if (has(file)) out.push({ id: file, name, file, puzzle: piecesFormat.read(files.read(file), file).puzzle });
  }
  const file = 'eternity2_256.txt';
  if (!has(file)) return out;
  const e2 = piecesFormat.read(files.read(file), file).puzzle;
  out.push({ id: `${file}#starter`, name: 'Eternity II', file, puzzle: { ...e2, fixed: [E2_STARTER] } });
  out.push({ id: `${file}#hints`, name: 'Eternity II with the 4 clue hints', file, puzzle: { ...e2, fixed: [E2_STARTER, ...E2_CLUE_HINTS] } });
  const boardFile = 'eternity2_best470_board_blackwood.txt';
  if (has(boardFile)) {
    const cells = piecesFormat.read(files.read(boardFile), boardFile, { size: '16x16' }).puzzle;
    const puzzle = { ...e2, fixed: [E2_STARTER] };
    out.push({ id: boardFile, name: 'Eternity II — Blackwood’s 470 board', file: boardFile, puzzle, solution: matchCellsToPieces(puzzle, cells.edges) });
  }
  return out;
}
