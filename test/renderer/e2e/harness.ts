/**
 * The harness every browser test uses: the REAL backend (createBackend on a temporary database,
 * worker processes under Node) served with the built renderer over the WebSocket transport
 * (startServer, port 0), and Debian's Chromium driven by playwright-core.
 *
 * ```ts
 * import { describeBrowser, useHarness } from './harness';
 *
 * describeBrowser('library', () => {
 *   const h = useHarness();                       // starts in beforeAll, stops in afterAll
 *   it('lists the samples', async () => {
 *     const page = await h.newPage();             // the app, connected, library in view
 *     await page.getByRole('heading', { name: 'Library' }).waitFor();
 *     await h.screenshot(page, 'library-fresh'); // test-results/screenshots/library-fresh.png
 *   });
 * });
 * ```
 *
 * `h.api` calls the backend directly (set up data, check what the UI saved); `h.newPage({ hash })`
 * opens a route directly, e.g. `#/puzzle/12` (see src/renderer/src/lib/route.ts).
 * The global setup (global-setup.ts) builds the renderer once and provides `inject('e2e')`.
 */
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium as playwright, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import type { ApiHandlers, WorkbenchApi } from '../../../src/main/api/contract';
import { createBackend } from '../../../src/main/services/backend';
import { startServer, type RunningServer } from '../../../src/main/serve/server';
import { nodeWorkerSpawner } from '../../../src/main/runs/node-host';
import type { E2eContext } from './global-setup';

export type { Page, Browser } from 'playwright-core';

const root = fileURLToPath(new URL('../../../', import.meta.url));
export const SCREENSHOT_DIR = path.join(root, 'test-results', 'screenshots');

export { CHROMIUM_ARGS } from './harness-args';
import { CHROMIUM_ARGS } from './harness-args';

export const context: E2eContext = inject('e2e');

/** `describe` when Chromium is there, `describe.skip` otherwise (the global setup already warned, or failed under CI). */
export const describeBrowser = describe.skipIf(!context.chromium);

type RunningBackend = Awaited<ReturnType<typeof createBackend>>;

export interface HarnessOptions {
  /** Seed the library with the bundled samples (default) or not (null), or from another folder. */
  resourcesDir?: string | null;
  /** Extra Chromium flags, added to CHROMIUM_ARGS. */
  chromiumArgs?: string[];
  /** Default viewport of new pages (1280 x 800). */
  viewport?: { width: number; height: number };
  /**
   * The solver processes' entry script (default the program's own): a test-only entry registers a
   * family of its own first (test/fixtures/families/toy/worker.ts), as the test registers it here.
   */
  workerEntry?: string;
}

export interface NewPageOptions {
  /** A route to open, e.g. `#/puzzle/3`; default the library. */
  hash?: string;
  viewport?: { width: number; height: number };
  /** Wait until the app is connected to the backend (default true). */
  waitReady?: boolean;
  /** Run in the page before the app's own scripts (an observer a test reads later). */
  initScript?: () => void;
}

export interface Harness {
  /** The page URL the server serves (no hash). */
  readonly url: string;
  readonly backend: RunningBackend;
  /** The backend's API, called directly (in-process) — arguments are not schema-checked here. */
  readonly api: WorkbenchApi;
  readonly browser: Browser;
  readonly dbPath: string;
  newPage(opts?: NewPageOptions): Promise<Page>;
  /** Full-window PNG at test-results/screenshots/<name>.png; returns the path. */
  screenshot(page: Page, name: string, opts?: { fullPage?: boolean }): Promise<string>;
  /** Uncaught exceptions and console errors the page produced so far. */
  pageErrors(page: Page): string[];
  /** Take the server down (pages lose their connection) or bring it back on the same port. */
  serverUp(up: boolean): Promise<void>;
  stop(): Promise<void>;
}

function directApi(handlers: ApiHandlers, backend: RunningBackend): WorkbenchApi {
  const api: Record<string, unknown> = { subscribe: backend.subscribe };
  for (const [name, fn] of Object.entries(handlers)) api[name] = async (args: unknown) => (fn as (a: unknown) => unknown)(args ?? {});
  return api as unknown as WorkbenchApi;
}

