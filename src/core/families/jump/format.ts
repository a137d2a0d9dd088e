import { FormatError } from '../../document/errors';
import { contentLines, INT, lastLine } from '../../document/lines';
import { pickReading, type Evidence } from '../../document/readings';
import type { FormatReading, ParsedFile, TextFormat } from '../family';
import { evaluateMaze } from './bfs';
import {
  goalIndex,
  hasDefaultEnds,
  jumpCellError,
  jumpCellName,
  jumpPuzzle,
  jumpPuzzleErrors,
  maxJumpAt,
  startIndex,
  type JumpMaze,
  type JumpPuzzle,
} from './model';
import { countNoun } from '../../text/plural';

/** Jumps past the board up to this length read as dead ends; a bigger number is taken for something else than a jump. */
const MAX_WRITTEN_JUMP = 1000;

type Line = { line: number; text: string };
/** `reread`: cells whose written number is not what the maze holds (a jump past the board, a number at the goal). */
type Maze = ParsedFile<JumpPuzzle, JumpMaze> & { name: string; reread?: number };

/**
 * One maze from `lines[k]` on: its size line (`n`, `rows cols`, or `rows cols start-row start-col
 * goal-row goal-col`), then its rows. Returns the maze and the index after it.
 */
function readMaze(lines: Line[], k: number, text: string, fileName: string, many: boolean): { maze: Maze; next: number } {
  const head = lines[k];
  const sizes = head.text.split(/\s+/);
  if (!(sizes.length <= 2 || sizes.length === 6) || !sizes.every((t) => INT.test(t)))
    throw new FormatError(
      `expected the size line \`n\` or \`rows cols\` (whole numbers), or \`rows cols start-row start-col goal-row goal-col\`, got "${head.text}"`,
      fileName,
      head.line,
    );
  const rows = Number(sizes[0]);
  const cols = Number(sizes.length >= 2 ? sizes[1] : sizes[0]);
  const size: JumpPuzzle = { rows, cols };
  const sizeErrors = jumpPuzzleErrors(size);
  if (sizeErrors.length) throw new FormatError(`bad size: ${sizeErrors[0]}`, fileName, head.line);
  const ends = sizes.slice(2).map(Number);
  const base = sizes.length === 6 ? headerBase(ends, lines, k, rows, cols) : 1;
  const puzzle = sizes.length === 6 ? endsFromHeader(ends, base, rows, cols, fileName, head.line) : size;
  // A size line alone (the next line is another size line, or nothing) is a puzzle without a maze.
  const nextIsHead = (j: number): boolean => j >= lines.length || (many && lines[j].text.split(/\s+/).length !== cols);
  if (nextIsHead(k + 1)) return { maze: { name: '', puzzle, ...endsNote(puzzle) }, next: k + 1 };

  const cells = new Int32Array(rows * cols);
  const goal = goalIndex(puzzle);
  let deadEnds = 0;
  const beyond: string[] = [];
  let goalHeld: { v: number; line: number } | null = null;
  for (let r = 0; r < rows; r++) {
    const ln = lines[k + 1 + r];
    if (!ln) throw new FormatError(`expected ${rows} rows of jump lengths, got ${r} (file ends early)`, fileName, lastLine(text));
    const tokens = ln.text.split(/\s+/);
    if (tokens.length !== cols) throw new FormatError(`expected ${cols} jump lengths, got ${tokens.length}`, fileName, ln.line);
    for (let c = 0; c < cols; c++) {
      const t = tokens[c];
      const i = r * cols + c;
      let v: number;
      if (t === 'G' || t === 'g') v = 0;
      else if (INT.test(t)) v = Number(t);
      else throw new FormatError(`expected a jump length (whole number) in column ${c + 1}, got "${t}"`, fileName, ln.line);
      if (v === 0 && i !== goal) deadEnds++;
      // A jump longer than the board allows from its cell leaves it every way: no move, as a 0 is.
      if (i !== goal && v > maxJumpAt(puzzle, r, c) && v <= MAX_WRITTEN_JUMP) {
        beyond.push(`cell (${jumpCellName(puzzle, i)}) holds ${v}`);
        v = 0;
      }
      // The goal's jump is never used; a number there (some tools write one) reads as 0 when no other cell holds the 0 that could mark a goal.
      if (i === goal && v > 0 && v <= MAX_WRITTEN_JUMP) {
        goalHeld = { v, line: ln.line };
        v = 0;
      }
      const e = jumpCellError(puzzle, i, v);
      if (e) throw new FormatError(e, fileName, ln.line);
      cells[i] = v;
    }
  }
  if (goalHeld && deadEnds > 0)
    throw new FormatError(jumpCellError(puzzle, goal, goalHeld.v) ?? `the goal must hold 0, got ${goalHeld.v}`, fileName, goalHeld.line);
  const notes = endsNote(puzzle).notes ?? [];
  if (sizes.length === 6 && base === 0 && !ends.includes(0))
    notes.push(`the header's start and goal counted from 0: the goal's cell holds 0 so, not counted from 1`);
  if (goalHeld) notes.push(`the goal (${jumpCellName(puzzle, goal)}) holds ${goalHeld.v}: a goal's jump is never used, read as 0`);
  if (deadEnds > 0) notes.push(`${countNoun(deadEnds, 'dead-end cell')} (0 outside the goal: no jump from there)`);
  if (beyond.length > 0)
    notes.push(
      `${beyond.length} cell${beyond.length > 1 ? 's hold jumps' : ' holds a jump'} longer than the board allows from there (${beyond.slice(0, 3).join(', ')}${beyond.length > 3 ? ', ...' : ''}): no jump from ${beyond.length > 1 ? 'them, read as dead ends' : 'it, read as a dead end'} (written back as 0)`,
    );
  const reread = beyond.length + (goalHeld ? 1 : 0);
  return {
    maze: { name: '', puzzle, solution: { cells }, ...(notes.length > 0 ? { notes } : {}), ...(reread > 0 ? { reread } : {}) },
    next: k + 1 + rows,
  };
}

