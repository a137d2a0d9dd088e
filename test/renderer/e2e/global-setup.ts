/**
 * Global setup of the `e2e` vitest project: build the renderer once for every browser test and
 * find Chromium. What it finds reaches the tests through `inject('e2e')` (see harness.ts).
 *
 * Knobs: WORKBENCH_E2E_BUILD=0 reuses an existing build (out/renderer); WORKBENCH_CHROMIUM names
 * another Chromium binary. Without Chromium the browser tests fail when CI=true (CI must run
 * them) and are skipped with a warning otherwise.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

export interface E2eContext {
  /** Chromium's executable, or null when the browser tests are to be skipped. */
  chromium: string | null;
  /** The built renderer the test server serves. */
  staticDir: string;
  /** Why the tests are skipped (null when they run). */
  skipReason: string | null;
}

declare module 'vitest' {
  interface ProvidedContext {
    e2e: E2eContext;
  }
}

const root = fileURLToPath(new URL('../../../', import.meta.url));
export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export default function setup(project: TestProject): void {
  const staticDir = path.join(root, 'out', 'renderer');
  const chromiumPath = process.env.WORKBENCH_CHROMIUM || DEFAULT_CHROMIUM;
  const ci = process.env.CI === 'true' || process.env.CI === '1';
  let chromium: string | null = chromiumPath;
  let skipReason: string | null = null;
  if (!executable(chromiumPath)) {
    const why = `no Chromium at ${chromiumPath} (install Debian's chromium package, or set WORKBENCH_CHROMIUM)`;
    if (ci) throw new Error(`browser tests cannot run: ${why}; CI=true requires them`);
    console.warn(`\n[e2e] skipping the browser tests: ${why}\n`);
    chromium = null;
    skipReason = why;
  }

  if (chromium && process.env.WORKBENCH_E2E_BUILD !== '0') {
    const started = Date.now();
    const bin = path.join(root, 'node_modules', '.bin', 'electron-vite');
    const r = spawnSync(bin, ['build'], { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } });
    if (r.status !== 0) {
      const out = `${r.stdout ?? ''}\n${r.stderr ?? ''}`.trim().split('\n').slice(-30).join('\n');
      throw new Error(`electron-vite build failed (exit ${r.status ?? r.signal ?? r.error?.message}):\n${out}`);
    }
    console.log(`[e2e] built the renderer in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  if (chromium && !existsSync(path.join(staticDir, 'index.html'))) throw new Error(`no built renderer at ${staticDir}`);
  project.provide('e2e', { chromium, staticDir, skipReason });
}