export async function startHarness(opts: HarnessOptions = {}): Promise<Harness> {
  if (!context.chromium) throw new Error(`browser tests are skipped: ${context.skipReason ?? 'no Chromium'}`);
  const dir = mkdtempSync(path.join(tmpdir(), 'workbench-e2e-'));
  const dbPath = path.join(dir, 'workbench.db');
  let backend: RunningBackend | null = null;
  let server: RunningServer | null = null;
  let browser: Browser | null = null;
  const contexts = new Set<BrowserContext>();
  const errors = new WeakMap<Page, string[]>();
  const cleanup = async (): Promise<void> => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close().catch(() => {});
    await server?.dispose().catch(() => {});
    await backend?.dispose().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    backend = await createBackend({
      dbPath,
      workerHost: opts.workerEntry ? nodeWorkerSpawner(opts.workerEntry) : 'node',
      concurrency: 1,
      ...(opts.resourcesDir !== undefined ? { resourcesDir: opts.resourcesDir } : {}),
    });
    server = await startServer({ backend, port: 0, host: '127.0.0.1', staticDir: context.staticDir });
    browser = await playwright.launch({
      executablePath: context.chromium,
      headless: true,
      args: [...CHROMIUM_ARGS, ...(opts.chromiumArgs ?? [])],
    });
  } catch (err) {
    await cleanup();
    throw err;
  }
  const b = backend;
  const s = server;
  const port = server.port;
  const br = browser;
  const viewport = opts.viewport ?? { width: 1280, height: 800 };
  mkdirSync(SCREENSHOT_DIR, { recursive: true });

  return {
    url: s.url,
    backend: b,
    api: directApi(b.handlers, b),
    browser: br,
    dbPath,
    async newPage(o: NewPageOptions = {}) {
      const ctx = await br.newContext({ viewport: o.viewport ?? viewport, deviceScaleFactor: 1, acceptDownloads: true });
      contexts.add(ctx);
      const page = await ctx.newPage();
      const list: string[] = [];
      errors.set(page, list);
      page.on('pageerror', (e) => list.push(`uncaught: ${e.message}`));
      page.on('console', (m) => {
        if (m.type() === 'error') list.push(`console: ${m.text()}`);
      });
      if (o.initScript) await page.addInitScript(o.initScript);
      await page.goto(`${s.url}${o.hash ?? ''}`);
      if (o.waitReady !== false) await page.locator('[data-testid="app-shell"][data-connection="open"]').waitFor({ timeout: 30_000 });
      return page;
    },
    async screenshot(page, name, o = {}) {
      if (!/^[\w.-]+$/.test(name)) throw new Error(`screenshot name "${name}": use letters, digits, dot, dash or underscore`);
      const file = path.join(SCREENSHOT_DIR, `${name}.png`);
      await page.screenshot({ path: file, fullPage: o.fullPage ?? false, animations: 'disabled' });
      return file;
    },
    pageErrors: (page) => errors.get(page) ?? [],
    async serverUp(up) {
      if (!up && server) {
        await server.dispose();
        server = null;
      } else if (up && !server) server = await startServer({ backend: b, port, host: '127.0.0.1', staticDir: context.staticDir });
    },
    stop: cleanup,
  };
}

/**
 * Start a harness before the enclosing describe's tests and stop it after them. The returned
 * object forwards to the running harness (use it inside tests and hooks, not at collection time).
 */
export function useHarness(opts: HarnessOptions = {}): Harness {
  let h: Harness | null = null;
  beforeAll(async () => {
    h = await startHarness(opts);
  });
  afterAll(async () => {
    await h?.stop();
    h = null;
  });
  const need = (): Harness => {
    if (!h) throw new Error('the harness is not running (use it inside tests, after beforeAll)');
    return h;
  };
  return {
    get url() {
      return need().url;
    },
    get backend() {
      return need().backend;
    },
    get api() {
      return need().api;
    },
    get browser() {
      return need().browser;
    },
    get dbPath() {
      return need().dbPath;
    },
    newPage: (o) => need().newPage(o),
    screenshot: (page, name, o) => need().screenshot(page, name, o),
    pageErrors: (page) => need().pageErrors(page),
    serverUp: (up) => need().serverUp(up),
    stop: () => need().stop(),
  };
}

/** A puzzle's id by its exact name or its source file name (bundled samples: `bundled: <file>`). */
export async function findPuzzleId(h: Harness, nameOrFile: string): Promise<number> {
  const list = await h.api.listPuzzles({ search: nameOrFile, limit: 50 });
  const hit = list.find(
    (p) => p.name === nameOrFile || p.source === nameOrFile || p.source === `bundled: ${nameOrFile}` || p.source.endsWith(`: ${nameOrFile}.txt`),
  );
  if (!hit) throw new Error(`no puzzle named or from "${nameOrFile}" in the library (found: ${list.map((p) => p.name).join(', ') || 'nothing'})`);
  return hit.id;
}
