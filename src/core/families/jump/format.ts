import { FormatError } from '../../document/errors';
import { contentLines, INT, lastLine } from '../../document/lines';
import type { ParsedFile, TextFormat } from '../family';
import { jumpCellError, jumpPuzzleErrors, type JumpMaze, type JumpPuzzle } from './model';

type Line = { line: number; text: string };
type Maze = ParsedFile<JumpPuzzle, JumpMaze> & { name: string };

/**
 * One maze from `lines[k]` on: its size line (`n`, `rows cols`, or `rows cols start-row start-col
 * goal-row goal-col`), then its rows. Returns the maze and the index after it.
 */
function readMaze(lines: Line[], k: number, text: string, fileName: string, many: boolean): { maze: Maze; next: number } {
  const head = lines[k];
  const sizes = head.text.split(/\s+/);
  if (!(sizes.length <= 2 || sizes.length === 6) || !sizes.every((t) => INT.test(t)))
    throw new FormatError(`expected the size line \`n\` or \`rows cols\` (whole numbers), or \`rows cols start-row start-col goal-row goal-col\`, got "${head.text}"`, fileName, head.line);
  const rows = Number(sizes[0]);
  const cols = Number(sizes.length >= 2 ? sizes[1] : sizes[0]);
  const puzzle: JumpPuzzle = { rows, cols };
  const sizeErrors = jumpPuzzleErrors(puzzle);
  if (sizeErrors.length) throw new FormatError(`bad size: ${sizeErrors[0]}`, fileName, head.line);
  const flip = sizes.length === 6 ? cornerFlip(sizes.slice(2).map(Number), rows, cols, fileName, head.line) : { rows: false, cols: false, note: '' };
  // A size line alone (the next line is another size line, or nothing) is a puzzle without a maze.
  const nextIsHead = (j: number): boolean => j >= lines.length || (many && lines[j].text.split(/\s+/).length !== cols);
  if (nextIsHead(k + 1)) return { maze: { name: '', puzzle }, next: k + 1 };

  const cells = new Int32Array(rows * cols);
  const goal = rows * cols - 1;
  for (let r = 0; r < rows; r++) {
    const ln = lines[k + 1 + r];
    if (!ln) throw new FormatError(`expected ${rows} rows of jump lengths, got ${r} (file ends early)`, fileName, lastLine(text));
    const tokens = ln.text.split(/\s+/);
    if (tokens.length !== cols) throw new FormatError(`expected ${cols} jump lengths, got ${tokens.length}`, fileName, ln.line);
    for (let c = 0; c < cols; c++) {
      const t = tokens[c];
      // Where the cell lands once the start is moved to the top-left.
      const i = (flip.rows ? rows - 1 - r : r) * cols + (flip.cols ? cols - 1 - c : c);
      let v: number;
      if (t === 'G' || t === 'g') v = 0;
      else if (INT.test(t)) v = Number(t);
      else throw new FormatError(`expected a jump length (whole number) in column ${c + 1}, got "${t}"`, fileName, ln.line);
      if (v === 0 && i !== goal)
        throw new FormatError(`row ${r + 1}, column ${c + 1} holds 0, but only the goal (${flip.note ? 'the corner opposite the start' : `row ${rows}, column ${cols}`}) may: every other cell needs a jump length`, fileName, ln.line);
      const e = jumpCellError(puzzle, i, v);
      if (e) throw new FormatError(flip.note ? `row ${r + 1}, column ${c + 1}: ${e.replace(/^cell \(.*?\) /, '')}` : e, fileName, ln.line);
      cells[i] = v;
    }
  }
  return { maze: { name: '', puzzle, solution: { cells }, ...(flip.note ? { notes: [flip.note] } : {}) }, next: k + 1 + rows };
}

/**
 * This program's mazes start top-left and end bottom-right. A maze whose header puts its start
 * and goal on two other opposite corners is the same maze mirrored (jump lengths and moves do not
 * care), so it is read mirrored; any other start and goal cannot be represented.
 */
