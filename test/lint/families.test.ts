/**
 * Issue 22 item 3, the lint rules of families (eslint.config.js): a family folder never imports
 * another family's, in core or in the renderer; the renderer never imports solver code (engines,
 * the catalogue, a family's barrel or its solver modules). Each case lints a made-up file.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function problems(file: string, code: string): Promise<string[]> {
  const [r] = await eslint.lintText(code, { filePath: file });
  return (r?.messages ?? []).map((m) => m.message);
}

const use = (what: string, from: string): string => `import { ${what} } from '${from}';\nexport const a = ${what};\n`;

describe('families never import each other', () => {
  it('in core', async () => {
    expect(await problems('src/core/families/edge/x.ts', use('jumpFamily', '../jump/family'))).toEqual([
      expect.stringContaining('families never import each other: edge imports jump'),
    ]);
    expect(await problems('src/core/families/parity/x.ts', use('edgeFamily', '../edge'))).toEqual([expect.stringContaining('parity imports edge')]);
    // Its own folder and the shared contract are fine.
    expect(await problems('src/core/families/jump/x.ts', use('jumpFamily', './family'))).toEqual([]);
    expect(await problems('src/core/families/jump/ga/x.ts', use('FAMILY_IDS', '../../family'))).toEqual([]);
  });

  it('in the renderer, and a renderer family never reaches another core family', async () => {
    expect(await problems('src/renderer/src/families/jump/x.ts', use('edgeView', '../edge/view'))).toEqual([
      expect.stringContaining('families never import each other: jump imports edge'),
    ]);
    expect(await problems('src/renderer/src/families/jump/x.ts', use('parityFamily', '../../../../core/families/parity/entry'))).toEqual([
      expect.stringContaining('jump imports parity'),
    ]);
    expect(await problems('src/renderer/src/families/jump/x.ts', use('jumpFamily', '../../../../core/families/jump/entry'))).toEqual([]);
  });
});

describe('the renderer never imports solver code', () => {
  const solverCode = (m: string): Promise<string[]> => problems('src/renderer/src/lib/x.ts', use('x', m));

  it('refuses engines, the catalogue, a family barrel and solver modules', async () => {
    for (const m of [
      '../../../core/catalogue/catalogue',
      '../../../core/engines/annealing/annealing',
      '../../../core/engine/driver',
      '../../../core/families/jump',
      '../../../core/families/parity/index',
      '../../../core/families/jump/tuned-sa',
      '../../../core/families/parity/solvers',
      '../../../core/families/edge/beam/solver',
      '../../../core/families/edge/beam',
      '../../../core/families/edge/local-search/board',
      '../../../core/families/edge/backtrack',
      '../../../core/families/parity/ga/ga',
    ])
      expect(await solverCode(m), m).toEqual([expect.stringContaining('the renderer never imports solver code')]);
  });

  it('allows the registry, a family entry, model modules and run types (and types from anywhere)', async () => {
    for (const m of [
      '../../../core/families',
      '../../../core/families/family',
      '../../../core/families/jump/entry',
      '../../../core/families/edge/model',
      '../../../core/families/edge/files',
      '../../../core/families/edge/design',
      '../../../core/engine/run-types',
    ])
      expect(await solverCode(m), m).toEqual([]);
    expect(
      await problems('src/renderer/src/lib/x.ts', "import type { SolverDef } from '../../../core/engine/solver';\nexport const a: SolverDef | null = null;\n"),
    ).toEqual([]);
  });
});
