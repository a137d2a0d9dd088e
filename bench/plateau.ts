/**
 * `npm run bench -- plateau [--boards A,B,...] [--seeds 1-8] [--cpu 1800] [--settings overnight,overnight+suffixRows=6]
 *   [--jobs 2] [--log bench/results/plateau.jsonl] [--out bench/results/plateau.md]`
 *
 * Issue 50, item 1: how fast a long run leaves its plateau, measured on two cores. Every run starts
 * where an overnight run stands when it has just reached its best: a bundled board
 * (bench/results/boards/, default every `*-465.txt` there, each from an independent run) is the
 * best so far, the width at the setting's top. Passes run until one scores above the board
 * (`--target`, default the board's score + 1) or `--cpu` CPU seconds are spent. A setting is a
 * preset's parameters (`overnight`) with `+name=value` overrides, or `lns` (large neighbourhoods
 * from the board, its iterations counted as passes) with the LNS solver's overrides.
 *
 * Each (board, seed, setting) is one child process (`--jobs` at a time), its result one line of the
 * log. A line already in the log for the same board, seed, setting, budget and target is reused, so
 * a bench stopped at night goes on where it stood, and the report is rebuilt from the log alone.
 *
 * The report counts every run: the share that reached the target within the budget, and the median
 * CPU seconds to it with the non-reachers counted as slower than the budget (censored, so the
 * median is "> budget" unless more than half got there). Against the first setting: Fisher's exact
 * test on the shares, and the censored time test (src/core/stats/censored.ts) on the times.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { basename, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { edgePresets } from '../src/core/families/edge/presets';
import { piecesFormat, readBoardText } from '../src/core/families/edge/files';
import { LnsRun, lnsOptions, lnsParams } from '../src/core/families/edge/lns';
import { boardToJson } from '../src/core/families/edge/local-search';
import { scoreBoard, type EdgeBoard, type EdgePuzzle } from '../src/core/families/edge/model';
import type { ParamValue } from '../src/core/params/schema';
import { Rng } from '../src/core/rng/rng';
import { censoredTimeTest, type CensoredTime } from '../src/core/stats/censored';
import { fisherExact } from '../src/core/stats/fisher';
import { runPasses, setting as overrides } from './beam-passes';
import { plateauRate } from './rate';
import { puzzleOfFile, rescoreNote, rescoreRecords, shown, type LoggedBest } from './records';
import { cpuSeconds, machine, mdTable, medianText, numOpt, options, seedList, writeResult } from './util';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '..');
const INSTANCE = 'resources/studies/puzzles/eternity2_starter.txt';
const BOARDS = 'bench/results/boards';

interface Job {
  /** The board file the run starts from. */
  start: string;
  seed: number;
  setting: string;
  cpu: number;
  target: number;
}

interface Result extends Job, LoggedBest {
  /** CPU seconds to the first pass at the target, or null when the budget ran out first. */
  reached: number | null;
  spent: number;
  passes: number;
  best: number;
}

const sameJob = (a: Job, b: Job): boolean => a.start === b.start && a.seed === b.seed && a.setting === b.setting && a.cpu === b.cpu && a.target === b.target;

/**
 * A setting that starts with `lns` runs large neighbourhoods from the board instead of beam passes
 * (the exact refills of regions and assignments of the pieces around its broken joins, as
 * Schaus & Deville's search does), `+name=value` its overrides.
 */
const isLns = (text: string): boolean => text.split('+')[0] === 'lns';

/** A setting's parameters: a beam preset's, then the `+name=value` overrides (for `lns`, the LNS solver's overrides). */
export function settingParams(text: string): Record<string, ParamValue> {
  const [head = '', ...rest] = text.split('+');
  if (isLns(text)) return overrides(rest.join('+'), lnsParams);
  const preset = head.includes('=') ? null : edgePresets.find((p) => p.id === head && p.solver === 'beam');
  if (!head.includes('=') && !preset) throw new Error(`--settings: "${head}" is neither a beam preset nor name=value`);
  return { ...(preset?.params ?? {}), ...overrides((preset ? rest : [head, ...rest]).join('+')) };
}

function loadPuzzle() {
  const file = join(root, INSTANCE);
  return piecesFormat.read(readFileSync(file, 'utf8'), file).puzzle;
}

