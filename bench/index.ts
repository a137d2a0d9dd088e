/**
 * `npm run bench -- <name> [options]`: runs bench/<name>.ts, whose `run(argv)` prints figures
 * (never pass/fail). Benches are for speed and quality targets; tests never time anything.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';

const here = fileURLToPath(new URL('.', import.meta.url));
// A bench is a module of this folder with a `run`; the others (util, records, rate, ...) are its helpers.
const names = readdirSync(here)
  .filter((f) => f.endsWith('.ts') && f !== 'index.ts' && readFileSync(join(here, f), 'utf8').includes('export async function run('))
  .map((f) => f.replace(/\.ts$/, ''));

const [name, ...argv] = process.argv.slice(2);
if (!name || !names.includes(name)) {
  process.stderr.write(`usage: npm run bench -- <${names.join('|')}> [options]\n`);
  process.exit(name ? 2 : 0);
}
const file = join(here, `${name}.ts`);
if (!existsSync(file)) process.exit(2);
const mod = (await import(pathToFileURL(file).href)) as { run(argv: string[]): Promise<void> };
try {
  await mod.run(argv);
} catch (e) {
  process.stderr.write(`bench ${name}: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(2);
}
