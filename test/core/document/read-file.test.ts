import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectFormat, readPuzzleFile } from '../../../src/core/document/read-file';
import { documentFromText, documentToText, makeDocument, parseDocument } from '../../../src/core/document/document';
import { FormatError } from '../../../src/core/document/errors';
import { instances } from '../../helpers/cli';

describe('puzzle files', () => {
  it('reads every shared instance as an edge puzzle', () => {
    for (const f of readdirSync(instances).filter((x) => x.endsWith('.txt'))) {
      const r = readPuzzleFile(f, readFileSync(join(instances, f), 'utf8'));
      expect(r.family, f).toBe('edge');
      expect(r.format, f).toBe('pieces');
    }
  });

  it('tells formats apart by shape', () => {
    expect(detectFormat('a.txt', '5\n1 1 1 1 1\n')).toBe('maze');
    expect(detectFormat('a.txt', '3 4\n1 2 1 3\n1 1 1 1\n2 1 1 0\n')).toBe('maze');
    // A maze header with start and goal, alone (a puzzle to generate a maze for) or with its rows.
    expect(detectFormat('a.txt', '9 9 5 5 1 9\n')).toBe('maze');
    expect(detectFormat('a.txt', '2 3 1 2 2 1\n1 1 2\n0 1 1\n')).toBe('maze');
    expect(detectFormat('a.txt', '4 6\n1 0 1 0\n0 1 1 0\n1 1 1 1\n0 0 1 1\n')).toBe('grid');
    expect(detectFormat('a.txt', '6 10\n')).toBe('grid');
    expect(detectFormat('a.txt', '0 0 1 1\n0 1 1 0\n')).toBe('pieces');
    expect(detectFormat('a.txt', '2 2\n0 0 1 1\n0 1 1 0\n1 1 0 0\n1 0 0 1\n')).toBe('pieces');
    expect(detectFormat('x', 'https://e2.bucas.name/#board_w=2&board_h=2&board_edges=aaaa')).toBe('bucas');
    expect(detectFormat('x.json', '{}')).toBe('json');
    expect(detectFormat('x.maze', '2 2\n1 1\n1 0\n')).toBe('maze');
    // Boards and piece-list dialects (issue 14).
    expect(detectFormat('b.txt', '1/0 2/1\n---/- 3/3\n')).toBe('board');
    expect(detectFormat('b.txt', '1:0 2:1\n0:0 3:3\n')).toBe('board');
    expect(detectFormat('b.txt', '2 2\n1 0\n2 1\n0 0\n3 3\n')).toBe('board');
    expect(detectFormat('p.csv', 'n,type,top,right,bottom,left\n1,corner,0,0,1,2\n')).toBe('pieces');
    expect(detectFormat('p.puz', 'c a comment\nc\n0 0 1 2\n0 0 2 1\n')).toBe('pieces');
    expect(detectFormat('p.txt', '// made by hand\n1 0 0 1 2\n2 0 0 2 1\n')).toBe('pieces');
    expect(detectFormat('t.txt', '2\n0 1 2 3\n4 5 1 6\n2 7 8 9\n1 3 0 7\n')).toBe('tetravex');
    expect(detectFormat('u.js', 'var a = ["https://e2.bucas.name/#board_w=1&board_h=1&board_pieces=001"];')).toBe('bucas');
  });

  it('round-trips the JSON document for every family', () => {
    const cases = [
      readPuzzleFile('e2_clue1_6x6.txt', readFileSync(join(instances, 'e2_clue1_6x6.txt'), 'utf8')),
      readPuzzleFile('m.maze', '3\n1 2 1\n1 1 1\n2 1 0\n'),
      readPuzzleFile('g.grid', '3 3\n0 0 0\n1 1 1\n1 1 1\n'),
    ];
    for (const r of cases) {
      const doc = makeDocument(r.family, r.name, r.puzzle, r.solution);
      const text = documentToText(doc);
      const back = documentFromText(text, 'x.json');
      expect(back.doc).toEqual(doc);
      expect(documentToText(back.doc)).toBe(text);
    }
  });

  it('names the file, the line and what was expected', () => {
    expect(() => documentFromText('{\n "format": \n', 'bad.json')).toThrow(/^bad.json(:\d+)?: invalid JSON/);
    expect(() => parseDocument({ format: 'puzzle-workbench', version: 99, family: 'edge', puzzle: {} }, 'new.json')).toThrow(/newer than this program/);
    expect(() => parseDocument({ format: 'puzzle-workbench', version: 1, family: 'tetris', puzzle: {} }, 'x.json')).toThrow(/unknown puzzle family "tetris"/);
    expect(() => readPuzzleFile('m.maze', '3\n1 2 1\n1 x 1\n2 1 0\n')).toThrow(FormatError);
    expect(() => readPuzzleFile('m.maze', '3\n1 2 1\n1 x 1\n2 1 0\n')).toThrow(/^m.maze:3: /);
    expect(() => readPuzzleFile('p.txt', '0 0 1 1\n0 1 1\n', { format: 'pieces' })).toThrow(/^p.txt:2: /);
    expect(() => readPuzzleFile('g.grid', '3 3\n0 0 0\n1 1\n', { format: 'grid' })).toThrow(/^g.grid:3: /);
    expect(() => readPuzzleFile('x.txt', 'abc', { format: 'tiles' })).toThrow(/unknown format "tiles"/);
  });
});
