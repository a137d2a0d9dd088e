/**
 * The bundled sample puzzles (`resources/instances/`) and seeding them into a library once.
 *
 * Each sample has a stable id; the ids already offered to a database are remembered in its
 * settings (`library.samples`), so a sample the user deleted stays deleted, and a sample added in
 * a later version still arrives on the next start.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeDocument, type PuzzleDocument } from '../../core/document/document';
import { readPuzzleFile } from '../../core/document/read-file';
import { getFamily } from '../../core/families';
import { matchCellsToPieces, piecesFormat } from '../../core/families/edge/formats';
import type { EdgePuzzle, FixedPiece } from '../../core/families/edge/model';
import type { FamilyId } from '../../core/families/family';
import type { Workbench } from './workbench';

export const SAMPLES_SETTING = 'library.samples';

export interface Sample {
  /** Stable id, remembered once offered. */
  id: string;
  name: string;
  family: FamilyId;
  /** Shown in the library's Source column (and searched). */
  source: string;
  document: PuzzleDocument;
}

/**
 * The folder holding `instances/`: `WORKBENCH_RESOURCES` if set, else the first `resources`
 * folder with an `instances` subfolder found walking up from this module (the repository root
 * both under tsx and in the built `out/main`), else Electron's `process.resourcesPath`. Null if none.
 */
