/**
 * Runs, live: a spread run (its passes done by workers on other machines, src/main/spread) shows
 * its workers and their rates under its figures, both its clocks, its pool and its notes; any other
 * run shows no such table. The figures are the ones a coordinator writes into the database.
 */
import { expect, it } from 'vitest';
import type { SpreadRunInfo } from '../../../src/main/api/types';
import { writeSpreadInfo } from '../../../src/main/spread/info';
import { describeBrowser, findPuzzleId, useHarness } from './harness';

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
});
