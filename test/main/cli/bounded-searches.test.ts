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

  it('a board with one solution on a large board stops at --seconds (edge and Tetravex) and says how far it got', () => {
    // 16x16: one try's count alone took 44 s, the default 200 tries hours.
    const t0 = Date.now();
    const r = cli(['generate', '--size', '16', '--unique', '--seconds', '0.5', '--seed', '1']);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^workbench generate: no 16x16 board with exactly one solution yet \(stopped at --seconds 0\.5, in try 1 of 200; [\d,]+ placements counted\): give it more time or a smaller board\n$/,
    );
    const t = cli(['generate', '--tetravex', '--size', '5', '--colours', '4', '--difficulty', 'hard', '--seconds', '0.5', '--seed', '1']);
    expect(t.code, t.stderr).toBe(2);
    expect(t.stderr).toMatch(/^workbench generate: no 5x5 board with exactly one solution rated hard yet \(stopped at --seconds 0\.5, in try \d+ of 200; .*\)/);
    expect(Date.now() - t0).toBeLessThan(60_000);
  });

  it('refuses a --seconds above a stop criterion or where it bounds nothing', () => {
    const a = cli(['analyze', join(instances, 'e2_clue1_6x6.txt'), '--seconds', '1e300']);
    expect(a.code).toBe(2);
    expect(a.stderr.trim()).toMatch(/--seconds must be a positive number of CPU seconds up to 10000000, got 1e300$/);
    const g = cli(['generate', '--size', '4', '--seconds', '3']);
    expect(g.code).toBe(2);
    expect(g.stderr.trim()).toMatch(/--seconds bounds the search for exactly one solution: give --unique or --difficulty$/);
    const p = cli(['generate', '--family', 'parity', '--solutions', '6', '--seconds', '3']);
    expect(p.code).toBe(2);
    expect(p.stderr.trim()).toMatch(/--seconds does not apply to a casse-tete grid \(it takes .*\)$/);
  });
});
