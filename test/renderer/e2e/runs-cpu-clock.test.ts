/**
 * A run on a CPU-time budget in Live: its figures say they count CPU time, and its time left is
 * the wall time to wait, at the pace its clock goes, once that pace is measured.
 */
import { expect, it } from 'vitest';
import { describeBrowser, useHarness } from './harness';

const study = JSON.stringify({
  name: 'CPU clock',
  puzzles: [{ family: 'jump', name: 'maze 9x9', puzzle: { rows: 9, cols: 9 } }],
  solvers: [{ solver: 'sa', label: 'annealing' }],
  seeds: 2,
  stop: { seconds: 12, clock: 'cpu' },
  concurrency: 1,
});

describeBrowser('runs on CPU time', () => {
  const h = useHarness();

  it('labels the figures CPU time and gives the time left as wall time once the pace is known', async () => {
    const made = await h.api.createStudy({ text: study });
    await h.api.startStudy({ id: made.id });
    const page = await h.newPage({ hash: '#/runs' });
    await page.getByTestId('fig-elapsed').waitFor({ timeout: 20_000 });
    const figures = page.getByTestId('live-figures');
    await expect.poll(() => figures.textContent(), { timeout: 20_000 }).toContain('CPU time');
    expect(await figures.textContent()).toContain('Per CPU second');
    // One solver thread: a little under one CPU second a second, so the rest is wall time (no "of CPU time").
    await expect.poll(() => figures.textContent(), { timeout: 20_000 }).toMatch(/\d+(\.\d)? s left/);
    expect(await figures.textContent()).not.toContain('of CPU time left');
    // The list says which of its two times is CPU time.
    expect(await page.getByTestId('active-run').first().textContent()).toMatch(/\d+(\.\d)? s CPU · \d+(\.\d)? s left/);
    // Its chart's time axis is CPU time too.
    await expect.poll(() => page.getByTestId('live-chart').getAttribute('data-x-title'), { timeout: 20_000 }).toBe('CPU time');
    await h.screenshot(page, 'runs-live-cpu-clock');
    await h.api.stopStudy({ id: made.id });
  });
});
