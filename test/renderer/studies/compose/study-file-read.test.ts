/**
 * Every line the composer says about a study file it cannot take, word for word, and which of them
 * leave the study to be created as it is (`direct`); when a file has several problems, which one it names.
 */
import { describe, expect, it } from 'vitest';
import { readStudyFile } from '../../../../src/renderer/src/studies/compose/study-file-read';

const HOLDS = '; the composer holds library puzzles, solver settings, seeds and one stop';
const base = { name: 'x', puzzles: [3], solvers: [{ solver: 'sa' }], seeds: 2, stop: { seconds: 1 } };
const solver = (s: object): object => ({ ...base, solvers: [s] });
const { name: _name, ...noName } = base;
const { puzzles: _puzzles, ...noPuzzles } = base;
const { solvers: _solvers, ...noSolvers } = base;
const { seeds: _seeds, ...noSeeds } = base;
const { stop: _stop, ...noStop } = base;

/** The file (an object to write as JSON, or the text itself), and what the composer says of it. */
type Case = [what: string, file: object | string, said: string];

/** The form cannot hold these and neither can the backend. */
const refused: Case[] = [
  // A wrong library id alone is a wrong id (not a puzzle with fields of its own).
  ['a library puzzle with id 0', { ...base, puzzles: [{ library: 0 }] }, 'puzzles[0]: a library id'],
  ['not JSON', '{"name": ', 'not a JSON study file'],
  ['a list', [], 'not a study file (a JSON object with name, puzzles, solvers, seeds and stop)'],
  ['null', 'null', 'not a study file (a JSON object with name, puzzles, solvers, seeds and stop)'],
  ['a number', '3', 'not a study file (a JSON object with name, puzzles, solvers, seeds and stop)'],
  ['a number name', { ...base, name: 3 }, 'name: a text'],
  ['no name', noName, 'name: a text'],
  ['a null description', { ...base, description: null }, 'description: a text'],
  ['puzzles not a list', { ...base, puzzles: 3 }, 'puzzles: a list'],
  ['no puzzles', noPuzzles, 'puzzles: a list'],
  ['puzzle id 0', { ...base, puzzles: [3, 0] }, 'puzzles[1]: a library id'],
  ['a fractional puzzle id', { ...base, puzzles: [1.5] }, 'puzzles[0]: a library id'],
  ['a null puzzle', { ...base, puzzles: [null] }, 'puzzles[0]: a library id'],
  ['an empty puzzle', { ...base, puzzles: [{}] }, 'puzzles[0]: a library id'],
  ['a puzzle in a list', { ...base, puzzles: [[3]] }, 'puzzles[0]: a library id'],
  ['a puzzle of other fields', { ...base, puzzles: [{ id: 3 }] }, 'puzzles[0]: a library id'],
  ['solvers not a list', { ...base, solvers: {} }, 'solvers: a list'],
  ['no solvers', noSolvers, 'solvers: a list'],
  ['a solver without its id', { ...base, solvers: [{ solver: 'sa' }, { preset: 'x' }] }, 'solvers[1]: {"solver": ID, "preset"?, "params"?, "label"?}'],
  ['a solver as text', { ...base, solvers: ['sa'] }, 'solvers[0]: {"solver": ID, "preset"?, "params"?, "label"?}'],
  ['a number solver id', solver({ solver: 3 }), 'solvers[0]: {"solver": ID, "preset"?, "params"?, "label"?}'],
  ['a number preset', solver({ solver: 'sa', preset: 3 }), 'solvers[0].preset: a text'],
  ['a null label', solver({ solver: 'sa', label: null }), 'solvers[0].label: a text'],
  ['params as a list', solver({ solver: 'sa', params: [] }), 'solvers[0].params: an object of name: value'],
  ['params as text', solver({ solver: 'sa', params: 'w=1' }), 'solvers[0].params: an object of name: value'],
  ['a null param', solver({ solver: 'sa', params: { width: 8, x: null } }), 'solvers[0].params.x: a number, true/false or a text'],
  ['a list param', solver({ solver: 'sa', params: { w: [1] } }), 'solvers[0].params.w: a number, true/false or a text'],
  ['seeds as text', { ...base, seeds: '3' }, 'seeds: a count or a list of whole numbers'],
  ['a text seed', { ...base, seeds: [1, '2'] }, 'seeds: a count or a list of whole numbers'],
  ['null seeds', { ...base, seeds: null }, 'seeds: a count or a list of whole numbers'],
  ['no seeds', noSeeds, 'seeds: a count or a list of whole numbers'],
  ['stop as a list', { ...base, stop: [] }, 'stop: {"seconds"?, "evaluations"?, "target"?, "clock"?}'],
  ['a null stop', { ...base, stop: null }, 'stop: {"seconds"?, "evaluations"?, "target"?, "clock"?}'],
  ['no stop', noStop, 'stop: {"seconds"?, "evaluations"?, "target"?, "clock"?}'],
  ['text seconds', { ...base, stop: { seconds: '1' } }, 'stop.seconds: a number'],
  ['null evaluations', { ...base, stop: { evaluations: null } }, 'stop.evaluations: a number'],
  ['a text target', { ...base, stop: { seconds: 1, target: '9' } }, 'stop.target: a number'],
  ['another clock', { ...base, stop: { seconds: 1, clock: 'CPU' } }, 'stop.clock: "cpu" or "wall"'],
  ['text concurrency', { ...base, concurrency: '2' }, 'concurrency: a whole number'],
  // Several problems: fields in a fixed order, the first bad item of a list, then within it.
  ['a bad name and bad puzzles', { ...base, name: 3, puzzles: 3 }, 'name: a text'],
  ['a bad puzzle before a file', { ...base, puzzles: [0, 'a.maze'] }, 'puzzles[0]: a library id'],
  ['bad puzzles and bad solvers', { ...base, puzzles: [0], solvers: 3 }, 'puzzles[0]: a library id'],
  ['a bad label and preset', solver({ solver: 'sa', label: 3, preset: 3 }), 'solvers[0].preset: a text'],
  ['a bad field before an unknown one', solver({ solver: 'sa', x: 1, preset: 3 }), 'solvers[0].preset: a text'],
  ['a bad param and an unknown field', solver({ solver: 'sa', x: 1, params: { a: null } }), 'solvers[0].params.a: a number, true/false or a text'],
  ['whole-number param names first', solver({ solver: 'sa', params: { b: null, 1: null } }), 'solvers[0].params.1: a number, true/false or a text'],
  ['bad seeds and a bad stop', { ...base, seeds: 'x', stop: 3 }, 'seeds: a count or a list of whole numbers'],
  ['a bad target and bad seconds', { ...base, stop: { target: 'x', seconds: 'y' } }, 'stop.seconds: a number'],
  ['a bad stop and bad concurrency', { ...base, stop: { clock: 'x' }, concurrency: 'y' }, 'stop.clock: "cpu" or "wall"'],
  ['a param named constructor', solver({ solver: 'sa', params: { constructor: null } }), 'solvers[0].params.constructor: a number, true/false or a text'],
];

