/**
 * Issue 13, item 10: an import error says what the file was read as and why, shows control
 * characters as escapes, and goes away when the next import succeeds.
 */
import { expect, it } from 'vitest';
import { describeBrowser, useHarness } from './harness';

describeBrowser('import errors', () => {
  const h = useHarness({ resourcesDir: null });

  it('names the format it read and why, escapes controls, and clears after a good import', async () => {
    const page = await h.newPage();
    const input = page.getByTestId('library-file');
    // A broken piece list: read as pieces (4 numbers a line), so it is not called a jump maze.
    await input.setInputFiles({ name: 'broken.txt', mimeType: 'text/plain', buffer: Buffer.from('1 2 3 4\n5 6 7\n8 9 10 11\n') });
    const banner = page.getByTestId('library-error');
    await banner.waitFor();
    let line = (await banner.locator('p').allTextContents())[0]!;
    expect(line).toMatch(/^broken\.txt:2: /);
    expect(line).toMatch(/read as .*piece.*because its first line holds 4 values/i);
    await h.screenshot(page, 'import-error-pieces');

    // Control characters in the file are shown as escapes, not sent to the screen.
    await input.setInputFiles({ name: 'ctrl.txt', mimeType: 'text/plain', buffer: Buffer.from('\u001b[31mhello\u0007\n1 2\n') });
    await expect.poll(async () => (await banner.locator('p').allTextContents())[0]).toContain('\\x1b');
    line = (await banner.locator('p').allTextContents())[0]!;
    expect(line).not.toMatch(/[\u0000-\u001f]/);

    // The next import that works clears the banner.
    await input.setInputFiles({ name: 'ok.maze', mimeType: 'text/plain', buffer: Buffer.from('3\n1 1 1\n1 1 1\n1 1 0\n') });
    await banner.waitFor({ state: 'detached' });
    expect(h.pageErrors(page)).toEqual([]);
  });
});
