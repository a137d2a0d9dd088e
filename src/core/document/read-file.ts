import type { AnyFamily, FamilyId, FormatReading, Sniffer, TextShape } from '../families/family';
import { allFamilies } from '../families';
import { documentFromText } from './document';
import { FormatError } from './errors';
import { checkFileSize, checkLineLength } from './limits';
import { CLEAR_LEAD, optionsText, pickReading, pickedNote, ranked, reasonsText, weightOf, type Reading } from './readings';

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
  return sniffFormat(fileName, text).format;
}

/** The format and how sure the guess is: `said` when a marker or the file's own comments name it, not only the shape of its lines. */
function sniffFormat(fileName: string, text: string): { format: string; said: boolean } {
  const e = ext(fileName);
  if (e === 'json' || /^\s*\{/.test(text)) return { format: 'json', said: true };
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
  const byExtension = (): string | null => listFormats().find((f) => e && e !== 'txt' && f.extensions.includes(e))?.id ?? null;
  for (const sniffer of sniffers()) {
    if (sniffer.rank >= 100 && !extensionsTried) {
      extensionsTried = true;
      const x = byExtension();
      if (x) return { format: x, said: false };
    }
    const found = sniffer.test(shapeOf());
    if (found !== null) return { format: found, said: sniffer.rank < 300 };
  }
  const x = byExtension();
  if (x) return { format: x, said: false };
  throw new FormatError('no puzzle family recognises this file: give --format', fileName);
}

/**
 * A reader's refusal of a file whose format was guessed says what was guessed and how to say
 * otherwise, before the reader's own words (a long message is cut at its end, never the advice).
 */
function guessed<T>(given: string | undefined, format: { id: string; label: string }, alternatives: readonly string[], read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (given !== undefined || !(e instanceof FormatError)) throw e;
    const where = e.file !== undefined ? `${e.file}${e.line !== undefined ? `:${e.line}` : ''}: ` : '';
    const own = e.message.startsWith(where) ? e.message.slice(where.length) : e.message;
    const others = listFormats()
      .map((f) => f.id)
      .filter((id) => id !== format.id && alternatives.includes(id));
    const advice = others.length > 0 ? ` (give --format ${others.join('|')} if it is not)` : '';
    throw new FormatError(`guessed ${format.label.replace(/ \(.*\)$/, '').toLowerCase()}${advice}: ${own}`, e.file, e.line);
  }
}

/** One reading of a whole file: the puzzles it makes, with the options (format included) that select it. */
export type FileReading = Reading<ReadPuzzle[]>;

export interface FileReadings {
  /** Every reading that reads, heaviest first. */
  readings: FileReading[];
  /** The format the shape of the lines suggests (null when none, or when the format was given). */
  sniffed: string | null;
  /** Why each format that was tried could not read the file. */
  refusals: { format: string; error: FormatError }[];
}

/** Evidence a format's own readings do not carry: the sniffers' word on the shape of the lines. */
const SHAPE_WEIGHT = 1.5;
/** A comment or marker naming the format (`# Edge-matching pieces`, a bucas URL). */
const SAID_WEIGHT = 4;

/**
 * Every plausible reading of a file across the families and formats (only the given format when
 * `opts.format` is set), each with its evidence, the puzzles it makes and the options that select
 * it: what a preview shows to let a person switch readings. A JSON document has one reading.
 */
