/**
 * The CLI's own searches (generate a maze to order, analyze) end within their CPU seconds, and
 * refuse a bound that is none (1e300) or a --seconds that bounds nothing.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, instances } from '../../helpers/cli';

describe('bounded CLI searches', { timeout: 120_000 }, () => {
  it('a maze to order on a large board stops at --seconds and says so in one line', () => {
    // 600x600: each change is a full analysis; without the bound this walked for hours.
    const r = cli(['generate', '--family', 'jump', '--size', '600', '--length', '3', '--seconds', '1']);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/no 600x600 maze .* \(stopped at --seconds 1\).*give it more time$/m);
  });

  it('refuses a --seconds above a stop criterion or where it bounds nothing', () => {
    const a = cli(['analyze', join(instances, 'e2_clue1_6x6.txt'), '--seconds', '1e300']);
    expect(a.code).toBe(2);
    expect(a.stderr.trim()).toMatch(/--seconds must be a positive number of CPU seconds up to 10000000, got 1e300$/);
    const g = cli(['generate', '--size', '4', '--seconds', '3']);
    expect(g.code).toBe(2);
    expect(g.stderr.trim()).toMatch(/--seconds does not apply to an edge-matching puzzle \(it takes .*\)$/);
  });
});
