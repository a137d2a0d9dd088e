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
import { options, numOpt } from './util';
import { runStudyBench } from './study';

/** The template's puzzles, by the ids bench/edge-e2.ts gives them. */
const INSTANCE_IDS = ['e2', 'e2-clues', 'meta16', 'meta10'];
const LABELS = ['beam', 'lns', 'tabu', 'vns-sa', 'ms-gvns', 'sa', 'hill-climb', 'backtrack:blackwood', 'backtrack:verhaard', 'backtrack'];

const list = (v: string | true | undefined): string[] | null =>
  typeof v === 'string'
    ? v
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
    : null;

export async function run(argv: string[]): Promise<void> {
  const o = options(argv);
  const instances = list(o.instances);
  const solvers = list(o.solvers);
  for (const i of instances ?? []) if (!INSTANCE_IDS.includes(i)) throw new Error(`unknown instance ${i} (known: ${INSTANCE_IDS.join(', ')})`);
  for (const s of solvers ?? []) if (!LABELS.includes(s)) throw new Error(`unknown solver ${s} (known: ${LABELS.join(', ')})`);
  await runStudyBench({
    template: 'eternity2-comparison',
    keepPuzzle: (_, i) => !instances || instances.includes(INSTANCE_IDS[i]!),
    keepSolver: (s) => !solvers || solvers.includes((s as { label: string }).label),
    ...(o.seeds !== undefined ? { seeds: numOpt(o, 'seeds', 5) } : {}),
    ...(o.seconds !== undefined ? { seconds: numOpt(o, 'seconds', 60) } : {}),
    ...(o.concurrency !== undefined ? { concurrency: numOpt(o, 'concurrency', 1) } : {}),
    ...(typeof o.db === 'string' ? { db: o.db } : {}),
    out: 'edge-e2-study',
    command: `npm run bench -- edge-e2-study ${argv.join(' ')}`,
    note: 'Seconds per run are running time of the solver process on a shared machine (bench/edge-e2.ts counts CPU seconds of one core).',
  });
}