function cornerFlip(v: number[], rows: number, cols: number, fileName: string, line: number): { rows: boolean; cols: boolean; note: string } {
  // Coordinates from 1 unless one of them is 0 (then from 0): a corner counted from 0 always has a 0.
  const base = v.includes(0) ? 0 : 1;
  const [sr, sc, gr, gc] = v.map((x) => x - base);
  const where = `start row ${v[0]} col ${v[1]}, goal row ${v[2]} col ${v[3]} (counted from ${base})`;
  if ([sr, gr].some((x) => x < 0 || x >= rows) || [sc, gc].some((x) => x < 0 || x >= cols)) throw new FormatError(`${where}: off the ${rows}x${cols} board`, fileName, line);
  const corner = (r: number, c: number): boolean => (r === 0 || r === rows - 1) && (c === 0 || c === cols - 1);
  if (!corner(sr, sc) || gr !== rows - 1 - sr || gc !== cols - 1 - sc)
    throw new FormatError(`${where}: this program's mazes start on a corner and end on the opposite one`, fileName, line);
  const fr = sr !== 0;
  const fc = sc !== 0;
  const how = fr && fc ? 'turned half round' : fr ? 'flipped top to bottom' : fc ? 'flipped left to right' : '';
  return { rows: fr, cols: fc, note: how ? `the start is ${base === 1 ? `row ${v[0]} col ${v[1]}` : `row ${sr + 1} col ${sc + 1}`}: the maze is read ${how} so that it starts top-left` : '' };
}

function readMazes(text: string, fileName: string): Maze[] {
  const lines = contentLines(text);
  if (lines.length === 0) throw new FormatError('expected the size line `n` or `rows cols`, got an empty file', fileName, lastLine(text));
  const out: Maze[] = [];
  const first = readMaze(lines, 0, text, fileName, false);
  out.push(first.maze);
  let k = first.next;
  if (k < lines.length) {
    // Another maze follows when the next line is a size line (not a row of this maze's width).
    const t = lines[k].text.split(/\s+/);
    const head = t.every((x) => INT.test(x)) && [1, 2, 6].includes(t.length) && t.length !== first.maze.puzzle.cols;
    if (!head) throw new FormatError(`expected end of file after ${first.maze.puzzle.rows} rows, got "${lines[k].text}"`, fileName, lines[k].line);
  }
  while (k < lines.length) {
    const { maze, next } = readMaze(lines, k, text, fileName, true);
    out.push(maze);
    k = next;
  }
  return out.map((m, i) => ({ ...m, name: out.length > 1 ? `#${i + 1}` : '' }));
}

/**
 * `maze` text: first line `n` (square) or `rows cols`, optionally followed by the start and goal
 * (`rows cols start-row start-col goal-row goal-col`, counted from 1, or from 0 when a 0 appears),
 * then `rows` lines of `cols` jump lengths separated by whitespace; `#` starts a comment. The goal
 * may be written `0` or `G` (the paper's notation). A file with only the size line is a puzzle
 * without a maze; a file may hold several mazes one after the other.
 */
export const jumpMazeFormat: TextFormat<JumpPuzzle, JumpMaze> = {
  id: 'maze',
  label: 'Jump maze (text)',
  extensions: ['txt', 'maze'],
  read(text: string, fileName: string): ParsedFile<JumpPuzzle, JumpMaze> {
    const all = readMazes(text, fileName);
    if (all.length > 1) throw new FormatError(`the file holds ${all.length} mazes: import them all (each becomes a puzzle)`, fileName);
    const { name: _name, ...one } = all[0];
    return one;
  },
  readAll(text: string, fileName: string) {
    return readMazes(text, fileName);
  },
  write(puzzle: JumpPuzzle, solution: JumpMaze | undefined): string {
    // A square maze is written with the one-number header `n`, which no other format starts with.
    const size = puzzle.rows === puzzle.cols ? `${puzzle.rows}` : `${puzzle.rows} ${puzzle.cols}`;
    const out = ['# jump maze: start top-left, goal bottom-right (0)', size];
    if (solution) {
      const width = String(Math.max(puzzle.rows, puzzle.cols) - 1).length;
      for (let r = 0; r < puzzle.rows; r++) {
        const row: string[] = [];
        for (let c = 0; c < puzzle.cols; c++) row.push(String(solution.cells[r * puzzle.cols + c]).padStart(width));
        out.push(row.join(' '));
      }
    }
    return out.join('\n') + '\n';
  },
};
