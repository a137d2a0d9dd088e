/**
 * The byte order mark (U+FEFF) some editors (Notepad, Excel's "UTF-8" CSV) put at the start of a
 * UTF-8 file. It says nothing about the content, and JSON.parse refuses it, so every reader of a
 * file's text drops it first: the CLI where it reads a file, the save reader here. (A browser's
 * `File.text()` drops it already.)
 */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
