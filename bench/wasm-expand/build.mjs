// `node bench/wasm-expand/build.mjs <out.wasm>`: compiles expand.as to WebAssembly with
// AssemblyScript. bench/wasm-expand.ts runs it in a plain node process when its cached build is
// missing: imported under tsx, the compiler (binaryen) takes about 25 CPU s to load instead of 1.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import asc from 'assemblyscript/asc';

const out = process.argv[2];
if (!out) {
  process.stderr.write('usage: node bench/wasm-expand/build.mjs <out.wasm>\n');
  process.exit(2);
}
const src = readFileSync(new URL('./expand.as', import.meta.url), 'utf8');
const built = await asc.compileString({ 'expand.ts': src }, { optimizeLevel: 3, shrinkLevel: 0, runtime: 'stub', noAssert: true });
if (built.error || !built.binary) {
  process.stderr.write(`AssemblyScript: ${built.stderr.toString()}\n`);
  process.exit(1);
}
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, built.binary);