export function findResourcesDir(from: string = path.dirname(fileURLToPath(import.meta.url))): string | null {
  const env = process.env.WORKBENCH_RESOURCES;
  if (env) return existsSync(path.join(env, 'instances')) ? env : null;
  const candidates: string[] = [];
  for (let dir = from, i = 0; i < 8; i++) {
    candidates.push(path.join(dir, 'resources'));
    const up = path.dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  const electronResources = (process as { resourcesPath?: string }).resourcesPath;
  if (electronResources) candidates.push(path.join(electronResources, 'resources'), electronResources);
  for (const c of candidates) {
    try {
      if (statSync(path.join(c, 'instances')).isDirectory()) return c;
    } catch {
      // not here
    }
  }
  return null;
}

/** E2's mandatory starter piece: 139 at I8 (row 9, column 8), turned twice (resources/instances/SOURCES.md). */
export const E2_STARTER: FixedPiece = { piece: 138, row: 8, col: 7, rotation: 2 };
/** The four optional clue-puzzle hints: 181 at N3, 208 at C3, 249 at N14, 255 at C14 (letter = row). */
export const E2_CLUE_HINTS: readonly FixedPiece[] = [
  { piece: 180, row: 13, col: 2, rotation: 3 },
  { piece: 207, row: 2, col: 2, rotation: 3 },
  { piece: 248, row: 13, col: 13, rotation: 0 },
  { piece: 254, row: 2, col: 13, rotation: 3 },
];

const EDGE_NAMES: Record<string, string> = {
  meta2010_10x10: 'META 2010 10×10',
  meta2010_12x12: 'META 2010 12×12',
  meta2010_14x14: 'META 2010 14×14',
  meta2010_16x16: 'META 2010 16×16',
  e2_clue1_6x6: 'Eternity II clue puzzle 1',
  e2_clue2_6x12: 'Eternity II clue puzzle 2',
  e2_clue3_6x6: 'Eternity II clue puzzle 3',
  e2_clue4_6x12: 'Eternity II clue puzzle 4',
};

/** `# name: …` on a comment line, for .maze and .grid files. */
function titleOf(text: string): string | null {
  const m = /^\s*#\s*name:\s*(.+?)\s*$/m.exec(text);
  return m ? m[1]! : null;
}

function fromFile(dir: string, file: string, name?: string): Sample {
  const text = readFileSync(path.join(dir, 'instances', file), 'utf8');
  const read = readPuzzleFile(file, text);
  const title = name ?? titleOf(text) ?? read.name;
  return {
    id: file,
    name: title,
    family: read.family,
    source: `bundled: ${file}`,
    document: makeDocument(read.family, title, read.puzzle, read.solution === undefined ? undefined : read.solution),
  };
}

function cellCount(s: Sample): number {
  const f = getFamily(s.family);
  const { rows, cols } = f.size(f.puzzleFromJson(s.document.puzzle));
  return rows * cols;
}

/** Every bundled sample, in the order the library should list them (first = top when sorted by date). */
export function bundledSamples(resourcesDir: string): Sample[] {
  const dir = path.join(resourcesDir, 'instances');
  const files = readdirSync(dir).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const out: Sample[] = [];
  const has = (f: string): boolean => files.includes(f);

  for (const base of Object.keys(EDGE_NAMES)) if (has(`${base}.txt`)) out.push(fromFile(resourcesDir, `${base}.txt`, EDGE_NAMES[base]));

  if (has('eternity2_256.txt')) {
    const file = 'eternity2_256.txt';
    const text = readFileSync(path.join(dir, file), 'utf8');
    const e2 = piecesFormat.read(text, file).puzzle as EdgePuzzle;
    const variant = (id: string, name: string, fixed: FixedPiece[], solution?: unknown): Sample => {
      const puzzle: EdgePuzzle = { ...e2, fixed };
      return { id, name, family: 'edge', source: `bundled: ${file}`, document: makeDocument('edge', name, puzzle, solution) };
    };
    out.push(variant('eternity2_256.txt#starter', 'Eternity II', [E2_STARTER]));
    out.push(variant('eternity2_256.txt#hints', 'Eternity II with the 4 clue hints', [E2_STARTER, ...E2_CLUE_HINTS]));
    const boardFile = 'eternity2_best470_board_blackwood.txt';
    if (has(boardFile)) {
      const cells = piecesFormat.read(readFileSync(path.join(dir, boardFile), 'utf8'), boardFile, { size: '16x16' }).puzzle as EdgePuzzle;
      const board = matchCellsToPieces({ ...e2, fixed: [E2_STARTER] }, cells.edges);
      const s = variant(`${boardFile}`, 'Eternity II — Blackwood’s 470 board', [E2_STARTER], board);
      out.push({ ...s, source: `bundled: ${boardFile}` });
    }
  }

  // Mazes and grids smallest first.
  const bySize = (list: Sample[]): Sample[] =>
    list
      .map((s) => ({ s, cells: cellCount(s) }))
      .sort((a, b) => a.cells - b.cells)
      .map((x) => x.s);
  out.push(...bySize(files.filter((f) => /\.maze$/i.test(f)).map((f) => fromFile(resourcesDir, f))));
  out.push(...bySize(files.filter((f) => /\.grid$/i.test(f)).map((f) => fromFile(resourcesDir, f))));
  return out;
}

export interface SeedResult {
  added: number;
  /** One line per sample that could not be read (it is tried again next time). */
  failed: string[];
}

/**
 * Add every bundled sample this database has not been offered yet. Safe to call on every start;
 * atomic per database (two processes starting together add each sample once).
 */
export function seedLibrary(wb: Workbench, resourcesDir: string | null = findResourcesDir()): SeedResult {
  const result: SeedResult = { added: 0, failed: [] };
  if (!resourcesDir) return result;
  let samples: Sample[];
  try {
    samples = bundledSamples(resourcesDir);
  } catch (err) {
    result.failed.push(`bundled samples in ${resourcesDir}: ${err instanceof Error ? err.message : String(err)}`);
    return result;
  }
  const { store } = wb;
  // Listed first = newest, so the library's default order (recently updated) shows them in list order.
  const fresh = (seen: readonly string[]): Sample[] => samples.filter((s) => !seen.includes(s.id)).reverse();
  const current = store.getSetting(SAMPLES_SETTING);
  const seenNow = Array.isArray(current) ? (current as string[]) : [];
  if (fresh(seenNow).length === 0) return result;
  store.updateSetting(SAMPLES_SETTING, (value) => {
    const seen = Array.isArray(value) ? (value as string[]).filter((x) => typeof x === 'string') : [];
    const added: string[] = [];
    for (const s of fresh(seen)) {
      try {
        const { rows, cols } = getFamily(s.family).size(getFamily(s.family).puzzleFromJson(s.document.puzzle));
        store.addPuzzle({ name: s.name, family: s.family, source: s.source, document: s.document, rows, cols });
        added.push(s.id);
      } catch (err) {
        result.failed.push(`${s.id}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    result.added = added.length;
    return [...seen, ...added];
  });
  if (result.added > 0) wb.notifyPuzzlesChanged();
  return result;
}
