/** An analysis says what it counted: a puzzle changed since drops its verdict, and one changed just before counts as changed. */
import { expect, it } from 'vitest';
import { describeBrowser, useHarness } from './harness';
import { analyzed, openTenSolutions, textOf } from './ten-solutions';

describeBrowser('Analyze after the puzzle changes', () => {
  const h = useHarness({ resourcesDir: null });
  it('a piece fixed after the count drops its verdict; Analyze at once after the change counts the changed puzzle', async () => {
    const { page, panel } = await openTenSolutions(h);
    await analyzed(page, panel, '10 solutions');
    const board = page.getByTestId('edge-board');
    await page.getByTestId('tray-piece').first().click();
    await board.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('f');
    // The verdict was of the puzzle without the fixed piece: gone, not left beside "1 fixed".
    await expect.poll(() => panel.getByTestId('analyze-headline').count()).toBe(0);
    await h.screenshot(page, 'analyze-stale-dropped');
    // Saved with the piece fixed, then freed and analysed straight away: the count waits for the save
    // and is of the puzzle without it (10 solutions), not the library's copy with it.
    await expect.poll(() => page.getByTestId('edge-workbench').getAttribute('data-save-state')).toBe('saved');
    // Every save from now on reaches the server 10 s late (an analysis worker reads the puzzle once
    // it has started, a second or two later), so the count would be made while the
    // library still holds the piece fixed if Analyze did not wait for the save (it then says 40).
    await page.routeWebSocket(/\/api/, (ws) => {
      const server = ws.connectToServer();
      ws.onMessage((m) => {
        if (typeof m === 'string' && m.includes('"method":"updatePuzzle"')) setTimeout(() => server.send(m), 10_000);
        else server.send(m);
      });
    });
    await page.reload();
    await panel.waitFor();
    if ((await panel.getAttribute('open')) === null) await panel.locator('summary').click();
    await board.focus();
    await page.keyboard.press('f');
    await panel.getByTestId('analyze-start').click();
    await expect.poll(() => textOf(panel.getByTestId('analyze-headline')), { timeout: 30_000 }).toContain('10 solutions');
  }, 90_000);
});
