/**
 * A worker thread that makes one puzzle to order (issue 51 item 2, see generate-order.ts): the
 * counts run here, off the backend's event loop. The order arrives as workerData; the thread posts
 * its progress and then the puzzle (or the one-line refusal). The searches take no turns of the
 * loop, so a stop is a flag the thread shares with the backend.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { makeDocument, type PuzzleDocument } from '../../core/document/document';
import { generateToOrder, orderedText, type OrderOptions } from '../../core/families/edge/design';
import { countText } from '../../core/text/run-text';
import { analyseMaze } from '../../core/families/jump/analysis';
import { MazeOrderError, mazeToOrder } from '../../core/families/jump/design';
import { jumpPuzzle } from '../../core/families/jump/model';
import { parityToOrder, type ParityChoice } from '../../core/families/parity/design';
import type { OrderMade } from '../api/contract';

/** A jump maze whose one shortest path has `length` moves, within `maxSteps` cell changes. */
export interface MazeOrderJob {
  rows: number;
  cols: number;
  length: number;
  seed: number;
  maxSteps: number;
}

/** A casse-tete of side `n` with exactly `solutions` solutions (decimal); `others`: the sizes named in a refusal. */
export interface ParityOrderJob {
  n: number;
  solutions: string;
  others: number[];
}

export type OrderWork =
  { kind: 'edge'; order: Omit<OrderOptions, 'shouldStop' | 'onTry'> } | { kind: 'jump'; order: MazeOrderJob } | { kind: 'parity'; order: ParityOrderJob };

export interface OrderJob {
  name: string;
  work: OrderWork;
  /** Over a SharedArrayBuffer: the backend sets element 0 to ask a stop. */
  stopFlag: Int32Array;
}

export type OrderMessage = { kind: 'try'; tried: number; unique: number } | { kind: 'made'; made: OrderMade; tried: number } | { kind: 'error'; error: string };

function makeEdge(name: string, order: Omit<OrderOptions, 'shouldStop' | 'onTry'>, stopped: () => boolean, post: (m: OrderMessage) => void): void {
  const o = generateToOrder({ ...order, shouldStop: stopped, onTry: (t) => post({ kind: 'try', tried: t.tried, unique: t.unique }) });
  const document = makeDocument('edge', name, o.puzzle, undefined, o.solution);
  post({ kind: 'made', tried: o.tried, made: { document, rating: o.rating, difficulty: o.difficulty, summary: orderedText(o) } });
}

function makeMaze(name: string, order: MazeOrderJob, stopped: () => boolean, post: (m: OrderMessage) => void): void {
  const puzzle = jumpPuzzle(order.rows, order.cols);
  let tried = 0;
  let made: Int32Array;
  try {
    made = mazeToOrder(puzzle, {
      length: order.length,
      seed: order.seed,
      maxSteps: order.maxSteps,
      shouldStop: stopped,
      onProgress: (steps) => {
        tried = steps;
        post({ kind: 'try', tried, unique: 0 });
      },
    }).cells;
  } catch (e) {
    if (!(e instanceof MazeOrderError)) throw e;
    if (e.stopped) throw new Error(`stopped after ${countText(e.steps)} cell changes`, { cause: e });
    throw new Error(`${e.message}: ask for another length`, { cause: e });
  }
  // The search returns the maze it reached, or ends (above) when stopped or out of changes.
  const a = analyseMaze(puzzle, made);
  if (a.shortest !== order.length || a.shortestPaths !== '1') throw new Error(`the maze made has no unique shortest path of ${order.length} moves`);
  const document: PuzzleDocument = makeDocument('jump', name, puzzle, { cells: made });
  const summary = `one shortest path of ${a.shortest} moves, the only one (the maze analysis says so); ${countText(a.reachable)} of ${countText(order.rows * order.cols)} cells reachable; seed ${order.seed}`;
  post({ kind: 'made', tried, made: { document, rating: null, difficulty: null, summary } });
}

function makeParity(name: string, order: ParityOrderJob, stopped: () => boolean, post: (m: OrderMessage) => void): void {
  const target = BigInt(order.solutions);
  const found = parityToOrder(target, [order.n]);
  post({ kind: 'try', tried: 1, unique: found.exact.length });
  const first = found.exact[0];
  if (first) {
    const document = makeDocument('parity', name, { n: first.n, m: first.m }, { cells: new Uint8Array(first.n * first.n).fill(1) });
    const also = found.exact.slice(1).map((c) => `m = ${c.m}`);
    const summary = `n = ${first.n}, m = ${first.m}: exactly ${first.solutions} solutions (the exact formula)${also.length ? `; also ${also.join(', ')}` : ''}`;
    post({ kind: 'made', tried: 1, made: { document, rating: null, difficulty: null, summary } });
    return;
  }
  // None at this size: the nearest here, and the other sizes that have exactly that many.
  const elsewhere: ParityChoice[] = [];
  order.others.forEach((n, k) => {
    if (stopped()) throw new Error(`stopped after ${k + 1} grid sizes`);
    elsewhere.push(...parityToOrder(target, [n]).exact);
    post({ kind: 'try', tried: k + 2, unique: elsewhere.length });
  });
  const near = [found.below, found.above].filter((c): c is ParityChoice => c !== null).map((c) => `m = ${c.m} has ${c.solutions}`);
  const other = elsewhere.slice(0, 3).map((c) => `${c.n}×${c.n} with m = ${c.m}`);
  throw new Error(
    `no ${order.n}×${order.n} casse-tête has exactly ${order.solutions} solutions${near.length ? ` (nearest: ${near.join('; ')})` : ''}${
      other.length ? `; ${other.join(', ')} ${other.length === 1 ? 'has' : 'have'} exactly that many` : ''
    }`,
  );
}

const port = parentPort;
if (port) {
  const post = (m: OrderMessage): void => port.postMessage(m);
  const { name, work, stopFlag } = workerData as OrderJob;
  const stopped = (): boolean => Atomics.load(stopFlag, 0) !== 0;
  try {
    if (work.kind === 'jump') makeMaze(name, work.order, stopped, post);
    else if (work.kind === 'parity') makeParity(name, work.order, stopped, post);
    else makeEdge(name, work.order, stopped, post);
  } catch (e) {
    post({ kind: 'error', error: e instanceof Error ? e.message : String(e) });
  }
  port.unref();
}
