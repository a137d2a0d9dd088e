import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { dict, int, list, num, obj, oneOf, parseWith, str } from '../../../src/core/validate/validate';

describe('validation messages', () => {
  const point = obj({ x: int(0, 10), name: v.optional(str(5)) });

  it('accepts valid data and drops nothing', () => {
    expect(parseWith(point, { x: 3, name: 'a' })).toEqual({ x: 3, name: 'a' });
    expect(parseWith(point, { x: 3 })).toEqual({ x: 3 });
  });

  it('names the path of the problem on one line', () => {
    expect(() => parseWith(point, { x: 11 })).toThrow('x: 11 is outside 0..10');
    expect(() => parseWith(point, { x: 1, y: 2 })).toThrow('y: unknown field');
    expect(() => parseWith(point, {})).toThrow('x: missing (expected an integer)');
    expect(() => parseWith(list(point), [{ x: 'a' }])).toThrow('[0].x: expected an integer, got string');
    expect(() => parseWith(point, { x: 1, name: 'toolong' })).toThrow('name: longer than 5 characters');
    expect(() => parseWith(point, [], 'call')).toThrow('call: expected an object, got array');
    expect(() => parseWith(obj({ a: obj({ b: num() }) }), { a: { b: 'x' } }, 'm')).toThrow('m.a.b: expected a finite number, got string');
    expect(() => parseWith(oneOf('a', 'b'), 'c')).toThrow('value: expected one of a, b, got "c"');
    expect(() => parseWith(obj({ k: oneOf('a', 'b') }), {})).toThrow('k: missing (expected one of a, b)');
    expect(() => parseWith(obj({ k: oneOf('a', 'b') }), { k: 2 })).toThrow('k: expected one of a, b, got number');
    expect(() => parseWith(list(int(), 2), [1, 2, 3])).toThrow('value: more than 2 items');
    expect(() => parseWith(dict(str(3)), { k: 'long' }, 'options')).toThrow('options.k: longer than 3 characters');
  });

  it('keeps every own key of a dict as an ordinary key', () => {
    const out = parseWith(dict(v.unknown()), JSON.parse('{"__proto__": 1, "constructor": 2}'));
    expect(Object.keys(out)).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(out)).toBeNull();
  });
});
