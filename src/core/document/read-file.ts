import type { AnyFamily, FamilyId } from '../families/family';
import { families } from '../families';
import { documentFromText } from './document';
import { FormatError } from './errors';

export interface ReadPuzzle {
  family: FamilyId;
  name: string;
  format: string;
  puzzle: unknown;
  solution: unknown;
}

/** Every text format of every family, plus the JSON document. */
export function listFormats(): { family: FamilyId; id: string; label: string; extensions: readonly string[] }[] {
  return Object.values(families).flatMap((f: AnyFamily) =>
    f.formats.map((fmt) => ({ family: f.id, id: fmt.id, label: fmt.label, extensions: fmt.extensions })),
  );
}

function findFormat(id: string): { family: AnyFamily; format: AnyFamily['formats'][number] } {
  for (const family of Object.values(families)) {
    const format = family.formats.find((f) => f.id === id);
    if (format) return { family, format };
  }
  throw new FormatError(`unknown format "${id}" (known: json, ${listFormats().map((f) => f.id).join(', ')})`);
}

const baseName = (fileName: string): string => (fileName.split(/[\\/]/).pop() ?? fileName).replace(/\.[^.]+$/, '');
const ext = (fileName: string): string => (/\.([^.\\/]+)$/.exec(fileName)?.[1] ?? '').toLowerCase();

/**
 * Guess the format of a text file. Extensions decide where they are specific; `.txt` files are
 * told apart by shape (4 numbers a line = edge pieces; `n` or `rows cols` then rows = a maze;
 * `n m` then rows of 0/1 = a parity grid). `format` overrides the guess.
 */
export function detectFormat(fileName: string, text: string): string {
  const e = ext(fileName);
  if (e === 'json' || /^\s*\{/.test(text)) return 'json';
  if (text.includes('board_edges=')) return 'bucas';
  for (const f of listFormats()) if (e && e !== 'txt' && f.extensions.includes(e)) return f.id;
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.replace(/#.*/, '').trim())
    .filter((l) => l.length > 0)
    .map((l) => l.split(/[\s,]+/));
  if (lines.length === 0) return 'pieces';
  const first = lines[0];
  const rest = lines.slice(1);
  if (first.length === 1) return 'maze';
  if (first.length === 2) {
    if (rest.length === 0) return 'grid';
    if (rest.every((l) => l.length === 4) && rest.length !== Number(first[0])) return 'pieces';
    const binary = rest.every((l) => l.every((t) => t === '0' || t === '1') || /^[01]+$/.test(l.join('')));
    return binary ? 'grid' : 'maze';
  }
  return 'pieces';
}

/** Read any puzzle file the program knows. Errors are FormatErrors naming the file and line. */
export function readPuzzleFile(fileName: string, text: string, opts: { format?: string; options?: Readonly<Record<string, string>> } = {}): ReadPuzzle {
  const formatId = opts.format ?? detectFormat(fileName, text);
  if (formatId === 'json') {
    const { doc, puzzle, solution } = documentFromText(text, fileName);
    return { family: doc.family, name: doc.name || baseName(fileName), format: 'json', puzzle, solution };
  }
  const { family, format } = findFormat(formatId);
  const parsed = format.read(text, fileName, opts.options);
  return { family: family.id, name: baseName(fileName), format: format.id, puzzle: parsed.puzzle, solution: parsed.solution };
}
