/**
 * The reference pages list what the code has: every command of `workbench --help` has its row in
 * docs/cli.md, every solver of the catalogue its row in docs/solvers.md. A command or solver added
 * without its documentation fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../src/core/catalogue/catalogue';
import { cli, repoRoot } from '../helpers/cli';
import { cells } from './markdown-check';

/** The first cell of every table row of a page. */
function rowHeads(page: string): string[][] {
  return readFileSync(join(repoRoot, page), 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('|') && !/^\|\s*-/.test(l))
    .map(cells);
}

describe('docs/cli.md', () => {
  it('has a row for every command the help lists', () => {
    const help = cli(['--help']).stdout;
    // A command line of the usage starts with two spaces and its name; `study` names its subcommand too.
    const commands = help
      .split('\n')
      .filter((l) => /^ {2}[a-z]/.test(l))
      .map((l) => l.trim().split(/\s+/))
      .map((w) => (w[0] === 'study' ? `${w[0]} ${w[1]}` : w[0]!));
    expect(commands).toEqual(expect.arrayContaining(['solve', 'study export', 'worker']));
    const rows = rowHeads('docs/cli.md').map((c) => c[0] ?? '');
    const missing = [...new Set(commands)].filter((c) => !rows.some((r) => r.startsWith(`\`${c}`)));
    expect(missing).toEqual([]);
  });
});

describe('docs/solvers.md', () => {
  it('has a row for every solver of the catalogue, under its family', () => {
    const rows = rowHeads('docs/solvers.md');
    const missing = catalogue
      .filter((d) => !rows.some((c) => c[0] === d.family && (c[1] ?? '').split(/,\s*/).includes(`\`${d.id}\``)))
      .map((d) => `${d.family} ${d.id}`);
    expect(missing).toEqual([]);
  });
});
