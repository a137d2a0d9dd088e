// `npm run bench -- edge-e2 --instances e2-8pin`: the public single-core benchmark's own variants,
// run by its protocol and reported beside the public programs run on this machine.
import { appendFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { solverEntry, withStudy } from '../study';
import { machine, mdTable, mean, median, numOpt } from '../util';
import { checkSpec, latestRescored, PIN_LOG, pinFile, pinLabel, readLog, records, rescoredSection, type Record_ } from './runs';

/**
 * resources/instances/e2-8pin: the official pieces with 8 pinned, the public benchmark's variants
 * 00-09 (05-09 bundled on 2026-12-01); a run of the protocol takes 00-04 unless `--variants` says.
 */
const PIN_VARIANTS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
const PIN_PROTOCOL = [0, 1, 2, 3, 4];
/**
 * The variants `beam`'s settings were screened on (seed 1, 30 CPU s: edge-e2-beam-profile.md,
 * "Screening"); a figure on them is not one on an unseen puzzle, so the report keeps them apart.
 */
export const PIN_TUNED = [0, 1];

/** A solver's records split into the variants its settings were tuned on and those they never saw. */
export function tuningSplit<R extends { instance: string }>(records: readonly R[]): { tuned: R[]; unseen: R[] } {
  const tuned = new Set(PIN_TUNED.map(pinLabel));
  return { tuned: records.filter((r) => tuned.has(r.instance)), unseen: records.filter((r) => !tuned.has(r.instance)) };
}

/** The public programs built and run on this machine beside ours, 60 CPU s (the published setting:
 * about 155), one seed, variants 00-02 (resources/instances/SOURCES.md).
 */
export const PIN_PUBLIC: { who: string; perVariant: number[] }[] = [
  { who: 'public beam search ("producer", beam 32768), 60 CPU s', perVariant: [452, 455, 455] },
  { who: 'public beam search at its published setting (beam 80000, about 155 CPU s here)', perVariant: [456, 453, 456] },
  { who: 'public ALNS pipeline, 60 CPU s', perVariant: [453, 451, 453] },
];

const PIN_TARGET = 457;

/**
 * `--instances e2-8pin`: variants 00-04 (`--variants 0,1,..`, any of 00-09) x seeds 1..3 (`--seeds`)
 * x `beam` (`--solvers`), 60 CPU s each (`--seconds`), as a study; each run is appended to
 * edge-e2-8pin.jsonl and edge-e2-8pin.md is written from all of them beside the public figures.
 */
export async function runPinned(o: Record<string, string | true>, log: (l: string) => void): Promise<void> {
  const seconds = numOpt(o, 'seconds', 60);
  const seeds =
    typeof o.seeds === 'string' && o.seeds.includes(',') ? o.seeds.split(',').map(Number) : Array.from({ length: numOpt(o, 'seeds', 3) }, (_, i) => i + 1);
  const variants = typeof o.variants === 'string' ? o.variants.split(',').map(Number) : PIN_PROTOCOL;
  for (const v of variants) if (!PIN_VARIANTS.includes(v)) throw new Error(`unknown variant ${v} (have: ${PIN_VARIANTS.join(', ')})`);
  const specs = typeof o.solvers === 'string' ? o.solvers.split(',') : ['beam'];
  specs.forEach(checkSpec);
  const grid: Record<string, unknown> = {
    name: `edge-e2: e2-8pin ${variants.map(pinLabel).join(', ')} x ${specs.join(', ')}`,
    description: 'The public single-core benchmark protocol: Eternity II with 8 pieces pinned, 60 CPU s per run.',
    puzzles: variants.map((v) => ({ file: pinFile(v), name: `e2-8pin ${pinLabel(v)}` })),
    solvers: specs.map((spec) => solverEntry(spec)),
    seeds,
    stop: { seconds, clock: 'cpu' },
  };
  // Puzzle files are read relative to the templates' folder.
  const file = fileURLToPath(new URL('../../resources/studies/e2-8pin.json', import.meta.url));
  await withStudy(grid, file, 'edge-e2', o, (done) => {
    for (const rec of records(done, variants.map(pinLabel), specs, seconds)) {
      log(`edge-e2 e2-8pin ${rec.instance} ${rec.solver} seed ${rec.seed}: ${rec.best} at ${(rec.bestMs / 1000).toFixed(1)} s`);
      appendFileSync(PIN_LOG, `${JSON.stringify(rec)}\n`);
    }
  });
}

/** A mean and how many runs it is over, "-" for none. */
const meanOf = (rs: readonly Record_[]): string => (rs.length ? `${mean(rs.map((r) => r.best)).toFixed(1)} (${rs.length})` : '-');

/**
 * A warning per solver whose runs on the added variants (05-09) made far fewer evaluations in the
 * same CPU budget than its protocol runs: a loaded machine does less per CPU second, and a solver
 * changed between the runs' dates may do other work per evaluation (the runs' dates say which).
 */
function searchedLess(runs: readonly Record_[], solvers: readonly string[]): string[] {
  const protocol = new Set(PIN_PROTOCOL.map(pinLabel));
  const billions = (rs: readonly Record_[]): number => median(rs.map((r) => r.evaluations)) / 1e9;
  const out: string[] = [];
  for (const s of solvers) {
    const rs = runs.filter((r) => r.solver === s);
    const [old, added] = [rs.filter((r) => protocol.has(r.instance)), rs.filter((r) => !protocol.has(r.instance))];
    if (old.length === 0 || added.length === 0 || billions(added) >= 0.8 * billions(old)) continue;
    const dates = (rs: readonly Record_[]): string => [...new Set(rs.map((r) => r.date))].sort().join(', ');
    out.push(
      `\`${s}\`: its runs on variants 05-09 (${dates(added)}) made a median ${billions(added).toFixed(2)} billion evaluations in their budget against ${billions(old).toFixed(2)} billion on 00-04 (${dates(old)}), ${Math.round((100 * billions(added)) / billions(old))} %: a loaded machine does less per CPU second, and a solver changed between those dates may do other work per evaluation, so the two may not be alike.\n`,
    );
  }
  return out;
}

export function pinnedReport(): string {
  const { runs, rescored } = latestRescored(readLog(PIN_LOG));
  const out: string[] = [
    '# Eternity II with 8 pieces pinned: the public single-core benchmark\n',
    'Written by `npm run bench -- edge-e2 --instances e2-8pin` from every run recorded in `edge-e2-8pin.jsonl` (the latest per variant, solver, seed and budget).',
    "The protocol: variants 00-04 of the public benchmark (resources/instances/e2-8pin: the official pieces with the starter, the four clue pieces and three corners pinned), 3 seeds each, 60 CPU seconds of one core per run, measured by each solver process. Variants 05-09 (the rest of the public benchmark's ten) were added on 2026-12-01 to see the settings on puzzles their tuning never saw.",
    `Machine: ${machine()}.\n`,
  ];
  for (const seconds of [...new Set(runs.map((r) => r.seconds))].sort((a, b) => a - b)) {
    const mine = runs.filter((r) => r.seconds === seconds);
    const solvers = [...new Set(mine.map((r) => r.solver))];
    const variants = PIN_VARIANTS.filter((v) => mine.some((r) => r.instance === pinLabel(v)));
    out.push(`## ${seconds} CPU s per run${seconds === 60 ? ` (target: mean >= ${PIN_TARGET} over variants 00-04, 3 seeds each)` : ''}\n`);
    const rows = solvers.map((s) => {
      const rs = mine.filter((r) => r.solver === s);
      const on = (v: number): Record_[] => rs.filter((r) => r.instance === pinLabel(v)).sort((a, b) => a.seed - b.seed);
      const protocol = rs.filter((r) => PIN_PROTOCOL.map(pinLabel).includes(r.instance));
      const { tuned, unseen } = tuningSplit(rs);
      return [
        `\`${s}\``,
        rs.length,
        meanOf(protocol),
        meanOf(tuned),
        meanOf(unseen),
        meanOf(PIN_PROTOCOL.slice(0, 3).flatMap(on)),
        ...variants.map((v) =>
          on(v).length
            ? `${on(v)
                .map((r) => r.best)
                .join(', ')} (${mean(on(v).map((r) => r.best)).toFixed(1)})`
            : '-',
        ),
        `${(median(rs.map((r) => r.bestMs)) / 1000).toFixed(1)} s`,
      ];
    });
    out.push(
      mdTable(
        [
          'solver',
          'runs',
          'mean 00-04 (runs)',
          'tuned on (00, 01)',
          'never seen in tuning (02-09)',
          'mean 00-02',
          ...variants.map(pinLabel),
          'median time of best',
        ],
        rows,
      ),
    );
    out.push('');
    out.push(...searchedLess(mine, solvers));
  }
  out.push(
    'Tuned on: `beam`\'s suffix passes and pinned look-ahead (in every row here) were screened on variants 00 and 01, seed 1, 30 CPU s (`edge-e2-beam-profile.md`, "Screening"); `e2-minute`\'s `exhaust=3` and `band=4` were chosen on Eternity II with the starter piece and the META 2010 boards (`beam-passes`). Variants 02-04 were in the protocol runs that reported each change after it was chosen; 05-09 in none before 2026-12-01.',
    '',
  );
  out.push('## Public figures, run on this machine\n');
  out.push(
    mdTable(
      ['program', 'mean 00-02', ...PIN_PROTOCOL.slice(0, 3).map(pinLabel)],
      PIN_PUBLIC.map((p) => [p.who, mean(p.perVariant).toFixed(1), ...p.perVariant]),
    ),
  );
  out.push(
    '',
    'raphael-anjou/eternity2 `research/experiments/single-core-benchmark` (variants from `variants/variant_0N.csv`), built and run side by side with ours on this 2-core machine (2026-11-27), one seed each. Its own report (REPORT.md: beam 454.8, ALNS 452.9 over 10 variants) ran on a machine about 2.1-2.6x faster per core.',
    '',
    'What was tried on `beam` for these figures (with the figures each gave, also what did not help) and where its CPU goes: `edge-e2-beam-profile.md`.',
    '',
  );
  out.push(...rescoredSection(rescored));
  return out.join('\n');
}
