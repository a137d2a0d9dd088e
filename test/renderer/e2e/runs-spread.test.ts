/**
 * Runs, live: a spread run (its passes done by workers on other machines, src/main/spread) shows
 * its workers and their rates under its figures, both its clocks, its pool and its notes; any other
 * run shows no such table; while the run runs, the view follows what its coordinator writes. The
 * figures are the ones a coordinator writes into the database.
 */
import { expect, it } from 'vitest';
import type { SpreadRunInfo } from '../../../src/main/api/types';
import { writeSpreadInfo } from '../../../src/main/spread/info';
import { describeBrowser, findPuzzleId, useHarness } from './harness';

/** Counts, in the page, each time the spread workers' section leaves it (window.spreadBlinks). */
function countSpreadBlinks(): void {
  const w = window as unknown as { spreadBlinks: number };
  w.spreadBlinks = 0;
  new MutationObserver((changes) => {
    for (const c of changes)
      for (const n of Array.from(c.removedNodes))
        if (n instanceof Element && (n.matches('[data-testid="spread-workers"]') || n.querySelector('[data-testid="spread-workers"]'))) w.spreadBlinks++;
  }).observe(document, { childList: true, subtree: true });
}

describeBrowser('runs: a spread run in Live', () => {
  const h = useHarness();

  it("lists the run's workers with their passes, CPU and rates", async () => {
    const clue = await findPuzzleId(h, 'e2_clue1_6x6.txt');
    const [spread, plain] = await h.api.startRuns({ puzzleId: clue, solver: 'hill-climb', count: 2, seed: 1, evaluations: 2000 });
    for (const r of [spread!, plain!]) await expect.poll(async () => (await h.api.getRun({ id: r.id })).status, { timeout: 30_000 }).toBe('done');
    const now = Date.now();
    const info: SpreadRunInfo = {
      v: 1,
      passSeconds: 90,
      poolSize: 8,
      fresh: 0.2,
      pool: [465, 464, 464, 463],
      cpuMs: 1_912_400,
      wallMs: 1_302_000,
      jobsDone: 21,
      outstanding: 3,
      workers: [
        { who: 'lab1/4242', jobs: 11, busy: 1, cpuMs: 1_001_000, evaluations: 5.1e9, rate: 5_094_905, lastSeen: now - 1_000 },
        { who: 'lab2/777', jobs: 10, busy: 1, cpuMs: 911_400, evaluations: 4.4e9, rate: 4_827_737, lastSeen: now - 3_000 },
      ],
      notes: ['refused a board from worker lab3/99 (pass 12): it reported score 467, but its board scores 455'],
      updatedAt: now,
    };
    writeSpreadInfo(h.backend.workbench.store, spread!.id, info);

    const page = await h.newPage({ hash: `#/runs/live/${spread!.id}` });
    const table = page.getByTestId('spread-workers');
    await table.waitFor();
    await expect.poll(() => page.getByTestId('spread-worker').count()).toBe(2);
    const first = await page.getByTestId('spread-worker').first().textContent();
    expect(first).toMatch(/^lab1\/4242\s*11\s*1\s*16 min 41 s\s*5\.1 M\s*\d/);
    expect(await table.textContent()).toContain('refused a board from worker lab3/99 (pass 12)');
    expect(await table.textContent()).toContain('pool 465 464 464 463');
    await h.screenshot(page, 'runs-spread-workers');

    // Another run: no workers table.
    await page.locator(`[data-testid="recent-run"][data-run="${plain!.id}"]`).click();
    await expect.poll(() => table.count()).toBe(0);
  });

  it('follows the figures its coordinator writes while the run runs, and keeps them in place when it ends', async () => {
    // A board hill climbing does not solve: the run ends when stopped, after the second write (the
    // view reads once more at the end, as the coordinator's last write comes before the run ends).
    const e2 = await findPuzzleId(h, 'eternity2_256.txt');
    const [run] = await h.api.startRuns({ puzzleId: e2, solver: 'hill-climb', count: 1, seed: 1, seconds: 120 });
    await expect.poll(async () => (await h.api.getRun({ id: run!.id })).status, { timeout: 30_000 }).toBe('running');
    const at = (jobsDone: number, busy: number): SpreadRunInfo => ({
      v: 1,
      passSeconds: 90,
      poolSize: 8,
      fresh: 0.2,
      pool: [460],
      cpuMs: 90_000 * jobsDone,
      wallMs: 60_000,
      jobsDone,
      outstanding: 2,
      workers: [{ who: 'lab1/1', jobs: jobsDone, busy, cpuMs: 90_000 * jobsDone, evaluations: 1e9, rate: 1e7, lastSeen: Date.now() }],
      notes: [],
      updatedAt: Date.now(),
    });
    try {
      writeSpreadInfo(h.backend.workbench.store, run!.id, at(3, 1));
      const page = await h.newPage({ hash: `#/runs/live/${run!.id}`, initScript: countSpreadBlinks });
      const table = page.getByTestId('spread-workers');
      await expect.poll(() => table.textContent(), { timeout: 10_000 }).toContain('3 passes of 90 CPU s done');
      // The coordinator's next write: the view reads it within its 2-s round, the page never reloaded.
      writeSpreadInfo(h.backend.workbench.store, run!.id, {
        ...at(4, 0),
        notes: ["worker lab1/1 went silent during pass 4: run again by another worker once the job's lock lapses"],
      });
      await expect.poll(() => table.textContent(), { timeout: 10_000 }).toContain('4 passes of 90 CPU s done');
      // Its passes, and none under way.
      expect((await page.getByTestId('spread-worker').first().locator('td').allTextContents()).slice(0, 3)).toEqual(['lab1/1', '4', '0']);
      expect(await table.textContent()).toContain('worker lab1/1 went silent during pass 4');
      await h.api.stopRun({ id: run!.id });
      await expect.poll(async () => (await h.api.getRun({ id: run!.id })).status, { timeout: 30_000 }).toBe('stopped');
      await expect.poll(() => page.getByText(/stopped/i).count(), { timeout: 10_000 }).toBeGreaterThan(0);
      // Updated in place: the section never left the page, also when the run ended.
      expect(await table.textContent()).toContain('4 passes of 90 CPU s done');
      expect(await page.evaluate(() => (window as unknown as { spreadBlinks: number }).spreadBlinks)).toBe(0);
    } finally {
      await h.api.stopRun({ id: run!.id }).catch(() => {});
    }
  });
});
