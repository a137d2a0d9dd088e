/**
 * Issue 21, item 6: any window from 1024x700 up. Every main view at 1024x700 and 1440x900: no
 * horizontal page scroll, Library row actions reachable without a right click, Live's cards show
 * their whole figure, History keeps Best and % of max in view. Screenshots of each.
 */
import { expect, it } from 'vitest';
import { describeBrowser, findPuzzleId, useHarness, type Page } from './harness';

const SIZES = [
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
] as const;

/** Elements wider than the window, or the page scrolling sideways. */
async function sideways(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const w = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > w + 1) out.push(`page scrolls sideways (${document.documentElement.scrollWidth} > ${w})`);
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('main, [data-testid$="-view"], [data-testid="run-page"], [data-testid="study-page"]'))) {
      const style = getComputedStyle(el);
      if (el.scrollWidth > el.clientWidth + 1 && style.overflowX !== 'hidden')
        out.push(`${el.dataset.testid ?? el.tagName} scrolls sideways (${el.scrollWidth} > ${el.clientWidth})`);
    }
    return out;
  });
}

/** Visible text of an element that its box cuts off (wider content than the box). */
async function cut(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => (e.textContent ?? '').trim()));
}

describeBrowser('window sizes', () => {
  const h = useHarness();

  it('shows every view at 1024x700 and 1440x900 without sideways scroll or cut figures', async () => {
    const e2 = await findPuzzleId(h, 'eternity2_256.txt');
    const maze = await findPuzzleId(h, 'cs440_hill_climbing_5x5.maze');
    const done = await h.api.startRuns({ puzzleId: maze, solver: 'hill-climb', seed: 1, count: 2, evaluations: 3000 });
    await expect.poll(async () => (await h.api.queryRuns({ statuses: ['done'] })).total, { timeout: 60_000 }).toBe(2);
    const study = await h.api.createStudy({
      text: JSON.stringify({
        name: 'Window sizes study',
        puzzles: [{ family: 'jump', name: 'maze 5x5', puzzle: { rows: 5, cols: 5 } }],
        solvers: [{ solver: 'hill-climb', label: 'hill climbing' }, { solver: 'sa' }],
        seeds: 2,
        stop: { evaluations: 2000 },
      }),
    });
    await h.api.startStudy({ id: study.id });
    await expect.poll(async () => (await h.api.getStudy({ id: study.id })).status, { timeout: 100_000 }).toBe('done');
    const live = await h.api.startRuns({ puzzleId: e2, solver: 'sa', seed: 5, count: 1, seconds: 120 });
    // Open a puzzle so the library's "Last opened" column is filled.
    await h.api.getPuzzle({ id: e2 });

    for (const size of SIZES) {
      const tag = `${size.width}x${size.height}`;
      const page = await h.newPage({ viewport: size });
      const problems: string[] = [];
      const visit = async (name: string, hash: string, ready: string): Promise<void> => {
        await page.goto(`${h.url}${hash}`);
        await page.locator(ready).first().waitFor();
        await page.waitForTimeout(400);
        for (const p of await sideways(page)) problems.push(`${name} ${tag}: ${p}`);
        await h.screenshot(page, `size-${name}-${tag}`);
      };

      await visit('library', '#/', '[data-testid="library-row"]');
      // Every row action is a visible button inside the window.
      const row = page.getByTestId('library-row').first();
      for (const label of ['solve', 'rename', 'duplicate', 'export', 'delete']) {
        const b = row.locator(`[data-action="${label}"]`);
        await row.hover();
        const box = await b.boundingBox();
        if (!box || box.x + box.width > size.width || box.width < 12) problems.push(`library ${tag}: ${label} not reachable`);
      }

      await visit('live', `#/runs/live/${live[0]!.id}`, '[data-testid="live-chart"]');
      await expect.poll(async () => Number(await page.getByTestId('live-chart').getAttribute('data-points')), { timeout: 20_000 }).toBeGreaterThan(0);
      await h.screenshot(page, `size-live-${tag}`);
      for (const c of await cut(page, '.stat .v')) problems.push(`live ${tag}: card cut "${c}"`);

      await visit('history', '#/runs/history', '[data-testid="history-row"]');
      for (const col of ['Best', '% of max']) {
        const th = page.locator('th', { hasText: col }).first();
        const box = await th.boundingBox();
        if (!box || box.x + box.width > size.width) problems.push(`history ${tag}: "${col}" out of view`);
      }

      await visit('run', `#/runs/run/${done[0]!.id}`, '[data-testid="page-chart"]');
      await visit('play', `#/puzzle/${e2}`, '[data-testid="edge-board"]');
      await page.getByTestId('mode-design').click();
      await page.waitForTimeout(400);
      for (const p of await sideways(page)) problems.push(`design ${tag}: ${p}`);
      await h.screenshot(page, `size-design-${tag}`);
      await visit('study', `#/studies/${study.id}`, '[data-testid="study-page"]');
      // The solver the file gave no label is named as everywhere else (it showed "sa").
      await expect.poll(() => page.locator('[data-testid="study-cell"][data-solver="1"] td.solver').textContent()).toBe('Simulated annealing');
      // The results table fits: its last column, the strip of runs by score, in view without scrolling the table.
      for (const t of await cut(page, '.table-scroll')) problems.push(`study ${tag}: results table scrolls sideways (${t.slice(0, 40)}…)`);
      for (const box of await page.getByTestId('strip').evaluateAll((s) => s.map((x) => x.getBoundingClientRect().right)))
        if (box > size.width) problems.push(`study ${tag}: a strip of runs by score ends at ${Math.round(box)} px`);
      expect(problems).toEqual([]);
      expect(h.pageErrors(page)).toEqual([]);
    }
    await h.api.stopRun({ id: live[0]!.id });
  });
});
