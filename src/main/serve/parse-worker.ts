/**
 * A worker thread that reads import files for `serve` (see parse-pool.ts): parsing a large or
 * hostile file here leaves the server's event loop free to answer everyone else, and a read that
 * outlives its time is ended by terminating the thread.
 */
import { parentPort } from 'node:worker_threads';
import type { EdgePuzzle } from '../../core/families/edge/model';
import { readForImport, readOnto, readReadings, type BoardsOnPuzzle, type ImportRequest, type Item, type ReadingsRead } from '../services/imports';
import { errorMessage } from './dispatch';

export interface ParseJob {
  id: number;
  /** `all`: every puzzle the file holds (previewImport, importFile); `onto`: the boards of a file on the library puzzle `onto` (importFile with `into`); `readings`: its readings (importReadings). */
  kind: 'all' | 'onto' | 'readings';
  req: Omit<ImportRequest, 'into'>;
  onto?: { id: number; puzzle: EdgePuzzle };
}

export type ParseAnswer = { id: number; ok: true; items: Item[] | BoardsOnPuzzle | ReadingsRead } | { id: number; ok: false; error: string };

function read(job: ParseJob): Item[] | BoardsOnPuzzle | ReadingsRead {
  if (job.kind === 'readings') return readReadings(job.req);
  if (job.kind === 'onto') return { onto: job.onto!.id, boards: readOnto(job.req, job.onto!.puzzle) };
  return readForImport(job.req);
}

parentPort?.on('message', (job: ParseJob) => {
  let answer: ParseAnswer;
  try {
    answer = { id: job.id, ok: true, items: read(job) };
  } catch (e) {
    answer = { id: job.id, ok: false, error: errorMessage(e) };
  }
  parentPort!.postMessage(answer);
});
