/**
 * The import boundaries ESLint keeps (eslint.config.js): core imports nothing outside core and no
 * Node or Electron; the renderer takes only types from the API; the API imports no
 * implementation; only src/main/electron imports Electron; no plural is made in place. Each case lints a made-up file at a
 * path where the rule applies.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function problems(file: string, code: string): Promise<string[]> {
  const [r] = await eslint.lintText(code, { filePath: file });
  return (r?.messages ?? []).map((m) => m.message);
}

describe('import boundaries', () => {
  it('keeps core pure', async () => {
    expect(await problems('src/core/x.ts', "import { readFileSync } from 'node:fs';\nexport const a = readFileSync;\n")).toEqual([
      expect.stringContaining('core is pure TypeScript'),
    ]);
    expect(await problems('src/core/x.ts', "import { Store } from '../main/store/store';\nexport const a = Store;\n")).toEqual([
      expect.stringContaining('core imports nothing outside core'),
    ]);
    expect(await problems('src/core/x.ts', "import { parseWith } from './validate/validate';\nexport const a = parseWith;\n")).toEqual([]);
  });

  it('lets the renderer take only API types from the backend', async () => {
    expect(
      await problems('src/renderer/src/x.ts', "import type { RunSummary } from '../../main/api/types';\nexport const a: RunSummary | null = null;\n"),
    ).toEqual([]);
    expect(await problems('src/renderer/src/x.ts', "import { Store } from '../../main/store/store';\nexport const a = Store;\n")).not.toEqual([]);
    expect(await problems('src/renderer/src/x.ts', "import { api } from '../../main/api/contract';\nexport const a = api;\n")).not.toEqual([]);
    expect(await problems('src/renderer/src/x.ts', "import { getFamily } from '../../core/families';\nexport const a = getFamily;\n")).toEqual([]);
  });

  it('keeps implementation out of the API (main/api imports only main/api, core and valibot)', async () => {
    const api = 'src/main/api/x.ts';
    for (const from of ['../store/types', '../services/imports', '../serve/dispatch', '../../preload/index', 'better-sqlite3', 'node:fs'])
      expect(await problems(api, `import type { X } from '${from}';\nexport type A = X;\n`), from).toEqual([
        expect.stringContaining('main/api imports only main/api, core and valibot'),
      ]);
    expect(
      await problems(
        api,
        "import * as v from 'valibot';\nimport { parseWith } from '../../core/validate/validate';\nimport type { RunSummary } from './runs';\nexport const a = [v, parseWith];\nexport type B = RunSummary;\n",
      ),
    ).toEqual([]);
  });

  it('leaves counted nouns to core/text/plural, whatever test picks the suffix', async () => {
    for (const made of ["n === 1 ? '' : 's'", "n > 1 ? 's' : ''", "n !== 1 ? 'es' : ''"])
      expect(await problems('src/core/x.ts', `export const f = (n: number): string => \`\${n} run\${${made}}\`;\n`), made).toEqual([
        expect.stringContaining('a counted noun: countNoun or nounFor'),
      ]);
    expect(await problems('src/core/x.ts', "export const f = (n: number): string => (n > 1 ? 'many' : '');\n")).toEqual([]);
  });

  it('keeps Electron in src/main/electron', async () => {
    expect(await problems('src/main/services/x.ts', "import { app } from 'electron';\nexport const a = app;\n")).toEqual([
      expect.stringContaining('only src/main/electron'),
    ]);
    expect(await problems('src/main/electron/x.ts', "import { app } from 'electron';\nexport const a = app;\n")).toEqual([]);
  });
});
