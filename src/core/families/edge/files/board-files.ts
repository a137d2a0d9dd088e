import { withoutBom } from '../../../document/bom';
import { FormatError } from '../../../document/errors';
import { escapeControls } from '../../../text/display';
import { readAsciiBoard } from './ascii-board';
import type { BoardText } from './boards';
import { findInSave, type SaveContent } from './save-tree';
import { readXmlTree } from './xml-tree';

/**
 * Boards in files other programs write that are not lines of numbers: a board drawn as text and
 * a JSON or XML save. Each is null when the text is not of that kind, so the line readers of
 * boards.ts come next.
 */

/** A text that opens like JSON or XML. */
export function saveKind(text: string): 'json' | 'xml' | null {
  const head = /^\uFEFF?\s*([{[<])/.exec(text.slice(0, 4096));
  if (!head) return null;
  return head[1] === '<' ? 'xml' : 'json';
}

/** The tree of a JSON or XML save; null when the text is neither (a `[` that does not parse is not JSON). */
export function parseSave(text: string, file: string): { kind: 'json' | 'xml'; tree: unknown } | null {
  const kind = saveKind(text);
  if (kind === 'xml') return { kind, tree: readXmlTree(withoutBom(text), file) };
  if (kind !== 'json') return null;
  try {
    return { kind, tree: JSON.parse(withoutBom(text)) as unknown };
  } catch (e) {
    if (/^\s*\[/.test(text)) return null;
    const m = /position (\d+)/.exec((e as Error).message);
    const line = m ? lineOf(text, Number(m[1])) : undefined;
    throw new FormatError(`invalid JSON (${escapeControls((e as Error).message.replace(/^.*?: /, '')).slice(0, 160)})`, file, line);
  }
}

/** What a save holds, or null when the text is not a save. */
export function readSave(text: string, file: string): SaveContent | null {
  const parsed = parseSave(text, file);
  return parsed ? findInSave(parsed.tree, file) : null;
}

/** The board of a JSON or XML save (null when the text is not one; a FormatError when it holds no board). */
export function savedBoard(text: string, file: string): BoardText | null {
  const save = readSave(text, file);
  if (!save) return null;
  if (!save.board) throw new FormatError('the save holds no board (a grid or list of piece numbers, piece and rotation pairs, or colours four a cell)', file);
  return save.board;
}

/** A board drawn as text, as cells of colours (top right bottom left); null when the text is not a drawing. */
export function drawnBoard(text: string, file: string, want?: { rows: number; cols: number }): BoardText | null {
  let drawn;
  try {
    drawn = readAsciiBoard(text, file, want);
  } catch (e) {
    if (e instanceof FormatError) return null;
    throw e;
  }
  const edges = drawn.edges.slice();
  return {
    name: '',
    line: drawn.line,
    rows: drawn.rows,
    cols: drawn.cols,
    cells: drawn.rows * drawn.cols,
    pieces: null,
    rotations: null,
    edges,
    edgesClockwise: true,
    notes: ['a board drawn as text: each cell read from the colours around it', ...drawn.notes],
  };
}

/** The 1-based line of a position in a text (one pass up to it). */
function lineOf(text: string, at: number): number {
  let n = 1;
  for (let i = 0; i < at && i < text.length; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
}
