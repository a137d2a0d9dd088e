import type { AnyFamily, FamilyId, Sniffer, TextShape } from '../families/family';
import { allFamilies } from '../families';
import { documentFromText } from './document';
import { FormatError } from './errors';
import { checkFileSize, checkLineLength } from './limits';

export interface ReadPuzzle {
  family: FamilyId;
  name: string;
  format: string;
  puzzle: unknown;
  solution: unknown;
  /** What the reader worked out (e.g. `order`), for reports and previews. */
  info: Record<string, string>;
  /** How the file was read where it was not plain, one line each. */
  notes: string[];
}

/** Every text format of every family, plus the JSON document. */
export function listFormats(): { family: FamilyId; id: string; label: string; extensions: readonly string[] }[] {
  return allFamilies().flatMap((f: AnyFamily) => f.formats.map((fmt) => ({ family: f.id, id: fmt.id, label: fmt.label, extensions: fmt.extensions })));
}

function findFormat(id: string): { family: AnyFamily; format: AnyFamily['formats'][number] } {
  for (const family of allFamilies()) {
    const format = family.formats.find((f) => f.id === id);
    if (format) return { family, format };
  }
  throw new FormatError(
    `unknown format "${id}" (known: json, ${listFormats()
      .map((f) => f.id)
      .join(', ')})`,
  );
}

/** The file name without folders. */
const lastPart = (fileName: string): string => fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
const baseName = (fileName: string): string => {
  const name = lastPart(fileName);
  const dot = name.lastIndexOf('.');
  return dot >= 0 && dot < name.length - 1 ? name.slice(0, dot) : name;
};
const ext = (fileName: string): string => {
  const name = lastPart(fileName);
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/** The text after the first `#` or `//` of a line ('' when none). */
function commentOf(line: string): string {
  const at = commentStart(line);
  return at < 0 ? '' : line.slice(at + (line[at] === '#' ? 1 : 2));
}

function commentStart(line: string): number {
  const hash = line.indexOf('#');
  const slashes = line.indexOf('//');
  return hash < 0 ? slashes : slashes < 0 ? hash : Math.min(hash, slashes);
}

/** The line length limit holds for text formats only (a JSON document may be written on one line). */
function checkLines(fileName: string, text: string, format: string): void {
  if (format !== 'json') checkLineLength(text, fileName);
}

/** Every family's sniffers by rank (registry order among equal ranks). */
function sniffers(): Sniffer[] {
  return allFamilies()
    .flatMap((f) => f.sniffers ?? [])
    .map((sn, i) => ({ sn, i }))
    .sort((a, b) => a.sn.rank - b.sn.rank || a.i - b.i)
    .map((x) => x.sn);
}

/**
 * Guess the format of a text file. A JSON document is told first; then markers in the content
 * (rank below 100, e.g. a bucas URL); then extensions where they are specific; then what the
 * comments say (this program writes one at the top of every file); then the shape of the lines.
 * The rules after JSON are the families' own (`Family.sniffers`). `format` overrides the guess.
 */
export function detectFormat(fileName: string, text: string): string {
  const e = ext(fileName);
  if (e === 'json' || /^\s*\{/.test(text)) return 'json';
  const raw = text.split(/\r\n|\r|\n/);
  let shape: TextShape | null = null;
  const shapeOf = (): TextShape =>
    (shape ??= {
      text,
      said: raw.map(commentOf).join(' ').toLowerCase(),
      lines: raw
        .filter((l) => !/^\s*c(\s|$)/.test(l))
        .map((l) => {
          const at = commentStart(l);
          return (at < 0 ? l : l.slice(0, at)).trim();
        })
        .filter((l) => l.length > 0)
        .map((l) => l.split(/[\s,;]+/)),
    });
  let extensionsTried = false;
  for (const sniffer of sniffers()) {
    if (sniffer.rank >= 100 && !extensionsTried) {
      extensionsTried = true;
      for (const f of listFormats()) if (e && e !== 'txt' && f.extensions.includes(e)) return f.id;
    }
    const found = sniffer.test(shapeOf());
    if (found !== null) return found;
  }
  for (const f of listFormats()) if (e && e !== 'txt' && f.extensions.includes(e)) return f.id;
  throw new FormatError('no puzzle family recognises this file: give --format', fileName);
}

/**
 * A reader's refusal of a file whose format was guessed says what was guessed and how to say
 * otherwise, before the reader's own words (a long message is cut at its end, never the advice).
 */
function guessed<T>(given: string | undefined, format: { id: string; label: string }, read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (given !== undefined || !(e instanceof FormatError)) throw e;
    const where = e.file !== undefined ? `${e.file}${e.line !== undefined ? `:${e.line}` : ''}: ` : '';
    const own = e.message.startsWith(where) ? e.message.slice(where.length) : e.message;
    const others = listFormats()
      .map((f) => f.id)
      .filter((id) => id !== format.id);
    throw new FormatError(
      `guessed ${format.label.replace(/ \(.*\)$/, '').toLowerCase()} (give --format ${others.join('|')} if it is not): ${own}`,
      e.file,
      e.line,
    );
  }
}

/** Read any puzzle file the program knows. Errors are FormatErrors naming the file and line. */
export function readPuzzleFile(fileName: string, text: string, opts: { format?: string; options?: Readonly<Record<string, string>> } = {}): ReadPuzzle {
  checkFileSize(text, fileName);
  const formatId = opts.format ?? detectFormat(fileName, text);
  checkLines(fileName, text, formatId);
  if (formatId === 'json') {
    const { doc, puzzle, solution } = documentFromText(text, fileName);
    return { family: doc.family, name: doc.name || baseName(fileName), format: 'json', puzzle, solution, info: {}, notes: [] };
  }
  const { family, format } = findFormat(formatId);
  const parsed = guessed(opts.format, format, () => format.read(text, fileName, opts.options));
  return {
    family: family.id,
    name: baseName(fileName),
    format: format.id,
    puzzle: parsed.puzzle,
    solution: parsed.solution,
    info: parsed.info ?? {},
    notes: [...guessedNotes(opts.format, format, text), ...(parsed.notes ?? [])],
  };
}

/** The format's own note on a file taken for it by its content alone (no `--format` given). */
function guessedNotes(given: string | undefined, format: AnyFamily['formats'][number], text: string): string[] {
  const note = given === undefined ? (format.guessedNote?.(text) ?? null) : null;
  return note === null ? [] : [note];
}

/**
 * Every puzzle in a file: files holding several (a list of board URLs, several mazes) give one
 * each, named after the file and the puzzle's own name or position; others give one.
 */
export function readPuzzleFiles(fileName: string, text: string, opts: { format?: string; options?: Readonly<Record<string, string>> } = {}): ReadPuzzle[] {
  checkFileSize(text, fileName);
  const formatId = opts.format ?? detectFormat(fileName, text);
  checkLines(fileName, text, formatId);
  if (formatId === 'json') return [readPuzzleFile(fileName, text, { ...opts, format: 'json' })];
  const { family, format } = findFormat(formatId);
  if (!format.readAll) return [readPuzzleFile(fileName, text, { ...opts, format: formatId })];
  const all = guessed(opts.format, format, () => format.readAll!(text, fileName, opts.options));
  const base = baseName(fileName);
  return all.map((p) => ({
    family: family.id,
    name: all.length > 1 ? `${base} ${p.name}`.trim() : base,
    format: format.id,
    puzzle: p.puzzle,
    solution: p.solution,
    info: p.info ?? {},
    notes: p.notes ?? [],
  }));
}
