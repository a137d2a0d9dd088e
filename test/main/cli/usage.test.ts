import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, repoRoot } from '../../helpers/cli';

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
