import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';

/**
 * Two projects:
 * - `unit`: everything under test/ except the browser tests (unit, property, worker-process, CLI and server tests).
 * - `e2e`: the browser tests in test/renderer/e2e. Their global setup builds the renderer once and
 *   finds Chromium; each file starts the real backend over the WebSocket transport and drives
 *   Debian's Chromium with playwright-core (see test/renderer/e2e/harness.ts). One file at a time.
 * `npm test` runs both; `vitest run --project unit` or `--project e2e` runs one.
 */
export default defineConfig({
  test: {
    projects: [
      {
        // Compiles the renderer's `.svelte.ts` managers (runes) for their unit tests.
        plugins: [svelte()],
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: ['test/renderer/e2e/**', '**/node_modules/**'],
          setupFiles: ['test/setup/fast-check.ts'],
          // Worker-process and CLI tests spawn Node children; give them room on a 2-core machine.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/renderer/e2e/**/*.test.ts'],
          globalSetup: ['test/renderer/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          pool: 'forks',
          fileParallelism: false,
        },
      },
    ],
  },
});
