/**
 * A worker thread that makes one puzzle to order (issue 51 item 2, see generate-order.ts): the
 * counts run here, off the backend's event loop. The order arrives as workerData; the thread posts
 * each try and then the puzzle (or the one-line refusal). The counts take no turns of the loop, so
 * a stop is a flag the thread shares with the backend.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { makeDocument } from '../../core/document/document';
import { generateToOrder, type OrderOptions } from '../../core/families/edge/design/generate';
import { orderedText } from '../../core/text/analysis-text';
import type { OrderMade } from '../api/contract';

export interface OrderJob {
  name: string;
  order: Omit<OrderOptions, 'shouldStop' | 'onTry'>;
  /** Over a SharedArrayBuffer: the backend sets element 0 to ask a stop. */
  stopFlag: Int32Array;
}

export type OrderMessage = { kind: 'try'; tried: number; unique: number } | { kind: 'made'; made: OrderMade; tried: number } | { kind: 'error'; error: string };

const port = parentPort;
if (port) {
  const post = (m: OrderMessage): void => port.postMessage(m);
  const { name, order, stopFlag } = workerData as OrderJob;
  try {
    const o = generateToOrder({
      ...order,
      shouldStop: () => Atomics.load(stopFlag, 0) !== 0,
      onTry: (t) => post({ kind: 'try', tried: t.tried, unique: t.unique }),
    });
    const document = makeDocument('edge', name, o.puzzle, undefined, o.solution);
    post({ kind: 'made', tried: o.tried, made: { document, rating: o.rating, difficulty: o.difficulty, summary: orderedText(o) } });
  } catch (e) {
    post({ kind: 'error', error: e instanceof Error ? e.message : String(e) });
  }
  port.unref();
}
