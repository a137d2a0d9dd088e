import { describe, expect, it } from 'vitest';
import { readEntry } from '../../../../src/main/studies/redis/events';

const fields = (event: string, run = '7'): string[] => ['run', run, 'attempt', '2', 'seq', '5', 'event', event];

describe("a stream entry from a study's Redis stream", () => {
  it('reads an event of its run with its attempt and place', () => {
    const event = { type: 'lost', runId: 7, description: 'the worker went away' };
    expect(readEntry('1-0', fields(JSON.stringify(event)))).toEqual({ id: '1-0', runId: 7, attempt: 2, seq: 5, event });
  });

  it('skips an entry this version cannot read: bad numbers, bad JSON, no type, or another run', () => {
    expect(readEntry('1-0', ['run', 'x', 'attempt', '2', 'seq', '5', 'event', '{"type":"lost","runId":7}'])).toBeNull();
    expect(readEntry('1-0', fields('{'))).toBeNull();
    expect(readEntry('1-0', fields('null'))).toBeNull();
    expect(readEntry('1-0', fields('[]'))).toBeNull();
    expect(readEntry('1-0', fields('{"runId":7}'))).toBeNull();
    expect(readEntry('1-0', fields('{"type":3,"runId":7}'))).toBeNull();
    expect(readEntry('1-0', fields('{"type":"lost","runId":"7"}'))).toBeNull();
    expect(readEntry('1-0', fields('{"type":"lost","runId":8}'))).toBeNull();
  });
});