/** Where start and goal are, said when the header put them elsewhere than the corners (for import previews and the CLI). */
function endsNote(p: JumpPuzzle): { notes?: string[] } {
  return hasDefaultEnds(p) ? {} : { notes: [`start ${jumpCellName(p, startIndex(p))}, goal ${jumpCellName(p, goalIndex(p))} (from the header)`] };
}

/**
 * Where a header's start and goal count from: 1 unless one of them is 0, or unless only counting
 * from 0 lands the goal on a cell holding 0 (G) - files from both conventions are about, and the
 * goal's 0 is the one mark the maze itself gives.
 */
function headerBase(v: number[], lines: Line[], k: number, rows: number, cols: number): 0 | 1 {
  if (v.includes(0)) return 0;
  // Ends off the board counted from 0, or on one cell, are refused as written (from 1).
  if (v[2] >= rows || v[3] >= cols || (v[0] === v[2] && v[1] === v[3])) return 1;
  const goalToken = (base: number): string | undefined => lines[k + 1 + v[2] - base]?.text.split(/\s+/)[v[3] - base];
  const isGoal = (t: string | undefined): boolean => t === '0' || t === 'G' || t === 'g';
  const lineOk = (base: number): boolean => (lines[k + 1 + v[2] - base]?.text.split(/\s+/).length ?? 0) === cols;
  return !isGoal(goalToken(1)) && lineOk(0) && isGoal(goalToken(0)) ? 0 : 1;
}

/** The puzzle a header's start and goal name, counted from `base`. */
function endsFromHeader(v: number[], base: 0 | 1, rows: number, cols: number, fileName: string, line: number): JumpPuzzle {
  const [sr, sc, gr, gc] = v.map((x) => x - base);
  const off = (what: string, k: number): FormatError =>
    new FormatError(`the ${what} (row ${v[k]}, column ${v[k + 1]}, counted from ${base}) is off the ${rows} x ${cols} board`, fileName, line);
  if (sr < 0 || sr >= rows || sc < 0 || sc >= cols) throw off('start', 0);
  if (gr < 0 || gr >= rows || gc < 0 || gc >= cols) throw off('goal', 2);
  if (sr === gr && sc === gc)
    throw new FormatError(`the start and the goal are the same cell (row ${v[0]}, column ${v[1]}, counted from ${base})`, fileName, line);
  return jumpPuzzle(rows, cols, sr * cols + sc, gr * cols + gc);
}

