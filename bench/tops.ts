/**
 * `npm run bench -- tops [--runs A.run.json,B.run.json] [--from 463] [--out bench/results/tops.md]`
 *
 * By default the long runs kept in bench/results: `edge-e2-overnight*.run.json` and the from-empty
 * bench's finished runs (`seedN.run.json` in `from-empty/` and every other folder of its reports, one a code it was run on),
 * written to bench/results/tops.md; runs named with `--runs` are printed only (or written to `--out`).
 *
 * Issue 50, item 2: where a long run's last records came from. For every improvement of a run file
 * from `--from` on, the cells its board changed against the run's previous record and the first row
 * among them. A beam run's board changes in two ways: a full pass builds a whole new board (its
 * first rows differ), a suffix pass keeps the best board's first cells and searches its end (only
 * the last rows differ; a board as good as the best also replaces it on the way, so the end may
 * have drifted since the record). So the first changed row says where a record's first rows came
 * from, which is where a plateau bench should be spending its CPU. It cannot say which pass made
 * the record itself: a full pass's board as good as the best replaces it too, so a record with new
 * first rows is a full pass's board, or its end searched again by a suffix pass. Only the passes
 * can tell (`beam-passes` counts them by the row they start in).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { int, list, num, parseWith } from '../src/core/validate/validate';
import { finishedRunFiles } from './from-empty';
import { rescore } from './records';
import { machine, mdTable, numOpt, options, writeResult } from './util';
import { countNoun } from '../src/core/text/plural';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');

export interface Step {
  from: number;
  to: number;
  atMs: number;
  changed: number;
  /** First row with a changed cell (-1: none). */
  firstRow: number;
}

/** The record-to-record steps of a run's improvements (boards as piece ids by cell). */
export function steps(improvements: readonly { score: number; elapsedMs: number; pieces: readonly number[] }[], cols: number): Step[] {
  const out: Step[] = [];
  for (let i = 1; i < improvements.length; i++) {
    const a = improvements[i - 1]!;
    const b = improvements[i]!;
    let changed = 0;
    let first = -1;
    for (let c = 0; c < b.pieces.length; c++)
      if (a.pieces[c] !== b.pieces[c]) {
        changed++;
        if (first < 0) first = Math.floor(c / cols);
      }
    out.push({ from: a.score, to: b.score, atMs: b.elapsedMs, changed, firstRow: first });
  }
  return out;
}

const Improvement = v.looseObject({
  kind: v.literal('improvement'),
  score: num(),
  elapsedMs: num(),
  solution: v.looseObject({ cells: list(v.tuple([int(), int()])) }),
});
const RunFile = v.looseObject({
  run: v.looseObject({
    family: v.literal('edge'),
    puzzle: v.looseObject({ rows: int(), cols: int() }),
    stop: v.optional(v.looseObject({ clock: v.optional(v.string()) })),
    params: v.optional(v.looseObject({ threads: v.optional(int()) })),
  }),
  events: list(v.unknown()),
});

/** A run file's improvements, each board re-scored with the recorder's check before it is used. */
export function runFileBoards(text: string, name: string) {
  const file = parseWith(RunFile, JSON.parse(text));
  const ref = { family: 'edge', puzzle: file.run.puzzle };
  const improvements = file.events.flatMap((e) => {
    const imp = v.safeParse(Improvement, e);
    if (!imp.success) return [];
    const wrong = rescore(ref, imp.output.solution, imp.output.score);
    if (wrong) throw new Error(`${name}: an improvement claims ${imp.output.score}: ${wrong}`);
    return [{ score: imp.output.score, elapsedMs: imp.output.elapsedMs, pieces: imp.output.solution.cells.map((c) => c[0]) }];
  });
  // Elapsed times count the run's clock: its solver process's CPU (all threads) or the wall's.
  const threads = file.run.params?.threads ?? 1;
  const clock = `${file.run.stop?.clock === 'cpu' ? 'CPU' : 'wall'}, ${countNoun(threads, 'thread')}`;
  return { rows: file.run.puzzle.rows, cols: file.run.puzzle.cols, clock, improvements };
}

/** The long runs' files kept in bench/results: the overnight runs and the from-empty bench's finished runs (not its `.partial` ones). */
function keptLongRuns(): string[] {
  const overnight = readdirSync(join(root, 'bench/results'))
    .filter((f) => f.startsWith('edge-e2-overnight') && f.endsWith('.run.json'))
    .sort()
    .map((f) => join('bench/results', f));
  return [...overnight, ...finishedRunFiles()];
}

export async function run(argv: string[]): Promise<void> {
  const o = options(argv);
  const from = numOpt(o, 'from', 463);
  const files = typeof o.runs === 'string' ? o.runs.split(',') : keptLongRuns();
  const rows: (string | number)[][] = [];
  let full = 0;
  let end = 0;
  for (const f of files) {
    const run = runFileBoards(readFileSync(resolve(root, f), 'utf8'), f);
    for (const s of steps(run.improvements, run.cols).filter((x) => x.to >= from)) {
      // Suffix passes start in the last 6 rows at most (`overnight` then and now: 4 to 6).
      const fromEnd = s.firstRow >= run.rows - 6;
      if (fromEnd) end++;
      else full++;
      const kind = fromEnd ? 'end of the best (suffix pass)' : 'new first rows (a full pass since the record)';
      rows.push([f.replace(/^bench\/results\//, ''), `${s.from} -> ${s.to}`, (s.atMs / 1000).toFixed(0), run.clock, s.changed, s.firstRow, kind]);
    }
  }
  const md = [
    "# Where a long run's last records came from",
    '',
    `\`${['npm run bench -- tops', ...argv].join(' ')}\`; ${machine()}.`,
    `Every improvement to ${from} or more in the run files, against the run's previous record: cells changed and the first row changed (rows 0-15).`,
    '',
    mdTable(['run file', 'record', 'at s', 'clock', 'cells changed', 'first row changed', 'made by'], rows),
    '',
    `${full} of ${full + end} records had first rows a full pass made since the previous record (the record a full pass's board, or that board's end searched again: a board as good as the best replaces it, and the run files keep only the records), ${end} only the end of the best board changed (a suffix pass).`,
    '',
  ].join('\n');
  process.stdout.write(md);
  // Runs named by hand are a question about them: the kept table (every long run) stays as it is.
  const out = typeof o.out === 'string' ? o.out : typeof o.runs === 'string' ? null : join(root, 'bench/results/tops.md');
  if (out !== null) writeResult(out, md);
}
