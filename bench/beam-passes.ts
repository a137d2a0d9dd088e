/**
 * `npm run bench -- beam-passes [--width 131072] [--passes 6 | --cpu S] [--seeds 1,2,3]
 *   [--settings early=1,early=0.25] [--instance resources/studies/puzzles/eternity2_starter.txt]`
 *
 * Issue 23 item 4: what a setting does to the passes a long run is made of. A run's best is the
 * best of its passes, so a setting is worth as much as it moves the pass scores at a width and the
 * CPU a pass costs. Each setting (`,` between settings, `+` between the parameters of one) runs
 * `--passes` full passes of `BeamRun` at the fixed `--width` (no suffix passes) for each seed;
 * every pass's score and CPU seconds are kept. The table gives per setting the mean pass score,
 * the median CPU seconds of a pass, and against the first setting the Mann-Whitney p and A12 of the
 * pass scores (`src/core/stats`). Settings take turns going first from seed to seed. Passes grow
 * to `--width` (its maxWidth): a setting of another width names both, `width=W+maxWidth=W`.
 *
 * `--cpu S` runs passes until S CPU seconds are spent instead (per setting and seed), so settings
 * of other widths get the same CPU. A long run's record comes from the right tail of its passes,
 * not their mean, so a second table counts per setting the passes reaching each of the top scores
 * seen and the CPU seconds spent per such pass.
 *
 * `--from BOARD [--stall S]` starts every run where a long run stands on its plateau: BOARD (a
 * board file of the instance, as `workbench export --format text` writes it) is the best so far,
 * the width is already at the top and S passes have gone by without a new best (which sets the
 * rows suffix passes start in, with `stallPasses`). With `suffix=1` in a setting, every pass then
 * searches the end of the best board again: the question is whether those passes earn their CPU
 * at the plateau, against full passes (`suffix=0`, the default here). A third table splits the
 * passes by the row they start in.
 *
 * `--target T` ends a seed's passes at the first that scores T or more, and a last table gives
 * each setting's CPU seconds to it, seed by seed (`>S` where the budget ran out first).
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { piecesFormat, readBoardText } from '../src/core/families/edge/files';
import { boardToJson } from '../src/core/families/edge/local-search';
import { scoreBoard, type EdgeBoard, type EdgePuzzle } from '../src/core/families/edge/model';
import { BeamRun, type BeamOptions, beamOptions, beamParams } from '../src/core/families/edge/beam';
import { parseParamText, type ParamSchema, type ParamValue } from '../src/core/params/schema';
import { Rng } from '../src/core/rng/rng';
import { a12 } from '../src/core/stats/effect';
import { mannWhitney } from '../src/core/stats/rank-tests';
import { cpuSeconds, machine, mdTable, mean, median, numOpt, options, stdev } from './util';

const DEFAULT_INSTANCE = 'resources/studies/puzzles/eternity2_starter.txt';

/** `name=value+name=value`, each read and checked as `--set` reads it (against the beam's parameters unless told). */
export function setting(text: string, schema: ParamSchema = beamParams, flag = '--settings'): Record<string, ParamValue> {
  const out: Record<string, ParamValue> = {};
  for (const part of text.split('+').filter(Boolean)) {
    const eq = part.indexOf('=');
    if (eq <= 0) throw new Error(`${flag}: "${part}" is not name=value`);
    out[part.slice(0, eq)] = parseParamText(schema, part.slice(0, eq), part.slice(eq + 1));
  }
  return out;
}

/** Where `--from` starts a run: its best board (and that board's score) and the passes since the best last rose. */
export interface Plateau {
  board: EdgeBoard;
  score: number;
  stall: number;
}

export interface Passes {
  scores: number[];
  cpu: number[];
  /** The row each pass starts in (-1 for a full pass). */
  rows: number[];
  /** The run's best board at the end, in the family's JSON solution form (for re-scoring). */
  board: unknown;
}

export function runPasses(
  puzzle: EdgePuzzle,
  width: number,
  extra: Record<string, ParamValue>,
  seed: number,
  budget: { passes: number } | { cpu: number },
  from: Plateau | null,
  target: number,
): Passes {
  const o = beamOptions({ width, maxWidth: width, suffix: 0, memory: 0, ...extra });
  const run = from ? plateauRun(puzzle, o, width, seed, from) : new BeamRun(puzzle, o, new Rng(seed));
  const scores: number[] = [];
  const cpu: number[] = [];
  const rows: number[] = [];
  const start = cpuSeconds();
  let t = start;
  const first = run.pass;
  const more = (): boolean => ('passes' in budget ? run.pass - first < budget.passes : run.pass === first || t - start < budget.cpu);
  while (more() && !(target > 0 && scores.length > 0 && scores[scores.length - 1]! >= target)) {
    const before = run.pass;
    // One layer a step: a short suffix pass must not end inside the same step as the next one.
    while (run.pass === before) run.step(1);
    const now = cpuSeconds();
    scores.push(run.currentScore);
    cpu.push(now - t);
    rows.push(run.passStartLayer === 0 ? -1 : Math.floor(run.passStartLayer / puzzle.cols));
    t = now;
  }
  return { scores, cpu, rows, board: run.bestSolution() };
}

