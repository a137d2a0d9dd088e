import type { AnyFamily, FamilyId } from '../families/family';
import { families } from '../families';
import { documentFromText } from './document';
import { FormatError } from './errors';
import { sniffEdgeText } from '../families/edge/files/sniff';
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
  return Object.values(families).flatMap((f: AnyFamily) =>
    f.formats.map((fmt) => ({ family: f.id, id: fmt.id, label: fmt.label, extensions: fmt.extensions })),
  );
}

function findFormat(id: string): { family: AnyFamily; format: AnyFamily['formats'][number] } {
  for (const family of Object.values(families)) {
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

/**
 * Guess the format of a text file. Extensions decide where they are specific; a comment saying
 * what the file is (this program writes one at the top of every file) comes next; else `.txt`
 * files are told apart by shape: `piece/rot` cells or `R C` then `piece rotation` per cell = an
 * edge board; 4 numbers a line = edge pieces (`n` then n*n of them = Tetravex); `n` or `rows cols`
 * then rows = a maze; `n m` then rows of 0/1 = a parity grid. `format` overrides the guess.
 */
export function detectFormat(fileName: string, text: string): string {
  const e = ext(fileName);
  if (e === 'json' || /^\s*\{/.test(text)) return 'json';
  if (/board_(edges|pieces)=/.test(text)) return 'bucas';
  for (const f of listFormats()) if (e && e !== 'txt' && f.extensions.includes(e)) return f.id;
  const raw = text.split(/\r\n|\r|\n/);
  const said = raw.map(commentOf).join(' ').toLowerCase();
  const known = new Set(listFormats().map((f) => f.id));
  if (/edge-matching board/.test(said)) return 'board';
  if (/edge-matching pieces/.test(said)) return 'pieces';
  if (/tetravex/.test(said) && known.has('tetravex')) return 'tetravex';
  if (/jump maze/.test(said)) return 'maze';
  if (/casse-tete/.test(said)) return 'grid';
  const lines = raw
    .filter((l) => !/^\s*c(\s|$)/.test(l))
    .map((l) => {
      const at = commentStart(l);
      return (at < 0 ? l : l.slice(0, at)).trim();
    })
    .filter((l) => l.length > 0)
    .map((l) => l.split(/[\s,;]+/));
  if (lines.length === 0) return 'pieces';
  const edge = sniffEdgeText(text);
  if (edge && known.has(edge)) return edge;
  if (lines.some((l) => l.some((t) => /^(\d+|-+)[:/](\d|-)$/.test(t)))) return 'board';
  const first = lines[0];
  const rest = lines.slice(1);
  const num = (t: string | undefined): number => (t !== undefined && /^\d+$/.test(t) ? Number(t) : NaN);
  if (first.length === 1) {
    const n = num(first[0]);
    if (known.has('tetravex') && n > 1 && rest.length === n * n && rest.every((l) => l.length === 4)) return 'tetravex';
    return 'maze';
  }
  if (first.length === 2) {
    if (rest.length === 0) return 'grid';
    const cells = num(first[0]) * num(first[1]);
    // A board as this program exports it: one `piece rotation` pair per cell (a maze has one line per row).
    if (rest.length === cells && rest.every((l) => l.length === 2 && num(l[1]) <= 3 && num(l[0]) <= cells)) return 'board';
    if (rest.every((l) => l.length === 4 || l.length === 5) && rest.length !== num(first[0])) return 'pieces';
    const binary = rest.every((l) => l.every((t) => t === '0' || t === '1') || /^[01]+$/.test(l.join('')));
    return binary ? 'grid' : 'maze';
  }
  // A maze header with its start and goal: `rows cols start-row start-col goal-row goal-col`, alone
  // (a puzzle without a maze) or followed by its rows.
  if (first.length === 6 && first.every((t) => /^\d+$/.test(t)) && rest.slice(0, num(first[0])).every((l) => l.length === num(first[1]))) return 'maze';
  return 'pieces';
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
    notes: [...(opts.format === undefined && format.id === 'tetravex' && !/tetravex/i.test(text) ? [TETRAVEX_GUESSED] : []), ...(parsed.notes ?? [])],
  };
}

/** Said when a file is taken for Tetravex by its content alone. */
const TETRAVEX_GUESSED = 'read as Tetravex from its content: tiles never turn, every number a colour (--format pieces reads pieces that may turn)';

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
