/**
 * `npm run bench -- edge-e2-study [options]`: the edge-e2 bench's grid (Eternity II with the
 * starter piece and with the five clues, META 2010 16x16 and 10x10 x the edge solvers x seeds x
 * 60 s) run as a study, through the same machinery as `workbench study run` and the app: the
 * template resources/studies/eternity2-comparison.json, the run manager's queue, one solver
 * process per run, every run stored in SQLite (history, replay and compare work on them). It
 * prints the study's results table beside the public figures and writes it to
 * bench/results/edge-e2-study.md. (bench/edge-e2.ts keeps its own loop for now: it counts CPU
 * seconds of one core measured inside the solver, and appends to edge-e2.jsonl.)
 *
 * Options:
 *   --seconds S       per run (default: the template's 60); a study counts running time
 *   --seeds N         seeds 1..N (default: the template's 5)
 *   --instances a,b   e2, e2-clues, meta16, meta10 (default all)
 *   --solvers a,b     solver[:preset] labels of the template (default all ten)
 *   --concurrency N   runs at once (default: cores - 1)
 *   --db FILE         keep the study in this database (default: a temporary one)
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeWorkerSpawner } from '../src/main/runs/node-host';
import { Workbench } from '../src/main/services/workbench';
import { studyMarkdown } from '../src/main/studies/report';
import { Studies } from '../src/main/studies/studies';
import { selectFromStudy, shortenStudy } from '../src/main/studies/template';
import { studyProgressText } from '../src/core/text/run-text';
import { machine, numOpt, options, writeResult } from './util';

const TEMPLATE = fileURLToPath(new URL('../resources/studies/eternity2-comparison.json', import.meta.url));
const OUT = fileURLToPath(new URL('./results/edge-e2-study.md', import.meta.url));
/** The template's puzzles, by the ids bench/edge-e2.ts gives them. */
const INSTANCE_IDS = ['e2', 'e2-clues', 'meta16', 'meta10'];

const list = (v: string | true | undefined): string[] | null => (typeof v === 'string' ? v.split(',').map((x) => x.trim()).filter(Boolean) : null);

export async function run(argv: string[]): Promise<void> {
  const o = options(argv);
  const instances = list(o.instances);
  const solvers = list(o.solvers);
  for (const i of instances ?? []) if (!INSTANCE_IDS.includes(i)) throw new Error(`unknown instance ${i} (known: ${INSTANCE_IDS.join(', ')})`);
  let json = JSON.parse(readFileSync(TEMPLATE, 'utf8')) as Record<string, unknown>;
  const labels = (json.solvers as { label: string }[]).map((s) => s.label);
  for (const s of solvers ?? []) if (!labels.includes(s)) throw new Error(`unknown solver ${s} (known: ${labels.join(', ')})`);
  json = selectFromStudy(
    json,
    (_, i) => !instances || instances.includes(INSTANCE_IDS[i]!),
    (s) => !solvers || solvers.includes((s as { label: string }).label),
  );
  json = shortenStudy(json, {
    ...(o.seeds !== undefined ? { seeds: numOpt(o, 'seeds', 5) } : {}),
    ...(o.seconds !== undefined ? { seconds: numOpt(o, 'seconds', 60) } : {}),
  });

  const dbPath = typeof o.db === 'string' ? o.db : join(mkdtempSync(join(tmpdir(), 'edge-e2-study-')), 'study.db');
  const concurrency = o.concurrency !== undefined ? numOpt(o, 'concurrency', 1) : undefined;
  const wb = Workbench.open({ dbPath, spawn: nodeWorkerSpawner(), ...(concurrency ? { concurrency } : {}) });
  try {
    const studies = new Studies(wb);
    const study = studies.create(JSON.stringify(json), TEMPLATE, { readFile: (f) => readFileSync(f, 'utf8') });
    process.stderr.write(`edge-e2-study: study ${study.id} in ${dbPath}\n`);
    const timer = setInterval(() => process.stderr.write(`edge-e2-study: ${studyProgressText(studies.progress(study.id))}\n`), 10_000);
    const t0 = Date.now();
    await studies.run(study.id, (r) => process.stderr.write(`edge-e2-study: run ${r.id} was interrupted; resuming it from its checkpoint\n`));
    clearInterval(timer);
    const { progress, cells } = studies.results(study.id);
    const table = studyMarkdown(studies.get(study.id), progress, cells);
    const md = [
      '# Edge matching at Eternity II scale, as a study\n',
      `Written by \`npm run bench -- edge-e2-study ${argv.join(' ')}\` on ${new Date().toISOString().slice(0, 10)}, ${machine()}: the template \`resources/studies/eternity2-comparison.json\` run through the study machinery (run manager queue, one solver process per run, SQLite) in ${Math.round((Date.now() - t0) / 1000)} s of wall time.`,
      'Seconds per run are running time of the solver process on a shared machine (bench/edge-e2.ts counts CPU seconds of one core).\n',
      table.replace(/^## /, '## Results: '),
      '',
    ].join('\n');
    writeResult(OUT, md);
    process.stdout.write(`${table}\n`);
    process.stderr.write(`written to ${OUT}\n`);
  } finally {
    await wb.close();
  }
}