/** The form cannot hold these, but the backend may take them as they are. */
const direct: Case[] = [
  ['a paper’s figures', { ...base, published: { source: 'p', cells: [] } }, 'it carries a paper’s figures (published)'],
  ['an unknown field', { ...base, seed: 1 }, 'it has a field seed'],
  ['a puzzle file', { ...base, puzzles: ['mazes/five.maze'] }, 'puzzles[0] is a file'],
  ['a puzzle file as an object', { ...base, puzzles: [3, { file: 'a.maze', name: 'a' }] }, 'puzzles[1] is a file'],
  ['a file with a library id', { ...base, puzzles: [{ library: 3, file: 'a.maze' }] }, 'puzzles[0] is a file'],
  ['an inline puzzle', { ...base, puzzles: [{ family: 'jump', puzzle: { rows: 5, cols: 5 } }] }, 'puzzles[0] is an inline puzzle'],
  ['an inline puzzle with a library id', { ...base, puzzles: [{ family: 'jump', library: 3 }] }, 'puzzles[0] is an inline puzzle'],
  ['a library puzzle with a group', { ...base, puzzles: [{ library: 3, group: 'g' }] }, 'puzzles[0] has its own group'],
  ['a library puzzle with a group and stop', { ...base, puzzles: [{ library: 3, group: 'g', stop: {} }] }, 'puzzles[0] has its own group and stop'],
  ['an unknown solver field', solver({ solver: 'sa', seed: 1 }), 'solvers[0] has a field seed'],
  ['an unknown stop field', { ...base, stop: { seconds: 1, clock: 'wall', limit: 3 } }, 'stop has a field limit'],
  // Several problems: an unknown field of the file or the stop comes before the fields' own problems.
  ['an unknown field and a bad name', { ...base, name: 3, seed: 1 }, 'it has a field seed'],
  ['two unknown fields', { seed: 1, ...base, published: {} }, 'it has a field seed'],
  ['a file before a bad puzzle', { ...base, puzzles: ['a.maze', 0] }, 'puzzles[0] is a file'],
  ['an unknown solver field before a bad solver', { ...base, solvers: [{ solver: 'sa', x: 1 }, { preset: 1 }] }, 'solvers[0] has a field x'],
  ['an unknown stop field and bad seconds', { ...base, stop: { seconds: 'x', limit: 1 } }, 'stop has a field limit'],
  ['an unknown field and a bad stop', { ...base, stop: 3, seed: 1 }, 'it has a field seed'],
  // Own fields that are also names on every object.
  ['a solver field constructor', solver({ solver: 'sa', constructor: 1 }), 'solvers[0] has a field constructor'],
  ['a field __proto__', `{"__proto__": {"name": "x"}, "name": "x"}`, 'it has a field __proto__'],
  [
    'a stop field __proto__',
    `{"name": "x", "puzzles": [3], "solvers": [{"solver": "sa"}], "seeds": 2, "stop": {"__proto__": {}}}`,
    'stop has a field __proto__',
  ],
  ['a library puzzle with __proto__', `{"name": "x", "puzzles": [{"library": 3, "__proto__": 1}]}`, 'puzzles[0] has its own __proto__'],
];

