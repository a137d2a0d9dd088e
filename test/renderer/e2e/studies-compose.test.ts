/**
 * Issue 47: a study composed in the app. Two bundled casse-tête puzzles picked from the library
 * (the list narrows to their family), the same solver twice with other parameters, three seeds
 * and a one-second CPU limit; the runs and time it makes; the study file saved and opened back;
 * a file the form cannot hold refused in one line; then created and started, run to the end, and
 * its verdict and comparisons read on the study page.
 */
import { expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { describeBrowser, useHarness, type Page } from './harness';

const SMALL = 'Casse-tête 4×4, remove 4';
const SEVEN = 'Casse-tête 7×7, remove 9';

async function pick(page: Page, name: string): Promise<void> {
  await page.getByTestId('compose-puzzle').filter({ hasText: name }).getByRole('checkbox').check();
}

describeBrowser('studies: composing a study', () => {
  const h = useHarness({ viewport: { width: 1024, height: 700 } });

  it('composes a study from library puzzles and solver settings, saves and opens its file, runs it and shows who beats whom', async () => {
    const library = await h.api.listPuzzles({ family: 'parity' });
    const ids = [SMALL, SEVEN].map((n) => library.find((p) => p.name === n)!.id);

    const page = await h.newPage({ hash: '#/studies' });
    await page.getByTestId('studies-new').click();
    await page.getByTestId('new-study-dialog').getByTestId('study-compose').waitFor();
    await h.screenshot(page, 'studies-compose-entry');
    await page.getByTestId('new-study-dialog').getByTestId('study-compose').click();
    const dialog = page.getByTestId('compose-study-dialog');
    await dialog.waitFor();
    await expect.poll(() => dialog.getByTestId('compose-puzzle').count()).toBeGreaterThan(5);
    // No solver before a puzzle: a study's solvers are its puzzles' family's.
    expect(await dialog.getByTestId('compose-add-setting').isDisabled()).toBe(true);
    await h.screenshot(page, 'studies-compose-fresh');

    await dialog.getByTestId('compose-search').fill('Casse');
    await expect.poll(() => dialog.getByTestId('compose-puzzle').allTextContents()).toHaveLength(5);
    await pick(page, SMALL);
    // Picking one sets the family: the filter holds to it, other families cannot be chosen.
    await dialog.getByTestId('compose-search').fill('');
    await expect.poll(async () => (await dialog.getByTestId('compose-puzzle').allTextContents()).every((t) => t.includes('Casse-tête'))).toBe(true);
    expect(await dialog.getByRole('group', { name: 'Family' }).getByRole('button', { name: 'Edge' }).isDisabled()).toBe(true);
    await pick(page, SEVEN);
    expect(await dialog.getByTestId('compose-picked').textContent()).toContain('2 picked');

    // Two settings of one solver: annealing as published, and with fast cooling.
    const settings = dialog.getByTestId('compose-setting');
    await expect.poll(() => settings.count()).toBe(1);
    const solverOptions = await settings.first().getByTestId('compose-solver').locator('option').allTextContents();
    expect(solverOptions).toEqual([
      'Hill climbing',
      'Genetic algorithm (Almuhaideb et al. 2022)',
      'Simulated annealing (Almuhaideb et al. 2022)',
      'Exact construction',
    ]);
    await settings.first().getByTestId('compose-solver').selectOption('sa');
    expect(await settings.first().getByTestId('compose-solver').getAttribute('title')).toMatch(/“sa” in study files and the CLI/);
    await settings.first().getByTestId('compose-label').fill('annealing');
    await dialog.getByRole('button', { name: 'Duplicate setting 1' }).click();
    await expect.poll(() => settings.count()).toBe(2);
    await settings.nth(1).getByTestId('compose-params').fill('alpha=2');
    await expect.poll(() => dialog.getByTestId('compose-setting-error').textContent()).toBe('parameter alpha: 2 is above the maximum 1');
    expect(await dialog.getByTestId('compose-create-start').isDisabled()).toBe(true);
    await settings.nth(1).getByTestId('compose-params').fill('alpha=0.5');
    await settings.nth(1).getByTestId('compose-label').fill('fast cooling');

    await dialog.getByTestId('compose-seeds').fill('3');
    await dialog.getByTestId('compose-concurrency').fill('2');
    // No stop at all: refused before the backend has to.
    await dialog.getByTestId('compose-seconds').fill('');
    await expect
      .poll(() => dialog.getByTestId('compose-problem').textContent())
      .toMatch(/Give a time per run or an evaluations budget: a study’s runs must end by themselves/);
    expect(await dialog.getByTestId('compose-create').isDisabled()).toBe(true);
    await h.screenshot(page, 'studies-compose-no-stop');
    await dialog.getByTestId('compose-seconds').fill('1');
    await dialog.getByTestId('compose-name').fill('Composed: annealing cooling rates');
    await expect
      .poll(() => dialog.getByTestId('compose-estimate').textContent())
      .toBe('2 puzzles × 2 solvers × 3 seeds = 12 runs · at most 6.0 s with 2 runs at once (CPU seconds per run: longer on a busy machine)');
    expect(await dialog.getByTestId('compose-problem').count()).toBe(0);
    await dialog.getByTestId('compose-name').evaluate((el) => el.closest('form')?.querySelector('.body')?.scrollTo(0, 0));
    await h.screenshot(page, 'studies-compose-1024');
    await dialog.getByTestId('compose-seeds').scrollIntoViewIfNeeded();
    await h.screenshot(page, 'studies-compose-1024-runs');
    await page.setViewportSize({ width: 1600, height: 1000 });
    await h.screenshot(page, 'studies-compose-1600');
    await page.setViewportSize({ width: 1024, height: 700 });

    // The study file the CLI reads.
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('compose-save').click()]);
    expect(download.suggestedFilename()).toBe('Composed_annealing_cooling_rates.json');
    const saved = JSON.parse(readFileSync((await download.path())!, 'utf8')) as Record<string, unknown>;
    expect(saved).toEqual({
      name: 'Composed: annealing cooling rates',
      puzzles: ids.map((library) => ({ library })),
      solvers: [
        { solver: 'sa', label: 'annealing' },
        { solver: 'sa', params: { alpha: 0.5 }, label: 'fast cooling' },
      ],
      seeds: 3,
      stop: { seconds: 1, clock: 'cpu' },
      concurrency: 2,
    });

    // A file the form cannot hold: one line, and it may still be created as it is.
    const input = dialog.getByTestId('compose-file-input');
    await input.setInputFiles({
      name: 'mazes.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ ...saved, puzzles: [{ family: 'parity', puzzle: { n: 4, m: 4 } }] })),
    });
    await expect.poll(() => dialog.getByTestId('compose-error').textContent()).toMatch(/^\s*mazes\.json: puzzles\[0\] is an inline puzzle; the composer holds/);
    expect(await dialog.getByTestId('compose-create-direct').isVisible()).toBe(true);
    await h.screenshot(page, 'studies-compose-refused-file');

    // Opened back: every field as saved (here with listed seeds and the wall clock).
    await input.setInputFiles({
      name: 'mine.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ ...saved, seeds: [4, 5, 6], stop: { seconds: 1 } })),
    });
    await expect.poll(() => dialog.getByTestId('compose-seeds').inputValue()).toBe('4, 5, 6');
    expect(await dialog.getByTestId('compose-error').count()).toBe(0);
    expect(await dialog.getByTestId('compose-clock').inputValue()).toBe('wall');
    expect(await settings.nth(1).getByTestId('compose-params').inputValue()).toBe('alpha=0.5');
    expect(await dialog.getByTestId('compose-picked').textContent()).toContain(`${SMALL}, ${SEVEN}`);
    await input.setInputFiles({ name: 'saved.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(saved)) });
    await expect.poll(() => dialog.getByTestId('compose-seeds').inputValue()).toBe('3');
    expect(await dialog.getByTestId('compose-clock').inputValue()).toBe('cpu');

    await dialog.getByTestId('compose-create-start').click();
    await page.getByTestId('study-page').waitFor();
    expect(await page.locator('h1').textContent()).toBe('Composed: annealing cooling rates');
    const id = Number(/#\/studies\/(\d+)$/.exec(page.url())![1]);
    const detail = await h.api.getStudy({ id });
    expect([detail.grid.puzzles, detail.grid.solvers, detail.grid.seeds]).toEqual([2, 2, 3]);
    await expect.poll(async () => (await h.api.getStudy({ id })).status, { timeout: 100_000, interval: 1000 }).toBe('done');
    await expect.poll(() => page.getByTestId('study-page').getAttribute('data-status'), { timeout: 20_000 }).toBe('done');
    await expect.poll(() => page.getByTestId('study-cell').count()).toBe(4);

    // The verdict over the study's puzzles, naming the settings.
    const verdict = page.getByTestId('study-verdict');
    await verdict.waitFor({ timeout: 20_000 });
    // Two settings: Wilcoxon's signed-rank test over the puzzles, named in the verdict whatever it finds.
    await expect.poll(async () => (await verdict.textContent())?.trim() ?? '').toMatch(/fast cooling.*Wilcoxon/);
    // Who beats whom, puzzle by puzzle: the two settings against each other.
    const matrix = page.getByTestId('study-matrix');
    await expect.poll(() => matrix.count(), { timeout: 20_000 }).toBe(2);
    expect(await matrix.first().locator('figcaption').textContent()).toBe(SMALL);
    const cells = matrix.first().getByTestId('matrix-cell');
    expect(await cells.count()).toBe(2);
    for (const title of await cells.evaluateAll((tds) => tds.map((td) => td.getAttribute('title') ?? ''))) expect(title.trim()).not.toBe('');
    await verdict.scrollIntoViewIfNeeded();
    await h.screenshot(page, 'studies-compose-done');
    expect(h.pageErrors(page)).toEqual([]);
  });
});
