/**
 * Runs, afterwards: finding runs in the history by filtering and searching, replaying one and
 * seeing the board change when scrubbing, opening a board in the editor, comparing runs,
 * exporting and deleting.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import type { RunSummary } from '../../../src/main/store/types';
import { describeBrowser, findPuzzleId, useHarness, type Page } from './harness';

const rows = (page: Page) => page.getByTestId('history-row');

describeBrowser('runs: history, replay and compare', () => {
  const h = useHarness();
  let hc: RunSummary[] = [];
  let sa: RunSummary;

  beforeAll(async () => {
    const clue = await findPuzzleId(h, 'e2_clue1_6x6.txt');
    const maze = await findPuzzleId(h, 'cs440_hill_climbing_7x7.maze');
    // Two hill-climbing runs on clue 1 (same settings, two seeds), one SA run, one maze run.
    hc = await h.api.startRuns({ puzzleId: clue, solver: 'hill-climb', params: { randomWalk: 0.3 }, seed: 1, count: 2, seconds: 3 });
    [sa] = (await h.api.startRuns({ puzzleId: clue, solver: 'sa', seed: 9, seconds: 3 })) as [RunSummary];
    await h.api.startRuns({ puzzleId: maze, solver: 'hill-climb', seed: 3, evaluations: 20_000 });
    const ids = [...hc.map((r) => r.id), sa.id];
    for (let i = 0; i < 120; i++) {
      const done = await h.api.queryRuns({ statuses: ['done', 'stopped', 'failed', 'interrupted'] });
      if (done.total >= 4) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect((await h.api.queryRuns({ ids, statuses: ['done'] })).total).toBe(3);
  });

  it('finds a run by filtering and searching', async () => {
    const page = await h.newPage({ hash: '#/runs/history' });
    await expect.poll(() => rows(page).count()).toBe(4);
    await h.screenshot(page, 'runs-history');
    await page.getByTestId('filter-solver').selectOption('edge/sa');
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().getAttribute('data-id')).toBe(String(sa.id));
    await page.getByTestId('filter-solver').selectOption('');
    await page.getByTestId('filter-status-done').click();
    await page.getByTestId('history-search').fill('clue seed');
    await expect.poll(() => rows(page).count()).toBe(0);
    await page.getByTestId('history-search').fill('clue hill');
    await expect.poll(() => rows(page).count()).toBe(2);
    await h.screenshot(page, 'runs-history-filtered');
    await page.getByTestId('history-search').fill(`#${hc[1]!.id}`);
    await expect.poll(() => rows(page).count()).toBe(1);
    await page.getByTestId('filter-clear').click();
    await expect.poll(() => rows(page).count()).toBe(4);
    // Sorting by best score, highest first.
    await page.getByTestId('sort-best').click();
    const all = await h.api.queryRuns({ sort: 'best', dir: 'desc' });
    await expect.poll(async () => await rows(page).evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-id'))))).toEqual(all.runs.map((r) => r.id));
    expect(h.pageErrors(page)).toEqual([]);
  });

  it('replays a run: scrubbing changes the board, in step with the chart', async () => {
    const page = await h.newPage({ hash: `#/runs/run/${hc[0]!.id}` });
    const board = page.getByTestId('replay-board');
    await board.waitFor();
    const series = await h.api.runSeries({ id: hc[0]!.id });
    expect(series.improvements.length).toBeGreaterThan(3);
    const best = series.improvements.at(-1)!.score;
    await expect.poll(() => board.getAttribute('data-score')).toBe(String(best));
    // The finished run's peak memory, as measured in its solver process (issue 23 item 4).
    await expect.poll(() => page.getByTestId('page-memory').textContent()).toMatch(/^\d[\d,]* MB$/);
    await h.screenshot(page, 'runs-replay-end');
    const slider = page.getByTestId('replay-slider');
    const frameNow = async (): Promise<number> => Number(await page.getByTestId('replay-frame').getAttribute('data-frame'));
    await slider.focus();
    await page.keyboard.press('Home');
    await expect.poll(frameNow).toBeLessThanOrEqual(0); // before the first improvement, or at it when it came at once
    const f0 = await frameNow();
    const scoreAt = (k: number): string => (k < 0 ? '' : String(series.improvements[k]!.score));
    await expect.poll(() => board.getAttribute('data-score')).toBe(scoreAt(f0));
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(frameNow).toBe(f0 + 3);
    await expect.poll(() => board.getAttribute('data-score')).toBe(scoreAt(f0 + 3));
    expect(scoreAt(f0 + 3)).not.toBe(scoreAt(f0));
    await h.screenshot(page, 'runs-replay-scrubbed');
    // Dragging the slider half way.
    const box = (await slider.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.5, box.y + box.height / 2);
    await expect.poll(async () => Number(await page.getByTestId('replay-frame').getAttribute('data-frame'))).toBeGreaterThan(3);
    // Play to the end.
    await page.getByTestId('replay-play').click();
    await expect.poll(() => board.getAttribute('data-score'), { timeout: 30_000 }).toBe(String(best));
    expect(h.pageErrors(page)).toEqual([]);
  });

  it('opens the board of a moment in the editor, as a new puzzle', async () => {
    const page = await h.newPage({ hash: `#/runs/run/${hc[1]!.id}` });
    await page.getByTestId('replay-board').waitFor();
    await page.getByTestId('replay-slider').focus();
    await page.keyboard.press('Home');
    await expect.poll(async () => Number(await page.getByTestId('replay-frame').getAttribute('data-frame'))).toBeLessThanOrEqual(0);
    if ((await page.getByTestId('replay-frame').getAttribute('data-frame')) === '-1') await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByTestId('replay-frame').getAttribute('data-frame')).toBe('1');
    await expect.poll(async () => (await page.getByTestId('replay-board-box').getAttribute('data-event')) !== '').toBe(true);
    await page.getByTestId('open-board').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'New puzzle' }).click();
    await page.locator('[data-testid="app-shell"][data-view="puzzle"]').waitFor();
    const made = (await h.api.listPuzzles({ search: `run ${hc[1]!.id}` }))[0]!;
    expect(made.name).toMatch(new RegExp(`^Eternity II clue puzzle 1 — run ${hc[1]!.id} at `));
    const doc = (await h.api.getPuzzle({ id: made.id })).document as { solution?: unknown };
    expect(doc.solution).toBeTruthy();
    await h.screenshot(page, 'runs-board-in-editor');
  });

  it('compares two runs and summarises runs that share their settings', async () => {
    const page = await h.newPage({ hash: '#/runs/history' });
    await expect.poll(() => rows(page).count()).toBe(4);
    for (const r of [...hc, sa]) await page.locator(`[data-testid="history-row"][data-id="${r.id}"] input[type=checkbox]`).check();
    await page.getByTestId('bulk-compare').click();
    await page.getByTestId('compare').waitFor();
    await expect.poll(() => page.getByTestId('compare-row').count()).toBe(3);
    await expect.poll(async () => Number(await page.getByTestId('compare-chart').getAttribute('data-points'))).toBeGreaterThan(6);
    await expect.poll(() => page.getByTestId('compare-group').count()).toBe(1); // the two hill-climbing seeds
    const bests = (await h.api.queryRuns({ ids: hc.map((r) => r.id) })).runs.map((r) => r.bestScore!);
    const mean = (bests[0]! + bests[1]!) / 2;
    expect(await page.getByTestId('compare-group').locator('td').nth(3).textContent()).toMatch(
      new RegExp(`^${Number.isInteger(mean) ? mean : mean.toFixed(1)}( ± |$)`),
    );
    await h.screenshot(page, 'runs-compare');
    // Removing one keeps the other two.
    await page.locator(`[data-testid="compare-row"][data-id="${sa.id}"] button[aria-label^="Remove"]`).click();
    await expect.poll(() => page.getByTestId('compare-row').count()).toBe(2);
    expect(h.pageErrors(page)).toEqual([]);
  });

  it('saves a run as a run file from its page and imports it back as a run of its own', async () => {
    const page = await h.newPage({ hash: `#/runs/run/${hc[0]!.id}` });
    await page.getByTestId('replay-board').waitFor();
    const download = page.waitForEvent('download');
    await page.getByTestId('page-run-file').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`-run-${hc[0]!.id}\\.run\\.json$`));
    const text = readFileSync((await file.path())!, 'utf8');
    const saved = JSON.parse(text) as { format: string; events: { kind: string; score?: number }[] };
    expect(saved.format).toBe('puzzle-workbench-run');

    // A copy whose last improvement claims one join more is refused in one line, and nothing is added.
    const before = (await h.api.queryRuns({})).total;
    const forged = structuredClone(saved);
    const last = forged.events.findLast((e) => e.kind === 'improvement')!;
    last.score = last.score! + 1;
    await page.goto(page.url().replace(/#.*$/, '#/runs/history'));
    await page.getByTestId('history').waitFor();
    await page
      .getByTestId('history-import-file')
      .setInputFiles({ name: 'forged.run.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(forged)) });
    await expect
      .poll(() => page.locator('[data-testid="notice"][data-kind="error"]').last().textContent())
      .toMatch(/Could not import forged\.run\.json — .*improvement \d+ \(at .+\) claims score \d+, but its board scores \d+/);
    expect((await h.api.queryRuns({})).total).toBe(before);

    // The file as saved comes in as a new run with the same history, and its page opens.
    await page.getByTestId('history-import-file').setInputFiles({ name: file.suggestedFilename(), mimeType: 'application/json', buffer: Buffer.from(text) });
    await expect.poll(() => page.url()).toMatch(/#\/runs\/run\/\d+$/);
    const id = Number(/(\d+)$/.exec(page.url())![1]);
    expect(id).not.toBe(hc[0]!.id);
    const [copy, original] = [await h.api.getRun({ id }), await h.api.getRun({ id: hc[0]!.id })];
    expect(copy).toMatchObject({
      solver: original.solver,
      seed: original.seed,
      bestScore: original.bestScore,
      evaluations: original.evaluations,
      status: 'done',
    });
    expect(copy.bestSolution).toEqual(original.bestSolution);
    await page.getByTestId('replay-board').waitFor();
    await h.screenshot(page, 'runs-imported-run-file');
    expect(h.pageErrors(page)).toEqual([]);
    await h.api.deleteRuns({ ids: [id] });
  });

  it('resumes a stopped beam run with a larger memory bound, and its page says so', async () => {
    const meta = await findPuzzleId(h, 'meta2010_10x10.txt');
    const [run] = (await h.api.startRuns({ puzzleId: meta, solver: 'beam', params: { memory: 64 }, seed: 2, seconds: 600 })) as [RunSummary];
    await expect.poll(async () => (await h.api.getRun({ id: run.id })).status, { timeout: 30_000 }).toBe('running');
    await h.api.stopRun({ id: run.id });
    const page = await h.newPage({ hash: `#/runs/run/${run.id}` });
    await page.getByTestId('page-resume-with').click();
    const field = page.getByTestId('retune-memory');
    expect(await field.inputValue()).toBe('64');
    // Another setting cannot be given here; an absurd bound is refused in one line.
    await field.fill('2000000');
    await page.getByTestId('retune-go').click();
    await expect
      .poll(() => page.locator('[data-testid="notice"][data-kind="error"]').last().textContent())
      .toMatch(/Could not resume the run — parameter memory: /);
    await field.fill('128');
    await h.screenshot(page, 'runs-resume-with');
    await page.getByTestId('retune-go').click();
    await expect.poll(async () => (await h.api.getRun({ id: run.id })).params.memory).toBe(128);
    await expect.poll(() => page.getByTestId('param-change').textContent()).toMatch(/^Changed on resume: memory 64 → 128 from /);
    expect(await page.getByTestId('retune').count()).toBe(0);
    expect(h.pageErrors(page)).toEqual([]);
    await h.api.deleteRuns({ ids: [run.id] });
  });

  it('exports selected runs as CSV and JSON, and deletes runs', async () => {
    const page = await h.newPage({ hash: '#/runs/history' });
    await expect.poll(() => rows(page).count()).toBeGreaterThanOrEqual(4);
    for (const r of hc) await page.locator(`[data-testid="history-row"][data-id="${r.id}"] input[type=checkbox]`).check();
    let download = page.waitForEvent('download');
    await page.getByTestId('bulk-csv').click();
    let file = await download;
    expect(file.suggestedFilename()).toMatch(/^runs-2-.*\.csv$/);
    const csv = readFileSync((await file.path())!, 'utf8')
      .trim()
      .split('\r\n');
    expect(csv).toHaveLength(3);
    expect(csv[0]).toMatch(/^id,puzzle,puzzle_id,family,solver,params,seed,status/);
    download = page.waitForEvent('download');
    await page.getByTestId('bulk-json').click();
    file = await download;
    const json = JSON.parse(readFileSync((await file.path())!, 'utf8')) as { runs: { id: number; bestSolution: unknown }[] };
    expect(json.runs.map((r) => r.id).sort()).toEqual(hc.map((r) => r.id).sort());
    expect(json.runs.every((r) => r.bestSolution !== null)).toBe(true);

    // Delete the SA run with the keyboard: focus its row, Delete, confirm.
    await page.getByRole('button', { name: 'Clear selection' }).click();
    const saRow = page.locator(`[data-testid="history-row"][data-id="${sa.id}"]`);
    await saRow.locator('td').nth(1).click();
    await saRow.focus();
    await page.keyboard.press('Delete');
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => saRow.count()).toBe(0);
    expect((await h.api.queryRuns({ ids: [sa.id] })).total).toBe(0);
    await h.screenshot(page, 'runs-history-after-delete');
    expect(h.pageErrors(page)).toEqual([]);
  });
});
