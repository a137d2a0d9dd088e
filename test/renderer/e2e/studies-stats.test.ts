/**
 * Issue 24 in the app: a finished study's page shows who beats whom (a matrix per puzzle, the
 * tests' p and A12 on hover), the runtime distributions at a score level chosen in the view
 * (from the runs' improvements, no re-running; censored runs as crosses) in time and in
 * evaluations, and the performance profiles across the puzzles.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { describeBrowser, useHarness } from './harness';

const study = JSON.stringify({
  name: 'Climbing against a random walk',
  puzzles: [
    { family: 'jump', name: 'maze 5x5', puzzle: { rows: 5, cols: 5 } },
    { family: 'jump', name: 'maze 6x6', puzzle: { rows: 6, cols: 6 } },
  ],
  solvers: [
    { solver: 'hill-climb', label: 'hill climbing' },
    { solver: 'sa', label: 'annealing' },
    { solver: 'hill-climb', params: { randomWalk: 1 }, label: 'random walk' },
  ],
  seeds: 5,
  stop: { evaluations: 2000 },
});

describeBrowser('studies: statistics', () => {
  const h = useHarness({ viewport: { width: 1100, height: 800 } });

  it('shows the comparison matrices, the runtime distributions and the performance profiles of a study', async () => {
    const made = await h.api.createStudy({ text: study });
    await h.api.startStudy({ id: made.id });
    await expect.poll(async () => (await h.api.getStudy({ id: made.id })).status, { timeout: 400_000, interval: 1000 }).toBe('done');
    const analysis = await h.api.studyAnalysis({ id: made.id });
    expect(analysis.comparisons).toHaveLength(6);
    expect(analysis.traces.map((t) => t.length)).toEqual([5, 5, 5, 5, 5, 5]);

    const page = await h.newPage({ hash: `#/studies/${made.id}` });
    await page.getByTestId('study-comparisons').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('study-matrix').count()).toBe(2);
    // A cell per ordered pair: 6 per puzzle; each says what the analysis decided.
    const kinds = await page.getByTestId('matrix-cell').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-kind')));
    expect(kinds).toHaveLength(12);
    const climbVsWalk = analysis.comparisons.find((c) => c.rowIndex === 0 && c.a === 0 && c.b === 2)!;
    const cell = page.locator('[data-testid="study-matrix"][data-row="0"] [data-testid="matrix-cell"][data-i="0"][data-j="2"]');
    expect(await cell.getAttribute('data-kind')).toBe(climbVsWalk.winner === null ? 'tie' : climbVsWalk.winner === 0 ? 'win' : 'loss');
    // Focus (as hover does): the tests with p, Holm's p and A12.
    await cell.focus();
    const detail = page.locator('[data-testid="study-matrix"][data-row="0"] [data-testid="matrix-detail"]');
    await expect.poll(() => detail.textContent()).toMatch(/^hill climbing vs random walk/);
    expect(await detail.textContent()).toMatch(/best score, Mann-Whitney: p [<\d. ]+ \(Holm [<\d. ]+\), A12 \d\.\d\d/);
    expect(await cell.getAttribute('title')).toContain('A12');
    await page.getByTestId('study-comparisons').scrollIntoViewIfNeeded();
    await h.screenshot(page, 'studies-stats-matrix');

    // Over the puzzles: the verdict names Friedman's test, and Demšar's diagram is shown and saved
    // as the SVG the analysis made and as a PNG at twice its size.
    expect(await page.getByTestId('study-verdict').textContent()).toMatch(/Friedman over 2 puzzles \(median best score\) p = /);
    expect(await page.getByTestId('study-over-method').textContent()).toMatch(/Holm post-hoc pairs, p exact \(every arrangement counted\)/);
    const svg = analysis.overPuzzles!.diagram!;
    const diagram = page.getByTestId('study-cd-diagram');
    await diagram.scrollIntoViewIfNeeded();
    await expect.poll(() => diagram.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(Number(/width="(\d+)"/.exec(svg)![1]));
    await h.screenshot(page, 'studies-stats-cd-diagram');
    const [svgFile] = await Promise.all([page.waitForEvent('download'), page.getByTestId('study-cd-svg').click()]);
    expect(svgFile.suggestedFilename()).toBe(`study-${made.id}-Climbing_against_a_random_walk-cd.svg`);
    expect(readFileSync((await svgFile.path())!, 'utf8')).toBe(svg);
    const [pngFile] = await Promise.all([page.waitForEvent('download'), page.getByTestId('study-cd-png').click()]);
    expect(pngFile.suggestedFilename()).toBe(`study-${made.id}-Climbing_against_a_random_walk-cd.png`);
    const png = readFileSync((await pngFile.path())!);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    // IHDR: width and height at bytes 16 and 20.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([2 * Number(/width="(\d+)"/.exec(svg)![1]), 2 * Number(/height="(\d+)"/.exec(svg)![1])]);

    // Runtime distributions: a step line per setting at the default level, censored runs marked.
    const chart = page.getByTestId('runtime-chart');
    await chart.scrollIntoViewIfNeeded();
    await expect.poll(async () => Number(await chart.getAttribute('data-lines'))).toBe(3);
    expect(await chart.getAttribute('data-x-log')).toBe('true');
    const level = page.getByTestId('runtime-level');
    const options = await level.locator('option').allTextContents();
    expect(options.length).toBeGreaterThan(1);
    // The best level first: few runs reached it, so most are censored.
    const marksAtBest = Number(await chart.getAttribute('data-marks'));
    expect(marksAtBest).toBeGreaterThan(0);
    await h.screenshot(page, 'studies-stats-runtime');
    // A lower level, chosen in the view: more runs reach it, fewer are censored.
    const low = await level.locator('option').last().getAttribute('value');
    await level.selectOption(low!);
    await expect.poll(async () => Number(await chart.getAttribute('data-marks'))).toBeLessThan(marksAtBest);
    await page.getByTestId('runtime-evals').click();
    await expect.poll(() => chart.getAttribute('data-x-ticks')).not.toMatch(/\d s|ms/);
    await h.screenshot(page, 'studies-stats-runtime-evals');

    // Performance profiles across the two mazes.
    const profile = page.getByTestId('profile-chart');
    await profile.scrollIntoViewIfNeeded();
    await expect.poll(async () => Number(await profile.getAttribute('data-lines'))).toBe(3);
    expect(await page.getByTestId('study-profiles').textContent()).toMatch(/Share of the 2 puzzles/);
    await h.screenshot(page, 'studies-stats-profiles');
    await page.getByTestId('profile-score').click();
    await expect.poll(() => page.getByTestId('study-profiles').textContent()).toMatch(/within d of the best mean/);
    await h.screenshot(page, 'studies-stats-profiles-score');
    expect(h.pageErrors(page)).toEqual([]);
  }, 540_000);

  it('says a study of one setting has nothing to compare, and draws no matrix', async () => {
    // Its runs are finished: "no finished runs to compare yet" would be untrue.
    const one = JSON.stringify({
      name: 'One setting',
      puzzles: [{ family: 'jump', name: 'maze 5x5', puzzle: { rows: 5, cols: 5 } }],
      solvers: [{ solver: 'hill-climb', label: 'hill climbing' }],
      seeds: 2,
      stop: { evaluations: 500 },
    });
    const made = await h.api.createStudy({ text: one });
    await h.api.startStudy({ id: made.id });
    await expect.poll(async () => (await h.api.getStudy({ id: made.id })).status, { timeout: 100_000, interval: 500 }).toBe('done');
    const page = await h.newPage({ hash: `#/studies/${made.id}` });
    await page.getByTestId('study-comparisons').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('study-verdict').textContent()).toMatch(/One setting: there is nothing to compare it with/);
    expect(await page.getByTestId('study-matrix').count()).toBe(0);
    // Its runtime distributions are still there: one setting's runs against time.
    expect(await page.getByTestId('study-runtime').count()).toBe(1);
    expect(h.pageErrors(page)).toEqual([]);
  }, 200_000);
});
