/**
 * The task that reads import files for `serve`, run in a worker thread by tinypool (see
 * parse-pool.ts): parsing a large or hostile file there leaves the server's event loop free to
 * answer everyone else, and a read that outlives its time is ended by terminating the thread.
 */
import type { EdgePuzzle } from '../../core/families/edge/model';
import { readForImport, readOnto, type BoardsOnPuzzle, type ImportRequest, type Item } from '../services/imports';
import { readReadings, type ReadingsRead } from '../services/import-readings';
import { errorMessage } from './dispatch';

export interface ParseJob {
  /** `all`: every puzzle the file holds (previewImport, importFile); `onto`: the boards of a file on the library puzzle `onto` (importFile with `into`); `readings`: its readings (importReadings). */
  kind: 'all' | 'onto' | 'readings';
  req: Omit<ImportRequest, 'into'>;
  onto?: { id: number; puzzle: EdgePuzzle };
}

/** The reader's own errors come back as answers, so they keep their one-line text (a thrown Error would cross the thread as a clone). */
export type ParseAnswer = { ok: true; items: Item[] | BoardsOnPuzzle | ReadingsRead } | { ok: false; error: string };

function read(job: ParseJob): Item[] | BoardsOnPuzzle | ReadingsRead {
  if (job.kind === 'readings') return readReadings(job.req);
  if (job.kind === 'onto') return { onto: job.onto!.id, boards: readOnto(job.req, job.onto!.puzzle) };
  return readForImport(job.req);
}

export default function parse(job: ParseJob): ParseAnswer {
  try {
    return { ok: true, items: read(job) };
  } catch (e) {
    return { ok: false, error: errorMessage(e) };
  }
}
