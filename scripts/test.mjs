#!/usr/bin/env node
// `npm test`: make sure better-sqlite3 loads under Node, run every vitest project, then print one
// plain closing line ("tests: N passed, N failed") that CI tools read whatever the reporter.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const native = spawnSync(process.execPath, [join(root, 'scripts', 'native.mjs'), 'node'], { stdio: 'inherit', cwd: root });
if (native.status !== 0) process.exit(native.status ?? 1);

const report = join(root, 'test-results', 'vitest.json');
rmSync(report, { force: true });
const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
const r = spawnSync(process.execPath, [vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)], {
  stdio: 'inherit',
  cwd: root,
});
if (existsSync(report)) {
  const j = JSON.parse(readFileSync(report, 'utf8'));
  const skipped = (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
  console.log(`tests: ${j.numPassedTests} passed, ${j.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`);
}
process.exit(r.status ?? 1);
