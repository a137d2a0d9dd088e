/**
 * Issue 21, item 2: replacing a puzzle's placement or maze from a run's page ("Open in editor… →
 * Replace placement") is an edit of the editor: it enters the undo history, survives reopening and
 * says what it did with an Undo button.
 */
import { expect, it } from 'vitest';
import { describeBrowser, findPuzzleId, useHarness, type Harness, type Page } from './harness';

type Doc = { solution?: unknown; history?: unknown[] };

async function finished(h: Harness, puzzleId: number, solver: string): Promise<number> {
  const [r] = await h.api.startRuns({ puzzleId, solver, seed: 3, count: 1, evaluations: 3000 });
  await expect.poll(async () => (await h.api.queryRuns({ ids: [r!.id] })).runs[0]!.status, { timeout: 60_000 }).toBe('done');
  return r!.id;
}

async function replaceFromRunPage(h: Harness, runId: number): Promise<Page> {
  const page = await h.newPage({ hash: `#/runs/run/${runId}` });
  await page.getByTestId('replay-board').waitFor();
  await page.getByTestId('open-board').click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Replace placement' }).click();
  await page.locator('[data-testid="app-shell"][data-view="puzzle"]').waitFor();
  return page;
}

const docOf = async (h: Harness, id: number): Promise<Doc> => (await h.api.getPuzzle({ id })).document as Doc;

describeBrowser('replacing from a run page', () => {
  const h = useHarness();

  it('edge: the run board replaces the placement as an undoable edit, kept after reopening', async () => {
    const id = await findPuzzleId(h, 'e2_clue1_6x6');
    const doc = await docOf(h, id);
    // A hand placement: piece 1 in the corner, nothing else.
    const hand = { cells: Array.from({ length: 36 }, (_, i) => (i === 0 ? [1, 0] : [0, 0])) };
    await h.api.updatePuzzle({ id, document: { ...doc, solution: hand } });
    const runId = await finished(h, id, 'hill-climb');
    const best = (await h.api.getRun({ id: runId })).bestSolution;

    const page = await replaceFromRunPage(h, runId);
    const notice = page.getByTestId('notice').filter({ hasText: `run ${runId}` });
    await expect.poll(() => notice.textContent()).toMatch(/^Loaded the board of run \d+ at .* \(score \d+ \/ 60\)/);
    await h.screenshot(page, 'replace-undo-edge-loaded');
    await expect.poll(async () => (await docOf(h, id)).solution, { timeout: 10_000 }).toEqual(best);
    // The notice's Undo brings the hand placement back; Redo the run's board.
    await notice.getByTestId('notice-action').click();
    await expect.poll(async () => (await docOf(h, id)).solution, { timeout: 10_000 }).toEqual(hand);
    await page.getByTestId('editor-redo').click();
    await expect.poll(async () => (await docOf(h, id)).solution, { timeout: 10_000 }).toEqual(best);

    // Reopened, the editor still undoes to the hand placement.
    await page.goto(`${h.url}#/puzzle/${id}`);
    await page.reload();
    const undo = page.getByTestId('editor-undo');
    await expect.poll(() => undo.isEnabled()).toBe(true);
    await undo.click();
    await expect.poll(async () => (await docOf(h, id)).solution, { timeout: 10_000 }).toEqual(hand);
    expect(h.pageErrors(page)).toEqual([]);
  });

  it('jump: the run maze replaces the hand edits as an undoable edit, kept after reopening', async () => {
    const id = await findPuzzleId(h, 'cs440_hill_climbing_5x5.maze');
    const doc = await docOf(h, id);
    const saved = doc.solution as { cells: number[][] | number[] };
    // A hand edit: the first cell's jump changed.
    const cells = JSON.parse(JSON.stringify(saved.cells)) as unknown[];
    const first = Array.isArray(cells[0]) ? (cells[0] as number[]) : cells;
    first[0] = (first[0] as number) === 1 ? 2 : 1;
    const hand = { ...saved, cells };
    await h.api.updatePuzzle({ id, document: { ...doc, solution: hand } });
    const handNow = (await docOf(h, id)).solution;
    const runId = await finished(h, id, 'hill-climb');
    const best = (await h.api.getRun({ id: runId })).bestSolution;

    const page = await replaceFromRunPage(h, runId);
    await page.getByTestId('jump-editor').waitFor();
    const notice = page.getByTestId('notice').filter({ hasText: `run ${runId}` });
    await expect.poll(() => notice.textContent()).toMatch(/^Loaded the board of run \d+ at .* \(score /);
    await expect.poll(async () => (await docOf(h, id)).solution, { timeout: 10_000 }).toEqual(best);
    await h.screenshot(page, 'replace-undo-jump-loaded');
    const undo = page.getByTestId('editor-undo');
    expect(await undo.isEnabled()).toBe(true);

    // Reopened, Undo is there and brings the hand edit back.
    await page.reload();
    await page.getByTestId('jump-editor').waitFor();
    await expect.poll(() => page.getByTestId('editor-undo').isEnabled()).toBe(true);
    await page.getByTestId('editor-undo').click();
    await expect.poll(async () => (await docOf(h, id)).solution, { timeout: 10_000 }).toEqual(handNow);
    expect(h.pageErrors(page)).toEqual([]);
  });
});
