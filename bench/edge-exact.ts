/**
 * `npm run bench -- edge-exact [--quick] [--seeds N] [--limit SECONDS] [--seeds2x2 N] [--limit2x2 S] [--solver-seeds K] [--spread-only]`: exact solving of generated
 * E2-style puzzles: 7x7 with 3 frame + 6 inner colours (target: under a second each) and 8x8 with
 * 3 + 7 (target: under 10 minutes), time per instance and the median over seeds. Written to
 * bench/results/edge-exact.md.
 *
 * Each solve runs in a fresh Node process (`--child SPEC`, also used by the aspinall section of
 * edge-papers): the search loops are fastest as the only closure of their kind in a process, as in
 * a solver worker (src/core/families/edge/backtrack/loops.ts).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { backtrack2x2Solver, backtrackSolver } from '../src/core/families/edge/backtrack/solvers';
import { maxScore } from '../src/core/families/edge';
import { generateEdgePuzzle } from '../src/core/families/edge/generator';
import type { Params } from '../src/core/params/schema';
import { machine, mdTable, median, numOpt, options, writeResult } from './util';

export interface SolveSpec {
  rows: number;
  cols: number;
  frame: number;
  inner: number;
  /** Generator seed. */
  seed: number;
  solver: 'backtrack' | 'backtrack-2x2';
  params: Params;
  /** Seed of the solver's candidate order (default 1). */
  solverSeed?: number;
  /** Give up after this many evaluations or CPU seconds of search. */
  maxEvaluations: number;
  limitSeconds: number;
}

export interface SolveResult {
  /** Placements (single tiles) or block placements (2x2) until the first solution or the limit. */
  evaluations: number;
  solved: boolean;
  /** Search space exhausted without a solution (cannot happen on generated puzzles). */
  exhausted: boolean;
  /** Search time (tables built before, timed apart as prepSeconds). */
  seconds: number;
  cpuSeconds: number;
  prepSeconds: number;
}

/** Solve one generated puzzle here, in this process. */
export function solveHere(spec: SolveSpec): SolveResult {
  const { puzzle } = generateEdgePuzzle({ rows: spec.rows, cols: spec.cols, frameColours: spec.frame, innerColours: spec.inner, seed: spec.seed });
  const def = spec.solver === 'backtrack' ? backtrackSolver : backtrack2x2Solver;
  const max = maxScore(spec.rows, spec.cols);
  const t0 = performance.now();
  const run = def.create(puzzle, spec.params, spec.solverSeed ?? 1);
  const t1 = performance.now();
  const c0 = process.cpuUsage();
  let slice = 1 << 16;
  while (!run.finished && run.bestScore < max && run.evaluations < spec.maxEvaluations) {
    const s0 = performance.now();
    const e0 = run.evaluations;
    const ask = Math.min(slice, spec.maxEvaluations - run.evaluations);
    run.step(ask);
    // Slices of 25-100 ms, so the time limit is checked often without slowing the loop.
    const took = performance.now() - s0;
    if (took > 100) slice = Math.max(1 << 10, slice >> 1);
    else if (took < 25 && run.evaluations - e0 >= ask) slice = Math.min(slice * 2, 1 << 26);
    // The limit is on CPU time: on a shared machine wall time also counts the other processes.
    const used = process.cpuUsage(c0);
    if (used.user + used.system > spec.limitSeconds * 1e6) break;
  }
  const cpu = process.cpuUsage(c0);
  return {
    evaluations: run.evaluations,
    solved: run.bestScore === max,
    exhausted: run.finished && run.bestScore < max,
    seconds: +((performance.now() - t1) / 1000).toFixed(3),
    cpuSeconds: +((cpu.user + cpu.system) / 1e6).toFixed(3),
    prepSeconds: +((t1 - t0) / 1000).toFixed(3),
  };
}

