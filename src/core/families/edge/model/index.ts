/**
 * The edge model and what judges a board on it: pieces and boards, scoring, legality, validation,
 * the JSON forms, and the guard that narrows a read to edge. No solver or file-format code, so the
 * renderer takes the family from here.
 */
export * from './model';
export * from './score';
export * from './legal';
export * from './validate';
export * from './json';
export { isEdgeRead } from './narrow';
