import { describe, expect, it } from 'vitest';
import { bestScoreText, exportChoices, formatGuess, importErrorLine, sourceParts } from '../../../src/renderer/src/lib/library';
describe('library logic', () => {
  it('offers every format of the family, JSON and a picture', () => {
    expect(exportChoices('edge').map((c) => c.id)).toEqual(['pieces', 'board', 'bucas', 'tetravex', 'json', 'png']);
    expect(exportChoices('jump').map((c) => `${c.id}${c.hint}`)).toEqual(['maze.maze', 'json.json', 'png.png']);
    expect(exportChoices('parity').map((c) => c.id)).toEqual(['grid', 'json', 'png']);
  });

  it('shows bundled sources as samples', () => {
    expect(sourceParts('bundled: meta2010_10x10.txt')).toEqual({ bundled: true, text: 'meta2010_10x10.txt' });
    expect(sourceParts('mine.txt')).toEqual({ bundled: false, text: 'mine.txt' });
  });

  it('shows an edge best score out of the maximum', () => {
    expect(bestScoreText({ family: 'edge', bestScore: 412, rows: 16, cols: 16 })).toBe('412 / 480');
    expect(bestScoreText({ family: 'jump', bestScore: 88, rows: 11, cols: 11 })).toBe('88');
    expect(bestScoreText({ family: 'parity', bestScore: null, rows: 6, cols: 6 })).toBe('—');
  });

  it('names the file once in an import error', () => {
    expect(importErrorLine('a.txt', 'a.txt:3: expected 4 colours')).toBe('a.txt:3: expected 4 colours');
    expect(importErrorLine('a.txt', 'larger than 32 MiB')).toBe('a.txt: larger than 32 MiB');
  });
});

describe('import error lines', () => {
  it('say what the file was read as and why, with control characters shown as escapes', () => {
    const line = importErrorLine('ctrl.txt', 'ctrl.txt:1: expected a size, got "\u001b[31mhi\u0007"', '\u001b[31mhi\u0007\n1 2\n');
    expect(line).toMatch(/^ctrl\.txt:1: expected a size, got "\\x1b\[31mhi\\x07" \(read as .+, because its first line holds one value\)$/);
    expect(line).not.toMatch(/[\u0000-\u001f]/);
    const broken = formatGuess('broken.txt', '1 2 3 4\n5 6 7\n');
    expect(broken.format).toBe('pieces');
    expect(broken.because).toBe('its first line holds 4 values');
    expect(formatGuess('m.maze', '3\n').because).toBe('its .maze ending');
    expect(formatGuess('x.txt', '{"a":1}').format).toBe('json');
  });
});
