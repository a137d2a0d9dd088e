import { describe, expect, it } from 'vitest';
import { DOCUMENT_HISTORY_LIMIT, makeDocument, parseDocument } from '../../../src/core/document/document';

const json = (rows: number[][]) => ({ cells: rows });
const raw = (history: unknown) => ({
  format: 'puzzle-workbench',
  version: 1,
  family: 'parity',
  name: 'p',
  puzzle: { n: 2, m: 0 },
  solution: json([
    [1, 1],
    [1, 1],
  ]),
  history,
});

describe('document history', () => {
  it('keeps earlier versions of the solution through a save and a reload', () => {
    const first = parseDocument(
      raw([
        null,
        json([
          [0, 0],
          [0, 0],
        ]),
      ]),
    );
    expect(first.history).toHaveLength(2);
    expect(first.history[0]).toBeNull();
    const again = makeDocument('parity', 'p', first.puzzle, first.solution, undefined, first.history);
    expect(again.history).toEqual([
      null,
      json([
        [0, 0],
        [0, 0],
      ]),
    ]);
    expect(parseDocument(JSON.parse(JSON.stringify(again))).doc).toEqual(again);
  });

  it('drops the oldest versions past the limit and refuses a history that is not a list of solutions', () => {
    const many = Array.from({ length: DOCUMENT_HISTORY_LIMIT + 5 }, (_, i) =>
      json(
        i === 0
          ? [
              [0, 0],
              [0, 0],
            ]
          : [
              [1, 1],
              [1, 1],
            ],
      ),
    );
    const parsed = parseDocument(raw(many));
    expect(parsed.history).toHaveLength(DOCUMENT_HISTORY_LIMIT);
    expect(parsed.doc.history?.[0]).toEqual(
      json([
        [1, 1],
        [1, 1],
      ]),
    );
    expect(() => parseDocument(raw('x'), 'f.json')).toThrow(/history/);
    expect(() => parseDocument(raw([{ cells: 'bad' }]), 'f.json')).toThrow(/history\[0\]/);
  });
});
