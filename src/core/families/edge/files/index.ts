/**
 * Edge files: the text formats (pieces, boards, Tetravex, the foreign dialects), the sniffers that
 * tell them by content, the bundled samples, and the board-reading helpers imports use.
 */
export {
  EDGE_ORDERS,
  boardFormat,
  bucasFormat,
  edgeFormats,
  matchCellsToPieces,
  piecesFormat,
  readBoardText,
  sizeFromFileName,
  type EdgeOrder,
} from './formats';
export { edgeSniffers } from './sniffers';
export { E2_CLUE_HINTS, E2_STARTER, edgeSamples } from './samples';
export { generateTetravex, tetravexFormat, type TetravexOptions } from './tetravex';
export {
  BoardOrderError,
  boardOnItsOwn,
  boardScore,
  numberingOption,
  readBoardsOnPuzzle,
  readPiecesWithBoards,
  rowsOption,
  type BoardScore,
  type EdgeReadOptions,
} from './read';
export { isBoardUrlText, readBoardUrls, type BoardText } from './boards';
export { ALL_ORDERS, orderLetters, orderText, parseOrder, type Order } from './orders';
