export * from './model';
export * from './score';
export * from './validate';
export * from './json';
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
export { EdgeLocalSearch, type EdgeSearchState } from './local-search';
export { edgeFamily } from './family';
export { edgeSolvers } from './solvers';