/** A run as a checkpoint of a long run on its plateau would resume it: at the top width, BOARD its best. */
function plateauRun(puzzle: EdgePuzzle, o: BeamOptions, width: number, seed: number, from: Plateau): BeamRun {
  const best = boardToJson(from.board.piece, from.board.rotation);
  const state = {
    rng: new Rng(seed).getState(),
    evaluations: 0,
    pass: 1,
    width,
    bestScore: from.score,
    stall: from.stall,
    lastScore: from.score,
    lastWidth: width,
    best,
  };
  return BeamRun.restore(puzzle, o, state);
}

export async function run(argv: string[]): Promise<void> {
  const o = options(argv);
  const instance = typeof o.instance === 'string' ? o.instance : DEFAULT_INSTANCE;
  const width = numOpt(o, 'width', 131_072);
  const passes = numOpt(o, 'passes', 6);
  const cpuBudget = numOpt(o, 'cpu', 0);
  const seeds = (typeof o.seeds === 'string' ? o.seeds : '1,2,3').split(',').map(Number);
  const settings = (typeof o.settings === 'string' ? o.settings : 'early=1,early=0.25').split(',');
  if (!Number.isInteger(width) || width < 1) throw new Error('--width expects a positive integer');
  if (!Number.isInteger(passes) || passes < 1) throw new Error('--passes expects a positive integer');
  if (!(cpuBudget >= 0)) throw new Error('--cpu expects CPU seconds (0 = count passes)');
  const budget = cpuBudget > 0 ? { cpu: cpuBudget } : { passes };
  if (seeds.some((s) => !Number.isInteger(s))) throw new Error('--seeds expects integers separated by commas');
  const parsed = settings.map((s) => setting(s));
  const root = fileURLToPath(new URL('..', import.meta.url));
  const file = resolve(root, instance);
  const puzzle = piecesFormat.read(readFileSync(file, 'utf8'), file).puzzle;
  const stall = numOpt(o, 'stall', 0);
  if (!Number.isInteger(stall) || stall < 0) throw new Error('--stall expects a whole number of passes');
  const boardFile = typeof o.from === 'string' ? resolve(o.from) : null;
  const target = numOpt(o, 'target', 0);
  const board = boardFile ? readBoardText(readFileSync(boardFile, 'utf8'), boardFile, puzzle) : null;
  const from = board ? { board, score: scoreBoard(puzzle, board), stall } : null;
  const log = (s: string): void => void process.stdout.write(`${s}\n`);
  log(
    `npm run bench -- beam-passes${argv.length ? ` ${argv.join(' ')}` : ''}\n${machine()}\nload average before: ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );

  const scores = settings.map((): number[] => []);
  const cpu = settings.map((): number[] => []);
  const rows = settings.map((): number[] => []);
  /** Per setting and seed: CPU seconds to the target, or -S where S seconds went by without it. */
  const reached = settings.map((): number[] => []);
  seeds.forEach((seed, i) => {
    // Turns: the first setting leads on even seeds, the last on odd ones.
    const order = settings.map((_, j) => j);
    if (i % 2) order.reverse();
    for (const j of order) {
      const r = runPasses(puzzle, width, parsed[j]!, seed, budget, from, target);
      scores[j]!.push(...r.scores);
      cpu[j]!.push(...r.cpu);
      rows[j]!.push(...r.rows);
      const spent = r.cpu.reduce((a, b) => a + b, 0);
      reached[j]![i] = r.scores.some((x) => x >= target) ? spent : -spent;
      log(
        `seed ${seed} ${settings[j]}: ${r.scores.length > 30 ? histogram(r.scores, r.cpu) : `scores ${r.scores.join(' ')}; CPU s a pass ${r.cpu.map((c) => c.toFixed(1)).join(' ')}`}`,
      );
    }
  });
  const meanRows = settings.map((s, j) => {
    const test = j === 0 ? null : mannWhitney(scores[j]!, scores[0]!);
    const effect = j === 0 ? null : a12(scores[j]!, scores[0]!);
    return [
      s,
      scores[j]!.length,
      mean(scores[j]!).toFixed(2),
      stdev(scores[j]!).toFixed(2),
      Math.max(...scores[j]!),
      median(cpu[j]!).toFixed(2),
      test ? test.p.toFixed(3) : '-',
      effect === null ? '-' : effect.toFixed(2),
    ];
  });
  log('');
  const start = from ? `from ${boardFile!.slice(root.length)} (${from.score}, stall ${stall})` : 'full passes';
  log(`${puzzle.rows}x${puzzle.cols}, ${file.slice(root.length)}, ${start}, ${width.toLocaleString('en')} wide, seeds ${seeds.join(', ')}`);
  log(mdTable(['setting', 'passes', 'mean score', 'sd', 'best', 'CPU s a pass (median)', `p against ${settings[0]}`, 'A12'], meanRows));
  log('');
  log(tailTable(settings, scores, cpu));
  if (rows.flat().some((r) => r >= 0)) {
    log('');
    log(rowTable(settings, scores, cpu, rows));
  }
  if (target > 0) {
    log('');
    log(targetTable(settings, seeds, reached, target));
  }
  log(
    `load average after: ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
}

/**
 * Passes reaching each of the four best scores seen (over every setting), and the CPU seconds
 * spent per such pass: how soon a run made of these passes may expect a score that high.
 */
function tailTable(settings: string[], scores: number[][], cpu: number[][]): string {
  const top = Math.max(...scores.flat());
  const levels = [top - 3, top - 2, top - 1, top];
  const rows = settings.map((s, j) => {
    const total = cpu[j]!.reduce((a, b) => a + b, 0);
    return [
      s,
      scores[j]!.length,
      total.toFixed(0),
      ...levels.map((l) => {
        const n = scores[j]!.filter((x) => x >= l).length;
        return n ? `${n} (${(total / n).toFixed(1)} s)` : '0';
      }),
    ];
  });
  return mdTable(['setting', 'passes', 'CPU s', ...levels.map((l) => `passes >= ${l} (CPU s per pass)`)], rows);
}

/** The passes of each setting by the row they start in (four rows a group): where the tail comes from. */
export function rowTable(settings: string[], scores: number[][], cpu: number[][], rows: number[][]): string {
  const top = Math.max(...scores.flat());
  const out: (string | number)[][] = [];
  settings.forEach((s, j) => {
    const groups = new Map<number, number[]>();
    rows[j]!.forEach((r, i) => {
      const g = r < 0 ? -1 : Math.floor(r / 4);
      const group = groups.get(g);
      if (group) group.push(i);
      else groups.set(g, [i]);
    });
    for (const [g, idx] of [...groups].sort((a, b) => a[0] - b[0])) {
      const sc = idx.map((i) => scores[j]![i]!);
      const total = idx.reduce((a, i) => a + cpu[j]![i]!, 0);
      const high = (l: number): string => {
        const n = sc.filter((x) => x >= l).length;
        return n ? `${n} (${(total / n).toFixed(1)} s)` : '0';
      };
      out.push([s, g < 0 ? 'full' : `rows ${4 * g}-${4 * g + 3}`, idx.length, total.toFixed(0), mean(sc).toFixed(2), high(top - 1), high(top)]);
    }
  });
  return mdTable(['setting', 'start', 'passes', 'CPU s', 'mean score', `>= ${top - 1} (CPU s per pass)`, `>= ${top}`], out);
}

/** CPU seconds to the first pass scoring `target` or more, per seed, and their median where most seeds got there. */
export function targetTable(settings: string[], seeds: number[], reached: number[][], target: number): string {
  const rows = settings.map((s, j) => {
    const times = reached[j]!;
    const hit = times.filter((x) => x >= 0).length;
    const sorted = [...times].map((x) => (x >= 0 ? x : Infinity)).sort((a, b) => a - b);
    const mid = sorted[Math.floor((sorted.length - 1) / 2)]!;
    return [s, ...times.map((x) => (x >= 0 ? x.toFixed(0) : `>${(-x).toFixed(0)}`)), `${hit} of ${times.length}`, Number.isFinite(mid) ? mid.toFixed(0) : '-'];
  });
  return mdTable(['setting', ...seeds.map((x) => `seed ${x}`), `reached ${target}`, 'median CPU s (lower median)'], rows);
}

/** Many passes in one line: how many scored each score, and the CPU they took. */
function histogram(scores: number[], cpu: number[]): string {
  const counts = new Map<number, number>();
  for (const x of scores) counts.set(x, (counts.get(x) ?? 0) + 1);
  const by = [...counts].sort((a, b) => b[0] - a[0]).map(([x, n]) => `${x} x${n}`);
  return `${scores.length} passes, ${cpu.reduce((a, b) => a + b, 0).toFixed(0)} CPU s; scores ${by.join(', ')}`;
}
