import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../../src/core/document/document';

const doc = { format: 'puzzle-workbench', version: 1, family: 'parity', name: 'g', puzzle: { n: 4, m: 2 } };

describe('the document envelope', () => {
  it('refuses a bad envelope in one line naming the file and the field', () => {
    const cases: [unknown, string][] = [
      [[], 'x.json: expected a JSON object'],
      [{ ...doc, format: undefined }, 'x.json: expected "format": "puzzle-workbench"'],
      [{ ...doc, format: 'other' }, 'x.json: expected "format": "puzzle-workbench"'],
      [{ ...doc, version: '1' }, 'x.json: expected an integer "version"'],
      [{ ...doc, version: 1.5 }, 'x.json: expected an integer "version"'],
      [{ ...doc, version: undefined }, 'x.json: expected an integer "version"'],
      [{ ...doc, version: 2 }, 'x.json: document version 2 is newer than this program understands (1); update Puzzle Workbench'],
      [{ ...doc, version: 0 }, 'x.json: document version 0 was never written: versions start at 1'],
      [{ ...doc, version: -3 }, 'x.json: document version -3 was never written: versions start at 1'],
      [{ ...doc, family: 3 }, 'x.json: expected "family": "edge" | "jump" | "parity"'],
      [{ ...doc, family: undefined }, 'x.json: expected "family": "edge" | "jump" | "parity"'],
      [{ ...doc, history: {} }, 'x.json: expected "history" to be a list of earlier solutions'],
      [{ ...doc, draft: [1] }, 'x.json: expected "draft" to be a JSON object'],
    ];
    for (const [x, message] of cases) expect(() => parseDocument(x, 'x.json'), message).toThrow(message);
  });

  it('reads null as absent, a name that is not text as no name, and keeps the draft as given', () => {
    const draft = { strokes: [1, 2] };
    const { doc: d, solution, history } = parseDocument({ ...doc, name: 7, solution: null, reference: null, history: null, draft, extra: 1 });
    expect(d).toEqual({ format: 'puzzle-workbench', version: 1, family: 'parity', name: '', puzzle: { n: 4, m: 2 }, draft });
    expect(d.draft).toBe(draft);
    expect([solution, history]).toEqual([undefined, []]);
  });
});
