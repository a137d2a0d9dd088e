/** The library view's logic outside the component: export choices, cell texts, file reading. */
import { getFamily } from '../../../core/families';
import type { FamilyId } from '../../../core/families/family';
import type { PuzzleSummary } from '../../../main/api/types';
import { detectFormat, listFormats } from '../../../core/document/read-file';
import { oneLine } from '../../../core/text/display';
import { familyEntry } from '../families';
import { countNoun } from '../../../core/text/plural';
import { bestOfText } from '../../../core/text/run-text';

export interface ExportChoice {
  /** A format id for api.exportPuzzle, `json`, or `png` (an image made here). */
  id: string;
  label: string;
  hint: string;
}

/** Every way to export a puzzle of this family: its text formats, the JSON document, a PNG picture. */
export function exportChoices(family: FamilyId): ExportChoice[] {
  const formats = getFamily(family)
    .formats.filter((f) => !f.readOnly)
    .map((f) => ({
      id: f.id,
      label: f.label,
      hint: `.${f.extensions.find((e) => e !== 'txt') ?? f.extensions[0] ?? 'txt'}`,
    }));
  return [...formats, { id: 'json', label: 'Puzzle document (JSON)', hint: '.json' }, { id: 'png', label: 'Picture of the board', hint: '.png' }];
}

/** "bundled: meta2010_10x10.txt" → a chip and the file; anything else as it is. */
export function sourceParts(source: string): { bundled: boolean; text: string } {
  const m = /^bundled:\s*(.*)$/.exec(source);
  return m ? { bundled: true, text: m[1]! } : { bundled: false, text: source };
}

/** Best score of the puzzle's runs, out of the maximum where the family knows it. */
export function bestScoreText(p: Pick<PuzzleSummary, 'family' | 'bestScore' | 'rows' | 'cols'>): string {
  return bestOfText(p.bestScore, familyEntry(p.family).maxScoreOf?.(p.rows, p.cols) ?? null);
}

/** How the file was taken, in words: the format it was read as and what made it look like one. */
export function formatGuess(fileName: string, text: string): { format: string; label: string; because: string } {
  const format = detectFormat(fileName, text);
  const label = format === 'json' ? 'a puzzle document (JSON)' : (listFormats().find((f) => f.id === format)?.label ?? format);
  const ending = /\.([^.\\/]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  let because: string;
  if (format === 'json') because = ending === 'json' ? 'its .json ending' : 'it starts with “{”';
  else if (format === 'bucas') because = 'it holds a board_edges= address';
  else if (ending && ending !== 'txt' && listFormats().some((f) => f.id === format && f.extensions.includes(ending))) because = `its .${ending} ending`;
  else if (/(#|\/\/).*(edge-matching board|tetravex|jump maze|casse-tete)/i.test(text)) because = 'a comment in it says so';
  else {
    const first = text
      .split(/\r\n|\r|\n/)
      .map((l) => l.replace(/(#|\/\/).*/, '').trim())
      .find((l) => l.length > 0);
    const n = first ? first.split(/[\s,;]+/).length : 0;
    because = n === 0 ? 'it is empty' : `its first line holds ${n === 1 ? 'one value' : countNoun(n, 'value')}`;
  }
  return { format, label, because };
}

/**
 * One safe line per failed file: "name: what is wrong" (the backend's message already names the
 * file), control characters shown as escapes, and, given the file's text, the format it was read
 * as and why, so a broken piece list is not silently read as something else.
 */
export function importErrorLine(fileName: string, message: string, text?: string): string {
  const line = oneLine(message.includes(fileName) ? message : `${fileName}: ${message}`);
  if (text === undefined || text === '') return line;
  const g = formatGuess(fileName, text);
  const label = /^[A-Z][a-z]/.test(g.label) ? g.label[0]!.toLowerCase() + g.label.slice(1) : g.label;
  return `${line} (read as ${label}, because ${g.because})`;
}
