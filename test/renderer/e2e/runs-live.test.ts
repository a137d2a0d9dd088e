/**
 * Runs, live: launching from the form (Solve… in the library), the progress bar and the chart
 * moving, the run finishing; stopping and resuming; the launch form's explanations.
 */
import { expect, it } from 'vitest';
import { durationText } from '../../../src/core/text/run-text';
import { describeBrowser, findPuzzleId, useHarness, type Page } from './harness';

const fraction = async (page: Page): Promise<number> =>
  Number(
    (await page
      .getByTestId('detail-progress')
      .getAttribute('data-fraction')
      .catch(() => null)) ?? 'NaN',
  );
const chartPoints = async (page: Page): Promise<number> =>
  Number(
    (await page
      .getByTestId('live-chart')
      .getAttribute('data-points')
      .catch(() => null)) ?? '0',
  );

describeBrowser('runs: launch and watch', () => {
  const h = useHarness();

  it('launches a short hill-climbing run on clue 1 from the form and watches it to the end', async () => {
    const page = await h.newPage();
    const clue = await findPuzzleId(h, 'e2_clue1_6x6.txt');
    // "Solve…" on the library row (S on the selected row does the same).
    const row = page.locator(`[data-testid="library-row"][data-name="Eternity II clue puzzle 1"]`);
    await row.click();
    await row.locator('[data-action="solve"]').click();
    const dialog = page.getByTestId('launch-dialog');
    await dialog.waitFor();
    await page.getByTestId('launch-solver-hill-climb').click();
    // An invalid value is explained next to its field, and nothing is launched.
    const walk = dialog.locator('[data-param="randomWalk"] input');
    await walk.fill('2');
    await page.getByTestId('launch-go').click();
    await expect.poll(() => page.getByTestId('launch-error-randomWalk').textContent()).toBe('parameter randomWalk: 2 is above the maximum 1');
    await h.screenshot(page, 'runs-launch-invalid');
    expect((await h.api.queryRuns({})).total).toBe(0);
    // A random walk keeps the climber from solving the puzzle at once, so the run lasts its 8 s.
    await walk.fill('0.6');
    await page.getByTestId('launch-time').fill('8 s');
    await page.getByTestId('launch-seed').fill('42');
    await h.screenshot(page, 'runs-launch-form');
    await page.getByTestId('launch-go').click();

    // The dashboard follows the new run.
    await page.locator('[data-testid="runs-view"][data-section="dashboard"]').waitFor();
    await page.getByTestId('detail-progress').waitFor({ timeout: 20_000 });
    const runs = await h.api.queryRuns({ puzzleId: clue });
    expect(runs.total).toBe(1);
    expect(runs.runs[0]).toMatchObject({ solver: 'hill-climb', seed: 42, params: { randomWalk: 0.6 }, stop: { seconds: 8 } });
    const f1 = await fraction(page);
    const p1 = await chartPoints(page);
    await expect.poll(() => fraction(page), { timeout: 10_000 }).toBeGreaterThan(f1 + 0.1);
    await expect.poll(() => chartPoints(page), { timeout: 10_000 }).toBeGreaterThan(p1);
    await page.getByTestId('live-board').waitFor();
    // The solver process's memory, measured in it: now, with the peak below (issue 23 item 4).
    const memoryCard = page.getByTestId('live-figures').locator('.stat', { has: page.getByTestId('fig-memory') });
    await expect.poll(() => memoryCard.textContent(), { timeout: 10_000 }).toMatch(/^Memory\s*\d[\d,]* MB\s*peak \d[\d,]* MB$/);
    await h.screenshot(page, 'runs-dashboard-live');

    // It ends by its time limit: listed as ended, with its final figures.
    await page.locator('[data-testid="recent-run"][data-status="done"]').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('notice').last().textContent()).toMatch(/Run \d+ (finished|solved)/);
    const done = (await h.api.queryRuns({ puzzleId: clue })).runs[0]!;
    expect(done.status).toBe('done');
    expect(done.stopReason === 'seconds' || done.stopReason === 'solved').toBe(true);
    await expect.poll(() => page.getByTestId('fig-best').textContent()).toBe(`${done.bestScore} / 60`);
    // When that best was first reached, from the run's own improvements, and that it has stood since.
    const found = (await h.api.runSeries({ id: done.id })).improvements.find((p) => p.score >= done.bestScore!)!;
    await expect.poll(() => page.getByTestId('fig-best-at').textContent()).toBe(durationText(found.t));
    const foundCard = page.getByTestId('live-figures').locator('.stat', { has: page.getByTestId('fig-best-at') });
    expect(await foundCard.locator('.note').textContent()).toMatch(/^unchanged for \d/);
    // Ended: the run's peak, as stored.
    expect(done.peakRssBytes).toBeGreaterThan(10 * 2 ** 20);
    await expect
      .poll(async () => (await memoryCard.textContent())?.replace(/\s+/g, ' ').trim())
      .toMatch(new RegExp(`^Peak memory ?${Math.round(done.peakRssBytes! / 2 ** 20)} MB$`));
    await h.screenshot(page, 'runs-dashboard-finished');
    expect(h.pageErrors(page)).toEqual([]);
  });

  it('stops a run and resumes it', async () => {
    const page = await h.newPage({ hash: '#/runs' });
    const meta = await findPuzzleId(h, 'meta2010_10x10.txt');
    const [run] = await h.api.startRuns({ puzzleId: meta, solver: 'sa', seed: 5, seconds: 120 });
    await page.goto(`${h.url}#/runs/live/${run!.id}`);
    await page.locator(`[data-testid="active-run"][data-run="${run!.id}"][data-status="running"]`).waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByTestId('fig-evals').textContent(), { timeout: 10_000 }).not.toBe('0');
    await page.getByTestId('stop-run').click();
    await page.getByTestId('resume-run').waitFor({ timeout: 20_000 });
    const stopped = (await h.api.queryRuns({ ids: [run!.id] })).runs[0]!;
    expect(stopped.status).toBe('stopped');
    await h.screenshot(page, 'runs-stopped');

    // R resumes (the keyboard), from its last checkpoint.
    await page.keyboard.press('r');
    await page.locator(`[data-testid="active-run"][data-run="${run!.id}"]`).waitFor({ timeout: 20_000 });
    await expect.poll(async () => (await h.api.queryRuns({ ids: [run!.id] })).runs[0]!.status, { timeout: 20_000 }).toBe('running');
    await expect.poll(async () => (await h.api.queryRuns({ ids: [run!.id] })).runs[0]!.elapsedMs, { timeout: 20_000 }).toBeGreaterThan(stopped.elapsedMs);
    await h.screenshot(page, 'runs-resumed');
    // S stops it again.
    await page.keyboard.press('s');
    await expect.poll(async () => (await h.api.queryRuns({ ids: [run!.id] })).runs[0]!.status, { timeout: 20_000 }).toBe('stopped');
    expect(h.pageErrors(page)).toEqual([]);
  });

  it('launches several seeds at once from the runs view, and they queue', async () => {
    const page = await h.newPage({ hash: '#/runs' });
    await page.getByTestId('runs-new').click();
    const dialog = page.getByTestId('launch-dialog');
    await dialog.waitFor();
    const sel = page.getByTestId('launch-puzzle');
    await sel.selectOption({ label: (await sel.locator('option').allTextContents()).find((o) => o.startsWith('CS 440 5×5'))! });
    // The jump family recommends its tuned annealing; the report's hill climber is one click away.
    await expect.poll(() => page.getByTestId('launch-solver-sa-tuned').getAttribute('data-chosen')).toBe('true');
    await page.getByTestId('launch-solver-hill-climb').click();
    await page.getByTestId('launch-preset').selectOption('cs440-random-walk');
    await expect.poll(() => dialog.locator('[data-param="randomWalk"] input').inputValue()).toBe('0.0025');
    await page.getByTestId('launch-count').fill('3');
    await page.getByTestId('launch-seed').fill('100');
    await h.screenshot(page, 'runs-launch-preset');
    await page.keyboard.press('Control+Enter');
    await dialog.waitFor({ state: 'detached' });
    const list = await h.api.queryRuns({ search: 'CS 440 5×5', sort: 'seed', dir: 'asc' });
    expect(list.runs.map((r) => r.seed)).toEqual([100, 101, 102]);
    expect(list.runs.every((r) => r.params.randomWalk === 0.0025 && r.stop.evaluations === 10_000)).toBe(true);
    await expect.poll(async () => (await h.api.queryRuns({ search: 'CS 440 5×5', statuses: ['done'] })).total, { timeout: 60_000 }).toBe(3);
    expect(h.pageErrors(page)).toEqual([]);
  });
});
