/**
 * The import dialog's reader options (format, size, edge order, piece numbering, row direction)
 * and the requests they make: the readings asked for with the person's options only, and the
 * chosen reading previewed and imported with its own options under the person's.
 */
import { listFormats } from '../../../../core/document/read-file';
import { displayText } from '../../../../core/text/display';

export interface Choice {
  value: string;
  label: string;
}

/** "auto": the reader works it out. */
export const AUTO = 'auto';

/** Edge orders people's files come in. */
export const ORDERS: readonly Choice[] = [
  { value: AUTO, label: 'Detect' },
  { value: 'trbl', label: 'top right bottom left' },
  { value: 'nswe', label: 'top bottom left right (n s w e)' },
  { value: 'bltr', label: 'bottom left top right' },
  { value: 'ltrb', label: 'left top right bottom' },
  { value: 'rblt', label: 'right bottom left top (E S W N)' },
];

/** What a board file's first piece is numbered. */
export const NUMBERINGS: readonly Choice[] = [
  { value: AUTO, label: 'Detect' },
  { value: '1', label: 'from 1 (0 = empty)' },
  { value: '0', label: 'from 0' },
];

/** Which row a board file writes first. */
export const ROWS: readonly Choice[] = [
  { value: AUTO, label: 'Detect' },
  { value: 'top', label: 'top row first' },
  { value: 'bottom', label: 'bottom row first' },
];

/** Every format a file may be read as (the JSON document too). */
export function formatChoices(): Choice[] {
  return [{ value: AUTO, label: 'Detect' }, { value: 'json', label: 'Puzzle document (JSON)' }, ...listFormats().map((f) => ({ value: f.id, label: f.label }))];
}

/** What the person set; AUTO (or a blank size) leaves it to the reader. */
export interface ImportOptions {
  format: string;
  size: string;
  order: string;
  numbering: string;
  rows: string;
}

export const defaultOptions = (): ImportOptions => ({ format: AUTO, size: '', order: AUTO, numbering: AUTO, rows: AUTO });

/** The reader options the person set (the format apart). */
export function givenOptions(o: ImportOptions): Record<string, string> {
  const out: Record<string, string> = {};
  if (o.size.trim()) out.size = o.size.trim();
  for (const key of ['order', 'numbering', 'rows'] as const) if (o[key] !== AUTO) out[key] = o[key];
  return out;
}

/** The readings request: the person's options only, so every reading they allow is listed. */
export function readingsRequest(o: ImportOptions): { format?: string; options: Record<string, string> } {
  return { ...(o.format !== AUTO ? { format: o.format } : {}), options: givenOptions(o) };
}

/**
 * The request that reads the file as the chosen reading (null: as the reader would): its own
 * options, with the person's over them.
 */
export function chosenRequest(o: ImportOptions, reading: { options: Record<string, string> } | null): { format?: string; options: Record<string, string> } {
  const { format, ...own } = reading?.options ?? {};
  const given = readingsRequest(o);
  const f = given.format ?? format;
  return { ...(f !== undefined ? { format: f } : {}), options: { ...own, ...given.options } };
}

/** The file's first lines as they are, each cut to `width` characters with its controls shown as escapes; `more`: the file goes on. */
export function headLines(text: string, count = 12, width = 72): { lines: string[]; more: boolean } {
  const lines: string[] = [];
  let at = 0;
  while (lines.length < count && at < text.length) {
    const lf = text.indexOf('\n', at);
    const cr = text.indexOf('\r', at);
    const end = lf < 0 ? (cr < 0 ? text.length : cr) : cr < 0 ? lf : Math.min(lf, cr);
    lines.push(displayText(text.slice(at, end), width));
    at = end + (text.startsWith('\r\n', end) ? 2 : 1);
  }
  return { lines, more: at < text.length };
}
