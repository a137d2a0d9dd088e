import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, instances, repoRoot, tempDb } from '../../helpers/cli';

/** The command table of docs/cli.md: each row's command (first word, two for `study`) and the options it names. */
function documentedCommands(): { command: string; options: string[] }[] {
  const lines = readFileSync(join(repoRoot, 'docs', 'cli.md'), 'utf8').split('\n');
  const start = lines.findIndex((l) => /^\| command\s*\|/.test(l));
  const end = lines.findIndex((l, i) => i > start && !l.startsWith('|'));
  const rows = lines.slice(start + 2, end);
  return rows.map((row) => {
    const syntax = /^\| `([^`]*)`/.exec(row)![1];
    const words = syntax.split(' ');
    const command = words[0] === 'study' ? `${words[0]} ${words[1]}` : words[0];
    // --db is every command's, said once in the usage's first line.
    const options = [...new Set(syntax.match(/--[a-z][a-z-]*/g) ?? [])].filter((o) => o !== '--db');
    return { command, options };
  });
}

describe('workbench help', () => {
  it('names every option docs/cli.md gives each command', () => {
    const usage = cli(['help']).stdout;
    // A command's entry runs from its line to the next line that starts another command.
    const entries = usage.split(/\n(?= {2}[a-z])/);
    const commands = documentedCommands();
    expect(commands.map((c) => c.command)).toEqual(expect.arrayContaining(['solve', 'resume', 'export', 'study run', 'worker']));
    for (const { command, options } of commands) {
      const entry = entries.filter((e) => e.trimStart().startsWith(`${command} `) || e.trim() === command).join('\n');
      expect(entry, `workbench help has no entry for ${command}`).not.toBe('');
      for (const option of options) expect(entry, `workbench help: ${command} lacks ${option}`).toContain(option);
    }
  });
});

describe('workbench help for one command', () => {
  it('CMD --help, CMD -h and help CMD print that command alone, on stdout, exit 0', () => {
    for (const args of [
      ['solve', '--help'],
      ['solve', '--seed', '3', '-h'],
      ['help', 'solve'],
    ]) {
      const r = cli(args);
      expect(r.code, args.join(' ')).toBe(0);
      expect(r.stdout).toMatch(/^usage: workbench solve \[FILE\]/);
      expect(r.stdout).toContain('--spread --redis URL');
      expect(r.stdout).not.toContain('workbench runs');
    }
    const study = cli(['study', 'run', '--help']).stdout;
    for (const sub of ['create', 'run', 'show', 'export', 'stop', 'list']) expect(study).toContain(`study ${sub}`);
  });

  it('a --help after -- is an argument, not a question', () => {
    const r = cli(['show', '--', '--help']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
  });
});

describe('workbench --version and a --db before the command', () => {
  it('prints the package version', () => {
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string };
    for (const flag of ['--version', '-V', 'version']) expect(cli([flag]).stdout).toBe(`workbench ${pkg.version}\n`);
  });

  it('takes --db PATH and --db=PATH before the command', () => {
    const db = tempDb();
    expect(cli(['import', join(instances, 'cs440_hill_climbing_5x5.maze'), '--db', db]).code).toBe(0);
    for (const args of [
      ['--db', db, 'puzzles'],
      [`--db=${db}`, 'puzzles'],
    ]) {
      const r = cli(args);
      expect(r.code, args.join(' ')).toBe(0);
      expect(r.stdout).toContain('cs440_hill_climbing_5x5');
    }
  });

  it('an option alone where the command goes is said so', () => {
    const r = cli(['--db']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^workbench: a command comes first, got the option "--db" \(try: solve, /);
  });
});
