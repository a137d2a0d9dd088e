/**
 * `npm run bench -- ui-smoothness [--drags N] [--solvers N] [--runs N] [--opens N] [--renderer webgl|canvas] [--quick]`: how the app feels
 * under load, measured in Debian's Chromium against the real backend (as the browser tests run it).
 *
 * 1. Dragging on 16x16 (META 2010 16x16, 256 pieces in the tray) while two solver processes run:
 *    frame intervals from the page's own requestAnimationFrame while the pointer moves, for the
 *    first drag alone and for all of them (median, 99th percentile, worst).
 * 2. Opening History with 10,000 runs in the database: from the route change to the first rows on
 *    screen (median of several opens), and the backend's query time the view reports.
 *
 * Figures, never pass/fail; markdown to bench/results/ui-smoothness.md. Needs a built renderer
 * (`npm run build`; built here when out/renderer is missing) and /usr/bin/chromium (or
 * WORKBENCH_CHROMIUM). Headless Chromium has no GPU here: WebGL would be SwiftShader on the CPU the
 * solvers share, so the board takes Pixi's canvas renderer (board.ts defaultRenderer);
 * `--renderer webgl` forces software WebGL to compare. Upper bounds of what a desktop shows.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { createBackend } from '../src/main/services/backend';
import { startServer } from '../src/main/serve/server';
import { CHROMIUM_ARGS } from '../test/renderer/e2e/harness-args';
import { EdgeDriver } from '../test/renderer/families/edge/board-driver';
import { machine, mdTable, median, numOpt, options, writeResult } from './util';

const root = fileURLToPath(new URL('..', import.meta.url));

function quantile(xs: readonly number[], q: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]!;
}

const ms = (x: number): string => (Number.isFinite(x) ? `${x.toFixed(1)} ms` : '—');
const fps = (frameMs: number): string => (frameMs > 0 ? `${(1000 / frameMs).toFixed(0)} fps` : '—');

export async function run(argv: string[]): Promise<void> {
  const o = options(argv);
  const quick = o.quick === true;
  const drags = numOpt(o, 'drags', quick ? 4 : 12);
  const historyRuns = numOpt(o, 'runs', quick ? 2000 : 10_000);
  const opens = numOpt(o, 'opens', quick ? 3 : 7);
  const solverCount = numOpt(o, 'solvers', 2);
  const forced = o.renderer === 'webgl' || o.renderer === 'canvas' ? o.renderer : '';
  const staticDir = path.join(root, 'out', 'renderer');
  if (!existsSync(path.join(staticDir, 'index.html'))) {
    const r = spawnSync(path.join(root, 'node_modules', '.bin', 'electron-vite'), ['build'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('electron-vite build failed');
  }
  const exe = process.env.WORKBENCH_CHROMIUM || '/usr/bin/chromium';
  if (!existsSync(exe)) throw new Error(`no Chromium at ${exe} (install Debian's chromium or set WORKBENCH_CHROMIUM)`);

  const dir = mkdtempSync(path.join(tmpdir(), 'workbench-bench-ui-'));
  const backend = await createBackend({ dbPath: path.join(dir, 'workbench.db'), workerHost: 'node', concurrency: 2 });
  const server = await startServer({ backend, port: 0, host: '127.0.0.1', staticDir });
  const browser = await chromium.launch({ executablePath: exe, headless: true, args: [...CHROMIUM_ARGS] });
  const lines: string[] = [];
  const say = (s: string): void => {
    console.log(s);
    lines.push(s);
  };
  try {
    const list = await backend.handlers.listPuzzles({ search: 'META 2010 16', limit: 10 });
    const meta16 = list.find((p) => p.rows === 16 && p.cols === 16 && p.family === 'edge');
    if (!meta16) throw new Error('the bundled META 2010 16x16 puzzle is not in the library');

    // ---- 1. dragging on 16x16 with two solvers running ------------------------------------------
    const solvers = solverCount > 0 ? await backend.handlers.startRuns({ puzzleId: meta16.id, solver: 'sa', count: solverCount, seed: 1, seconds: 3600 }) : [];
    const deadline = Date.now() + 20_000;
    while ((await backend.handlers.queryRuns({ statuses: ['running'] })).total < solverCount && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    const running = (await backend.handlers.queryRuns({ statuses: ['running'] })).total;

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
    if (forced) await context.addInitScript(`localStorage.setItem('workbench.renderer', '${forced}')`);
    const page = await context.newPage();
    await page.goto(`${server.url}#/puzzle/${meta16.id}`);
    const d = new EdgeDriver(page);
    await d.ready();
    const renderer = await d.board().getAttribute('data-renderer');
    // A string, not a function: the bench runs through tsx, whose helpers do not exist in the page.
    await page.evaluate(`(() => {
      window.__frames = [];
      window.__rec = false;
      let last = 0;
      const tick = (t) => {
        if (window.__rec && last > 0) window.__frames.push(t - last);
        last = t;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    })()`);
    // Main-thread time split (Chrome's own counters): our script against everything else (style,
    // layout, and here SwiftShader's software rendering of the WebGL board).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const metrics = async (): Promise<Record<string, number>> =>
      Object.fromEntries(((await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] }).metrics.map((m) => [m.name, m.value]));
    const scriptMs: number[] = [];
    const taskMs: number[] = [];
    const dragMs: number[] = [];
    const perDrag: number[][] = [];
    for (let k = 0; k < drags; k++) {
      // Tray piece k+1 to an empty cell, moved like a hand would: ~40 pointer moves, one per frame or so.
      const piece = await d.trayPiece(k + 1);
      const from = (await piece.boundingBox())!;
      const to = await d.point(Math.floor(k / 8) + 4, (k % 8) + 4);
      const sx = from.x + from.width / 2;
      const sy = from.y + from.height / 2;
      await page.mouse.move(sx, sy);
      await page.evaluate('window.__frames = []; window.__rec = true;');
      const m0 = await metrics();
      const t0 = Date.now();
      await page.mouse.down();
      const steps = 40;
      for (let i = 1; i <= steps; i++) {
        await page.mouse.move(sx + ((to.x - sx) * i) / steps, sy + ((to.y - sy) * i) / steps);
        await page.waitForTimeout(12);
      }
      await page.mouse.up();
      await page.waitForTimeout(100);
      const m1 = await metrics();
      dragMs.push(Date.now() - t0);
      scriptMs.push((m1.ScriptDuration! - m0.ScriptDuration!) * 1000);
      taskMs.push((m1.TaskDuration! - m0.TaskDuration!) * 1000);
      perDrag.push((await page.evaluate('window.__rec = false; window.__frames.slice()')) as number[]);
    }
    const placed = (await d.score()).placed;
    for (const r of solvers) await backend.handlers.stopRun({ id: r.id });
    const first = perDrag[0] ?? [];
    const all = perDrag.flat();
    const rows = [
      ['first drag', first.length, ms(median(first)), ms(quantile(first, 0.99)), ms(Math.max(...first)), fps(median(first))],
      [`all ${perDrag.length} drags`, all.length, ms(median(all)), ms(quantile(all, 0.99)), ms(Math.max(...all)), fps(median(all))],
    ];
    say(`## Dragging on 16x16 with ${running} solver processes running\n`);
    say(
      `${perDrag.length} drags from the tray to the board (${placed} placed), 40 pointer moves each, the first drag of the page included; frame intervals from requestAnimationFrame. Board renderer: ${renderer}${forced ? ' (forced)' : ''}.\n`,
    );
    say(mdTable(['', 'frames', 'median', 'p99', 'worst', 'median rate'], rows));
    say(
      `\nPer drag (median of ${perDrag.length}, each ${ms(median(dragMs))} long): main thread busy ${ms(median(taskMs))}, of which our script ${ms(median(scriptMs))} (first drag: ${ms(taskMs[0] ?? NaN)} / ${ms(scriptMs[0] ?? NaN)}). The rest is style, layout and rendering (all on the CPU here).`,
    );

    // ---- 2. History with many runs --------------------------------------------------------------
    const store = backend.workbench.store;
    const have = (await backend.handlers.queryRuns({})).total;
    const t0 = Date.now();
    for (let i = have; i < historyRuns; i++) {
      const r = store.createRun({
        puzzleId: meta16.id,
        puzzleName: meta16.name,
        family: 'edge',
        solver: i % 3 === 0 ? 'tabu' : i % 3 === 1 ? 'sa' : 'hill-climb',
        params: {},
        seed: i,
        stop: { seconds: 60, evaluations: null, target: null },
        puzzle: { rows: 2, cols: 2, pieces: [[1, 2, 3, 4]] },
        maxScore: 480,
      });
      store.setRunStatus(r.id, 'done', { stopReason: 'seconds', elapsedMs: 60_000, evaluations: 1_000_000 + i });
    }
    const fillS = (Date.now() - t0) / 1000;
    const total = (await backend.handlers.queryRuns({})).total;
    const opensMs: number[] = [];
    const queryMs: number[] = [];
    for (let k = 0; k < opens; k++) {
      await page.goto(`${server.url}#/`);
      await page.locator('[data-testid="app-shell"][data-connection="open"]').waitFor();
      const start = (await page.evaluate("(() => { const t = performance.now(); window.location.hash = '#/runs/history'; return t; })()")) as number;
      await page.locator('[data-testid="history-row"]').first().waitFor({ timeout: 30_000 });
      const end = (await page.evaluate('performance.now()')) as number;
      opensMs.push(end - start);
      const took = await page.getByTestId('history-count').locator('..').textContent();
      const m = /(\d+) ms/.exec(took ?? '');
      if (m) queryMs.push(Number(m[1]));
    }
    say(`\n## Opening History with ${total.toLocaleString('en')} runs\n`);
    say(`(filled in ${fillS.toFixed(1)} s) From the route change to the first rows on screen, ${opens} opens:\n`);
    say(
      mdTable(
        ['', 'median', 'worst'],
        [
          ['open to first rows', ms(median(opensMs)), ms(Math.max(...opensMs))],
          ["query round trip (History's own figure)", ms(median(queryMs)), ms(Math.max(...queryMs))],
        ],
      ),
    );
  } finally {
    await browser.close().catch(() => {});
    await server.dispose().catch(() => {});
    await backend.dispose().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
  const out = path.join(root, 'bench', 'results', 'ui-smoothness.md');
  writeResult(
    out,
    `# UI smoothness\n\n${new Date().toISOString().slice(0, 10)}, ${machine()}; \`npm run bench -- ui-smoothness${argv.length ? ` ${argv.join(' ')}` : ''}\`.\nHeadless Chromium without a GPU, on the same cores as the solvers.\n\n${lines.join('\n')}\n`,
  );
  console.log(`\nwrote ${path.relative(root, out)}`);
}
