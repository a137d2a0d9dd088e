/**
 * `npm run bench -- edge-exact [--quick] [--seeds N] [--limit SECONDS] [--seeds2x2 N] [--limit2x2 S] [--solver-seeds K] [--spread-only] [--concurrency N]`:
 * exact solving of generated E2-style puzzles: 7x7 with 3 frame + 6 inner colours (target: under a
 * second each) and 8x8 with 3 + 7 (target: under 10 minutes), CPU time per instance and the
 * median over instances. Written to bench/results/edge-exact.md.
 *
 * Each configuration is a study of inline generated puzzles (generator seeds 1..N) run the way
 * `workbench study run` runs it: one solver process per run (the search loops are fastest as the
 * only closure of their kind in a process), stopped on the solution or on `--limit` CPU seconds
 * (the runs' CPU clock; tables are built before the clock starts). The spread section runs the
 * 7x7 instances over solver seeds 1..K, the seeds of the candidate order.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { puzzleToJson } from '../src/core/families/edge/model';
import { generateEdgePuzzle } from '../src/core/families/edge/design';
import type { Params } from '../src/core/params/schema';
import { censoredMedian } from '../src/core/stats/censored';
import { withStudy } from './study';
import { machine, mdTable, median, numOpt, options, writeResult } from './util';

/** The median over runs some of which hit the limit, as the report writes it: "> limit" unless more than half finished. */
export function censoredMedianText(values: number[], censored: boolean[]): string {
  const mid = censoredMedian(values.map((v, i) => (censored[i] ? null : v)));
  return mid !== null ? fmt(mid) : `> ${fmt(Math.max(...values))}`;
}

function fmt(x: number): string {
  if (x >= 100 || Number.isInteger(x)) return Math.round(x).toLocaleString('en');
  return x >= 1 ? x.toFixed(2) : x.toFixed(3);
}

const EXACT: Params = { complete: false };

interface Config {
  label: string;
  rows: number;
  frame: number;
  inner: number;
  solver: 'backtrack' | 'backtrack-2x2';
  params: Params;
  target: string;
}

/** One solve: the generator's seed (the instance), the solver's seed, and how it ended. */
interface Solve {
  instance: number;
  solverSeed: number;
  evaluations: number;
  solved: boolean;
  /** Searched the whole space without a solution (cannot happen on generated puzzles). */
  exhausted: boolean;
  cpuSeconds: number;
}

/**
 * The configuration's instances (generator seeds 1..`instances`) x solver seeds as a study, run to
 * its end: every solve, in instance order.
 */
async function solveAll(c: Config, instances: number, solverSeeds: number[], limit: number, o: Record<string, string | true>): Promise<Solve[]> {
  const puzzles = Array.from({ length: instances }, (_, i) => {
    const { puzzle } = generateEdgePuzzle({ rows: c.rows, cols: c.rows, frameColours: c.frame, innerColours: c.inner, seed: i + 1 });
    return { family: 'edge', name: `${c.rows}x${c.rows} ${c.frame}+${c.inner} #${i + 1}`, puzzle: puzzleToJson(puzzle) };
  });
  const study = {
    name: `edge-exact: ${c.label}, ${c.solver}`,
    puzzles,
    solvers: [{ solver: c.solver, params: c.params }],
    seeds: solverSeeds,
    stop: { seconds: limit, clock: 'cpu' },
  };
  return withStudy(study, join(fileURLToPath(new URL('.', import.meta.url)), 'edge-exact.json'), 'edge-exact', o, (done) =>
    done.studies
      .runs(done.id)
      .map((r) => ({
        instance: r.puzzleIndex + 1,
        solverSeed: r.seed,
        evaluations: r.run.evaluations,
        solved: r.run.stopReason === 'solved',
        exhausted: r.run.stopReason === 'exhausted',
        cpuSeconds: r.run.elapsedMs / 1000,
      }))
      .sort((a, b) => a.instance - b.instance || a.solverSeed - b.solverSeed),
  );
}

/**
 * The search is randomised (the candidate order is shuffled with the solver's seed), so one seed's
 * time on an instance is one draw: the spread over solver seeds shows what a user can expect.
 */
async function spread(instances: number, solverSeeds: number, limit: number, o: Record<string, string | true>): Promise<string[]> {
  const c: Config = { label: '7x7, 3+6 colours', rows: 7, frame: 3, inner: 6, solver: 'backtrack', params: EXACT, target: '< 1 s' };
  const solves = await solveAll(
    c,
    instances,
    Array.from({ length: solverSeeds }, (_, i) => i + 1),
    limit,
    o,
  );
  const rows: (string | number)[][] = [];
  const medians: number[] = [];
  for (let i = 1; i <= instances; i++) {
    const mine = solves.filter((s) => s.instance === i);
    const cpus = mine.map((s) => (s.solved ? s.cpuSeconds : Infinity));
    const med = median(cpus);
    medians.push(med);
    rows.push([
      i,
      fmt(med),
      fmt(Math.min(...cpus)),
      fmt(Math.max(...cpus)),
      `${cpus.filter((x) => x < 1).length}/${solverSeeds}`,
      fmt(median(mine.map((s) => s.evaluations))),
    ]);
  }
  return [
    `## 7x7, 3+6 colours, backtrack over solver seeds 1..${solverSeeds}`,
    '',
    `CPU seconds per instance over ${solverSeeds} seeds of the candidate order: ${medians.filter((m) => m < 1).length}/${instances} instances have a median under a second.`,
    '',
    mdTable(['instance', 'median CPU s', 'fastest', 'slowest', 'under 1 s', 'median placements'], rows),
    '',
  ];
}

