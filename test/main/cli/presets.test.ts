import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, instances, tempDb } from '../../helpers/cli';

describe('workbench solve: presets and the recommended solver', () => {
  it('--preset applies the preset (its stop criteria too) and picks its solver when --solver is left out', () => {
    const db = tempDb();
    const r = cli(['solve', '--family', 'jump', '--size', '6', '--preset', 'cs440-hc', '--seed', '3', '--json', '--db', db]);
    expect(r.code, r.stderr).toBe(0);
    // The CS 440 hill climb: 1000 moves, as the preset says.
    expect(JSON.parse(r.stdout)).toMatchObject({ solver: 'hill-climb', evaluations: 1000 });
  });

  it('--set overrides a preset, and the command line overrides its stop criteria', () => {
    const db = tempDb();
    const r = cli([
      'solve',
      join(instances, 'e2_clue1_6x6.txt'),
      '--solver',
      'beam',
      '--preset',
      'e2-minute',
      '--set',
      'maxWidth=16',
      '--seconds',
      '20',
      '--target',
      '60',
      '--json',
      '--db',
      db,
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ solver: 'beam', score: 60, solved: true });
  });

  it('without --solver, runs the family’s recommended solver for the puzzle', () => {
    const db = tempDb();
    const parity = cli(['solve', '--family', 'parity', '--size', '6', '--remove', '4', '--json', '--db', db]);
    expect(parity.code, parity.stderr).toBe(0);
    expect(JSON.parse(parity.stdout)).toMatchObject({ solver: 'exact', solved: true });
    const edge = cli(['solve', join(instances, 'e2_clue1_6x6.txt'), '--evaluations', '20000000', '--seed', '1', '--json', '--db', db]);
    expect(JSON.parse(edge.stdout)).toMatchObject({ solver: 'backtrack', score: 60 });
  });

  it('an unknown preset is one line naming the presets there are', () => {
    const db = tempDb();
    for (const args of [
      ['--solver', 'beam', '--preset', 'nope'],
      ['--preset', 'nope'],
    ]) {
      const r = cli(['solve', join(instances, 'e2_clue1_6x6.txt'), ...args, '--evaluations', '10', '--db', db]);
      expect(r.code).not.toBe(0);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/preset "nope"/);
    }
  });
});
