/** A section's study: run to its end through bench/study.ts, read, then closed. */
import type { StudyRun } from '../../src/main/store/studies';
import { runStudy, type FinishedStudy } from '../study';
import { numOpt } from '../util';

/**
 * Runs the study JSON (a template's, cut down) the way `workbench study run` does, hands it to
 * `read` and closes it. `--concurrency N` of the bench sets runs at once (default: cores - 1).
 */
export async function withStudy<T>(
  json: Record<string, unknown>,
  file: string,
  out: string,
  raw: Record<string, string | true>,
  read: (done: FinishedStudy) => T,
): Promise<T> {
  const done = await runStudy(json, file, { out, ...(raw.concurrency !== undefined ? { concurrency: numOpt(raw, 'concurrency', 1) } : {}) });
  try {
    return read(done);
  } finally {
    await done.close();
  }
}

/** The study's finished runs, by puzzle index then solver index, in seed order. */
export function doneRuns(done: FinishedStudy): StudyRun[] {
  return done.studies
    .runs(done.id)
    .filter((r) => r.run.status === 'done' && r.run.bestScore !== null)
    .sort((a, b) => a.puzzleIndex - b.puzzleIndex || a.configIndex - b.configIndex || a.seed - b.seed);
}

/** `solver` or `solver:preset` as a study file's solver entry. */
export function solverEntry(spec: string, label = spec): { solver: string; preset?: string; label: string } {
  const [solver, preset] = spec.split(':');
  return { solver: solver!, ...(preset ? { preset } : {}), label };
}
