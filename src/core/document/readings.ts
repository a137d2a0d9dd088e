import { FormatError } from './errors';

/**
 * Readings of a file, weighed. A file may be read in several ways (family, format, header, edge
 * order, size, piece numbering, row direction); every reader offers the readings it finds
 * plausible, each with evidence that does not depend on knowing the file (the piece count fits a
 * board, the frame has its 4 corners, every colour pairs up, a short search solves it). One
 * reading is taken only when it clearly leads; otherwise the top readings are named with the
 * options that pick each, never silently guessed. The same list serves a preview that shows the
 * readings and lets a person switch between them.
 */

/** One reason for or against a reading, with its weight (positive for, negative against). */
export interface Evidence {
  reason: string;
  weight: number;
}

export interface Reading<T> {
  /** What the reading takes the file for, short: "Tetravex 3x3, top bottom left right". */
  label: string;
  /** The reader options that select this reading (format, order, size, numbering, rows), as the CLI and import dialog pass them. */
  options: Record<string, string>;
  evidence: Evidence[];
  /** Equal for readings that make the same puzzle (those are never a choice to put to anyone). */
  key: string;
  value: T;
}

/** How far ahead the leading reading must be to be taken without asking. */
export const CLEAR_LEAD = 2;

export const weightOf = (r: { evidence: readonly Evidence[] }): number => r.evidence.reduce((a, e) => a + e.weight, 0);

/** Readings heaviest first (stable: among equals the reader's own order, its preferred reading first). */
export function ranked<T>(readings: readonly Reading<T>[]): Reading<T>[] {
  return readings
    .map((r, i) => ({ r, i, w: weightOf(r) }))
    .sort((a, b) => b.w - a.w || a.i - b.i)
    .map((x) => x.r);
}

/** `--order tblr --size 3x3` for a reading's options (the format only when `withFormat`). */
export function optionsText(options: Readonly<Record<string, string>>, withFormat = true): string {
  return Object.entries(options)
    .filter(([k]) => withFormat || k !== 'format')
    .map(([k, v]) => `--${k} ${v}`)
    .join(' ');
}

/** The strongest reasons of a reading, for one line. */
export function reasonsText(r: { evidence: readonly Evidence[] }, most = 2): string {
  return [...r.evidence]
    .sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight))
    .slice(0, most)
    .map((e) => e.reason)
    .join('; ');
}

/** A choice put to the person: the readings that fit about as well and make different puzzles. */
export interface ReadingChoice {
  label: string;
  options: Record<string, string>;
  weight: number;
  reasons: string[];
}

/** No reading clearly leads: the message names the top readings and the options that pick each. */
export class AmbiguousReadingError extends FormatError {
  constructor(
    readonly choices: ReadingChoice[],
    file?: string,
    line?: number,
  ) {
    super(
      `${choices.length} readings fit about as well and make different puzzles; pick one: ${choices
        .map((c) => `${optionsText(c.options) || 'no option'} reads ${c.label} (${c.reasons.slice(0, 2).join('; ') || 'no evidence either way'})`)
        .join(' | ')}`,
      file,
      line,
    );
    this.name = 'FormatError';
  }
}

/**
 * The reading to take: the heaviest, when no reading making a different puzzle comes within
 * CLEAR_LEAD of it (options the person gave narrow the list before). Throws AmbiguousReadingError
 * naming up to 3 readings otherwise. `readings` must not be empty.
 */
export function pickReading<T>(readings: readonly Reading<T>[], file?: string, most = 3): Reading<T> {
  const order = ranked(readings);
  const best = order[0];
  const top = weightOf(best);
  const close = order.filter((r) => r.key !== best.key && top - weightOf(r) < CLEAR_LEAD);
  if (close.length === 0) return best;
  const shown: Reading<T>[] = [best];
  for (const r of close) if (shown.length < most && !shown.some((s) => s.key === r.key)) shown.push(r);
  throw new AmbiguousReadingError(
    shown.map((r) => ({
      label: r.label,
      options: r.options,
      weight: weightOf(r),
      reasons: [...r.evidence].sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight)).map((e) => e.reason),
    })),
    file,
  );
}

/** A note saying why the reading was taken, when there was more than one to weigh. */
export function pickedNote<T>(chosen: Reading<T>, all: readonly Reading<T>[]): string | null {
  const others = all.filter((r) => r.key !== chosen.key);
  if (others.length === 0) return null;
  const next = ranked(others)[0];
  return `read as ${chosen.label} (${reasonsText(chosen)}), not ${next.label}${optionsText(next.options) ? ` (${optionsText(next.options)})` : ''}`;
}
