/**
 * The jump family without its solvers: model, scoring (BFS), format and family. The renderer
 * imports this, never the barrel (index.ts re-exports the solvers too); lint keeps it so.
 */
export * from './model';
export * from './bfs';
export { jumpMazeFormat } from './format';
export { jumpFamily } from './family';
