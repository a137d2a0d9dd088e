/**
 * The spread bench's run files kept beside the results (to go into git): the database is one
 * machine's, and a measurement of many hours is not to be lost with it. A finished run's file is
 * its figure for good; an unfinished run's (`.partial`, written every few minutes with its latest
 * checkpoint inside) lets a new database resume it from there, so a lost database costs minutes,
 * not the hours of a configuration.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { isFinal } from '../../src/core/engine/run-types';
import type { Workbench } from '../../src/main/services/workbench';
import type { RunSummary } from '../../src/main/store/types';
import { writeResult } from '../util';
import { FINISHED, resumable, UNFINISHED } from '../kept-runs';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The runs of the bench's database by name, the latest of each. */
export function runsByName(wb: Workbench): Map<string, RunSummary> {
  const out = new Map<string, RunSummary>();
  for (const r of wb.store.listRuns({ limit: 100_000 })) if (!out.has(r.puzzleName)) out.set(r.puzzleName, r);
  return out;
}

/** The kernel's CPU seconds of a spread run's worker processes, added up over the calls that ran it. */
export const kernelKey = (id: number): string => `bench.spread.kernel.${id}`;

/** The figure of a run its run file does not hold: the kernel's CPU of its worker processes. */
const Figures = v.object({ kernel: v.nullable(v.number()) });

const fileStem = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const figuresOf = (file: string): string => file.replace(/\.run\.json$/, '.figures.json');

function write(wb: Workbench, run: RunSummary, file: string): void {
  const kernel = wb.store.getSetting(kernelKey(run.id));
  const figures: v.InferOutput<typeof Figures> = { kernel: typeof kernel === 'number' ? kernel : null };
  writeResult(figuresOf(file), JSON.stringify(figures));
  writeResult(file, wb.exportRunFile(run.id).text);
}

/** Keep the file of every finished run (a run read back unchanged writes the same bytes again); its unfinished file goes. */
export function keepFinished(wb: Workbench, dir: string): void {
  for (const run of runsByName(wb).values()) {
    if (!isFinal(run.status)) continue;
    const stem = join(dir, fileStem(run.puzzleName));
    write(wb, run, stem + FINISHED);
    for (const f of [stem + UNFINISHED, figuresOf(stem + UNFINISHED)]) rmSync(f, { force: true });
  }
}

/** Keep the file of every unfinished run that has a checkpoint to resume from. */
export function keepUnfinished(wb: Workbench, dir: string): void {
  for (const run of runsByName(wb).values()) {
    if (resumable(wb, run)) write(wb, run, join(dir, fileStem(run.puzzleName)) + UNFINISHED);
  }
}

/**
 * Take the kept runs the database has none of by name back into it (a new database, the old one
 * lost), each with its figures, in one transaction: a finished run's file first, else an
 * unfinished one's (the run then resumes from its checkpoint). Returns their names.
 */
export function takeBackKept(wb: Workbench, dir: string, log: (s: string) => void): string[] {
  if (!existsSync(dir)) return [];
  const have = runsByName(wb);
  const taken: string[] = [];
  const files = readdirSync(dir).filter((x) => x.endsWith(FINISHED));
  const finished = files.filter((x) => !x.endsWith(UNFINISHED)).sort();
  const unfinished = files.filter((x) => x.endsWith(UNFINISHED)).sort();
  for (const f of [...finished, ...unfinished]) {
    const file = join(dir, f);
    try {
      const text = readFileSync(file, 'utf8');
      const named = (JSON.parse(text) as { run?: { puzzleName?: unknown } }).run?.puzzleName;
      if (typeof named === 'string' && (have.has(named) || taken.includes(named))) continue;
      wb.store.core.tx(() => {
        const run = wb.importRunFile(file, text);
        const figuresFile = figuresOf(file);
        const figures = existsSync(figuresFile) ? v.parse(Figures, JSON.parse(readFileSync(figuresFile, 'utf8'))) : { kernel: null };
        if (figures.kernel !== null) wb.store.setSetting(kernelKey(run.id), figures.kernel);
        taken.push(run.puzzleName);
      });
    } catch (e) {
      log(`${relative(root, file)} not taken back (its run is made again): ${(e as Error).message}`);
    }
  }
  return taken;
}
