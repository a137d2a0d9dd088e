/**
 * Issue 15, results view: a finished small study opened in the app shows its table (the same
 * figures as the API and `study show`), a strip plot per cell, the mean curves with their band,
 * its progress and exports; a study made from a paper's template shows the published figures
 * beside ours; start and stop from the page.
 */
import { expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { selectFromStudy, shortenStudy } from '../../../src/main/studies/template';
import { describeBrowser, useHarness, type Page } from './harness';

const study = JSON.stringify({
  name: 'Hill climbing against annealing on small mazes',
  description: 'A small finished study for the browser test.',
  puzzles: [
    { family: 'jump', name: 'maze 5x5', puzzle: { rows: 5, cols: 5 } },
    { family: 'jump', name: 'maze 6x6', puzzle: { rows: 6, cols: 6 } },
  ],
  solvers: [
    { solver: 'hill-climb', label: 'hill climbing' },
    { solver: 'sa', label: 'annealing' },
    { solver: 'hill-climb', preset: 'cs440-hc', label: 'CS 440 hill climbing' },
  ],
  seeds: 3,
  stop: { evaluations: 3000 },
});

async function cellTexts(page: Page): Promise<string[][]> {
  // Each figure without the paper's under it.
  return page.getByTestId('study-cell').evaluateAll((rows) =>
    rows.map((r) =>
      Array.from(r.querySelectorAll('td')).map((td) => {
        const copy = td.cloneNode(true) as HTMLElement;
        copy.querySelectorAll('.paper').forEach((p) => p.remove());
        return (copy.textContent ?? '').trim();
      }),
    ),
  );
}

describeBrowser('studies', () => {
  const h = useHarness({ viewport: { width: 1024, height: 700 } });

  it('opens a finished study: its table, strip plots, curves, progress and exports', async () => {
    const made = await h.api.createStudy({ text: study });
    await h.api.startStudy({ id: made.id });
    await expect.poll(async () => (await h.api.getStudy({ id: made.id })).status, { timeout: 100_000 }).toBe('done');
    const detail = await h.api.getStudy({ id: made.id });

    const page = await h.newPage({ hash: '#/studies' });
    const row = page.getByTestId('study-row');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('Hill climbing against annealing on small mazes');
    expect(await row.textContent()).toContain('18/18 done');
    await h.screenshot(page, 'studies-list');

    await row.getByRole('button', { name: /Hill climbing against annealing/ }).click();
    await page.getByTestId('study-page').waitFor();
    expect(page.url()).toMatch(/#\/studies\/\d+$/);
    await expect.poll(() => page.getByTestId('study-cell').count()).toBe(6);
    // The table shows the API's figures, as the one text module writes them.
    const cells = await cellTexts(page);
    expect(cells.map((c) => c[0])).toEqual(['hill climbing', 'annealing', 'CS 440 hill climbing', 'hill climbing', 'annealing', 'CS 440 hill climbing']);
    const fig = (x: number | null): string => (x === null ? '—' : Number.isInteger(x) ? String(x) : x.toFixed(2));
    expect(cells.map((c) => [c[1], c[2], c[3], c[4], c[5]])).toEqual(
      detail.cells.map((c) => [`${c.done}/${c.planned}`, fig(c.mean), fig(c.median), c.best === null ? '—' : String(c.best), fig(c.sd)]),
    );
    expect(await page.locator('tbody th.puzzle').allTextContents()).toEqual(['maze 5x5', 'maze 6x6']);
    // A strip plot per cell, a dot per run.
    expect(await page.getByTestId('strip').evaluateAll((s) => s.map((x) => x.getAttribute('data-dots')))).toEqual(['3', '3', '3', '3', '3', '3']);
    // The progress of the whole study.
    expect(await page.getByTestId('study-progress').textContent()).toMatch(/18\s*of 18 done/);
    await expect.poll(async () => Number(await page.getByTestId('study-chart').getAttribute('data-points'))).toBeGreaterThan(0);
    expect(await page.getByTestId('study-chart').getAttribute('data-x-log')).toBe('true');
    await h.screenshot(page, 'studies-page-done');
    await page.getByTestId('study-chart').scrollIntoViewIfNeeded();
    await h.screenshot(page, 'studies-page-done-chart');

    // The second puzzle's curves.
    await page.getByRole('region', { name: 'Best score against time' }).getByRole('radio', { name: 'maze 6x6' }).click();
    await expect.poll(async () => Number(await page.getByTestId('study-chart').getAttribute('data-points'))).toBeGreaterThan(0);

    // Exports: the CLI's markdown and a CSV with one line per cell.
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('study-export-csv').click()]);
    expect(csv.suggestedFilename()).toBe(`study-${made.id}-Hill_climbing_against_annealing_on_small_mazes.csv`);
    expect(
      readFileSync((await csv.path())!, 'utf8')
        .trim()
        .split('\n'),
    ).toHaveLength(7);
    const [md] = await Promise.all([page.waitForEvent('download'), page.getByTestId('study-export-md').click()]);
    expect(readFileSync((await md.path())!, 'utf8')).toMatch(/^## Hill climbing against annealing on small mazes\n/);
    expect(h.pageErrors(page)).toEqual([]);
  });

  it('makes a shortened study from a paper template, starts and stops it, with the paper beside ours', async () => {
    const page = await h.newPage({ hash: '#/studies' });
    await page.getByTestId('studies-new').click();
    const dialog = page.getByTestId('new-study-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('template-msgvns-table1').click();
    await dialog.getByTestId('study-seeds').fill('2');
    await dialog.getByTestId('study-seconds').fill('2');
    // The compose dialog's estimate (runs at once counted: the machine's cores - 1, at least 1).
    await expect
      .poll(() => dialog.getByTestId('study-estimate').textContent())
      .toMatch(/4 puzzles × 1 solver × 2 seeds = 8 runs · at most [\d.]+ s with \d+ runs? at once/);
    await h.screenshot(page, 'studies-new-dialog');
    await dialog.getByTestId('study-create').click();
    await page.getByTestId('study-page').waitFor();
    await expect.poll(() => page.getByTestId('study-cell').count()).toBe(4);
    // The paper's figures under ours, before any run.
    expect(await page.getByTestId('study-cell').first().textContent()).toMatch(/165\.67/);
    expect(await page.locator('h1').textContent()).toBe('MS-GVNS table 1: META 2010 instances, 30 runs (2 seeds, 2 s per run)');

    await page.getByTestId('study-start').click();
    await page.getByTestId('study-stop').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByTestId('study-progress').textContent(), { timeout: 20_000 }).toMatch(/1\s*running/);
    await h.screenshot(page, 'studies-page-running');
    await page.getByTestId('study-stop').click();
    await page.getByTestId('study-start').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('study-start').textContent()).toBe('Continue');
    expect(await page.getByTestId('study-page').getAttribute('data-status')).toMatch(/stopped|incomplete|done/);
    expect(h.pageErrors(page)).toEqual([]);
  });

  it('shows successes, time and evaluations to target beside the paper’s (Niang table 9, three boards of each of its two smallest sizes)', async () => {
    const file = join(process.cwd(), 'resources', 'studies', 'niang-table9.json');
    const json = selectFromStudy(
      JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>,
      (_, i) => [0, 1, 2, 10, 11, 12].includes(i),
      (_, i) => i < 2,
    );
    const made = await h.api.createStudy({ text: JSON.stringify(shortenStudy(json, { seconds: 30 })) });
    await h.api.startStudy({ id: made.id });
    await expect.poll(async () => (await h.api.getStudy({ id: made.id })).status, { timeout: 100_000 }).toBe('done');
    const page = await h.newPage({ hash: `#/studies/${made.id}` });
    await expect.poll(() => page.getByTestId('study-cell').count()).toBe(4);
    const first = await cellTexts(page);
    // Solved every time, as the thesis: 3 of 3 runs reached it (100%) under ours, its 100%, 27 s and 92.7 k evaluations under them.
    expect(first[0]![1]).toBe('3/3');
    const row = page.getByTestId('study-cell').first();
    expect(await row.getByTestId('cell-reached').textContent()).toBe('3/3');
    expect(first[0]![6]).toBe('3/3100%');
    expect(await row.locator('.paper').allTextContents()).toEqual(['100%', '27 s', '92.7 k']);
    await h.screenshot(page, 'studies-page-niang');
    expect(h.pageErrors(page)).toEqual([]);
  });

  it('makes a study from a study file of one’s own, and says in one line what is wrong with a bad one', async () => {
    const page = await h.newPage({ hash: '#/studies' });
    await page.getByTestId('studies-new').click();
    const dialog = page.getByTestId('new-study-dialog');
    await dialog.waitFor();
    const input = dialog.getByTestId('study-file-input');
    const bad = JSON.stringify({ ...JSON.parse(study), puzzles: ['mazes/five.maze'] });
    await input.setInputFiles({ name: 'mine.json', mimeType: 'application/json', buffer: Buffer.from(bad) });
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toMatch(/mine\.json: .*puzzles\[0\]: a study sent to the app names its puzzles by library id or inline, not by file \(five\.maze\)/);
    const good = JSON.stringify({ ...JSON.parse(study), name: 'From my own file', seeds: 1 });
    await input.setInputFiles({ name: 'mine.json', mimeType: 'application/json', buffer: Buffer.from(good) });
    await page.getByTestId('study-page').waitFor();
    expect(await page.locator('h1').textContent()).toBe('From my own file');
    expect(await page.getByTestId('study-page').getAttribute('data-status')).toBe('new');
    expect(h.pageErrors(page)).toEqual([]);
  });
});
