import { FormatError } from './errors';
import { countText, mibText } from '../text/numbers';

/**
 * How much text a reader takes. Checked before any parsing, so a huge file or one endless line is
 * refused in one line at once instead of being worked through; well above any real puzzle file
 * (the largest board, 32,767 cells, is a 131,068-letter URL; 5,000 16x16 boards are about 6 MB).
 */
export const MAX_FILE_BYTES = 32 * 1024 * 1024;
/**
 * The largest request the app sends its server: a file of MAX_FILE_BYTES inside a JSON message
 * grows with its escapes (each newline two characters), so twice that and room for the rest; a
 * larger one (a file of control characters) is refused in one line before it is sent.
 */
export const MAX_MESSAGE_BYTES = 2 * MAX_FILE_BYTES + 1024 * 1024;
/** Longest line of a text format (JSON documents are exempt: they may be written on one line). */
export const MAX_LINE_CHARS = 1024 * 1024;

/** Throws a FormatError naming the file when `text` is longer than MAX_FILE_BYTES (a string is never more characters than its UTF-8 bytes). */
export function checkFileSize(text: string, fileName: string): void {
  if (text.length > MAX_FILE_BYTES)
    throw new FormatError(`the file is larger than ${mibText(MAX_FILE_BYTES)}, the most a puzzle file may be (${sizeText(text.length)})`, fileName);
}

/** Throws a FormatError naming the file and line of the first line longer than MAX_LINE_CHARS. One pass. */
export function checkLineLength(text: string, fileName: string): void {
  if (text.length <= MAX_LINE_CHARS) return;
  let start = 0;
  let line = 1;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 10;
    if (c !== 10 && c !== 13) continue;
    if (i - start > MAX_LINE_CHARS)
      throw new FormatError(`a line of ${countText(i - start)} characters; lines may have at most ${countText(MAX_LINE_CHARS)}`, fileName, line);
    if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
    start = i + 1;
    line++;
  }
}

/** Both limits: what every text reader checks before it reads. */
export function checkTextLimits(text: string, fileName: string): void {
  checkFileSize(text, fileName);
  checkLineLength(text, fileName);
}

function sizeText(chars: number): string {
  return chars >= 2 ** 20 ? `${mibText(chars)} or more` : `${countText(chars)} characters`;
}
