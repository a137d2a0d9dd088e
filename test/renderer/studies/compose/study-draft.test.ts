/** The study composer's logic: the study file a form makes, its runs and time, and a file read back. */
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../../src/core/catalogue/catalogue';
import type { SolverInfo } from '../../../../src/main/api/types';
import {
  checkDraft,
  emptyDraft,
  estimateText,
  fitSettings,
  parseParams,
  parseSeeds,
  puzzlesByIds,
  studyFileText,
  templateEstimate,
  togglePuzzle,
  type DraftPuzzle,
  type StudyDraft,
} from '../../../../src/renderer/src/studies/compose/study-draft';
import { readStudyFile } from '../../../../src/renderer/src/studies/compose/study-file-read';

const solvers: SolverInfo[] = catalogue.map((s) => ({ family: s.family, id: s.id, label: s.label, description: s.description, params: s.params }));
const beam = solvers.find((s) => s.family === 'edge' && s.id === 'beam')!;

const small: DraftPuzzle = { id: 3, name: 'Casse-tête 4×4', family: 'parity', rows: 4, cols: 4, maxScore: 0 };
const seven: DraftPuzzle = { id: 5, name: 'Casse-tête 7×7', family: 'parity', rows: 7, cols: 7, maxScore: 0 };
const maze: DraftPuzzle = { id: 9, name: 'maze 5x5', family: 'jump', rows: 5, cols: 5, maxScore: null };
const meta: DraftPuzzle = { id: 12, name: 'META 2010 10×10', family: 'edge', rows: 10, cols: 10, maxScore: 180 };

const draft = (over: Partial<StudyDraft>): StudyDraft => ({ ...emptyDraft(), ...over });
const ms = (x: number): string => `${x / 1000} s`;

