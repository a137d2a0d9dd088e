export * from './model';
export { EDGE_ORDERS, boardFormat, bucasFormat, edgeFormats, matchCellsToPieces, piecesFormat, readBoardText, sizeFromFileName, type EdgeOrder } from './files';
export { EdgeLocalSearch, type EdgeSearchState } from './local-search';
export { edgeFamily } from './family';
export { edgeSolvers } from './solvers';