/** One run in this process (the child's side). */
export function runJob(job: Job): Result {
  const puzzle = loadPuzzle();
  const file = join(root, job.start);
  const board = readBoardText(readFileSync(file, 'utf8'), file, puzzle);
  const params = settingParams(job.setting);
  if (isLns(job.setting)) return { ...job, ...lnsFromBoard(puzzle, board, params, job) };
  const width = Number(params.maxWidth ?? params.width ?? 262_144);
  const r = runPasses(puzzle, width, params, job.seed, { cpu: job.cpu }, { board, score: scoreBoard(puzzle, board), stall: 0 }, job.target);
  let spent = 0;
  let reached: number | null = null;
  for (let i = 0; i < r.scores.length; i++) {
    spent += r.cpu[i]!;
    if (reached === null && r.scores[i]! >= job.target) reached = spent;
  }
  return {
    ...job,
    reached: reached === null ? null : Math.round(reached * 10) / 10,
    spent: Math.round(spent * 10) / 10,
    passes: r.scores.length,
    best: Math.max(job.target - 1, ...r.scores),
    board: r.board,
  };
}

/** An LNS run with the board as its current and best board, until a board at the target or the budget; its iterations are the passes. */
function lnsFromBoard(puzzle: EdgePuzzle, board: EdgeBoard, params: Record<string, ParamValue>, job: Job): Omit<Result, keyof Job> {
  const json = boardToJson(board.piece, board.rotation);
  const score = scoreBoard(puzzle, board);
  const state = { rng: new Rng(job.seed).getState(), evaluations: 0, iteration: 0, sinceBest: 0, stalls: 0, bestScore: score };
  const run = LnsRun.restore(puzzle, lnsOptions(params), { ...state, weights: [], segScore: [], segUses: [], current: json, best: json, beam: null });
  const start = cpuSeconds();
  let spent = 0;
  let reached: number | null = null;
  while (reached === null && spent < job.cpu) {
    run.step(LNS_STEP);
    spent = cpuSeconds() - start;
    if (run.bestScore >= job.target) reached = spent;
  }
  const tenth = (x: number): number => Math.round(x * 10) / 10;
  return { reached: reached === null ? null : tenth(reached), spent: tenth(spent), passes: run.iteration, best: run.bestScore, board: run.bestSolution() };
}

/** Work between two looks at the clock and the best: a few milliseconds of an LNS run. */
const LNS_STEP = 2000;

function runChild(job: Job): Promise<Result> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'index.ts'), 'plateau', '--job', JSON.stringify(job)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', fail);
    child.on('close', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0 || !line.startsWith('{')) fail(new Error(`job ${JSON.stringify(job)} ended with code ${code}`));
      else done(JSON.parse(line) as Result);
    });
  });
}

export function report(all: readonly Result[], settings: readonly string[], boards: readonly string[], head: string): string {
  // A run's best board is re-scored before its figures count (records from before boards were kept are said so).
  const puzzle = puzzleOfFile(join(root, INSTANCE));
  const rescored = rescoreRecords(all, () => puzzle);
  const results = shown(rescored, all);
  const of = (s: string, b?: string) => results.filter((r) => r.setting === s && (b === undefined || r.start === b));
  const times = (rs: readonly Result[]): CensoredTime[] => rs.map((r) => ({ time: r.reached, budget: r.cpu }));
  const first = of(settings[0]!);
  const rows = settings.map((s) => {
    const rs = of(s);
    const hit = rs.filter((r) => r.reached !== null).length;
    const budget = Math.max(0, ...rs.map((r) => r.cpu));
    const vsFirst = s === settings[0] || rs.length === 0 || first.length === 0;
    const fisher = vsFirst
      ? null
      : fisherExact(hit, rs.length - hit, first.filter((r) => r.reached !== null).length, first.filter((r) => r.reached === null).length);
    const time = vsFirst ? null : censoredTimeTest(times(rs), times(first));
    return [
      `\`${s}\``,
      `${hit} of ${rs.length}`,
      rs.length ? `${Math.round((100 * hit) / rs.length)} %` : '-',
      medianText(
        rs.map((r) => r.reached),
        budget,
      ),
      plateauRate(rs),
      fisher ? fisher.p.toFixed(3) : '-',
      time ? `${time.p.toFixed(3)} (A12 ${time.a12.toFixed(2)})` : '-',
    ];
  });
  const perBoard = settings.flatMap((s) =>
    boards.map((b) => {
      const rs = of(s, b).sort((x, y) => x.seed - y.seed);
      return [
        `\`${s}\``,
        basename(b),
        rs.map((r) => (r.reached === null ? `>${r.cpu}` : r.reached.toFixed(0))).join(', '),
        `${rs.filter((r) => r.reached !== null).length} of ${rs.length}`,
      ];
    }),
  );
  return [
    head,
    '',
    mdTable(
      ['setting', 'reached', 'share', 'median CPU s (censored)', 'CPU s per target pass (95 %), in all CPU s', 'Fisher p (share)', 'censored time p'],
      rows,
    ),
    '',
    'CPU seconds to the target per seed (`>S`: the budget of S CPU seconds ran out first):',
    '',
    mdTable(['setting', 'board', 'seeds in order', 'reached'], perBoard),
    '',
    ...rescoreNote(rescored, (r) => `${basename(r.start)} seed ${r.seed} \`${r.setting}\``),
    '',
  ].join('\n');
}