describe('the study file a composed study makes', () => {
  it('names library puzzles by id, each setting with its preset, parameters and label, and the stop with its clock', () => {
    const d = draft({
      name: '  Annealing, hot and cold  ',
      puzzles: [small, seven],
      settings: [
        { solver: 'sa', preset: 'study-5', params: '', label: '' },
        { solver: 'sa', preset: '', params: 't0=5, alpha=0.9', label: 'hot start' },
      ],
      seeds: '3',
      seconds: '2',
      clock: 'cpu',
      evaluations: '5 k',
      concurrency: '2',
    });
    const c = checkDraft(d, solvers, 4);
    expect(c.problem).toBeNull();
    expect(c.file).toEqual({
      name: 'Annealing, hot and cold',
      puzzles: [{ library: 3 }, { library: 5 }],
      solvers: [
        { solver: 'sa', preset: 'study-5' },
        { solver: 'sa', params: { t0: 5, alpha: 0.9 }, label: 'hot start' },
      ],
      seeds: 3,
      stop: { seconds: 2, evaluations: 5000, clock: 'cpu' },
      concurrency: 2,
    });
    expect(JSON.parse(studyFileText(c.file!))).toEqual(c.file);
  });

  it('writes seeds as a list when they are listed, and names an unnamed study from its solvers and puzzles', () => {
    const c = checkDraft(
      draft({
        puzzles: [small, seven],
        settings: [
          { solver: 'sa', preset: '', params: '', label: '' },
          { solver: 'ga', preset: '', params: '', label: '' },
        ],
        seedsMode: 'list',
        seeds: '7, 1 42',
      }),
      solvers,
      4,
    );
    expect(c.file?.seeds).toEqual([7, 1, 42]);
    expect(c.file?.name).toBe('Simulated annealing (Almuhaideb et al. 2022) against Genetic algorithm (Almuhaideb et al. 2022) on 2 casse-tête puzzles');
  });

  it('says in one line what is wrong, field by field', () => {
    const base = { puzzles: [small], settings: [{ solver: 'sa', preset: '', params: '', label: '' }] };
    expect(checkDraft(draft({ ...base, puzzles: [] }), solvers, 4).errors.puzzles).toBe('Pick at least one puzzle');
    expect(checkDraft(draft({ ...base, settings: [] }), solvers, 4).errors.settings).toBe('Add at least one solver setting');
    const badParam = checkDraft(draft({ ...base, settings: [{ solver: 'sa', preset: '', params: 'alpha=2', label: '' }] }), solvers, 4);
    expect(badParam.settingErrors).toEqual(['parameter alpha: 2 is above the maximum 1']);
    expect(badParam.problem).toBe('Setting 1: parameter alpha: 2 is above the maximum 1');
    expect(badParam.file).toBeNull();
    expect(checkDraft(draft({ ...base, settings: [{ solver: 'sa', preset: '', params: 'width=8', label: '' }] }), solvers, 4).settingErrors[0]).toMatch(
      /^unknown parameter width \(known: t0, alpha/,
    );
    expect(checkDraft(draft({ ...base, settings: [{ solver: 'beam', preset: '', params: '', label: '' }] }), solvers, 4).settingErrors[0]).toBe(
      'beam is not a solver of casse-tête puzzles',
    );
    expect(checkDraft(draft({ ...base, settings: [{ solver: 'sa', preset: 'msgvns-10', params: '', label: '' }] }), solvers, 4).settingErrors[0]).toMatch(
      /has no preset “msgvns-10”/,
    );
    const twice = [
      { solver: 'sa', preset: '', params: '', label: 'same' },
      { solver: 'sa', preset: '', params: 't0=3', label: 'same' },
    ];
    expect(checkDraft(draft({ ...base, settings: twice }), solvers, 4).errors.settings).toMatch(/Two settings are labelled “same”/);
    expect(checkDraft(draft({ ...base, seeds: '0' }), solvers, 4).errors.seeds).toBe('Seeds: a whole number from 1 to 1000');
    expect(checkDraft(draft({ ...base, seedsMode: 'list', seeds: '1, 2, 1' }), solvers, 4).errors.seeds).toBe('Seeds: 1 is given twice');
    expect(checkDraft(draft({ ...base, seconds: 'soon' }), solvers, 4).errors.seconds).toMatch(/^Time per run: a duration/);
    expect(checkDraft(draft({ ...base, concurrency: '0' }), solvers, 4).errors.concurrency).toBe('Runs at once: a whole number from 1 to 256');
    const big = checkDraft(
      draft({ ...base, seeds: '1000', puzzles: [small, seven], settings: Array.from({ length: 6 }, (_, i) => ({ ...base.settings[0]!, label: `s${i}` })) }),
      solvers,
      4,
    );
    expect(big.errors.runs).toBe('12,000 runs: a study has at most 10,000');
  });

  it('refuses a study whose runs would not end by themselves, unless a preset brings its own limit', () => {
    const none = checkDraft(draft({ puzzles: [small], settings: [{ solver: 'sa', preset: '', params: '', label: '' }], seconds: '', target: '0' }), solvers, 4);
    expect(none.problem).toBe('Give a time per run or an evaluations budget: a study’s runs must end by themselves');
    expect(none.file).toBeNull();
    // MS-GVNS's paper settings carry their time limit; the plain solver beside them does not.
    const mixed = draft({
      puzzles: [meta],
      settings: [
        { solver: 'ms-gvns', preset: 'msgvns-10', params: '', label: '' },
        { solver: 'ms-gvns', preset: '', params: '', label: '' },
      ],
      seconds: '',
    });
    expect(checkDraft(mixed, solvers, 4).problem).toBe('Setting 2 would run until stopped: give a time per run or an evaluations budget');
    const ok = checkDraft({ ...mixed, settings: [mixed.settings[0]!] }, solvers, 4);
    expect(ok.problem).toBeNull();
    expect(ok.file?.stop).toEqual({});
  });
});

describe('runs and time', () => {
  it('counts puzzles × settings × seeds and shares the time among the runs at once', () => {
    const c = checkDraft(
      draft({
        puzzles: [small, seven],
        settings: [
          { solver: 'sa', preset: '', params: '', label: '' },
          { solver: 'ga', preset: '', params: '', label: '' },
        ],
        seeds: '3',
        seconds: '2',
        concurrency: '3',
      }),
      solvers,
      8,
    );
    expect(c.estimate).toEqual({ runs: 12, grid: { puzzles: 2, settings: 2, seeds: 3 }, concurrency: 3, seconds: 8, atMost: true, byEvaluationsOnly: [] });
    expect(estimateText(c.estimate!, 'cpu', ms)).toBe(
      '2 puzzles × 2 solvers × 3 seeds = 12 runs · at most 8 s with 3 runs at once (CPU seconds per run: longer on a busy machine)',
    );
  });

  it('assumes cores - 1 runs at once without a concurrency, and says "about" when nothing ends a run early', () => {
    const c = checkDraft(
      draft({ puzzles: [maze], settings: [{ solver: 'hill-climb', preset: '', params: '', label: '' }], seeds: '6', seconds: '10', clock: 'wall' }),
      solvers,
      4,
    );
    expect(c.estimate).toMatchObject({ runs: 6, concurrency: 3, seconds: 20, atMost: false });
    expect(estimateText(c.estimate!, 'wall', ms)).toBe('1 puzzle × 1 solver × 6 seeds = 6 runs · about 20 s with 3 runs at once');
  });

  it('uses a preset’s time limit, and says when runs end by evaluations only', () => {
    const gvns = checkDraft(
      draft({ puzzles: [meta], settings: [{ solver: 'ms-gvns', preset: 'msgvns-10', params: '', label: '' }], seeds: '2', seconds: '' }),
      solvers,
      2,
    );
    expect(gvns.estimate).toMatchObject({ runs: 2, concurrency: 1, seconds: 2400 });
    const evals = checkDraft(
      draft({ puzzles: [maze], settings: [{ solver: 'hill-climb', preset: '', params: '', label: '' }], seeds: '3', seconds: '', evaluations: '3000' }),
      solvers,
      4,
    );
    expect(evals.estimate).toMatchObject({ seconds: null, byEvaluationsOnly: [1] });
    expect(estimateText(evals.estimate!, 'wall', ms)).toBe('1 puzzle × 1 solver × 3 seeds = 3 runs · time unknown: its runs end by evaluations only');
  });

  it('estimates a paper’s template as a composed study of the same grid: runs at once counted', () => {
    // 2 puzzles × 3 solvers × 4 seeds at 60 s, on 4 cores: 24 runs, 3 at once, at most 8 min (it said "at most 24 min of solver time").
    const template = { grid: { puzzles: 2, solvers: 3 }, seconds: 60 };
    const t = templateEstimate(template, 4, null, 4);
    expect(t).toEqual({ runs: 24, grid: { puzzles: 2, settings: 3, seeds: 4 }, concurrency: 3, seconds: 480, atMost: true, byEvaluationsOnly: [] });
    expect(estimateText(t, null, ms)).toBe('2 puzzles × 3 solvers × 4 seeds = 24 runs · at most 480 s with 3 runs at once');
    // The same grid composed gives the same time.
    const composed = checkDraft(
      draft({
        puzzles: [maze, { ...maze, id: 99, name: 'maze 2' }],
        settings: ['hill-climb', 'sa', 'hill-climb'].map((solver) => ({ solver, preset: '', params: '', label: '' })),
        seeds: '4',
        seconds: '60',
        clock: 'wall',
      }),
      solvers,
      4,
    );
    expect(composed.estimate!.seconds).toBe(t.seconds);
    // Fewer seconds asked; a template whose runs end by evaluations only.
    expect(templateEstimate(template, 1, 10, 2)).toMatchObject({ runs: 6, concurrency: 1, seconds: 60 });
    expect(estimateText(templateEstimate({ grid: { puzzles: 1, solvers: 2 }, seconds: null }, 5, null, 8), null, ms)).toBe(
      '1 puzzle × 2 solvers × 5 seeds = 10 runs · time unknown: its runs end by evaluations only',
    );
  });
});

describe('picking puzzles and solvers', () => {
  it('keeps a study to one family and its settings to that family’s solvers', () => {
    let d = togglePuzzle(emptyDraft(), small);
    expect(togglePuzzle(d, maze)).toBe(d);
    d = fitSettings(d, solvers);
    expect(d.settings).toEqual([{ solver: 'hill-climb', preset: '', params: '', label: '' }]);
    d = togglePuzzle(togglePuzzle(d, seven), small);
    expect(d.puzzles.map((p) => p.id)).toEqual([5]);
    // Another family's puzzle once the first are dropped: the old family's settings go.
    d = fitSettings(togglePuzzle({ ...d, puzzles: [], settings: [{ solver: 'exact', preset: '', params: '', label: '' }] }, meta), solvers);
    expect(d.settings).toEqual([{ solver: 'hill-climb', preset: '', params: '', label: '' }]);
  });

  it('reads parameters as name=value against the solver’s schema', () => {
    expect(parseParams('width=8192 dedupe=false;', beam)).toEqual({ params: { width: 8192, dedupe: false }, error: null });
    expect(parseParams('width', beam).error).toBe('“width”: write parameters as name=value (e.g. width=64)');
    expect(parseParams('width=1, width=2', beam).error).toBe('width is given twice');
    expect(parseSeeds('list', '3 4')).toEqual({ seeds: [3, 4], error: null });
  });
});

describe('a study file read back into the form', () => {
  it('fills every field from the file the form saved', () => {
    const d = draft({
      name: 'Beam widths',
      description: 'narrow against wide',
      puzzles: [meta],
      settings: [
        { solver: 'beam', preset: '', params: 'width=8192', label: 'narrow' },
        { solver: 'beam', preset: 'e2-minute', params: 'width=32768, dedupe=false', label: '' },
      ],
      seedsMode: 'list',
      seeds: '1, 5',
      seconds: '30',
      clock: 'wall',
      target: '170',
      concurrency: '2',
    });
    const file = checkDraft(d, solvers, 4).file!;
    const read = readStudyFile(studyFileText(file), 'beam.json');
    expect(read).toEqual({ ok: true, puzzleIds: [12], draft: { ...d, puzzles: undefined, evaluations: '' } });
    if (!read.ok) return;
    const found = puzzlesByIds(read.puzzleIds, [small, meta], 'beam.json');
    expect(checkDraft({ ...read.draft, puzzles: found.puzzles! }, solvers, 4).file).toEqual(file);
  });

  it('reads bare library ids and a missing clock as the wall’s', () => {
    const read = readStudyFile(
      JSON.stringify({ name: 'x', puzzles: [3, { library: 5 }], solvers: [{ solver: 'sa' }], seeds: 2, stop: { evaluations: 100 } }),
      'x.json',
    );
    expect(read.ok && read.puzzleIds).toEqual([3, 5]);
    expect(read.ok && [read.draft.clock, read.draft.seconds, read.draft.evaluations]).toEqual(['wall', '', '100']);
  });

  it('refuses in one line what the form cannot hold, saying whether the study can still be created as it is', () => {
    const base = { name: 'x', solvers: [{ solver: 'sa' }], seeds: 2, stop: { seconds: 1 } };
    expect(readStudyFile(JSON.stringify({ ...base, puzzles: ['mazes/five.maze'] }), 'mine.json')).toEqual({
      ok: false,
      direct: true,
      message: 'mine.json: puzzles[0] is a file; the composer holds library puzzles, solver settings, seeds and one stop',
    });
    expect(readStudyFile(JSON.stringify({ ...base, puzzles: [{ family: 'jump', puzzle: { rows: 5, cols: 5 } }] }), 'mine.json')).toMatchObject({
      direct: true,
      message: expect.stringMatching(/^mine\.json: puzzles\[0\] is an inline puzzle;/),
    });
    expect(readStudyFile(JSON.stringify({ ...base, puzzles: [{ library: 3, group: 'g' }] }), 'm.json')).toMatchObject({
      direct: true,
      message: expect.stringMatching(/has its own group/),
    });
    expect(readStudyFile(JSON.stringify({ ...base, puzzles: [3], published: { source: 'p', cells: [] } }), 'm.json')).toMatchObject({ direct: true });
    expect(readStudyFile('{"name": ', 'm.json')).toEqual({ ok: false, direct: false, message: 'm.json: not a JSON study file' });
    expect(readStudyFile(JSON.stringify({ ...base, puzzles: [3], seed: 1 }), 'm.json')).toEqual({
      ok: false,
      direct: true,
      message: 'm.json: it has a field seed; the composer holds library puzzles, solver settings, seeds and one stop',
    });
    expect(readStudyFile(JSON.stringify({ ...base, puzzles: 3 }), 'm.json')).toEqual({ ok: false, direct: false, message: 'm.json: puzzles: a list' });
    expect(puzzlesByIds([3, 99], [small, meta], 'm.json')).toEqual({ puzzles: null, error: 'm.json: puzzles[1]: no puzzle 99 in the library' });
    expect(puzzlesByIds([3, 12], [small, meta], 'm.json').error).toBe('m.json: puzzles[1]: a study’s puzzles are all of one family');
  });
});
