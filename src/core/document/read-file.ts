import type { AnyFamily, FamilyId, FormatReading, Sniffer, TextShape } from '../families/family';
import { allFamilies } from '../families';
import { documentFromText } from './document';
import { escapeControls } from '../text/display';
import { FormatError, OptionElsewhere } from './errors';
import { checkFileSize, checkLineLength } from './limits';
import { CLEAR_LEAD, optionsText, pickReading, pickedNote, ranked, reasonsText, weightOf, type Reading } from './readings';
import { nounFor } from '../text/plural';
import { fileNameOnly } from './file-name';
import { commentStart, commentText, isLineComment } from './comments';

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

const baseName = (fileName: string): string => {
  const name = fileNameOnly(fileName);
  const dot = name.lastIndexOf('.');
  return dot >= 0 && dot < name.length - 1 ? name.slice(0, dot) : name;
};
const ext = (fileName: string): string => {
  const name = fileNameOnly(fileName);
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
};

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
      said: raw.map(commentText).join(' ').toLowerCase(),
      lines: raw
        .filter((l) => !isLineComment(l.trim()))
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
    // JSON that does not say it is a Puzzle Workbench document is another program's save.
    if (given === undefined && !/"format"\s*:\s*"puzzle-workbench"/.test(text)) return fileReadings(fileName, text, { ...opts, format: 'save' });
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
  const own = refusals.filter((r) => !(r.error instanceof OptionElsewhere));
  const refusal = own.find((r) => r.format === (opts.format ?? sniffed)) ?? own[0] ?? refusals[0];
  // Another format only stands in for the one the lines suggest when its own evidence is for it.
  const usable = sniffed !== null && refusals.some((r) => r.format === sniffed) ? readings.filter((r) => weightOf(r) >= CLEAR_LEAD) : readings;
  if (usable.length === 0) {
    if (!refusal) throw new FormatError('no puzzle family recognises this file: give --format', fileName);
    if (opts.format !== undefined) throw refusal.error;
    const { format } = findFormat(refusal.format);
    // The formats that read the file (without evidence enough to take them unasked) come first in the advice.
    const read = [...new Set(readings.map((r) => r.options.format))];
    const { error: advised, advice } = adviseRefusal(fileName, text, refusal, refusals, readings, opts.options);
    // Advice that was tried and reads stands in for the list of other formats.
    return guessed(undefined, format, advice ? [] : read.length > 0 ? read : refusals.map((r) => r.format), () => {
      throw advised;
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

// ---------------------------------------------------------------------------------------------
// Refusals that say what is wrong with the file and the one thing to do

type Refusal = { format: string; error: FormatError };

/** A format's name for messages: "jump maze", "piece list". */
const formatName = (id: string): string =>
  findFormat(id)
    .format.label.replace(/ \(.*\)$/, '')
    .toLowerCase();

/** How far a reader got before refusing: the share of the file's content lines before the one refused (1 when it read them all). */
function reachOf(e: FormatError, contentLines: readonly number[]): number {
  if (e.line === undefined || contentLines.length === 0) return 1;
  let before = 0;
  for (const n of contentLines) if (n < e.line) before++;
  return before / contentLines.length;
}

/** A reader's own words without the file and line, long quotes of the file cut so the advice after them stays on screen. */
function ownWords(e: FormatError): string {
  const where = e.file !== undefined ? `${escapeControls(e.file)}${e.line !== undefined ? `:${e.line}` : ''}: ` : '';
  const own = e.message.startsWith(where) ? e.message.slice(where.length) : e.message;
  return own.replace(/"([^"]{36,})"/g, (_, q: string) => `"${q.slice(0, 32)}..."`);
}

/** Options a refusal suggests (`--size 5x5`, `--order trbl`, `--format tetravex`), each a way to try. */
function suggestedOptions(message: string): Record<string, string>[] {
  const out: Record<string, string>[] = [];
  const all: Record<string, string> = {};
  for (const m of message.matchAll(/--(size|order|numbering|rows|format) ([\w]+)/g)) {
    if (m[1] === 'format' && m[2].includes('|')) continue;
    out.push({ [m[1]]: m[2] });
    all[m[1]] = m[2];
  }
  if (out.length > 1) out.unshift(all);
  return out;
}

/** Probes a refusal may make: enough to find the one option that reads a file, bounded so a refusal stays fast. */
const MAX_PROBES = 8;

/**
 * The refusal of a file no format reads, with what is wrong in the file's own terms and the one
 * thing to do: the closest other reading when another format got further into the file, and
 * advice that was tried and reads the file (options a refusal suggests, a reading too weak to take
 * unasked, or the lines to remove when only lines that are not puzzle data stop every reader).
 */
function adviseRefusal(
  fileName: string,
  text: string,
  lead: Refusal,
  refusals: readonly Refusal[],
  weak: readonly FileReading[],
  given: Readonly<Record<string, string>> | undefined,
): { error: FormatError; advice: boolean } {
  const lines = text.split(/\r\n|\r|\n/);
  const content: number[] = [];
  lines.forEach((l, i) => {
    if (l.trim() !== '') content.push(i + 1);
  });
  const leadReach = reachOf(lead.error, content);
  const others = refusals
    .filter((r) => r.format !== lead.format)
    .map((r) => ({ ...r, reach: reachOf(r.error, content) }))
    .sort((a, b) => b.reach - a.reach);
  let probes = 0;
  const readsWith = (options: Record<string, string>): string | null => {
    if (probes++ >= MAX_PROBES) return null;
    try {
      const { format, ...rest } = options;
      const { readings } = fileReadings(fileName, text, { format, options: { ...given, ...rest } });
      if (readings.length === 0) return null;
      const chosen = pickReading(readings, fileName);
      return weightOf(chosen) >= 0 ? chosen.label : null;
    } catch (e) {
      if (!(e instanceof FormatError)) throw e;
      return null;
    }
  };
  let advice: string | null = null;
  let from: Refusal | null = null;
  // A reading too weak to take unasked reads the file: its options say it outright.
  const best = ranked(weak)[0];
  if (best && weightOf(best) >= 0) advice = `give ${optionsText(best.options)} to read it as ${best.label}`;
  // What the readers suggest, tried for their own format, the lead's first, then the others' by how far they got.
  for (const r of [lead, ...others]) {
    for (const o of suggestedOptions(ownWords(r.error))) {
      if (advice !== null) break;
      const options = { format: o.format ?? r.format, ...o };
      const label = readsWith(options);
      if (label === null) continue;
      advice = `give ${optionsText(options)} to read it as ${label}`;
      if (options.format !== lead.format) from = r;
    }
  }
  advice ??= linesToRemove(fileName, lines, given);
  // Without advice that reads, the reader that got furthest into the file (past the lead's line) is named.
  const closer = from ?? (advice === null && others.length > 0 && others[0].error.line !== undefined && others[0].reach > leadReach ? others[0] : null);
  const said = ownWords(lead.error);
  const further = closer && !from ? `; as ${withArticle(formatName(closer.format))} it gets to line ${closer.error.line}: ${ownWords(closer.error)}` : '';
  return { error: new FormatError(`${said}${further}${advice ? `: ${advice}` : ''}`, lead.error.file ?? fileName, lead.error.line), advice: advice !== null };
}

const withArticle = (name: string): string => (/s$/.test(name) ? name : /^[aeiou]/.test(name) ? `an ${name}` : `a ${name}`);

/** Lines that are not puzzle data: words (not colour letters), `[sections]`, `key = value` settings. */
const NOT_DATA = /[a-z]{2,}.*[a-z]{2,}|^\s*\[.*\]\s*$|^\s*[a-z][\w .-]*\s*[:=]/i;

/**
 * When lines that are not puzzle data stop every reader and the rest reads, the advice is to
 * remove them (named by number); null otherwise.
 */
function linesToRemove(fileName: string, lines: readonly string[], given: Readonly<Record<string, string>> | undefined): string | null {
  const drop: number[] = [];
  const kept = lines.map((l, i) => {
    if (!NOT_DATA.test(l) || /^\s*(#|\/\/)/.test(l)) return l;
    drop.push(i + 1);
    return '';
  });
  if (drop.length === 0 || drop.length === lines.length) return null;
  try {
    const { readings } = fileReadings(fileName, kept.join('\n'), { options: given });
    const usable = readings.filter((r) => weightOf(r) >= CLEAR_LEAD);
    if (usable.length === 0) return null;
    const chosen = pickReading(usable, fileName);
    const shown = drop.slice(0, 4).join(', ') + (drop.length > 4 ? ` and ${drop.length - 4} more` : '');
    return `remove ${nounFor(drop.length, 'line')} ${shown} (not puzzle data) to read it as ${chosen.label}`;
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
    return null;
  }
}