/**
 * Every maze of a file, each named by its position. A lone `0` line after the last maze ends the
 * file, as other tools write it. A maze with a bad cell is left out and named in a note of the
 * first good one, so the good mazes of a file still come in; a file with no good maze throws the
 * first problem.
 */
function readMazes(text: string, fileName: string): Maze[] {
  const all = contentLines(text);
  if (all.length === 0) throw new FormatError('expected the size line `n` or `rows cols`, got an empty file', fileName, lastLine(text));
  const lines = all.length > 1 && all[all.length - 1].text === '0' ? all.slice(0, -1) : all;
  const out: Maze[] = [];
  const bad: { index: number; error: FormatError }[] = [];
  let k = 0;
  while (k < lines.length) {
    const index = out.length + bad.length + 1;
    let read: { maze: Maze; next: number };
    try {
      read = readMaze(lines, k, text, fileName, k > 0);
    } catch (e) {
      if (!(e instanceof FormatError)) throw e;
      const after = skipMaze(lines, k);
      // A size line that cannot be read leaves no way to find the next maze; a lone maze's problem is the file's.
      if (after < 0 || (out.length === 0 && after >= lines.length)) throw e;
      bad.push({ index, error: e });
      k = after;
      continue;
    }
    const { maze, next } = read;
    if (k === 0 && next < lines.length) {
      // Another maze follows when the next line is a size line (not a row of this maze's width).
      const t = lines[next].text.split(/\s+/);
      const head = t.every((x) => INT.test(x)) && [1, 2, 6].includes(t.length) && t.length !== maze.puzzle.cols;
      if (!head) throw new FormatError(`expected end of file after ${maze.puzzle.rows} rows, got "${lines[next].text}"`, fileName, lines[next].line);
    }
    out.push({ ...maze, name: `#${index}` });
    k = next;
  }
  if (out.length === 0) throw bad[0].error;
  if (out.length + bad.length === 1) return [{ ...out[0], name: '' }];
  if (bad.length > 0) {
    const said = bad.map(({ index, error }) => {
      const where = error.line !== undefined ? ` (line ${error.line})` : '';
      return `maze #${index}${where} not imported: ${error.message.slice(`${fileName}${error.line !== undefined ? `:${error.line}` : ''}: `.length)}`;
    });
    out[0] = { ...out[0], notes: [...said, ...(out[0].notes ?? [])] };
  }
  return out;
}

/** The line after a maze whose body has a problem, from its size line; -1 when the size line itself is bad. */
function skipMaze(lines: Line[], k: number): number {
  const t = lines[k].text.split(/\s+/);
  if (!t.every((x) => INT.test(x)) || !(t.length <= 2 || t.length === 6)) return -1;
  const rows = Number(t[0]);
  return Math.min(lines.length, k + 1 + rows);
}

/** Evidence for one maze that has its rows: the goal reachable or not. */
function mazeEvidence(m: Maze): Evidence[] {
  if (!m.solution) return [];
  const d = evaluateMaze(m.puzzle, m.solution.cells).fitness;
  const reach: Evidence = d > 0 ? { reason: `the goal is reached in ${d} jumps`, weight: 1 } : { reason: 'the goal cannot be reached', weight: 0 };
  // A maze file seldom writes numbers no jump can use: such cells make the maze reading weaker
  // than a reading that takes every number as written (a file naming its own format, say).
  return m.reread
    ? [reach, { reason: `${m.reread} cell${m.reread > 1 ? 's hold numbers' : ' holds a number'} no jump uses (read as a dead end or the goal)`, weight: -2 }]
    : [reach];
}

