/** Line handling shared by the text formats of every family. */

/** Non-blank lines with `#` comments removed, each with its 1-based line number. */
export function contentLines(text: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  for (let k = 0; k < lines.length; k++) {
    const hash = lines[k].indexOf('#');
    const body = (hash >= 0 ? lines[k].slice(0, hash) : lines[k]).trim();
    if (body) out.push({ line: k + 1, text: body });
  }
  return out;
}

/** The number of the last line, for errors about something missing at the end of a file. */
export function lastLine(text: string): number {
  return text.split(/\r\n|\r|\n/).length;
}

/** A whole number as written in a file. */
export const INT = /^[+-]?\d+$/;
