import { FormatError } from '../../document/errors';
import { contentLines, INT, lastLine } from '../../document/lines';
import type { Evidence } from '../../document/readings';
import type { ParsedFile, TextFormat } from '../family';
import { parityPuzzleErrors, type ParityGrid, type ParityPuzzle } from './model';

/**
 * `grid` text: first line `n m`, then n rows of n cells, each 1 (token kept) or 0 (removed),
 * separated by spaces or not; `#` starts a comment. A file with only `n m` is a puzzle without a
 * grid. The grid may hold a number of zeros other than m: that is a valid, unsolved grid.
 */
export const parityGridFormat: TextFormat<ParityPuzzle, ParityGrid> = {
  id: 'grid',
  label: 'Casse-tete grid (text)',
  extensions: ['txt', 'grid'],
  read(text: string, fileName: string): ParsedFile<ParityPuzzle, ParityGrid> {
    const lines = contentLines(text);
    if (lines.length === 0) throw new FormatError('expected the size line `n m`, got an empty file', fileName, lastLine(text));
    const head = lines[0];
    const sizes = head.text.split(/\s+/);
    if (sizes.length !== 2 || !sizes.every((t) => INT.test(t)))
      throw new FormatError(`expected the size line \`n m\` (two whole numbers), got "${head.text}"`, fileName, head.line);
    const puzzle: ParityPuzzle = { n: Number(sizes[0]), m: Number(sizes[1]) };
    const errors = parityPuzzleErrors(puzzle);
    if (errors.length) throw new FormatError(`bad size line: ${errors[0]}`, fileName, head.line);
    if (lines.length === 1) return { puzzle };

    const { n } = puzzle;
    const cells = new Uint8Array(n * n);
    for (let r = 0; r < n; r++) {
      const ln = lines[1 + r];
      if (!ln) throw new FormatError(`expected ${n} rows of 0/1, got ${r} (file ends early)`, fileName, lastLine(text));
      const compact = ln.text.replace(/\s+/g, '');
      if (compact.length !== n) throw new FormatError(`expected ${n} cells (0 or 1), got ${compact.length}`, fileName, ln.line);
      for (let c = 0; c < n; c++) {
        const ch = compact[c];
        if (ch !== '0' && ch !== '1') throw new FormatError(`expected 0 or 1 in column ${c + 1}, got "${ch}"`, fileName, ln.line);
        cells[r * n + c] = ch === '1' ? 1 : 0;
      }
    }
    const extra = lines[1 + n];
    if (extra) throw new FormatError(`expected end of file after ${n} rows, got "${extra.text}"`, fileName, extra.line);
    return { puzzle, solution: { cells } };
  },
  /** One reading, weighed (see document/readings.ts): rows of 0/1 filling the n x n grid are a strong sign. */
  readings(text: string, fileName: string) {
    const r = parityGridFormat.read(text, fileName);
    const { n, m } = r.puzzle;
    const evidence: Evidence[] = [];
    if (r.solution) {
      evidence.push({ reason: `${n} rows of ${n} cells, each 0 or 1, fill the grid`, weight: 3 });
      let zeros = 0;
      for (const c of r.solution.cells) if (c === 0) zeros++;
      if (zeros === m) evidence.push({ reason: `the grid removes ${m} tokens, as the size line says`, weight: 1 });
    } else evidence.push({ reason: `a size line "n m" alone`, weight: 1 });
    return [{ label: `a casse-tete grid ${n}x${n}`, options: {}, evidence, key: '', value: [{ name: '', ...r }] }];
  },
  write(puzzle: ParityPuzzle, solution: ParityGrid | undefined): string {
    const out = ['# casse-tete: n m, then 1 = token kept, 0 = removed', `${puzzle.n} ${puzzle.m}`];
    if (solution) {
      const { n } = puzzle;
      for (let r = 0; r < n; r++) out.push(Array.from(solution.cells.subarray(r * n, r * n + n)).join(' '));
    }
    return out.join('\n') + '\n';
  },
};
