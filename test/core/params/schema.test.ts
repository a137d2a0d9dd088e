import { describe, expect, it } from 'vitest';
import { ParamError, parseParamText, resolveParams, type ParamSchema } from '../../../src/core/params/schema';

const schema = {
  population: { type: 'int', default: 200, min: 2, max: 100_000, help: 'boards' },
  rate: { type: 'number', default: 0.1, min: 0, max: 1, help: 'p' },
  elitism: { type: 'boolean', default: true, help: 'keep best' },
  selection: { type: 'enum', default: 'tournament', options: ['roulette', 'tournament'], help: 'how' },
} as const satisfies ParamSchema;

describe('parameter schemas', () => {
  it('fills defaults', () => {
    expect(resolveParams(schema, {})).toEqual({ population: 200, rate: 0.1, elitism: true, selection: 'tournament' });
  });
  it('refuses out-of-range, wrong types and unknown names with a message naming the parameter', () => {
    expect(() => resolveParams(schema, { population: 1 })).toThrow(/population: 1 is below the minimum 2/);
    expect(() => resolveParams(schema, { population: 2.5 })).toThrow(/whole number/);
    expect(() => resolveParams(schema, { rate: '0.5' })).toThrow(ParamError);
    expect(() => resolveParams(schema, { selection: 'rank' })).toThrow(/one of roulette, tournament/);
    expect(() => resolveParams(schema, { popsize: 3 })).toThrow(/unknown parameter popsize/);
  });
  it('parses command-line text', () => {
    expect(parseParamText(schema, 'population', '500')).toBe(500);
    expect(parseParamText(schema, 'elitism', 'false')).toBe(false);
    expect(() => parseParamText(schema, 'rate', 'abc')).toThrow(/expected a number/);
    expect(() => parseParamText(schema, 'rate', '')).toThrow(/expected a number/);
  });
});