/**
 * The readings of a maze file (see document/readings.ts): line by line (a size line, then its rows,
 * perhaps several mazes), and, where the lines do not give whole rows, the numbers in order: a
 * size, then rows x cols jumps however they are broken into lines (one number a line). `--size`
 * picks the second at that size.
 */
function mazeReadings(text: string, fileName: string, options: Readonly<Record<string, string>> = {}): FormatReading<JumpPuzzle, JumpMaze>[] {
  const out: FormatReading<JumpPuzzle, JumpMaze>[] = [];
  let first: FormatError | null = null;
  const size = options.size !== undefined ? sizeOf(options.size, fileName) : null;
  if (!size)
    try {
      const all = readMazes(text, fileName);
      const bare = all.filter((m) => !m.solution).length;
      const evidence: Evidence[] = [];
      if (all.length === 1 && all[0].solution)
        evidence.push({ reason: `the size line's ${all[0].puzzle.rows} rows of ${all[0].puzzle.cols} jumps follow it`, weight: 2 });
      else if (all.length > 1 && bare === 0) evidence.push({ reason: `${all.length} mazes, each a size line and its rows`, weight: 2 });
      if (all.length > 1 && bare > 0) evidence.push({ reason: `${bare} of ${all.length} mazes are a size line with no rows`, weight: -Math.min(4, 1 + bare) });
      if (all.length === 1) evidence.push(...mazeEvidence(all[0]));
      const reread = all.length > 1 ? all.filter((m) => m.reread).length : 0;
      if (reread > 0) evidence.push({ reason: `${reread} of ${all.length} mazes hold numbers no jump uses`, weight: -2 });
      out.push({
        label: all.length > 1 ? `${all.length} jump mazes` : `a jump maze ${all[0].puzzle.rows}x${all[0].puzzle.cols}`,
        options: {},
        evidence,
        key: 'lines',
        value: all,
      });
    } catch (e) {
      if (!(e instanceof FormatError)) throw e;
      first = e;
    }
  const stream = streamMaze(text, fileName, size);
  if (stream && !(out.length > 0 && out[0].value.length === 1 && out[0].value[0].solution)) {
    const m = stream.maze;
    out.push({
      label: `one jump maze ${m.puzzle.rows}x${m.puzzle.cols}, its jumps read in order`,
      options: { size: `${m.puzzle.rows}x${m.puzzle.cols}` },
      evidence: [
        { reason: `the ${m.puzzle.rows * m.puzzle.cols} numbers after the size fill one ${m.puzzle.rows}x${m.puzzle.cols} maze`, weight: 2 },
        ...mazeEvidence(m),
      ],
      key: 'stream',
      value: [{ ...m, notes: [`jumps read in order (${stream.lines} lines), not line by line`, ...(m.notes ?? [])] }],
    });
  }
  if (out.length === 0) throw first ?? new FormatError(`expected a maze of ${size![0]}x${size![1]} jumps after the size`, fileName);
  return out;
}

function sizeOf(spec: string, fileName: string): [number, number] {
  const m = /^\s*(\d{1,6})\s*(?:[xX×]\s*(\d{1,6}))?\s*$/.exec(spec);
  if (!m) throw new FormatError(`size option: expected RxC (e.g. 9x9), got "${spec}"`, fileName);
  return [Number(m[1]), Number(m[2] ?? m[1])];
}

/**
 * One maze from the numbers of a file in order: `n` or `rows cols` (or the 6-number header), then
 * exactly rows x cols jumps, however many a line. Null when the numbers do not make one.
 */
