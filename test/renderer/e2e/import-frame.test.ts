/**
 * A piece set whose frame is drawn in colour 1 (colours counting from 1) on a board small enough
 * that a frame-joint colour could be the frame too: the import dialog lists one reading per
 * candidate, and the one picked is what is stored.
 */
import { expect, it } from 'vitest';
import { generateEdgePuzzle } from '../../../src/core/families/edge/design/generator';
import { frameColours } from '../../../src/core/families/edge/files/foreign';
import { puzzleFromJson } from '../../../src/core/families/edge/model/json';
import { describeBrowser, useHarness } from './harness';
import { setOf } from '../../core/document/hand-board';

describeBrowser('import: a frame in another colour', () => {
  const h = useHarness();

  it('lists a reading for each colour that could be the frame and stores the one picked', async () => {
    const { puzzle } = generateEdgePuzzle({ rows: 3, cols: 3, frameColours: 2, innerColours: 2, seed: 14 });
    // Colours from 1: grey written as 1, every other colour one higher.
    const fields = Uint16Array.from(puzzle.edges, (v) => v + 1);
    const candidates = frameColours(fields, 3, 3);
    expect(candidates.length, 'the set must leave two colours that could be the frame').toBeGreaterThanOrEqual(2);
    expect(candidates).toContain(1);
    const lines = ['3 3', ...Array.from({ length: 9 }, (_, i) => Array.from(fields.slice(4 * i, 4 * i + 4)).join(' '))];

    const page = await h.newPage({ viewport: { width: 1280, height: 800 } });
    await page.getByTestId('library-file').setInputFiles({ name: 'from-one.txt', mimeType: 'text/plain', buffer: Buffer.from(lines.join('\n') + '\n') });
    await page.getByTestId('import-dialog').waitFor();
    const framed = page.getByTestId('import-reading').filter({ hasText: 'the frame in colour' });
    await expect.poll(() => framed.count()).toBe(candidates.length);
    await framed.filter({ hasText: 'the frame in colour 1' }).click();
    await expect.poll(() => page.getByTestId('import-facts').textContent()).toContain('Edge matching 3 × 3');
    await h.screenshot(page, 'import-frame-choice');
    await page.getByTestId('import-confirm').click();
    await expect.poll(() => page.getByTestId('library-notice').textContent()).toContain('Imported “from-one”');

    const [added] = await h.api.listPuzzles({ search: 'from-one' });
    const stored = await h.api.getPuzzle({ id: added.id });
    expect(setOf(puzzleFromJson((stored.document as { puzzle: unknown }).puzzle))).toEqual(setOf(puzzle));
    expect(h.pageErrors(page)).toEqual([]);
  });
});
