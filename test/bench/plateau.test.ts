import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { report, runJob, settingParams } from '../../bench/plateau';
import { medianText } from '../../bench/util';
import { piecesFormat, readBoardText } from '../../src/core/families/edge/files';
import { scoreBoard } from '../../src/core/families/edge/model';
import { solutionToJson } from '../../src/core/families/edge/model/json';

const result = (setting: string, start: string, seed: number, reached: number | null) => ({
  start,
  seed,
  setting,
  cpu: 600,
  target: 466,
  reached,
  spent: reached ?? 600,
  passes: 3,
  best: reached === null ? 465 : 466,
});

describe('plateau bench', () => {
  it('counts the runs that never reached the target as slower than the budget', () => {
    expect(medianText([10, null, 30], 600)).toBe('30');
    expect(medianText([10, null, null, 30], 600)).toBe('> 600');
    expect(medianText([10, null, null, null, 30], 600)).toBe('> 600');
    expect(medianText([null, null], 600)).toBe('> 600');
    expect(medianText([], 600)).toBe('-');
  });

  it('reports the share and the censored median of every setting, and tests each against the first', () => {
    const rs = [
      result('a', 'b1.txt', 1, 100),
      result('a', 'b1.txt', 2, null),
      result('a', 'b2.txt', 1, null),
      result('a', 'b2.txt', 2, null),
      result('b', 'b1.txt', 1, 50),
      result('b', 'b1.txt', 2, 60),
      result('b', 'b2.txt', 1, 70),
      result('b', 'b2.txt', 2, null),
    ];
    const md = report(rs, ['a', 'b'], ['b1.txt', 'b2.txt'], '# head');
    expect(md).toContain('| `a` | 1 of 4 | 25 % | > 600 | one per 1,900 (341 to 75,046) in 1,900 | - | - |');
    expect(md).toMatch(/\| `b` \| 3 of 4 \| 75 % \| 65 \| one per 260 .* \| 0\.486 \| [\d.]+ \(A12 0\.\d+\) \|/);
    expect(md).toContain('| `a` | b1.txt | 100, >600 | 1 of 2 |');
  });

  it('re-scores the best board a run keeps, and leaves out a run whose board does not give its figure', () => {
    const read = (file: string) => readFileSync(file, 'utf8');
    const puzzle = piecesFormat.read(read('resources/studies/puzzles/eternity2_starter.txt'), 'e2').puzzle;
    const file = 'bench/results/boards/run2-465.txt';
    const board = solutionToJson(readBoardText(read(file), file, puzzle));
    const honest = { ...result('a', file, 1, null), board };
    const forged = { ...result('a', file, 2, 100), board };
    const md = report([honest, forged], ['a'], [file], '# head');
    expect(md).toContain('| `a` | 0 of 1 | 0 % | > 600 | none in 600: one per 163 or more | - | - |');
    expect(md).toContain('1 of 2 runs re-scored');
    expect(md).toMatch(/1 of 2 runs refused.*\n.*run2-465\.txt seed 2 `a`: /);
  });

  it('reads a setting as a preset with overrides, and refuses what is neither', () => {
    expect(settingParams('overnight+suffixRows=6')).toMatchObject({ maxWidth: 262_144, suffixRows: 6 });
    expect(settingParams('width=64')).toEqual({ width: 64 });
    expect(() => settingParams('nightly')).toThrow(/neither a beam preset/);
    expect(settingParams('lns+regionCells=16')).toEqual({ regionCells: 16 });
    expect(() => settingParams('lns+suffixRows=6')).toThrow(/suffixRows/);
  });

  it('runs large neighbourhoods from the board, and keeps a best board that scores what it says', () => {
    const r = runJob({ start: 'bench/results/boards/run1-465.txt', seed: 3, setting: 'lns+regionCells=12', cpu: 0.3, target: 466 });
    const file = 'resources/studies/puzzles/eternity2_starter.txt';
    const puzzle = piecesFormat.read(readFileSync(file, 'utf8'), file).puzzle;
    expect(r.best).toBeGreaterThanOrEqual(465);
    expect(r.passes).toBeGreaterThan(0);
    const cells = (r.board as { cells: [number, number][] }).cells;
    const board = { piece: Int16Array.from(cells, (c) => c[0] - 1), rotation: Uint8Array.from(cells, (c) => c[1]) };
    expect(scoreBoard(puzzle, board)).toBe(r.best);
  });
});