export async function run(argv: string[]): Promise<void> {
  const o = options(argv);
  if (typeof o.job === 'string') {
    process.stdout.write(`${JSON.stringify(runJob(JSON.parse(o.job) as Job))}\n`);
    return;
  }
  const puzzle = loadPuzzle();
  const boards =
    typeof o.boards === 'string'
      ? o.boards.split(',').map((b) => relative(root, existsSync(b) ? resolve(b) : join(root, BOARDS, b.endsWith('.txt') ? b : `${b}.txt`)))
      : readdirSync(join(root, BOARDS))
          .filter((f) => f.endsWith('-465.txt'))
          .sort()
          .map((f) => `${BOARDS}/${f}`);
  const cpu = numOpt(o, 'cpu', 1800);
  const jobs = numOpt(o, 'jobs', 2);
  const seeds = seedList(typeof o.seeds === 'string' ? o.seeds : '1-8');
  const settings = (typeof o.settings === 'string' ? o.settings : 'overnight').split(',');
  if (!(cpu > 0)) throw new Error('--cpu expects CPU seconds a run');
  if (!Number.isInteger(jobs) || jobs < 1) throw new Error('--jobs expects a positive integer');
  for (const s of settings) settingParams(s);
  const logFile = resolve(typeof o.log === 'string' ? o.log : join(root, 'bench/results/plateau.jsonl'));
  const start = boards.map((b) => {
    const file = join(root, b);
    if (!existsSync(file)) throw new Error(`--boards: no board file ${b}`);
    const score = scoreBoard(puzzle, readBoardText(readFileSync(file, 'utf8'), file, puzzle));
    return { board: b, score };
  });
  const targetOpt = numOpt(o, 'target', 0);
  const todo: Job[] = [];
  // Seed by seed, settings and boards interleaved, so a bench stopped early is still balanced.
  for (const seed of seeds)
    for (const { board, score } of start) for (const s of settings) todo.push({ start: board, seed, setting: s, cpu, target: targetOpt || score + 1 });

  const logged: Result[] = existsSync(logFile)
    ? readFileSync(logFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Result)
    : [];
  const results: Result[] = [];
  const pending: Job[] = [];
  for (const job of todo) {
    const had = logged.find((r) => sameJob(r, job));
    if (had) results.push(had);
    else pending.push(job);
  }
  const say = (s: string): void => void process.stdout.write(`${s}\n`);
  say(
    `npm run bench -- plateau ${argv.join(' ')}\n${machine()}\nload average before: ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  say(`${todo.length} runs, ${results.length} already in ${relative(root, logFile)}, ${pending.length} to run, ${jobs} at a time`);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < pending.length) {
      const job = pending[next++]!;
      const r = await runChild(job);
      appendFileSync(logFile, `${JSON.stringify(r)}\n`);
      results.push(r);
      say(
        `${basename(r.start)} seed ${r.seed} ${r.setting}: ${r.reached === null ? `no ${r.target} in ${r.spent} CPU s` : `${r.target} after ${r.reached} CPU s`} (${r.passes} passes, best ${r.best})`,
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, Math.max(1, pending.length)) }, worker));
  const head = [
    '# Leaving the plateau: CPU seconds from a 465 board to the first 466',
    '',
    `\`npm run bench -- plateau ${argv.join(' ')}\`, ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}; ${machine()}.`,
    `Eternity II with the starter piece (${INSTANCE}); from ${boards.map((b) => `\`${basename(b)}\``).join(', ')} (bench/results/boards/README.md: where each came from);`,
    `seeds ${seeds.join(', ')}; one thread a run, ${jobs} runs at a time; a run ends at its first pass scoring above its board or after ${cpu} CPU s.`,
    'Every run counts: the non-reachers are slower than the budget. Rebuilt from the log (`--log`).',
  ].join('\n');
  const md = report(results, settings, boards, head);
  say('');
  say(md);
  writeResult(resolve(typeof o.out === 'string' ? o.out : join(root, 'bench/results/plateau.md')), md);
}
