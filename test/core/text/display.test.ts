import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkName, cut, displayText, escapeControls, MAX_NAME_LENGTH, oneLine } from '../../../src/core/text/display';

const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe('display text', () => {
  it('escapes terminal controls, line breaks and bidirectional overrides visibly', () => {
    expect(escapeControls('a\x1b[31mb\x07c\nd\te\u202ef\x7f\x9b')).toBe('a\\x1b[31mb\\x07c\\nd\\te\\u202ef\\x7f\\x9b');
    expect(escapeControls('Eternity II — 16×16 ✓')).toBe('Eternity II — 16×16 ✓');
  });

  it('never lets a control character through, and never exceeds its length', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 2000 }), fc.integer({ min: 1, max: 300 }), (s, max) => {
        const d = displayText(s, max);
        expect(d).not.toMatch(UNSAFE);
        expect(d.length).toBeLessThanOrEqual(max);
        const line = oneLine(s, max);
        expect(line).not.toMatch(UNSAFE);
        expect(line.length).toBeLessThanOrEqual(max);
      }),
    );
  });

  it('cuts long text with an ellipsis, never between the halves of a surrogate pair', () => {
    expect(cut('abcdef', 4)).toBe('abc…');
    expect(cut('abc', 3)).toBe('abc');
    expect(cut('ab😀cd', 4)).toBe('ab…');
    expect(displayText('x'.repeat(5_000_000), 300)).toHaveLength(300);
    expect(oneLine('first line\nsecond')).toBe('first line');
  });

  it('a long message loses its middle, so the reason after a long file name is still said', () => {
    const message = `/tmp/${'a'.repeat(5_000)}/x.txt: no such file`;
    const line = oneLine(message, 100);
    expect(line).toHaveLength(100);
    expect(line.startsWith('/tmp/aaa')).toBe(true);
    expect(line.endsWith('aaa/x.txt: no such file')).toBe(true);
    expect(line).toContain('…');
    expect(oneLine('x'.repeat(5_000_000))).toHaveLength(300);
    // Never half a surrogate pair at either cut.
    expect(oneLine(`${'😀'.repeat(100)}`, 11)).toMatch(/^(?:😀)+…(?:😀)+$/u);
  });

  it('names: trimmed, not empty, at most MAX_NAME_LENGTH characters, with a clear error', () => {
    expect(checkName('  Clue 1 ')).toBe('Clue 1');
    expect(() => checkName('  ')).toThrow('a puzzle needs a name');
    expect(checkName('n'.repeat(MAX_NAME_LENGTH))).toHaveLength(MAX_NAME_LENGTH);
    expect(() => checkName('n'.repeat(20_000_000))).toThrow(/^a puzzle's name can have at most 200 characters; this one has 20,000,000 \("n+…"\)$/);
  });
});
