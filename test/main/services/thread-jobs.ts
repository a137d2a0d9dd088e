/** Helpers for the services that run jobs in worker threads (analyses, orders): a one-puzzle store and waiting for a job's end. */
import type { PuzzleRecord } from '../../../src/main/store/types';

/** A store holding one puzzle, id 1, with this document. */
export function storeWith(document: unknown): { getPuzzle(id: number): PuzzleRecord | null } {
  return { getPuzzle: (id) => (id === 1 ? ({ id: 1, document } as PuzzleRecord) : null) };
}

/** The status of job `id` once it is no longer running (polled every 10 ms). */
export async function finished<S extends { running: boolean }>(jobs: { status(id: number): S }, id: number): Promise<S> {
  for (;;) {
    const s = jobs.status(id);
    if (!s.running) return s;
    await new Promise((r) => setTimeout(r, 10));
  }
}
