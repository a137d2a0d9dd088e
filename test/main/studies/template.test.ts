/** Study files cut down before reading: shortened templates and a subset of puzzles and solvers. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseStudy, studySize } from '../../../src/main/studies/spec';
import { selectFromStudy, shortenStudy } from '../../../src/main/studies/template';
import { repoRoot } from '../../helpers/cli';

const dir = join(repoRoot, 'resources', 'studies');
const read = (f: string) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Record<string, unknown>;
const parse = (json: unknown, f: string) =>
  parseStudy(JSON.stringify(json), join(dir, f), { readFile: (p) => readFileSync(p, 'utf8'), libraryPuzzle: () => null });

describe('study templates, cut down', () => {
  it('shorten: fewer seeds and seconds, the puzzles’ own limits too, and the name says so', () => {
    const spec = parse(shortenStudy(read('msgvns-table1.json'), { seeds: 3, seconds: 10 }), 'msgvns-table1.json');
    expect(spec.name).toBe('MS-GVNS table 1: META 2010 instances, 30 runs (3 seeds, 10 s per run)');
    expect(spec.seeds).toEqual([1, 2, 3]);
    expect(spec.puzzles.map((p) => p.stop?.seconds)).toEqual([10, 10, 10, 10]);
    expect(spec.published?.cells).toHaveLength(4);
    expect(shortenStudy({ name: 'x', seeds: 2 }, {})).toEqual({ name: 'x', seeds: 2 });
  });

  it('select: some puzzles and solvers, the published cells renumbered with them', () => {
    const json = read('eternity2-comparison.json');
    const cut = selectFromStudy(
      json,
      (_, i) => i === 0 || i === 3,
      (s) => ['beam', 'ms-gvns', 'sa'].includes((s as { label: string }).label),
    );
    const spec = parse(cut, 'eternity2-comparison.json');
    expect(spec.puzzles.map((p) => p.label)).toEqual(['Eternity II, starter piece', 'META 2010 10x10']);
    expect(spec.configs.map((c) => c.label)).toEqual(['beam', 'ms-gvns', 'sa']);
    expect(studySize(spec)).toBe(30);
    expect(spec.published?.cells).toEqual([
      { puzzle: 0, solver: 0, mean: 454.8, best: 456 },
      { puzzle: 1, solver: 1, mean: 165.67, median: 166, best: 167 },
    ]);
    // Group cells follow their group: gone when none of its puzzles is kept.
    const asp = parse(
      selectFromStudy(
        read('aspinall-table2.json'),
        (p) => (p as { group: string }).group === '4x4 (3:3)',
        (_, i) => i === 3,
      ),
      'aspinall-table2.json',
    );
    expect(asp.puzzles).toHaveLength(20);
    expect(asp.published?.cells).toEqual([{ group: '4x4 (3:3)', solver: 0, evaluationsToTarget: 7 }]);
  });
});
