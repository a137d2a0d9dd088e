import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { detectFormat, readPuzzleFile } from '../../../src/core/document/read-file';
import { formatError } from '../../helpers/format';

const DIR = fileURLToPath(new URL('../../fixtures/dialects/', import.meta.url));
const text = (name: string): string => readFileSync(DIR + name, 'utf8');

describe('format detection of the dialects of issue 21', () => {
  it.each([
    ['tetravex-from1.txt', 'tetravex'],
    ['tetravex-from0.txt', 'tetravex'],
    ['tetravex-packed.txt', 'tetravex'],
    ['hints-none.txt', 'pieces'],
    ['hints-two.txt', 'pieces'],
    ['header-bswh.txt', 'pieces'],
    ['header-rck.txt', 'pieces'],
    ['header-ptile.puz', 'pieces'],
    ['grey-highest.txt', 'pieces'],
    ['binary-words.csv', 'pieces'],
    ['fixed-comments.txt', 'pieces'],
    ['overlap-3x3.txt', 'pieces'],
    ['set-4x4.txt', 'pieces'],
    ['placements.puz', 'pieces'],
    ['placements.sol', 'board'],
    ['urls-sizes.js', 'bucas'],
    ['urls-partial.js', 'bucas'],
    ['maze-terminated.txt', 'maze'],
    ['maze-dead-ends.txt', 'maze'],
    ['maze-one-bad.txt', 'maze'],
  ])('%s is %s', (name, format) => {
    expect(detectFormat(name, text(name))).toBe(format);
  });

  it('a maze of side 4 stays a maze (its rows have 4 numbers like pieces)', () => {
    expect(detectFormat('m.txt', '4\n1 2 1 3\n1 1 2 1\n3 1 1 2\n1 2 1 0\n')).toBe('maze');
    expect(detectFormat('m.txt', '4\n1 2 1 3\n1 1 2 1\n3 1 1 2\n1 2 1 0\n4\n1 2 1 3\n1 1 2 1\n3 1 1 2\n1 2 1 0\n0\n')).toBe('maze');
  });

  it('a refusal of a guessed format says the guess and --format before the reader, in one line of at most 300 characters', () => {
    // Pieces with a header that does not fit them, taken for pieces: the advice comes first.
    const e = formatError(() =>
      // Eight pieces under a 3x3 header: no format reads them (nine, they would read as a Tetravex that solves).
      readPuzzleFile('bad.txt', ['3 3', '0 0 1 1', '0 1 0 1', '1 0 0 1', '0 1 1 0', '0 1 2 1', '1 0 1 2', '2 1 0 1', '1 2 1 0'].join('\n')),
    );
    expect(e.message).toMatch(
      /^bad\.txt: guessed piece list \(give --format board\|bucas\|tetravex\|[\w|]*maze\|grid if it is not\): no edge order .*: give the file's order with --order/,
    );
    expect(e.message.indexOf('--order')).toBeLessThan(300);
    expect(e.message.split('\n')).toHaveLength(1);
  });
});
