import { describe, expect, it } from 'vitest';
import { valueText } from '../../../src/core/text/display';
import { getFamily } from '../../../src/core/families';

describe('valueText', () => {
  it('shows a value as JSON, cut to its length, a few levels deep', () => {
    expect(valueText(7)).toBe('7');
    expect(valueText('a\nb')).toBe('"a\\nb"');
    expect(valueText([1, [2, [3, [4]]]])).toBe('[1,[2,[3,[…]]]]');
    expect(valueText({ a: 1, b: [true, null] })).toBe('{"a":1,"b":[true,null]}');
    expect(valueText(undefined)).toBe('undefined');
    expect(valueText(Array.from({ length: 1000 }, (_, i) => i))).toHaveLength(40);
    expect(valueText('x'.repeat(1_000_000))).toHaveLength(40);
  });

  it('costs no more for a value nested 100,000 deep (JSON.stringify overflowed the stack), and the readers say it in one line', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`) as unknown;
    expect(valueText(deep)).toBe('[[[[…]]]]');
    const inside = { edge: { rows: 2, cols: 2, pieces: [deep] }, jump: { rows: 2, cols: 2, start: deep }, parity: { n: deep, m: 1 } };
    for (const family of ['edge', 'jump', 'parity'] as const) {
      expect(() => getFamily(family).puzzleFromJson(deep, 'deep.json')).toThrow(/^deep\.json: .{0,200}$/);
      expect(() => getFamily(family).puzzleFromJson(inside[family], 'deep.json')).toThrow(/^deep\.json: .{0,200}$/);
    }
  });
});
