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
import { allFamilies, getFamily } from '../../core/families';
import type { FamilyId, SampleFiles } from '../../core/families/family';
import { readSetting, updateSetting } from './settings';
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

/**
 * Every bundled sample, in the order the library should list them (first = top when sorted by
 * date): each family's own list (`Family.samples`), families in registry order. Main only reads
 * the files for them and wraps what they make into documents.
 */
export function bundledSamples(resourcesDir: string): Sample[] {
  const dir = path.join(resourcesDir, 'instances');
  const files: SampleFiles = {
    names: readdirSync(dir).sort((a, b) => a.localeCompare(b, 'en', { numeric: true })),
    read: (name) => readFileSync(path.join(dir, name), 'utf8'),
  };
  return allFamilies().flatMap((family) =>
    (family.samples?.(files) ?? []).map((s) => ({
      id: s.id,
      name: s.name,
      family: family.id,
      source: `bundled: ${s.file}`,
      document: makeDocument(family.id, s.name, s.puzzle, s.solution),
    })),
  );
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
  if (fresh(readSetting(store, SAMPLES_SETTING) ?? []).length === 0) return result;
  updateSetting(store, SAMPLES_SETTING, (value) => {
    const seen = value ?? [];
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