function streamMaze(text: string, fileName: string, size: [number, number] | null): { maze: Maze; lines: number } | null {
  const lines = contentLines(text);
  const tokens: { t: string; line: number }[] = [];
  for (const l of lines) for (const t of l.text.split(/[\s,;]+/)) if (t) tokens.push({ t, line: l.line });
  if (tokens.length < 2 || !tokens.every((x) => INT.test(x.t) || x.t === 'G' || x.t === 'g')) return null;
  const v = tokens.map((x) => (INT.test(x.t) ? Number(x.t) : 0));
  // A short first line is the size line as a whole: `5 5` is rows and columns, never a size and a jump.
  const firstLine = tokens.filter((x) => x.line === tokens[0].line).length;
  for (const h of [1, 2, 6]) {
    if (tokens.slice(0, h).some((x) => !INT.test(x.t))) continue;
    if (firstLine > h && firstLine <= 6) continue;
    const rows = size ? size[0] : v[0];
    const cols = size ? size[1] : h >= 2 ? v[1] : v[0];
    if (size && (v[0] !== rows || (h >= 2 && v[1] !== cols))) continue;
    if (tokens.length - h !== rows * cols || rows < 1 || cols < 1) continue;
    const head = tokens
      .slice(0, h)
      .map((x) => x.t)
      .join(' ');
    const body: string[] = [];
    for (let r = 0; r < rows; r++)
      body.push(
        tokens
          .slice(h + r * cols, h + (r + 1) * cols)
          .map((x) => x.t)
          .join(' '),
      );
    try {
      const { maze } = readMaze(
        [{ line: tokens[0].line, text: head }, ...body.map((b, r) => ({ line: tokens[h + r * cols].line, text: b }))],
        0,
        text,
        fileName,
        false,
      );
      return maze.solution ? { maze, lines: lines.length } : null;
    } catch (e) {
      if (!(e instanceof FormatError)) throw e;
    }
  }
  return null;
}

/**
 * `maze` text: first line `n` (square) or `rows cols`, optionally followed by the start and goal
 * (`rows cols start-row start-col goal-row goal-col`, counted from 1, or from 0 when a 0 appears;
 * without them the start is the top-left and the goal the bottom-right), then `rows` lines of
 * `cols` jump lengths separated by whitespace; `#` starts a comment. The goal may be written `0`
 * or `G` (the paper's notation). A file with only the size line is a puzzle without a maze; a file
 * may hold several mazes one after the other.
 */
export const jumpMazeFormat: TextFormat<JumpPuzzle, JumpMaze> = {
  id: 'maze',
  label: 'Jump maze (text)',
  extensions: ['txt', 'maze'],
  read(text: string, fileName: string, options?: Readonly<Record<string, string>>): ParsedFile<JumpPuzzle, JumpMaze> {
    const all = pickReading(mazeReadings(text, fileName, options), fileName).value;
    if (all.length > 1) throw new FormatError(`the file holds ${all.length} mazes: import them all (each becomes a puzzle)`, fileName);
    const { name: _name, ...one } = all[0];
    return one;
  },
  readAll(text: string, fileName: string, options?: Readonly<Record<string, string>>) {
    return pickReading(mazeReadings(text, fileName, options), fileName).value;
  },
  readings: mazeReadings,
  write(puzzle: JumpPuzzle, solution: JumpMaze | undefined): string {
    const { rows, cols } = puzzle;
    const at = (i: number): string => `${Math.floor(i / cols) + 1} ${(i % cols) + 1}`;
    // A square maze is written with the one-number header `n`, which no other format starts with;
    // start and goal (counted from 1) only where they are not the corners, so older readers still
    // read what they could before.
    const ends = !hasDefaultEnds(puzzle);
    const size = ends ? `${rows} ${cols} ${at(startIndex(puzzle))} ${at(goalIndex(puzzle))}` : rows === cols ? `${rows}` : `${rows} ${cols}`;
    const about = ends
      ? `start ${jumpCellName(puzzle, startIndex(puzzle))}, goal ${jumpCellName(puzzle, goalIndex(puzzle))} (0)`
      : 'start top-left, goal bottom-right (0)';
    const out = [`# jump maze: ${about}`, size];
    if (solution) {
      const width = String(Math.max(rows, cols) - 1).length;
      for (let r = 0; r < rows; r++) {
        const row: string[] = [];
        for (let c = 0; c < cols; c++) row.push(String(solution.cells[r * cols + c]).padStart(width));
        out.push(row.join(' '));
      }
    }
    return out.join('\n') + '\n';
  },
};
