/**
 * Issue 22 item 3: `solve` without a file builds a puzzle through the family's own `fromSize`;
 * a family the registry does not know, or one that needs a file, is refused in one line naming the families.
 */
import { describe, expect, it } from 'vitest';
import { cli, tempDb } from '../../helpers/cli';

function refusal(args: string[]): string {
  const r = cli(['solve', ...args, '--db', tempDb()]);
  expect(r.code, r.stderr).toBe(2);
  const lines = r.stderr.trim().split('\n');
  expect(lines, r.stderr).toHaveLength(1);
  return lines[0]!;
}

describe('solve --family X --size N', { timeout: 120_000 }, () => {
  it('refuses an unknown family in one line listing the families, instead of building a casse-tete', () => {
    expect(refusal(['--family', 'sudoku', '--size', '5', '--remove', '4'])).toMatch(/--family must be one of edge, jump, parity, got "sudoku"/);
  });

  it('refuses a family that has no build from a size, and the options a family needs', () => {
    expect(refusal(['--family', 'edge', '--size', '5'])).toMatch(/edge matching needs a puzzle FILE/);
    expect(refusal(['--family', 'parity', '--size', '5'])).toMatch(/needs --remove N \(tokens to remove\)/);
    expect(refusal(['--family', 'parity', '--size', '5x6', '--remove', '4'])).toMatch(/a parity grid is square/);
    expect(refusal(['--family', 'jump'])).toMatch(/needs --size/);
  });
});
