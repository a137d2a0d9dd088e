import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readPuzzleFiles } from '../../../src/core/document/read-file';
import type { EdgePuzzle } from '../../../src/core/families/edge/model/model';

const text = readFileSync('test/fixtures/dialects/pieces-number-header.txt', 'utf8');

describe('a header of several one-number lines (issue 48, item 4)', () => {
  it('takes the one whose square is the piece count as the side and says the others are not pieces', () => {
    const [read] = readPuzzleFiles('pieces-number-header.txt', text);
    const p = read!.puzzle as EdgePuzzle;
    expect([p.rows, p.cols, p.edges.length / 4]).toEqual([5, 5, 25]);
    expect(read!.notes.join(' | ')).toMatch(/lines 1-3 read as a header: the side \(5, line 1\) and 8, 2 \(not pieces\)/);
  });

  it('still reads a lone hint count of 0 before the pieces as before', () => {
    const pieces = text.split('\n').slice(3).join('\n');
    const [read] = readPuzzleFiles('hinted.txt', `0\n${pieces}`);
    expect((read!.puzzle as EdgePuzzle).edges.length / 4).toBe(25);
    expect(read!.notes.join(' | ')).toMatch(/line 1 read as the number of hint lines \(none\)/);
  });
});