export function fileReadings(fileName: string, text: string, opts: { format?: string; options?: Readonly<Record<string, string>> } = {}): FileReadings {
  checkFileSize(text, fileName);
  const given = opts.format;
  if (given === 'json' || (given === undefined && (ext(fileName) === 'json' || /^\s*\{/.test(text)))) {
    const { doc, puzzle, solution } = documentFromText(text, fileName);
    const one: ReadPuzzle = { family: doc.family, name: doc.name || baseName(fileName), format: 'json', puzzle, solution, info: {}, notes: [] };
    return {
      readings: [{ label: 'a Puzzle Workbench document', options: { format: 'json' }, evidence: [], key: 'json', value: [one] }],
      sniffed: null,
      refusals: [],
    };
  }
  checkLineLength(text, fileName);
  let sniffed: string | null = null;
  let said = false;
  if (given === undefined)
    try {
      ({ format: sniffed, said } = sniffFormat(fileName, text));
    } catch (e) {
      if (!(e instanceof FormatError)) throw e;
    }
  const formats = given !== undefined ? [findFormat(given)] : allFamilies().flatMap((family) => family.formats.map((format) => ({ family, format })));
  const readings: FileReading[] = [];
  const refusals: { format: string; error: FormatError }[] = [];
  const base = baseName(fileName);
  for (const { family, format } of formats) {
    let own: FormatReading<unknown, unknown>[];
    try {
      own = formatReadings(format, text, fileName, opts.options);
    } catch (e) {
      if (!(e instanceof FormatError)) throw e;
      refusals.push({ format: format.id, error: e });
      continue;
    }
    for (const r of own) {
      const what = format.label.replace(/ \(.*\)$/, '').toLowerCase();
      const shaped =
        format.id !== sniffed
          ? []
          : said
            ? [{ reason: `the file says it is ${what}`, weight: SAID_WEIGHT }]
            : [{ reason: `the lines are shaped like ${what}`, weight: SHAPE_WEIGHT }];
      const value = r.value.map((p) => ({
        family: family.id,
        name: r.value.length > 1 ? `${base} ${p.name}`.trim() : base,
        format: format.id,
        puzzle: p.puzzle,
        solution: p.solution,
        info: p.info ?? {},
        notes: p.notes ?? [],
      }));
      readings.push({ ...r, options: { format: format.id, ...r.options }, evidence: [...shaped, ...r.evidence], key: `${format.id} ${r.key}`, value });
    }
  }
  return { readings: ranked(readings), sniffed, refusals };
}

/** A format's readings: its own list, or its one reading of the whole file. */
function formatReadings(
  format: AnyFamily['formats'][number],
  text: string,
  fileName: string,
  options?: Readonly<Record<string, string>>,
): FormatReading<unknown, unknown>[] {
  if (format.readings) return format.readings(text, fileName, options);
  const all = format.readAll ? format.readAll(text, fileName, options) : [{ name: '', ...format.read(text, fileName, options) }];
  return [{ label: format.label.replace(/ \(.*\)$/, ''), options: {}, evidence: [], key: '', value: all }];
}

/**
 * The reading of a file to take (see readings.ts): the heaviest when it clearly leads, else a
 * FormatError naming the top readings and their options. When no format reads the file, the
 * refusal of the format its shape suggests (or the one given), with the advice of `guessed`.
 */
function pickFileReading(fileName: string, text: string, opts: { format?: string; options?: Readonly<Record<string, string>> }): FileReading {
  const { readings, sniffed, refusals } = fileReadings(fileName, text, opts);
  const refusal = refusals.find((r) => r.format === (opts.format ?? sniffed)) ?? refusals[0];
  // Another format only stands in for the one the lines suggest when its own evidence is for it.
  const usable = sniffed !== null && refusals.some((r) => r.format === sniffed) ? readings.filter((r) => weightOf(r) >= CLEAR_LEAD) : readings;
  if (usable.length === 0) {
    if (!refusal) throw new FormatError('no puzzle family recognises this file: give --format', fileName);
    if (opts.format !== undefined) throw refusal.error;
    const { format } = findFormat(refusal.format);
    // The formats that read the file (without evidence enough to take them unasked) come first in the advice.
    const read = [...new Set(readings.map((r) => r.options.format))];
    return guessed(undefined, format, read.length > 0 ? read : refusals.map((r) => r.format), () => {
      throw refusal.error;
    });
  }
  const chosen = pickReading(usable, fileName);
  // A reading the evidence is against is not taken unasked: the person may say so with its options.
  if (opts.format === undefined && weightOf(chosen) < 0)
    throw new FormatError(
      `the best reading, ${chosen.label}, is doubtful (${reasonsText({ evidence: chosen.evidence.filter((e) => e.weight < 0) })}): ${optionsText(chosen.options)} reads it so anyway`,
      fileName,
    );
  const note = opts.format === undefined && chosen.options.format !== sniffed && sniffed !== null ? pickedNote(chosen, usable) : null;
  const extra = note === null ? [] : [note];
  const guessedOnes =
    opts.format === undefined && chosen.options.format !== 'json' ? guessedNotes(undefined, findFormat(chosen.options.format).format, text) : [];
  return { ...chosen, value: chosen.value.map((p, i) => ({ ...p, notes: i === 0 ? [...guessedOnes, ...extra, ...p.notes] : p.notes })) };
}

/** Read any puzzle file the program knows. Errors are FormatErrors naming the file and line. */
export function readPuzzleFile(fileName: string, text: string, opts: { format?: string; options?: Readonly<Record<string, string>> } = {}): ReadPuzzle {
  const r = pickFileReading(fileName, text, opts);
  if (r.value.length > 1) {
    const format = findFormat(r.options.format).format;
    // The format's own word on a file of several puzzles (each becomes a puzzle when imported).
    format.read(text, fileName, opts.options);
    throw new FormatError(`the file holds ${r.value.length} puzzles: import them all (each becomes a puzzle)`, fileName);
  }
  return { ...r.value[0], name: baseName(fileName) };
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
  return pickFileReading(fileName, text, opts).value;
}
