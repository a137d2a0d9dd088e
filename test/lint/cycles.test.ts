/**
 * Issue 52 item 2: no import cycles. `npm run lint` runs dependency-cruiser with
 * .dependency-cruiser.mjs over src and bench; this runs the same command over them and over
 * made-up modules in a temporary folder, each folder one kind of cycle (plain, type-only, through a
 * dynamic import, through a .svelte file) and one without. The source tree must have none, and
 * every made-up cycle must be reported.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const CRUISER = path.resolve('node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

const MADE_UP: Record<string, string> = {
  'plain/a.ts': "import { b } from './b';\nexport const a = (): number => b();\n",
  'plain/b.ts': "import { a } from './a';\nexport const b = (): number => a();\n",
  // A contract naming its own registry: no runtime loop, still the architecture's.
  'type-only/contract.ts': "import type { Registry } from './registry';\nexport interface Contract {\n  r: Registry;\n}\n",
  'type-only/registry.ts': "import type { Contract } from './contract';\nexport const registry: Contract[] = [];\nexport type Registry = typeof registry;\n",
  'dynamic/host.ts': "export const load = () => import('./part');\nexport type Part = () => string;\n",
  'dynamic/part.ts': "import type { Part } from './host';\nexport const part: Part = () => 'x';\n",
  'svelte/View.svelte': '<script lang="ts">\n  import { model } from \'./model\';\n</script>\n\n<p>{model}</p>\n',
  'svelte/model.ts': "import View from './View.svelte';\nexport const model = 'm';\nexport const view = View;\n",
  'acyclic/a.ts': "import { b } from './b';\nexport const a = b;\n",
  'acyclic/b.ts': 'export const b = 1;\n',
};

interface Violation {
  from: string;
  rule: { name: string };
  cycle?: { name: string }[];
}

let dir = '';
let violations: Violation[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'cycles-'));
  for (const [file, text] of Object.entries(MADE_UP)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  // The cruiser exits non-zero when it finds a violation; its JSON report is on stdout either way.
  const args = [CRUISER, 'src', 'bench', dir, '--config', '.dependency-cruiser.mjs', '--output-type', 'json'];
  const out = await run(process.execPath, args, { maxBuffer: 256 * 1024 * 1024 }).catch((e: { stdout?: string }) => ({ stdout: e.stdout ?? '' }));
  violations = (JSON.parse(out.stdout) as { summary: { violations: Violation[] } }).summary.violations;
}, 120_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The made-up folder a violation is in, or null for the source tree. */
function madeUpFolder(v: Violation): string | null {
  const rel = path.relative(dir, path.resolve(v.from));
  return rel.startsWith('..') ? null : rel.split(path.sep)[0]!;
}

describe('import cycles', () => {
  it('src and bench have none', () => {
    const inTree = violations.filter((v) => madeUpFolder(v) === null).map((v) => [v.from, ...(v.cycle ?? []).map((c) => c.name)].join(' -> '));
    expect(inTree).toEqual([]);
  });

  it('the rule reports a cycle of plain, type-only and dynamic imports, and one through a .svelte file', () => {
    const folders = new Set(violations.map(madeUpFolder).filter((f) => f !== null));
    expect([...folders].sort()).toEqual(['dynamic', 'plain', 'svelte', 'type-only']);
    expect(new Set(violations.map((v) => v.rule.name))).toEqual(new Set(['no-circular']));
  });
});
