/**
 * MS-GVNS for Eternity II (META 2010 entry), table 1: the four META instances, best score after a
 * time budget over several seeds, beside the paper's 30 runs (Core 2 Quad 2.4 GHz, C++, 1200 /
 * 1800 / 2400 / 3600 s). A study made from resources/studies/msgvns-table1.json, with fewer seeds
 * and seconds and our `vns-sa` beside the paper's method: the run manager's queue, one solver
 * process per run, runs in SQLite, budgets in CPU seconds of one core.
 *
 * Options (after `npm run bench -- edge-papers --only msgvns`):
 *   --seconds S      budget per run (default 300; quick 10). The paper gave 4-12x more.
 *   --seeds N        runs per instance (default 5; quick 2)
 *   --solvers a,b    edge solver[:preset] ids (default ms-gvns,vns-sa: `ms-gvns` is the template's
 *                    paper settings, preset msgvns-10, and `vns-sa` our answer)
 *   --sizes 10,12    which META boards (default all four)
 *   --concurrency N  runs at once (default: cores - 1)
 */
import type { Section } from './section';
import { mdTable, mean, median, numOpt } from '../util';
import { doneRuns, solverEntry, templateJson, withStudy } from '../study';

/** Table 1 of the paper. */
const PAPER = [
  { size: 10, opt: 180, avg: 165.67, median: 166, sd: 0.7581, best: 167, seconds: 1200, evals: 2_362_375_563 },
  { size: 12, opt: 264, avg: 238.93, median: 239, sd: 1.3628, best: 241, seconds: 1800, evals: 3_408_029_901 },
  { size: 14, opt: 364, avg: 320.77, median: 321, sd: 2.2234, best: 325, seconds: 2400, evals: 4_438_058_316 },
  { size: 16, opt: 480, avg: 419.57, median: 419.5, sd: 2.6219, best: 425, seconds: 3600, evals: 6_695_171_793 },
] as const;

/** The template's own entry for the paper's method. */
const TEMPLATE_SOLVER = 'ms-gvns';

const fmt1 = (x: number | null): string => (x === null ? '-' : x.toFixed(2).replace(/\.?0+$/, ''));
const fmtE = (x: number): string => (x >= 1e9 ? `${(x / 1e9).toFixed(2)}e9` : `${(x / 1e6).toFixed(0)}e6`);

export const section: Section = async ({ quick, raw, log }) => {
  const seconds = numOpt(raw, 'seconds', quick ? 10 : 300);
  const seeds = numOpt(raw, 'seeds', quick ? 2 : 5);
  const ids = typeof raw.solvers === 'string' ? raw.solvers.split(',') : [TEMPLATE_SOLVER, 'vns-sa'];
  const sizes = typeof raw.sizes === 'string' ? raw.sizes.split(',').map(Number) : PAPER.map((p) => p.size);
  const papers = PAPER.filter((p) => sizes.includes(p.size));
  if (papers.length === 0) throw new Error(`msgvns: no META board of sizes ${sizes.join(', ')} (have ${PAPER.map((p) => p.size).join(', ')})`);

  // The template's puzzles are the four boards in PAPER's order.
  const { json, file } = templateJson({ template: 'msgvns-table1', keepPuzzle: (_, i) => sizes.includes(PAPER[i]!.size), seeds, seconds });
  const template = (json.solvers as Record<string, unknown>[])[0]!;
  const study = {
    ...json,
    solvers: ids.map((id) => (id === TEMPLATE_SOLVER ? { ...template, label: id } : solverEntry(id))),
  };
  const rows: (string | number)[][] = [];
  const details: string[] = [];
  await withStudy(study, file, 'edge-papers msgvns', raw, (done) => {
    const { cells } = done.studies.results(done.id);
    const runs = doneRuns(done);
    papers.forEach((paper, pi) => {
      rows.push([
        `${paper.size}x${paper.size}`,
        paper.opt,
        `MS-GVNS, paper (30 runs, ${paper.seconds} s, C++)`,
        fmt1(paper.avg),
        paper.median,
        paper.best,
        fmt1(paper.sd),
        fmtE(paper.evals),
        '',
      ]);
      ids.forEach((id, ci) => {
        const cell = cells.find((c) => c.puzzleIndex === pi && c.configIndex === ci)!;
        const mine = runs.filter((r) => r.puzzleIndex === pi && r.configIndex === ci);
        for (const r of mine)
          log(
            `msgvns ${paper.size}x${paper.size} ${id} seed ${r.seed}: ${r.run.bestScore}, ${fmtE(r.run.evaluations)} evaluations in ${Math.round(r.run.elapsedMs / 1000)} CPU s`,
          );
        // When each run first reached its own best.
        const bestAt = mine.map((r) => done.studies.store.firstReach(r.run.id, r.run.bestScore!)?.elapsedMs ?? 0);
        rows.push([
          '',
          '',
          `${id}, ours (${cell.done} runs, ${seconds} CPU s, one core each)`,
          fmt1(cell.mean),
          cell.median ?? '-',
          cell.best ?? '-',
          fmt1(cell.sd),
          mine.length ? fmtE(mean(mine.map((r) => r.run.evaluations))) : '-',
          mine.length ? `${(median(bestAt) / 1000).toFixed(0)} s` : '-',
        ]);
        details.push(`- META ${paper.size}x${paper.size} ${id}: ${mine.map((r) => r.run.bestScore).join(', ')}`);
      });
    });
  });
  return [
    `## msgvns: MS-GVNS on the META 2010 instances (table 1)\n`,
    `Best score per run (matched joins, maximised). The paper ran 30 runs for 1200-3600 s on a Core 2 Quad 2.4 GHz in C++; we run ${seeds} seeds for ${seconds} CPU seconds each as a study made from \`resources/studies/msgvns-table1.json\` (the run manager's queue, one solver process per run, runs in SQLite; each run's clock reads its own CPU time, so load on the shared machine does not shorten runs). \`ms-gvns\` is the template's setting, the paper's algorithm with its parameters (preset msgvns-10: IterMax 200, LevelMax = board side, greedy randomised starts, alternating VND orders, first improvement); \`vns-sa\` is our answer (simulated annealing over the same neighbourhoods). Evaluations are scored moves; ours skip moves a VND already knows cannot improve, so they are not the paper's count.\n`,
    mdTable(['instance', 'optimum', 'method', 'average', 'median', 'best', 'sd', 'evaluations', 'median time to best'], rows),
    '',
    'Per seed:',
    ...details,
    '',
  ].join('\n');
};
