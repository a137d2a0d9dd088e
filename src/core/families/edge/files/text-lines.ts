import { commentStart, commentText, isLineComment } from '../../../document/comments';
/**
 * Lines of the edge files people have: `#`, `//` and `c` (DIMACS-style `.puz`) comments, blank
 * lines, and fields split by whitespace or by commas/semicolons (CSV, where an empty field is
 * grey). Comments are kept apart because some of them say what the columns are.
 */

export interface TextLine {
  /** 1-based line number in the file. */
  no: number;
  /** The content without its comment, trimmed. */
  text: string;
  /** Fields; in CSV lines an empty field is the empty string. */
  tokens: string[];
  csv: boolean;
}

export interface SplitText {
  lines: TextLine[];
  /** Comment texts with their line numbers, in file order. */
  comments: { no: number; text: string }[];
}

export function splitLines(text: string, keepRaw?: (raw: string, no: number) => boolean): SplitText {
  const lines: TextLine[] = [];
  const comments: { no: number; text: string }[] = [];
  text.split(/\r\n|\n|\r/).forEach((raw, k) => {
    const no = k + 1;
    const t = raw.trim();
    if (keepRaw?.(t, no)) return;
    if (isLineComment(t)) {
      comments.push({ no, text: t.slice(1).trim() });
      return;
    }
    let body = t;
    const at = commentStart(body);
    if (at >= 0) {
      comments.push({ no, text: commentText(body).trim() });
      body = body.slice(0, at).trim();
    }
    if (!body) return;
    const csv = /[,;]/.test(body);
    const tokens = csv ? body.split(/[,;]/).map((x) => x.trim()) : body.split(/\s+/);
    lines.push({ no, text: body, tokens, csv });
  });
  return { lines, comments };
}

/** A non-negative decimal integer up to `max`, or NaN. */
export function nat(token: string, max: number): number {
  if (!/^\d{1,9}$/.test(token)) return NaN;
  const v = Number(token);
  return v <= max ? v : NaN;
}

/** A colour written as a binary word (`0000000000000011` = 3): at least 8 digits, so `0` and `1` stay decimal. */
export const BINARY_WORD = /^[01]{8,32}$/;
