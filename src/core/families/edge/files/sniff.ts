import { looksLikeTetravex } from './tetravex';
import { looksLikeAsciiBoard } from './ascii-board';
import { saveKind } from './board-files';
import { iniPieces, readIni } from './ini';
import { splitLines } from './text-lines';

/**
 * Edge files that the generic shape rules of format detection would take for something else:
 * Tetravex tiles by their content (packed `0838` tiles look like a maze row), a hint count
 * first (`0`, or `k` and k hint lines, then the pieces: a lone number looks like a maze size),
 * pieces whose colours are binary words, an XML save, an INI file with a section of pieces, and a
 * board drawn as text. Null when none of these.
 */
export function sniffEdgeText(text: string): 'tetravex' | 'pieces' | 'save' | 'ini' | 'drawn' | null {
  const save = saveKind(text);
  if (save === 'xml' || (save === 'json' && parsesAsJson(text))) return 'save';
  const ini = readIni(text);
  if (ini && iniPieces(ini)) return 'ini';
  if (looksLikeAsciiBoard(text)) return 'drawn';
  if (looksLikeTetravex(text)) return 'tetravex';
  const { lines } = splitLines(text);
  if (lines.length < 2) return null;
  const first = lines[0].tokens;
  const pieceLine = (t: string[]): boolean => (t.length === 4 || t.length === 5) && t.every((x) => /^\d{1,9}$/.test(x) || (x === '' && t.length > 1));
  const binaryLine = (t: string[]): boolean => (t.length === 4 || t.length === 5) && t.slice(-4).every((x) => /^[01]{8,32}$/.test(x));
  const rest = lines.slice(1).map((l) => l.tokens);
  if (first.length <= 2 && first.every((x) => /^\d{1,6}$/.test(x)) && rest.every(binaryLine)) return 'pieces';
  if (first.length === 1 && /^\d{1,6}$/.test(first[0])) {
    const k = Number(first[0]);
    const pieces = rest.slice(k);
    // A maze of size k has k rows and nothing after them (or the next maze's size line).
    if (pieces.length >= 2 && pieces.every(pieceLine)) return 'pieces';
  }
  return null;
}

function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
