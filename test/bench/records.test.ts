import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rescore, rescoreNote, rescoreRecords, rescoreRunFile, shown, type PuzzleRef } from '../../bench/records';

// A 2x2 board whose four pieces, in order and unturned, match all 4 inner joins.
const square: PuzzleRef = {
  family: 'edge',
  puzzle: {
    rows: 2,
    cols: 2,
    pieces: [
      [0, 1, 2, 0],
      [0, 0, 3, 1],
      [2, 4, 0, 0],
      [3, 0, 0, 4],
    ],
  },
};
const solved = {
  cells: [
    [1, 0],
    [2, 0],
    [3, 0],
    [4, 0],
  ],
};

const rec = (name: string, best: number, board?: unknown): { name: string; best: number; board?: unknown } => ({
  name,
  best,
  ...(board !== undefined ? { board } : {}),
});

describe('rescore', () => {
  it('passes a board that scores the logged figure', () => {
    expect(rescore(square, solved, 4)).toBeNull();
  });

  it('catches a forged score, naming what the board does score', () => {
    expect(rescore(square, solved, 5)).toBe('it reported score 5, but its board scores 4');
  });

  it('refuses a board that is not a legal solution', () => {
    expect(
      rescore(
        square,
        {
          cells: [
            [1, 0],
            [1, 0],
            [3, 0],
            [4, 0],
          ],
        },
        4,
      ),
    ).toMatch(/already placed/);
  });
});

describe('rescoreRecords', () => {
  it('sorts records into re-scored, logged before boards were kept, and refused', () => {
    const records = [rec('true', 4, solved), rec('old', 460), rec('forged', 5, solved)];
    const r = rescoreRecords(records, () => square);
    expect(r.checked.map((x) => x.name)).toEqual(['true']);
    expect(r.unchecked.map((x) => x.name)).toEqual(['old']);
    expect(r.refused).toEqual([{ record: records[2], why: 'it reported score 5, but its board scores 4' }]);
    expect(shown(r, records).map((x) => x.name)).toEqual(['true', 'old']);
  });

  it('asks for the puzzle only of records that keep a board', () => {
    const asked: string[] = [];
    rescoreRecords([rec('old', 1), rec('true', 4, solved)], (r) => {
      asked.push(r.name);
      return square;
    });
    expect(asked).toEqual(['true']);
  });

  it('says how many runs were re-scored and how many were logged before boards were kept, and names each refused run', () => {
    const r = rescoreRecords([rec('a', 4, solved), rec('b', 460), rec('c', 461), rec('d', 6, solved)], () => square);
    const note = rescoreNote(r, (x) => x.name).join('\n');
    expect(note).toContain('1 of 4 runs re-scored');
    expect(note).toContain('2 of 4 runs logged before boards were kept: their scores are as the bench printed them, not re-scored.');
    expect(note).toContain('**1 of 4 runs refused**');
    expect(note).toContain('  - d: it reported score 6, but its board scores 4');
  });

  it('says nothing about refusals when every board holds', () => {
    const note = rescoreNote(
      rescoreRecords([rec('a', 4, solved)], () => square),
      (x) => x.name,
    ).join('\n');
    expect(note).not.toMatch(/refused|before boards/);
  });
});

describe('rescoreRunFile', () => {
  const runFile = (score: number, claimed: number): string => {
    const file = join(mkdtempSync(join(tmpdir(), 'records-')), 'run.json');
    const events = [
      {
        kind: 'improvement',
        elapsedMs: 5,
        evaluations: 1,
        score: 1,
        solution: {
          cells: [
            [2, 0],
            [1, 0],
            [3, 0],
            [4, 0],
          ],
        },
      },
      {
        kind: 'improvement',
        elapsedMs: 9,
        evaluations: 2,
        score: claimed,
        solution:
          score === 4
            ? solved
            : {
                cells: [
                  [0, 0],
                  [0, 0],
                  [0, 0],
                  [0, 0],
                ],
              },
      },
    ];
    writeFileSync(file, JSON.stringify({ format: 'puzzle-workbench-run', version: '1', run: { family: 'edge', puzzle: square.puzzle }, events }));
    return file;
  };

  it("backs a figure with the run file's last improvement when its board scores it", () => {
    expect(rescoreRunFile(runFile(4, 4), 4)).toBeNull();
  });

  it('refuses a figure the run file does not reach', () => {
    expect(rescoreRunFile(runFile(4, 4), 5)).toBe("its run file's best board scores 4, not 5");
  });

  it('refuses a run file whose best board does not score what it claims', () => {
    expect(rescoreRunFile(runFile(0, 4), 4)).toBe("its run file's best board: it reported score 4, but its board scores 0");
  });

  it('names the field a run file lacks, and says when it holds no readable improvement', () => {
    const write = (json: unknown): string => {
      const file = join(tmpdir(), `records-shape-${process.pid}-${Math.random().toString(36).slice(2)}.json`);
      writeFileSync(file, JSON.stringify(json));
      return file;
    };
    const noFamily = write({ run: { puzzle: square.puzzle }, events: [] });
    expect(rescoreRunFile(noFamily, 4)).toBe(`its run file cannot be read (${noFamily} is not a run file (run.family: missing))`);
    expect(rescoreRunFile(write({ run: { family: 'edge' } }), 4)).toMatch(/is not a run file \(run\.puzzle: missing\)\)$/);
    expect(rescoreRunFile(write({ run: 'edge' }), 4)).toMatch(/is not a run file \(run: expected an object, got string\)\)$/);
    expect(rescoreRunFile(write({ run: { family: 'edge', puzzle: square.puzzle }, events: 3 }), 4)).toMatch(
      /is not a run file \(events: expected an array, got number\)\)$/,
    );
    expect(rescoreRunFile(write({ run: { family: 'edge', puzzle: square.puzzle }, events: [null, { kind: 'started' }] }), 4)).toMatch(
      / holds no improvement\)$/,
    );
    expect(rescoreRunFile(write({ run: { family: 'edge', puzzle: square.puzzle }, events: [{ kind: 'improvement', score: '4' }] }), 4)).toMatch(
      /: its last improvement is unreadable \(score: expected a finite number, got string\)\)$/,
    );
  });

  it('says a missing run file cannot be read', () => {
    expect(rescoreRunFile(join(tmpdir(), 'no-such-run.json'), 4)).toMatch(/^its run file cannot be read/);
  });
});
