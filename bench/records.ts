/**
 * What a bench log keeps of a run's best so that its figure can be checked later, and the check.
 *
 * A log record that keeps its run's best board (`board`, in the family's JSON solution form) or
 * names a run file holding it (`runFile`, for runs too long to keep a log line of) is re-scored by
 * each report with the check the recorder applies to every improvement a solver claims
 * (src/core/families/verify.ts: the board is read as a stored solution, must be legal, and must
 * score the figure), so a report never repeats a figure its board does not give. Records logged
 * before boards were kept are reported as such.
 */
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { readPuzzleFile } from '../src/core/document/read-file';
import { getFamily } from '../src/core/families';
import { improvementCheck } from '../src/core/families/verify';
import { issueText, list, num, parseWith, SchemaError, str } from '../src/core/validate/validate';

/** A log record's figure and, from 2026-12-01, what it can be re-scored from. */
export interface LoggedBest {
  best: number;
  /** The run's best board, in its family's JSON solution form. */
  board?: unknown;
  /** A run file (`workbench export RUN --format run`) whose last improvement is the run's best. */
  runFile?: string;
}

/** The puzzle a record was run on: its family and the puzzle in the family's JSON form. */
export interface PuzzleRef {
  family: string;
  puzzle: unknown;
}

/** A puzzle file as the studies read it (any format the workbench reads), in its family's JSON form. */
export function puzzleOfFile(file: string): PuzzleRef {
  const read = readPuzzleFile(file, readFileSync(file, 'utf8'));
  return { family: read.family, puzzle: getFamily(read.family).puzzleToJson(read.puzzle) };
}

/** Why `board` does not give `figure` on the puzzle (the recorder's check), or null when it does. */
export function rescore(ref: PuzzleRef, board: unknown, figure: number): string | null {
  return improvementCheck(ref.family, ref.puzzle)(board, figure);
}

interface RunFileBest {
  ref: PuzzleRef;
  board: unknown;
  score: number;
}

/** What runFileBest needs of a run file; the rest of it is not looked at. */
const fields = <E extends v.ObjectEntries>(entries: E) =>
  // Other fields are the run file's business; an absent one (or an absent object) is named as missing.
  v.looseObject(entries, (issue) => (issue.input === undefined ? 'missing' : `expected an object, got ${issue.input === null ? 'null' : typeof issue.input}`));
const RunFileHead = fields({ run: fields({ family: str(), puzzle: v.unknown() }), events: v.optional(list(v.unknown())) });
const isImprovement = (e: unknown): boolean => v.is(v.looseObject({ kind: v.literal('improvement') }), e);
const Improvement = fields({ score: num(), solution: v.optional(v.unknown()) });

/** The puzzle and last improvement of a run file: the best it claims, with its board. */
export function runFileBest(file: string): RunFileBest {
  let json: v.InferOutput<typeof RunFileHead>;
  try {
    json = parseWith(RunFileHead, JSON.parse(readFileSync(file, 'utf8')));
  } catch (e) {
    if (e instanceof SchemaError) throw new Error(`${file} is not a run file (${e.message})`, { cause: e });
    throw e;
  }
  const last = (json.events ?? []).filter(isImprovement).at(-1);
  if (last === undefined) throw new Error(`${file} holds no improvement`);
  const best = v.safeParse(Improvement, last, { abortEarly: true });
  if (!best.success) throw new Error(`${file}: its last improvement is unreadable (${issueText(best.issues)})`);
  return { ref: { family: json.run.family, puzzle: json.run.puzzle }, board: best.output.solution, score: best.output.score };
}

/**
 * Why a run file does not back `figure`, or null when it does: its best board must score what it
 * claims (the recorder's check) and that must be the figure.
 */
export function rescoreRunFile(file: string, figure: number): string | null {
  let best: RunFileBest;
  try {
    best = runFileBest(file);
  } catch (e) {
    return `its run file cannot be read (${e instanceof Error ? e.message : String(e)})`;
  }
  const wrong = rescore(best.ref, best.board, best.score);
  if (wrong) return `its run file's best board: ${wrong}`;
  return best.score === figure ? null : `its run file's best board scores ${best.score}, not ${figure}`;
}

/** The records of a report sorted by what re-scoring found. */
export interface Rescored<R> {
  /** Re-scored: the board gives the logged figure. */
  checked: R[];
  /** Logged before boards were kept: their figures are as the bench printed them. */
  unchecked: R[];
  /** Their board does not give the logged figure (or is not a legal board): kept out of the figures. */
  refused: { record: R; why: string }[];
}

/**
 * Re-scores every record that keeps a board or a run file. `puzzleOf` gives the puzzle a record
 * with a board was run on (only asked for such records); `root` is where run file paths start.
 */
export function rescoreRecords<R extends LoggedBest>(records: readonly R[], puzzleOf: (r: R) => PuzzleRef, root = ''): Rescored<R> {
  const out: Rescored<R> = { checked: [], unchecked: [], refused: [] };
  for (const r of records) {
    let why: string | null;
    if (r.board !== undefined) {
      try {
        why = rescore(puzzleOf(r), r.board, r.best);
      } catch (e) {
        why = `its puzzle cannot be read (${e instanceof Error ? e.message : String(e)})`;
      }
    } else if (r.runFile !== undefined) why = rescoreRunFile(`${root}${r.runFile}`, r.best);
    else {
      out.unchecked.push(r);
      continue;
    }
    if (why) out.refused.push({ record: r, why });
    else out.checked.push(r);
  }
  return out;
}

/** The records whose figures a report shows: the re-scored and the unchecked, in their order. */
export function shown<R>(r: Rescored<R>, all: readonly R[]): R[] {
  const refused = new Set(r.refused.map((x) => x.record));
  return all.filter((x) => !refused.has(x));
}

/**
 * The report's footnote on what was re-scored: how many records, how many logged before boards
 * were kept, and each refused record (named by `name`) with the reason.
 */
export function rescoreNote<R>(r: Rescored<R>, name: (record: R) => string): string[] {
  const total = r.checked.length + r.unchecked.length + r.refused.length;
  if (total === 0) return [];
  const lines: string[] = [];
  if (r.checked.length > 0)
    lines.push(
      `- ${r.checked.length} of ${total} runs re-scored for this report from the best board their log record keeps, with the family's own check (the one the recorder applies to every improvement): each gives its logged score.`,
    );
  if (r.unchecked.length > 0)
    lines.push(`- ${r.unchecked.length} of ${total} runs logged before boards were kept: their scores are as the bench printed them, not re-scored.`);
  if (r.refused.length > 0) {
    lines.push(`- **${r.refused.length} of ${total} runs refused**: their board does not give their logged score, so they are left out of the figures above:`);
    for (const { record, why } of r.refused) lines.push(`  - ${name(record)}: ${why}`);
  }
  return lines;
}
