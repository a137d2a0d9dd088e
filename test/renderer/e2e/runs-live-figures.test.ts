/**
 * The figures of a running run keep moving between its improvements (the run page, History), a
 * run's best is only ever a checked board's (never the solver's claim), and a CPU-time run's
 * times say their clock on the run page and its replay bar.
 */
import { expect, it, onTestFinished } from 'vitest';
import { claimText } from '../../../src/core/text/run-text';
import type { RunSummary } from '../../../src/main/store/types';
import { describeBrowser, findPuzzleId, useHarness } from './harness';

/** Seconds in a duration as durationText writes it ("3.2 s", "41 s", "1 min 05 s"); NaN when there is none. */
function secondsIn(text: string | null): number {
  const m = /(?:(\d+) min )?(\d+(?:\.\d)?) s\b/.exec(text ?? '');
  return m ? Number(m[1] ?? 0) * 60 + Number(m[2]) : NaN;
}

interface Reading {
  /** A time shown, in seconds. */
  time: number;
  /** Another figure that should move with it (evaluations). */
  other: string | null;
  /** What changes with every improvement (the best score): a reading across one starts again. */
  mark: string | null;
}

/**
 * Wait until the time shown has grown by `seconds` with no improvement in between, and return the
 * first and last readings. `mark` is read before and after the figures, so a reading an
 * improvement cut through is dropped: without live figures the time moves only with the mark.
 */
async function growsBetweenImprovements(
  read: () => Promise<Omit<Reading, 'mark'>>,
  mark: () => Promise<string | null>,
  seconds: number,
): Promise<[Reading, Reading]> {
  let first: Reading | null = null;
  let last: Reading | null = null;
  await expect
    .poll(
      async () => {
        const before = await mark();
        const r = { ...(await read()), mark: await mark() };
        if (r.mark !== before || !Number.isFinite(r.time)) {
          first = null;
          return 0;
        }
        if (first === null || first.mark !== r.mark) first = r;
        last = r;
        return r.time - first.time;
      },
      { timeout: 60_000, interval: 250 },
    )
    .toBeGreaterThanOrEqual(seconds);
  return [first!, last!];
}

