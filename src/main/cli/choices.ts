import type { AmbiguousReadingError } from '../../core/document/readings';
import { optionsText } from '../../core/document/readings';
import { displayText, escapeControls } from '../../core/text/display';

/**
 * A file read more than one way with no reading clearly ahead (import, score, solve, analyze): one
 * line saying so, then each reading on a line of its own with the command that picks it; exit 1.
 */
export function sayChoices(command: string, argv: readonly string[], e: AmbiguousReadingError): number {
  const where = e.file !== undefined ? `${escapeControls(e.file)}: ` : '';
  process.stderr.write(`workbench ${command}: ${where}${e.choices.length} readings fit about as well and make different puzzles; pick one:\n`);
  for (const c of e.choices)
    process.stderr.write(
      `  workbench ${command} ${[...argv.map((a) => displayText(a)), optionsText(c.options)].join(' ')}   # ${c.label} (${c.reasons.slice(0, 2).join('; ')})\n`,
    );
  return 1;
}