const text = (file: object | string): string => (typeof file === 'string' ? file : JSON.stringify(file));

describe('a study file the composer cannot take', () => {
  it.each(refused)('refuses %s', (_, file, said) => {
    expect(readStudyFile(text(file), 'f.json')).toEqual({ ok: false, direct: false, message: `f.json: ${said}` });
  });

  it.each(direct)('leaves %s to the backend', (_, file, said) => {
    expect(readStudyFile(text(file), 'f.json')).toEqual({ ok: false, direct: true, message: `f.json: ${said}${HOLDS}` });
  });
});

describe('a study file the composer takes', () => {
  const read = (file: object | string) => {
    const r = readStudyFile(text(file), 'f.json');
    if (!r.ok) throw new Error(r.message);
    return r;
  };

  it('takes the numbers it is given, leaving their checks to the form', () => {
    expect(read({ ...base, seeds: 1.5, concurrency: 1.5 }).draft).toMatchObject({ seedsMode: 'count', seeds: '1.5', concurrency: '1.5' });
    expect(read({ ...base, seeds: [] }).draft).toMatchObject({ seedsMode: 'list', seeds: '' });
    expect(read({ ...base, seeds: [1, 2.5] }).draft).toMatchObject({ seedsMode: 'list', seeds: '1, 2.5' });
    expect(read(`{"name": "x", "puzzles": [3], "solvers": [{"solver": "sa"}], "seeds": 2, "stop": {"seconds": 1e999}}`).draft.seconds).toBe('Infinity');
  });

  it('reads every field of a solver setting and the stop, and none of a file that has none', () => {
    const r = read({
      name: 'n',
      description: 'd',
      puzzles: [{ library: 4 }, 7],
      solvers: [{ label: 'l', params: { b: true, 2: 'x', w: 8 }, preset: 'p', solver: 'beam' }, { solver: 'sa' }],
      seeds: [3, 1],
      stop: { clock: 'cpu', target: 9, evaluations: 100, seconds: 2 },
      concurrency: 2,
    });
    expect(r).toEqual({
      ok: true,
      puzzleIds: [4, 7],
      draft: {
        name: 'n',
        description: 'd',
        settings: [
          { solver: 'beam', preset: 'p', params: '2=x, b=true, w=8', label: 'l' },
          { solver: 'sa', preset: '', params: '', label: '' },
        ],
        seedsMode: 'list',
        seeds: '3, 1',
        seconds: '2',
        clock: 'cpu',
        evaluations: '100',
        target: '9',
        concurrency: '2',
      },
    });
    expect(read({ ...base, puzzles: [], solvers: [], stop: {} })).toEqual({
      ok: true,
      puzzleIds: [],
      draft: {
        name: 'x',
        description: '',
        settings: [],
        seedsMode: 'count',
        seeds: '2',
        seconds: '',
        clock: 'wall',
        evaluations: '',
        target: '',
        concurrency: '',
      },
    });
  });
});
