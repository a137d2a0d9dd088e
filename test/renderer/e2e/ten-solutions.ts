/** The 4x4 edge puzzle with 10 solutions (up to turns) the Analyze tests work on, opened in Play with its Analyze panel unfolded. */
import { expect } from 'vitest';
import type { Locator } from 'playwright-core';
import { generateEdgePuzzle } from '../../../src/core/families/edge/design/generator';
import type { Harness, Page } from './harness';

export async function openTenSolutions(h: Harness): Promise<{ id: number; page: Page; panel: Locator }> {
  const { puzzle } = generateEdgePuzzle({ rows: 4, cols: 4, frameColours: 1, innerColours: 2, seed: 1 });
  const pieces: number[][] = [];
  for (let i = 0; i < 16; i++) pieces.push(Array.from(puzzle.edges.slice(4 * i, 4 * i + 4)));
  const rec = await h.api.createPuzzle({
    document: { format: 'puzzle-workbench', version: 1, family: 'edge', name: 'Ten solutions', puzzle: { rows: 4, cols: 4, pieces } },
  });
  const page = await h.newPage({ hash: `#/puzzle/${rec.id}` });
  const panel = page.getByTestId('analyze-edge').first();
  await panel.waitFor();
  await panel.locator('summary').click();
  return { id: rec.id, page, panel };
}

/** A locator's text, '' while it is not there. */
export const textOf = (l: Locator): Promise<string> =>
  l.textContent().then(
    (t) => t ?? '',
    () => '',
  );

/** Analyze once the editor has saved: the headline that says `expected`. */
export async function analyzed(page: Page, panel: Locator, expected: string): Promise<void> {
  await expect.poll(() => page.getByTestId('edge-workbench').getAttribute('data-save-state')).toBe('saved');
  await panel.getByTestId('analyze-start').click();
  await expect.poll(() => textOf(panel.getByTestId('analyze-headline')), { timeout: 30_000 }).toContain(expected);
}
