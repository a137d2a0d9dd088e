/**
 * Issue 13, item 3: runs always in sight. Queued runs are in the Live list with their place in
 * the queue, and a run the CLI starts on the same database appears within seconds.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { describeBrowser, findPuzzleId, useHarness } from './harness';

const root = fileURLToPath(new URL('../../../', import.meta.url));

describeBrowser('runs in sight', () => {
  const h = useHarness();

  it('shows queued runs with their place in line', async () => {
    const meta = await findPuzzleId(h, 'meta2010_10x10.txt');
    // The harness runs one at a time: one runs, three wait.
    const runs = await h.api.startRuns({ puzzleId: meta, solver: 'sa', seed: 1, count: 4, seconds: 120 });
    const page = await h.newPage({ hash: '#/runs' });
    await expect.poll(() => page.getByTestId('active-count').textContent(), { timeout: 20_000 }).toBe('4');
    await expect.poll(() => page.getByTestId('queue-position').count(), { timeout: 20_000 }).toBe(3);
    expect(await page.getByTestId('queue-position').allTextContents()).toEqual(['Next in line', '2nd in line', '3rd in line']);
    expect(await page.getByTestId('active-split').textContent()).toBe('1 running · 3 queued');
    await h.screenshot(page, 'runs-queued-in-live');
    for (const r of runs) await h.api.stopRun({ id: r.id });
    await expect.poll(() => page.getByTestId('active-count').textContent(), { timeout: 30_000 }).toBe('0');
    expect(h.pageErrors(page)).toEqual([]);
  });

  it('shows a run the CLI starts on the same database within seconds', async () => {
    const page = await h.newPage({ hash: '#/runs' });
    await page.getByTestId('dashboard').waitFor();
    const before = (await h.api.queryRuns({})).total;
    const cli = spawn(
      process.execPath,
      [
        path.join(root, 'bin', 'workbench.mjs'),
        'solve',
        '--family',
        'jump',
        '--size',
        '7',
        '--solver',
        'sa',
        '--seconds',
        '6',
        '--seed',
        '3',
        '--db',
        h.dbPath,
      ],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let err = '';
    cli.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const exited = new Promise<number>((resolve) => cli.on('exit', (code) => resolve(code ?? 1)));
    try {
      // Running in the other process: it shows up in Live while it runs...
      const card = page.locator('[data-testid="active-run"][data-status="running"]');
      await card.waitFor({ timeout: 15_000 });
      expect(await card.textContent()).toContain('seed 3');
      await h.screenshot(page, 'runs-cli-run-live');
      // ...and among the ended runs once the CLI is done.
      expect(await exited).toBe(0);
      await page.locator('[data-testid="recent-run"][data-status="done"]').first().waitFor({ timeout: 25_000 });
      expect((await h.api.queryRuns({})).total).toBe(before + 1);
    } finally {
      cli.kill();
    }
    expect(err).toBe('');
    expect(h.pageErrors(page)).toEqual([]);
  });
});
