import { describe, expect, it } from 'vitest';
import { distributionText } from '../../../src/core/text/study-text';

describe('distributionText', () => {
  it('says where studies run', () => {
    expect(distributionText({ url: null, state: 'local', message: null })).toBe('On this machine');
    expect(distributionText({ url: 'redis://:***@host:6379', state: 'connected', message: null })).toBe('Coordinating through redis://:***@host:6379');
    expect(distributionText({ url: 'redis://h:1', state: 'unreachable', message: 'cannot reach Redis at redis://h:1 (no answer)' })).toBe(
      'Redis unreachable: cannot reach Redis at redis://h:1 (no answer)',
    );
  });
});
