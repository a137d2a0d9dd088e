/**
 * Every type a front end needs from the backend, in one place: the renderer imports these (and
 * the contract), never the store, the server or the preload script themselves (an ESLint rule
 * keeps it so). Types only: nothing here exists at run time.
 */
export type * from './contract';
export type * from './puzzles';
export type * from './runs';
export type * from './spread';
export type * from './studies';
export type * from './system';
export type * from './transport';
