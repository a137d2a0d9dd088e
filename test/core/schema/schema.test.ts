import { describe, expect, it } from 'vitest';
import { s } from '../../../src/core/schema/schema';
import { parseCall } from '../../../src/main/api/contract';

describe('schema checker', () => {
  const point = s.object({ x: s.int(0, 10), name: s.optional(s.string(5)) });
  it('accepts valid data and drops nothing', () => {
    expect(point.parse({ x: 3, name: 'a' })).toEqual({ x: 3, name: 'a' });
  });
  it('names the path of the problem', () => {
    expect(() => point.parse({ x: 11 })).toThrow('x: 11 is outside 0..10');
    expect(() => point.parse({ x: 1, y: 2 })).toThrow('y: unknown field');
    expect(() => s.array(point).parse([{ x: 'a' }])).toThrow('[0].x: expected an integer, got string');
    expect(() => point.parse({ x: 1, name: 'toolong' })).toThrow(/longer than 5/);
  });
  it('validates API calls', () => {
    expect(parseCall('getPuzzle', { id: 3 })).toEqual({ method: 'getPuzzle', args: { id: 3 } });
    expect(() => parseCall('getPuzzle', { id: 0 })).toThrow(/getPuzzle.id/);
    expect(() => parseCall('dropTables', {})).toThrow(/unknown API method/);
    expect(() => parseCall('__proto__', {})).toThrow(/unknown API method/);
  });
});