describeBrowser('runs: live figures and checked bests', () => {
  const h = useHarness();

  it('moves the run page and the History row of a running run between its improvements', async () => {
    const meta = await findPuzzleId(h, 'meta2010_10x10.txt');
    // Annealing on META 10x10 improves in bursts with seconds of quiet between them.
    const [run] = (await h.api.startRuns({ puzzleId: meta, solver: 'sa', seed: 5, seconds: 90 })) as [RunSummary];
    // The backend runs one run at a time: the next tests' runs wait for this one.
    onTestFinished(() => h.api.stopRun({ id: run.id }).then(() => {}));
    const page = await h.newPage({ hash: `#/runs/run/${run.id}` });
    const foundCard = page.locator('.stat', { has: page.getByTestId('page-best-at') });
    await foundCard.locator('.note').waitFor({ timeout: 20_000 });
    const end = async (): Promise<number> => secondsIn((await page.getByTestId('replay-time').textContent())!.split('/')[1]!);

    // Between two improvements the page's time, evaluations, "unchanged for" and replay end move
    // (they stood still until the next improvement).
    const [a, b] = await growsBetweenImprovements(
      async () => ({ time: secondsIn(await page.getByTestId('page-time').textContent()), other: await page.getByTestId('page-evals').textContent() }),
      () => page.getByTestId('page-best').textContent(),
      2,
    );
    expect(b.other).not.toBe(a.other);
    expect(secondsIn(await foundCard.locator('.note').textContent())).toBeGreaterThanOrEqual(2);
    expect(await end()).toBeGreaterThanOrEqual(b.time - 1);
    await h.screenshot(page, 'runs-live-figures-run-page');

    // History: the row's time and evaluations move too (the page is queried again only on improvements and status changes).
    const history = await h.newPage({ hash: '#/runs/history' });
    const row = history.locator(`[data-testid="history-row"][data-id="${run.id}"]`);
    await row.waitFor({ timeout: 20_000 });
    const [c, d] = await growsBetweenImprovements(
      async () => ({ time: secondsIn(await row.locator('td.num.h3').textContent()), other: await row.locator('td.num.h2').textContent() }),
      () => row.locator('td.num.strong').textContent(),
      2,
    );
    expect(d.other).not.toBe(c.other);
    await row.scrollIntoViewIfNeeded();
    await h.screenshot(history, 'runs-live-figures-history');
    expect(h.pageErrors(page)).toEqual([]);
    expect(h.pageErrors(history)).toEqual([]);
  });

  it("draws no best line from the solver's claims, and Live flags the claim as the run page does", async () => {
    const maze = await findPuzzleId(h, 'cs440_hill_climbing_7x7.maze');
    const [run] = (await h.api.startRuns({ puzzleId: maze, solver: 'hill-climb', seed: 2, seconds: 1 })) as [RunSummary];
    await expect.poll(async () => (await h.api.getRun({ id: run.id })).status, { timeout: 60_000, interval: 250 }).toBe('done');
    // Its run file without a single checked board, every sample claiming 999.
    const file = JSON.parse((await h.api.exportRunFile({ id: run.id })).text) as { events: { kind: string; bestScore?: number }[] };
    file.events = file.events.filter((e) => e.kind !== 'improvement');
    for (const e of file.events) if (e.kind === 'progress') e.bestScore = 999;
    const claimed = await h.api.importRunFile({ fileName: 'claims.run.json', text: JSON.stringify(file) });
    expect(claimed).toMatchObject({ bestScore: null, claimedBest: 999 });

    const page = await h.newPage({ hash: `#/runs/run/${claimed.id}` });
    const chart = page.getByTestId('page-chart');
    await expect.poll(async () => Number(await chart.getAttribute('data-points')), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await chart.getAttribute('data-best')).toBe('');
    expect(await page.getByTestId('page-best').textContent()).toContain('—');
    expect(await page.getByTestId('page-claim').textContent()).toBe(claimText(999, null));
    // Nor does the legend promise a Best line.
    const legend = page.locator('.pane .legend').first();
    expect(await legend.textContent()).toContain('Current');
    expect(await legend.textContent()).not.toContain('Best');
    await h.screenshot(page, 'runs-claims-only-page');

    const live = await h.newPage({ hash: `#/runs/live/${claimed.id}` });
    const liveChart = live.getByTestId('live-chart');
    await expect.poll(async () => Number(await liveChart.getAttribute('data-points')), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await liveChart.getAttribute('data-best')).toBe('');
    expect(await live.getByTestId('fig-best').textContent()).toContain('—');
    expect(await live.getByTestId('live-claim').textContent()).toBe(claimText(999, null));
    await h.screenshot(live, 'runs-claims-only-live');
    expect(h.pageErrors(page)).toEqual([]);
    expect(h.pageErrors(live)).toEqual([]);
  });

  it("writes a CPU-time run's moments on its clock on the run page and its replay bar", async () => {
    const study = JSON.stringify({
      name: 'CPU moments',
      puzzles: [{ family: 'jump', name: 'maze 9x9', puzzle: { rows: 9, cols: 9 } }],
      solvers: [{ solver: 'sa', label: 'annealing' }],
      seeds: 1,
      stop: { seconds: 3, clock: 'cpu' },
      concurrency: 1,
    });
    const made = await h.api.createStudy({ text: study });
    await h.api.startStudy({ id: made.id });
    await expect
      .poll(async () => (await h.api.queryRuns({ statuses: ['done'] })).runs.find((r) => r.stop.clock === 'cpu')?.id, { timeout: 60_000 })
      .toBeDefined();
    const done = (await h.api.queryRuns({ statuses: ['done'] })).runs.find((r) => r.stop.clock === 'cpu')!;

    const page = await h.newPage({ hash: `#/runs/run/${done.id}` });
    await page.getByTestId('board-moment').waitFor({ timeout: 20_000 });
    // Beside "CPU time" and "Per CPU second", every time of the run says its clock.
    expect(await page.locator('.facts').textContent()).toContain('CPU time');
    expect(await page.getByTestId('page-best-at').textContent()).toMatch(/ CPU$/);
    expect(
      await page
        .locator('.stat', { has: page.getByTestId('page-best-at') })
        .locator('.note')
        .textContent(),
    ).toMatch(/^unchanged for .* CPU$/);
    expect(await page.getByTestId('board-moment').textContent()).toMatch(/^at .* CPU$/);
    expect((await page.getByTestId('replay-frame').textContent())!.replace(/\s+/g, ' ')).toMatch(/ at \S+ (ms|s|min) CPU, after /);
    expect(await page.getByTestId('replay-time').textContent()).toMatch(/ CPU$/);
    expect(await page.getByTestId('replay-slider').getAttribute('aria-valuetext')).toMatch(/ of \S+ (ms|s) CPU, improvement /);
    await h.screenshot(page, 'runs-cpu-clock-run-page');
    expect(h.pageErrors(page)).toEqual([]);
  });
});