/** Solve one generated puzzle in a fresh Node process. */
export function solveInChild(spec: SolveSpec): SolveResult {
  const index = fileURLToPath(new URL('./index.ts', import.meta.url));
  const out = execFileSync(process.execPath, ['--import', 'tsx', index, 'edge-exact', '--child', JSON.stringify(spec)], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  return JSON.parse(out.trim().split('\n').pop()!) as SolveResult;
}

/** A median over runs some of which hit the limit: exact while fewer than half are censored. */
export function censoredMedian(values: number[], censored: boolean[]): string {
  const order = values.map((v, i) => ({ v: censored[i] ? Infinity : v })).sort((a, b) => a.v - b.v);
  const n = order.length;
  const mid = n % 2 ? order[n >> 1].v : (order[n / 2 - 1].v + order[n / 2].v) / 2;
  return Number.isFinite(mid) ? fmt(mid) : `> ${fmt(Math.max(...values))}`;
}

function fmt(x: number): string {
  if (x >= 100 || Number.isInteger(x)) return Math.round(x).toLocaleString('en');
  return x >= 1 ? x.toFixed(2) : x.toFixed(3);
}

/**
 * The search is randomised (the candidate order is shuffled with the solver's seed), so one seed's
 * time on an instance is one draw: the spread over solver seeds shows what a user can expect.
 */
function spread(seeds: number, solverSeeds: number, limit: number): string[] {
  const rows: (string | number)[][] = [];
  const medians: number[] = [];
  for (let seed = 1; seed <= seeds; seed++) {
    const cpus: number[] = [];
    const evals: number[] = [];
    for (let s = 1; s <= solverSeeds; s++) {
      const r = solveInChild({
        rows: 7,
        cols: 7,
        frame: 3,
        inner: 6,
        seed,
        solver: 'backtrack',
        params: {},
        solverSeed: s,
        maxEvaluations: Number.MAX_SAFE_INTEGER,
        limitSeconds: limit,
      });
      cpus.push(r.solved ? r.cpuSeconds : Infinity);
      evals.push(r.evaluations);
    }
    const med = median(cpus);
    medians.push(med);
    rows.push([
      seed,
      fmt(med),
      fmt(Math.min(...cpus)),
      fmt(Math.max(...cpus)),
      `${cpus.filter((x) => x < 1).length}/${solverSeeds}`,
      fmt([...evals].sort((a, b) => a - b)[solverSeeds >> 1]),
    ]);
    process.stderr.write(`7x7 spread instance ${seed}: median ${med} CPU s over ${solverSeeds} solver seeds\n`);
  }
  return [
    `## 7x7, 3+6 colours, backtrack over solver seeds 1..${solverSeeds}`,
    '',
    `CPU seconds per instance over ${solverSeeds} seeds of the candidate order: ${medians.filter((m) => m < 1).length}/${seeds} instances have a median under a second.`,
    '',
    mdTable(['instance', 'median CPU s', 'fastest', 'slowest', 'under 1 s', 'median placements'], rows),
    '',
  ];
}

interface Config {
  label: string;
  rows: number;
  frame: number;
  inner: number;
  solver: SolveSpec['solver'];
  params: Params;
  target: string;
}

export async function run(argv: string[]): Promise<void> {
  const o = options(argv);
  if (typeof o.child === 'string') {
    process.stdout.write(`${JSON.stringify(solveHere(JSON.parse(o.child) as SolveSpec))}\n`);
    return;
  }
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
    const md = `${(cut < 0 ? before : before.slice(0, cut + 1)).trimEnd()}\n\n${spread(seeds, solverSeeds, limit).join('\n')}\n`;
    writeResult(out, md);
    process.stderr.write(`written to ${out}\n`);
    return;
  }
  const configs: Config[] = [
    { label: '7x7, 3+6 colours', rows: 7, frame: 3, inner: 6, solver: 'backtrack', params: {}, target: '< 1 s' },
    { label: '8x8, 3+7 colours', rows: 8, frame: 3, inner: 7, solver: 'backtrack', params: {}, target: '< 600 s' },
    ...(quick
      ? []
      : [{ label: '8x8, 3+7 colours', rows: 8, frame: 3, inner: 7, solver: 'backtrack-2x2' as const, params: { heuristic: 'h1' }, target: '< 600 s' }]),
  ];
  const parts = [
    '# Exact solving of generated E2-style puzzles',
    '',
    `${new Date().toISOString().slice(0, 10)} on ${machine()}${quick ? ' (quick run)' : ''}. Generator seeds 1..${seeds}; solver seed 1, default parameters unless shown; ` +
      `limit ${limit} CPU s per instance; one process per solve. Times are search seconds (wall; CPU beside them: the machine may be shared), tables built before apart.`,
    '',
  ];
  const summary: (string | number)[][] = [];
  for (const c of configs) {
    const rows: (string | number)[][] = [];
    const secs: number[] = [];
    const cpus: number[] = [];
    const censored: boolean[] = [];
    const count = c.solver === 'backtrack-2x2' ? seeds2x2 : seeds;
    const cap = c.solver === 'backtrack-2x2' ? limit2x2 : limit;
    for (let seed = 1; seed <= count; seed++) {
      const r = solveInChild({
        rows: c.rows,
        cols: c.rows,
        frame: c.frame,
        inner: c.inner,
        seed,
        solver: c.solver,
        params: c.params,
        maxEvaluations: Number.MAX_SAFE_INTEGER,
        limitSeconds: cap,
      });
      secs.push(r.seconds);
      cpus.push(r.cpuSeconds);
      censored.push(!r.solved);
      rows.push([
        seed,
        r.evaluations.toLocaleString('en'),
        r.solved ? 'yes' : r.exhausted ? 'no solution' : 'limit',
        fmt(r.seconds),
        fmt(r.cpuSeconds),
        fmt(r.prepSeconds),
      ]);
      process.stderr.write(`${c.label} ${c.solver} seed ${seed}: ${JSON.stringify(r)}\n`);
    }
    const name = `${c.solver}${Object.keys(c.params).length ? ` ${JSON.stringify(c.params)}` : ''}`;
    parts.push(`## ${c.label}, ${name}`, '', mdTable(['seed', 'evaluations', 'solved', 'seconds', 'CPU s', 'prep s'], rows), '');
    const cpuMax = Math.max(...cpus);
    summary.push([
      c.label,
      name,
      censoredMedian(secs, censored),
      censoredMedian(cpus, censored),
      fmt(cpuMax),
      c.target,
      `${censored.filter((x) => !x).length}/${count}${cap !== limit ? ` (limit ${cap} s)` : ''}`,
    ]);
  }
  if (solverSeeds > 1) parts.push(...spread(seeds, solverSeeds, limit));
  parts.splice(4, 0, mdTable(['instances', 'solver', 'median seconds', 'median CPU s', 'max CPU s', 'target', 'solved'], summary), '');
  const md = `${parts.join('\n')}\n`;
  process.stdout.write(md);
  writeResult(out, md);
  process.stderr.write(`written to ${out}\n`);
}
