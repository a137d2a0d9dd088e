/**
 * A beam run's passes by score, beside its records: on its page and in Live, folded to one line
 * whose figures are the run's checkpoint's (through the API), unfolded to a table whose every row
 * is one the checkpoint counts; nothing for a solver that counts nothing.
 */
import { expect, it } from 'vitest';
import type { RunSummary } from '../../../src/main/store/types';
import { durationText } from '../../../src/core/text/numbers';
import { describeBrowser, findPuzzleId, useHarness } from './harness';

describeBrowser("runs: a run's passes by score", () => {
  const h = useHarness();

  it('shows a finished beam run its passes at the top width, and a hill climb none', async () => {
    const clue = await findPuzzleId(h, 'e2_clue1_6x6.txt');
    const [beam] = (await h.api.startRuns({ puzzleId: clue, solver: 'beam', params: { maxWidth: 64 }, seed: 2, evaluations: 3_000_000 })) as [RunSummary];
    const [hill] = (await h.api.startRuns({ puzzleId: clue, solver: 'hill-climb', seed: 2, evaluations: 2_000 })) as [RunSummary];
    for (const r of [beam, hill]) await expect.poll(async () => (await h.api.getRun({ id: r.id })).status, { timeout: 30_000 }).toMatch(/done|solved/);
    const { tally: work, atMs } = (await h.api.runWork({ id: beam.id }))!;
    expect(work.totals[0]).toBeGreaterThan(0);
    const kinds = work.kinds.map((k, i) => `${work.totals[i]} ${k}`).join(', ');
    for (const hash of [`#/runs/run/${beam.id}`, `#/runs/live/${beam.id}`]) {
      const page = await h.newPage({ hash });
      const box = page.getByTestId('run-work');
      await expect.poll(() => box.locator('summary').textContent()).toBe(`passes at the top width in the first ${durationText(atMs)}: ${work.all} (${kinds})`);
      await box.locator('summary').click();
      const rows = box.getByTestId('run-work-row');
      await expect.poll(() => rows.count()).toBe(work.rows.length);
      expect(await rows.allInnerTexts()).toEqual(work.rows.map((r) => [r.label, ...r.counts.map(String)].join('\t')));
      if (hash.includes('live')) await h.screenshot(page, 'runs-work-live');
      expect(h.pageErrors(page)).toEqual([]);
    }
    const page = await h.newPage({ hash: `#/runs/run/${hill.id}` });
    await expect.poll(() => page.getByTestId('page-time').count()).toBe(1);
    expect(await page.getByTestId('run-work').count()).toBe(0);
    await h.api.deleteRuns({ ids: [beam.id, hill.id] });
  });
});
