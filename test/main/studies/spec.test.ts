import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { cellStop, parseStudy, studySize, StudyError, type StudyContext } from '../../../src/main/studies/spec';
import { repoRoot } from '../../helpers/cli';
import { instances } from '../../helpers/cli';

const noLibrary: StudyContext = { readFile: (f) => readFileSync(f, 'utf8'), libraryPuzzle: () => null };
const jump = (n: number) => ({ family: 'jump', puzzle: { rows: n, cols: n } });
const base = { name: 'hc vs sa', puzzles: [jump(5), jump(6)], solvers: [{ solver: 'hill-climb' }], seeds: 3, stop: { evaluations: 2000 } };
const parse = (x: unknown, ctx = noLibrary) => parseStudy(JSON.stringify(x), '/studies/s.json', ctx);

describe('study files', () => {
  it('resolve to a grid: puzzles, solver settings with presets and parameters, seeds, stop criteria', () => {
    const spec = parse({
      ...base,
      solvers: [
        { solver: 'hill-climb', preset: 'cs440-hc' },
        { solver: 'hill-climb', params: { restartAfter: 500 } },
        { solver: 'sa', label: 'annealing' },
      ],
      seeds: [7, 8],
      stop: { seconds: 5 },
      concurrency: 2,
    });
    expect(spec).toMatchObject({ name: 'hc vs sa', family: 'jump', seeds: [7, 8], concurrency: 2, description: null });
    expect(spec.puzzles.map((p) => [p.label, p.source, p.puzzleId])).toEqual([
      ['jump 5x5', 'inline', null],
      ['jump 6x6', 'inline', null],
    ]);
    expect(spec.configs.map((c) => c.label)).toEqual(['hill-climb cs440-hc', 'hill-climb restartAfter=500', 'annealing']);
    // The preset's parameters, and its stop criteria where the file gives none.
    expect(spec.configs[0]).toMatchObject({
      solver: 'hill-climb',
      preset: 'cs440-hc',
      params: { restartAfter: 0, randomWalk: 0 },
      stop: { seconds: 5, evaluations: 1000, target: null },
    });
    expect(spec.configs[1]!.params.restartAfter).toBe(500);
    expect(spec.configs[2]!.stop).toEqual({ seconds: 5, evaluations: null, target: null });
    // Every parameter resolved, so the study does not change when defaults do.
    expect(Object.keys(spec.configs[2]!.params).length).toBeGreaterThan(1);
    expect(parse(base).seeds).toEqual([1, 2, 3]);
  });

  it('reads puzzle files relative to the study file, and library puzzles by id', () => {
    const dir = mkdtempSync(join(tmpdir(), 'study-'));
    writeFileSync(join(dir, 'clue1.txt'), readFileSync(join(instances, 'e2_clue1_6x6.txt')));
    const library: StudyContext = {
      ...noLibrary,
      libraryPuzzle: (id) =>
        id === 4
          ? {
              id: 4,
              name: 'Lib maze',
              family: 'jump',
              kind: 'Jump maze',
              source: 'x',
              rows: 3,
              cols: 3,
              createdAt: 0,
              updatedAt: 0,
              lastOpenedAt: null,
              bestScore: null,
              document: { format: 'puzzle-workbench', version: 1, family: 'jump', name: 'Lib maze', puzzle: { rows: 3, cols: 3 } },
            }
          : null,
    };
    const edge = parseStudy(JSON.stringify({ ...base, puzzles: ['clue1.txt'] }), join(dir, 's.json'), library);
    expect(edge.family).toBe('edge');
    expect(edge.puzzles[0]).toMatchObject({ label: 'clue1', source: 'clue1.txt', puzzleId: null, maxScore: 60 });
    const lib = parse({ ...base, puzzles: [4] }, library);
    expect(lib.puzzles[0]).toMatchObject({ label: 'Lib maze', source: 'library 4', puzzleId: 4 });
  });

  it("give a puzzle its own stop criteria over the study's and the preset's, and carry a paper's figures", () => {
    const spec = parse({
      ...base,
      puzzles: [{ ...jump(5), stop: { seconds: 2 } }, jump(6)],
      solvers: [{ solver: 'hill-climb', preset: 'cs440-hc' }, { solver: 'sa' }],
      stop: { seconds: 9 },
      published: { source: 'a paper', cells: [{ puzzle: 1, solver: 0, mean: 30.5, best: 35 }] },
    });
    expect(cellStop(spec, 0, 0)).toEqual({ seconds: 2, evaluations: 1000, target: null });
    expect(cellStop(spec, 1, 0)).toEqual({ seconds: 9, evaluations: 1000, target: null });
    expect(cellStop(spec, 1, 1)).toEqual({ seconds: 9, evaluations: null, target: null });
    expect(spec.published).toEqual({ source: 'a paper', cells: [{ puzzle: 1, solver: 0, mean: 30.5, best: 35 }] });
    // Seconds of CPU time: the study's clock holds for every cell, a bad clock is named.
    const cpu = parse({ ...base, puzzles: [{ ...jump(5), stop: { seconds: 2 } }], solvers: [{ solver: 'sa' }], stop: { seconds: 9, clock: 'cpu' } });
    expect(cellStop(cpu, 0, 0)).toEqual({ seconds: 2, evaluations: null, target: null, clock: 'cpu' });
    expect(() => parse({ ...base, stop: { seconds: 9, clock: 'cpus' } })).toThrow(/clock/);
    // A per-puzzle stop may be all that ends the runs of that puzzle.
    expect(() => parse({ ...base, puzzles: [{ ...jump(5), stop: { evaluations: 10 } }, jump(6)], stop: {} })).toThrow(
      /stop: solvers\[0\] on puzzles\[1\] would run until stopped/,
    );
  });

  it('group puzzles into one row, and place published figures by puzzle or by group', () => {
    const spec = parse({
      ...base,
      puzzles: [{ ...jump(5), group: 'small' }, { ...jump(5), group: 'small', name: 'another 5x5' }, jump(6)],
      published: {
        source: 'p',
        cells: [
          { group: 'small', solver: 0, evaluationsToTarget: 88 },
          { puzzle: 2, solver: 0, timeToTarget: 3 },
        ],
      },
    });
    expect(spec.puzzles.map((p) => [p.label, p.group ?? null])).toEqual([
      ['jump 5x5', 'small'],
      ['another 5x5', 'small'],
      ['jump 6x6', null],
    ]);
    expect(() => parse({ ...base, published: { source: 'p', cells: [{ group: 'big', solver: 0 }] } })).toThrow(
      /published\.cells\[0\]\.group: no puzzle has the group "big"/,
    );
    expect(() => parse({ ...base, published: { source: 'p', cells: [{ solver: 0, mean: 1 }] } })).toThrow(
      /published\.cells\[0\]: give the puzzle \(its index\) or the group, one of them/,
    );
    expect(() => parse({ ...base, puzzles: [{ ...jump(5), group: ' ' }] })).toThrow(/a group needs a name/);
  });

  it('ship as templates that read as they are (MS-GVNS table 1, Niang table 9, Aspinall table 2, CS 440, the casse-tete studies, the Eternity II comparison)', () => {
    const dir = join(repoRoot, 'resources', 'studies');
    const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
    expect(files).toEqual(
      expect.arrayContaining([
        'msgvns-table1.json',
        'cs440-hill-climbing.json',
        'casse-tete-almuhaideb.json',
        'niang-table9.json',
        'aspinall-table2.json',
        'eternity2-comparison.json',
      ]),
    );
    const read = (f: string) => parseStudy(readFileSync(join(dir, f), 'utf8'), join(dir, f), noLibrary);
    const niang = read('niang-table9.json');
    // Ten boards per size, a row each (one run on each board, as the bench).
    expect(niang.puzzles).toHaveLength(40);
    expect([...new Map(niang.puzzles.map((p) => [p.group, p.maxScore]))]).toEqual([
      ['4x4, 5 patterns', 24],
      ['5x5, 5 patterns', 40],
      ['6x6, 7 patterns', 60],
      ['7x7, 7 patterns', 84],
    ]);
    expect(niang.published?.cells.filter((c) => c.solver === 0).map((c) => [c.group, c.successRate])).toEqual([
      ['4x4, 5 patterns', 1],
      ['5x5, 5 patterns', 1],
      ['6x6, 7 patterns', 1],
      ['7x7, 7 patterns', 0],
    ]);
    const aspinall = read('aspinall-table2.json');
    expect(new Set(aspinall.puzzles.map((p) => p.group)).size).toBe(6);
    expect(aspinall.puzzles.filter((p) => p.group === '6x6 (3:5)')).toHaveLength(20);
    expect(aspinall.published?.cells.find((c) => c.group === '6x6 (3:5)' && c.solver === 3)?.evaluationsToTarget).toBe(83_689);
    const e2 = read('eternity2-comparison.json');
    expect(studySize(e2)).toBe(200);
    expect(e2.puzzles.map((p) => [p.label, p.maxScore, (p.puzzle as { fixed?: unknown[] }).fixed?.length ?? 0])).toEqual([
      ['Eternity II, starter piece', 480, 1],
      ['Eternity II, five clues', 480, 5],
      ['META 2010 16x16', 480, 0],
      ['META 2010 10x10', 180, 0],
    ]);
    for (const f of files) {
      const spec = parseStudy(readFileSync(join(dir, f), 'utf8'), join(dir, f), noLibrary);
      expect(spec.published?.cells.length, f).toBeGreaterThan(0);
    }
    const msgvns = parseStudy(readFileSync(join(dir, 'msgvns-table1.json'), 'utf8'), join(dir, 'msgvns-table1.json'), noLibrary);
    expect(studySize(msgvns)).toBe(120);
    expect(msgvns.puzzles.map((p, i) => [p.label, p.maxScore, cellStop(msgvns, i, 0).seconds])).toEqual([
      ['META 10x10', 180, 1200],
      ['META 12x12', 264, 1800],
      ['META 14x14', 364, 2400],
      ['META 16x16', 480, 3600],
    ]);
  });

  const bad: [string, unknown, RegExp][] = [
    ['not JSON', '{"name": ', /s\.json: not a JSON study file/],
    ['an unknown field', { ...base, seed: 3 }, /s\.json: seed: unknown field/],
    ['no name', { ...base, name: undefined }, /s\.json: name: missing \(expected a string\)/],
    ['an empty name', { ...base, name: '  ' }, /a study needs a name/],
    ['no puzzles', { ...base, puzzles: [] }, /puzzles: name at least one puzzle/],
    ['no solvers', { ...base, solvers: [] }, /solvers: name at least one solver/],
    ['a missing file', { ...base, puzzles: ['nope.txt'] }, /puzzles\[0\]: .*ENOENT|puzzles\[0\]: .*no such file/],
    ['a missing library puzzle', { ...base, puzzles: [9] }, /puzzles\[0\]: there is no puzzle 9 in the library/],
    [
      'a puzzle of the wrong kind',
      { ...base, puzzles: [true] },
      /puzzles\[0\]: expected a file name, a library id, {"file"}, {"library"} or {"family", "puzzle"}, got boolean/,
    ],
    ['a broken inline puzzle', { ...base, puzzles: [{ family: 'jump', puzzle: { rows: 'x' } }] }, /puzzles\[0\]/],
    [
      'mixed families',
      { ...base, puzzles: [jump(5), { family: 'parity', puzzle: { n: 6, m: 4 } }] },
      /puzzles\[1\]: a parity puzzle, but puzzles\[0\] is jump/,
    ],
    ['an unknown solver', { ...base, solvers: [{ solver: 'magic' }] }, /solvers\[0\]\.solver: no solver "magic" for jump puzzles/],
    [
      'an unknown preset',
      { ...base, solvers: [{ solver: 'hill-climb', preset: 'nope' }] },
      /solvers\[0\]\.preset: no preset "nope" for hill-climb \(presets: cs440-hc/,
    ],
    ['a bad parameter', { ...base, solvers: [{ solver: 'hill-climb', params: { restartAfter: -5 } }] }, /solvers\[0\]\.params: parameter restartAfter/],
    ['an unknown parameter', { ...base, solvers: [{ solver: 'hill-climb', params: { speed: 1 } }] }, /solvers\[0\]\.params: unknown parameter speed/],
    ['seeds of the wrong kind', { ...base, seeds: 'three' }, /seeds: expected a list of seeds or a count, got string/],
    ['a zero count', { ...base, seeds: 0 }, /seeds: a count is a whole number from 1/],
    ['a repeated seed', { ...base, seeds: [1, 2, 1] }, /seeds\[2\]: seed 1 is listed twice/],
    ['a negative seed', { ...base, seeds: [-1] }, /seeds\[0\]: a seed is a whole number from 0/],
    ['no end to the runs', { ...base, stop: {} }, /stop: solvers\[0\] on puzzles\[0\] would run until stopped/],
    ['a bad stop', { ...base, stop: { seconds: -1 } }, /stop: seconds must be a positive number/],
    [
      'too many runs',
      { ...base, puzzles: Array.from({ length: 11 }, () => jump(4)), seeds: 1000 },
      /11 puzzles x 1 solver x 1,000 seeds make 11,000 runs; a study has at most 10,000/,
    ],
    ['a bad concurrency', { ...base, concurrency: 0 }, /concurrency: 0 is outside 1\.\.256/],
    ['a puzzle file entry with an unknown field', { ...base, puzzles: [{ file: 'a.txt', seconds: 3 }] }, /puzzles\[0\]\.seconds: unknown field/],
    ['a bad per-puzzle stop', { ...base, puzzles: [{ ...jump(5), stop: { seconds: 0 } }] }, /puzzles\[0\]\.stop: seconds must be a positive number/],
    [
      'published figures for a cell that is not there',
      { ...base, published: { source: 'x', cells: [{ puzzle: 2, solver: 0 }] } },
      /published\.cells\[0\]\.puzzle: 2 is not a puzzle index \(0\.\.1\)/,
    ],
  ];
  it.each(bad)('refuse %s in one line naming the file and the field', (_, x, message) => {
    let err: unknown;
    try {
      parseStudy(typeof x === 'string' ? x : JSON.stringify(x), '/studies/s.json', noLibrary);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(StudyError);
    const msg = (err as Error).message;
    expect(msg).toMatch(/^\/studies\/s\.json: /);
    expect(msg).toMatch(message);
    expect(msg).not.toContain('\n');
  });
});
