/**
 * The comments text files carry, in one place: `#` and `//` to the end of a line, and a line that
 * is `c` and text (DIMACS-style `.puz`). The sniffing of every file and the edge readers both
 * read them so; the jump and parity formats, this program's own, write and read `#` only.
 */

/** Where a line's `#` or `//` comment starts (-1 when it has none). */
export function commentStart(line: string): number {
  const hash = line.indexOf('#');
  const slashes = line.indexOf('//');
  return hash < 0 ? slashes : slashes < 0 ? hash : Math.min(hash, slashes);
}

/** The text of a line's `#` or `//` comment, without its mark ('' when it has none). */
export function commentText(line: string): string {
  const at = commentStart(line);
  return at < 0 ? '' : line.slice(at + (line[at] === '#' ? 1 : 2));
}

/**
 * A whole-line DIMACS-style comment (`c`, then a space or nothing), the line trimmed; not a piece
 * whose colours are letters (`c a b d`, a piece number after it or not), which starts the same way.
 */
export const isLineComment = (trimmed: string): boolean => /^c(\s|$)/.test(trimmed) && !/^c(\s+[a-z]){3}(\s+\d+)?$/i.test(trimmed);
