import type { TextLine } from './text-lines';

/**
 * What other programs write around a board: a title (`Solution:`), a score (`score: 443`,
 * `443/480 matched edges`), a size (`16x16`, `size: 16`), a cell count. None of it is a cell; the
 * size is checked against the puzzle and the score weighs the readings of the board (a reading
 * that scores what the file says it scores is the one the file means).
 */
export interface BoardMeta {
  /** The lines that may be cells. */
  lines: TextLine[];
  /** A size the metadata states, with its line. */
  size: { rows: number; cols: number; no: number } | null;
  /** A score the metadata states (matching joins). */
  score: number | null;
  /** One line each: which lines were read as metadata. */
  notes: string[];
}

/** A word of two letters or more, or a line ending in a colon: a line for people, not cells. */
const WORDY = /[A-Za-z]{2}|:\s*$/;
const SIZE_RC = /(?<!\d)(\d{1,4})\s*[xX×*]\s*(\d{1,4})(?!\d)/;
const SIZE_ONE = /\b(?:size|side|n)\s*[:=]?\s*(\d{1,4})\b/i;
const SIZE_KEYS = /\b(rows|height|h|cols|columns|width|w)\s*[:=]?\s*(\d{1,4})\b/gi;
const SCORE = /\b(?:score|joins|matched|matches|matching)\b\D{0,12}?(\d{1,6})(?!\s*[xX×])/i;
const FRACTION = /(?<!\d)(\d{1,6})\s*\/\s*(\d{1,6})(?!\d)/;

/** The metadata lines of a board file taken out (one pass over the lines). */
export function boardMeta(all: readonly TextLine[], cells: number): BoardMeta {
  const lines: TextLine[] = [];
  const notes: string[] = [];
  let size: BoardMeta['size'] = null;
  let score: number | null = null;
  for (const l of all) {
    if (!WORDY.test(l.text)) {
      lines.push(l);
      continue;
    }
    notes.push(`line ${l.no} (${l.text.slice(0, 30)}) read as a note`);
    // Bounded: a line is at most MAX_LINE_CHARS and each pattern scans it once.
    const text = l.text.length > 400 ? l.text.slice(0, 400) : l.text;
    const rc = SIZE_RC.exec(text);
    if (rc && !size) size = { rows: Number(rc[1]), cols: Number(rc[2]), no: l.no };
    else if (!size) {
      const keys = new Map<string, number>();
      for (const m of text.matchAll(SIZE_KEYS)) keys.set(m[1].toLowerCase(), Number(m[2]));
      const rows = keys.get('rows') ?? keys.get('height') ?? keys.get('h');
      const cols = keys.get('cols') ?? keys.get('columns') ?? keys.get('width') ?? keys.get('w');
      if (rows !== undefined && cols !== undefined) size = { rows, cols, no: l.no };
      else {
        const one = SIZE_ONE.exec(text);
        if (one) size = { rows: Number(one[1]), cols: Number(one[1]), no: l.no };
      }
    }
    if (score === null) {
      const s = SCORE.exec(text);
      const f = FRACTION.exec(text);
      if (s) score = Number(s[1]);
      else if (f && Number(f[1]) <= Number(f[2])) score = Number(f[1]);
    }
  }
  // A lone number before the cells: their count, or the side of a square board.
  if (lines.length > 1 && lines[0].tokens.length === 1 && /^\d{1,6}$/.test(lines[0].tokens[0])) {
    const v = Number(lines[0].tokens[0]);
    if (v === cells || v * v === cells) {
      notes.push(`line ${lines[0].no} (${lines[0].text}) read as the board's ${v === cells ? 'cell count' : 'side'}`);
      if (!size && v * v === cells) size = { rows: v, cols: v, no: lines[0].no };
      lines.shift();
    }
  }
  return { lines, size, score, notes };
}
