import { FormatError } from '../../document/errors';
import { contentLines, INT, lastLine } from '../../document/lines';
import type { ParsedFile, TextFormat } from '../family';
import { jumpCellError, jumpPuzzleErrors, type JumpMaze, type JumpPuzzle } from './model';

/**
 * `maze` text: first line `n` (square) or `rows cols`, then `rows` lines of `cols` jump lengths
 * separated by whitespace; `#` starts a comment. The goal may be written `0` or `G` (the paper's
 * notation). A file with only the size line is a puzzle without a maze.
 */
export const jumpMazeFormat: TextFormat<JumpPuzzle, JumpMaze> = {
  id: 'maze',
  label: 'Jump maze (text)',
  extensions: ['txt', 'maze'],
  read(text: string, fileName: string): ParsedFile<JumpPuzzle, JumpMaze> {
    const lines = contentLines(text);
    if (lines.length === 0) throw new FormatError('expected the size line `n` or `rows cols`, got an empty file', fileName, lastLine(text));
    const head = lines[0];
    const sizes = head.text.split(/\s+/);
    if (sizes.length > 2 || !sizes.every((t) => INT.test(t)))
      throw new FormatError(`expected the size line \`n\` or \`rows cols\` (whole numbers), got "${head.text}"`, fileName, head.line);
    const rows = Number(sizes[0]);
    const cols = Number(sizes.length === 2 ? sizes[1] : sizes[0]);
    const puzzle: JumpPuzzle = { rows, cols };
    const sizeErrors = jumpPuzzleErrors(puzzle);
    if (sizeErrors.length) throw new FormatError(`bad size: ${sizeErrors[0]}`, fileName, head.line);
    if (lines.length === 1) return { puzzle };

    const cells = new Int32Array(rows * cols);
    for (let r = 0; r < rows; r++) {
      const ln = lines[1 + r];
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
        const e = jumpCellError(puzzle, i, v);
        if (e) throw new FormatError(e, fileName, ln.line);
        cells[i] = v;
      }
    }
    const extra = lines[1 + rows];
    if (extra) throw new FormatError(`expected end of file after ${rows} rows, got "${extra.text}"`, fileName, extra.line);
    return { puzzle, solution: { cells } };
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