export async function run(argv: string[]): Promise<void> {
  const o = options(argv);
  const quick = !!o.quick;
  const seeds = numOpt(o, 'seeds', quick ? 3 : 10);
  const limit = numOpt(o, 'limit', quick ? 120 : 600);
  // The 2x2 transform places blocks at about a tenth of the single-tile rate: fewer, shorter solves.
  const seeds2x2 = numOpt(o, 'seeds2x2', seeds);
  const limit2x2 = numOpt(o, 'limit2x2', limit);
  const out = fileURLToPath(new URL(`./results/edge-exact${quick ? '-quick' : ''}.md`, import.meta.url));
  const solverSeeds = numOpt(o, 'solver-seeds', quick ? 0 : 10);
  if (o['spread-only']) {
    // Adds (or replaces) the spread section of an earlier full run.
    const before = existsSync(out) ? readFileSync(out, 'utf8') : '';
    const cut = before.indexOf('\n## 7x7, 3+6 colours, backtrack over solver seeds');
    const md = `${(cut < 0 ? before : before.slice(0, cut + 1)).trimEnd()}\n\n${(await spread(seeds, solverSeeds, limit, o)).join('\n')}\n`;
    writeResult(out, md);
    process.stderr.write(`written to ${out}\n`);
    return;
  }
  // Exact solves: no completed boards on the way (the app shows them; their beam passes would count here).
  const configs: Config[] = [
    { label: '7x7, 3+6 colours', rows: 7, frame: 3, inner: 6, solver: 'backtrack', params: EXACT, target: '< 1 s' },
    { label: '8x8, 3+7 colours', rows: 8, frame: 3, inner: 7, solver: 'backtrack', params: EXACT, target: '< 600 s' },
    ...(quick
      ? []
      : [{ label: '8x8, 3+7 colours', rows: 8, frame: 3, inner: 7, solver: 'backtrack-2x2' as const, params: { heuristic: 'h1' }, target: '< 600 s' }]),
  ];
  const parts = [
    '# Exact solving of generated E2-style puzzles',
    '',
    `${new Date().toISOString().slice(0, 10)} on ${machine()}${quick ? ' (quick run)' : ''}. Generator seeds 1..${seeds}; solver seed 1, default parameters unless shown; ` +
      `limit ${limit} CPU s per instance. Each configuration is a study: one solver process per solve, CPU seconds of its search (tables built before the clock starts).`,
    '',
  ];
  const summary: (string | number)[][] = [];
  for (const c of configs) {
    const count = c.solver === 'backtrack-2x2' ? seeds2x2 : seeds;
    const cap = c.solver === 'backtrack-2x2' ? limit2x2 : limit;
    const solves = await solveAll(c, count, [1], cap, o);
    const rows = solves.map((r) => [
      r.instance,
      r.evaluations.toLocaleString('en'),
      r.solved ? 'yes' : r.exhausted ? 'no solution' : 'limit',
      fmt(r.cpuSeconds),
    ]);
    for (const r of solves) process.stderr.write(`${c.label} ${c.solver} instance ${r.instance}: ${JSON.stringify(r)}\n`);
    const name = `${c.solver}${Object.keys(c.params).length ? ` ${JSON.stringify(c.params)}` : ''}`;
    parts.push(`## ${c.label}, ${name}`, '', mdTable(['seed', 'evaluations', 'solved', 'CPU s'], rows), '');
    const cpus = solves.map((r) => r.cpuSeconds);
    const censored = solves.map((r) => !r.solved);
    summary.push([
      c.label,
      name,
      censoredMedianText(cpus, censored),
      fmt(Math.max(...cpus)),
      c.target,
      `${censored.filter((x) => !x).length}/${count}${cap !== limit ? ` (limit ${cap} s)` : ''}`,
    ]);
  }
  if (solverSeeds > 1) parts.push(...(await spread(seeds, solverSeeds, limit, o)));
  parts.splice(4, 0, mdTable(['instances', 'solver', 'median CPU s', 'max CPU s', 'target', 'solved'], summary), '');
  const md = `${parts.join('\n')}\n`;
  process.stdout.write(md);
  writeResult(out, md);
  process.stderr.write(`written to ${out}\n`);
}
