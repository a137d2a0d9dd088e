/**
 * Issue 52 item 3: one table of families in the renderer. Each family folder exports one entry
 * (families/<id>/index.ts) and only families/index.ts lists them: no other module imports from
 * two family folders (a second per-family table would), and the table holds every built-in family
 * and answers any other id with the generic grid view. The table loads no Svelte (Node imports it).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAMILY_IDS } from '../../../src/core/families/family';
import { FAMILY_KEYS, familyEntry, isBuiltIn } from '../../../src/renderer/src/families';

const SRC = path.resolve('src/renderer/src');
const FOLDERS = readdirSync(path.join(SRC, 'families'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const file = path.join(dir, d.name);
    return d.isDirectory() ? sources(file) : /\.(ts|svelte)$/.test(d.name) ? [file] : [];
  });
}

/** The family folders a module imports from (its own folder aside). */
function familyImports(file: string): string[] {
  const own = path.relative(path.join(SRC, 'families'), file).split(path.sep)[0];
  const found = new Set<string>();
  for (const m of readFileSync(file, 'utf8').matchAll(/(?:from\s+|import\s*\(\s*)['"]([^'"]+)['"]/g)) {
    const target = path.resolve(path.dirname(file), m[1]!);
    const rel = path.relative(path.join(SRC, 'families'), target).split(path.sep);
    if (rel[0] !== '..' && FOLDERS.includes(rel[0]!) && rel[0] !== own) found.add(rel[0]!);
  }
  return [...found];
}

describe('the renderer’s one table of families', () => {
  it('is the only module that imports from more than one family folder', () => {
    const tables = sources(SRC).filter((f) => familyImports(f).length > 1);
    expect(tables.map((f) => path.relative(SRC, f))).toEqual([path.join('families', 'index.ts')]);
    expect(familyImports(path.join(SRC, 'families', 'index.ts')).sort()).toEqual(FOLDERS.slice().sort());
  });

  it('holds an entry for every built-in family, and the generic grid view for any other id', () => {
    for (const id of FAMILY_IDS) {
      expect(isBuiltIn(id)).toBe(true);
      expect(familyEntry(id).id).toBe(id);
    }
    expect(isBuiltIn('toy')).toBe(false);
    expect(familyEntry('toy').id).toBe('grid');
    expect(Object.keys(FAMILY_KEYS)).toEqual([...FAMILY_IDS, 'grid']);
  });

  it('loads each entry’s components only when asked (lazy loaders)', () => {
    for (const id of [...FAMILY_IDS, 'toy']) {
      const e = familyEntry(id);
      for (const c of [e.Editor, e.NewForm, e.RunBoard]) expect(typeof c).toBe('function');
      // The same module every time: a loader keeps what it loaded.
      expect(e.Editor).toBe(familyEntry(id).Editor);
    }
  });
});
