/**
 * Issue 52, item 5: the popup menu (lib/Menu.svelte) and the modal dialogs (lib/Modal.svelte,
 * lib/ConfirmDialog.svelte) stand on a headless library. What they must keep doing, under the
 * desktop app's strict CSP (the library positions and locks through the CSSOM, never an inline
 * style attribute): arrows move in a menu, Esc or a click outside closes it and the focus goes
 * back; a dialog keeps Tab inside, Esc cancels it, and the focus goes back to where it was.
 */
import { expect, it } from 'vitest';
import { APP_CONTENT_SECURITY_POLICY } from '../../../src/main/electron/app-origin';
import { describeBrowser, findPuzzleId, useHarness, type Page } from './harness';

const STRICT = APP_CONTENT_SECURITY_POLICY.replace("connect-src 'self'", "connect-src 'self' ws://127.0.0.1:*");

/** A page whose every response carries the app's strict CSP; violations become console errors. */
async function strictPage(h: ReturnType<typeof useHarness>, hash = ''): Promise<Page> {
  const page = await h.newPage();
  await page.route('**/*', async (route) => {
    const response = await route.fetch();
    const headers: Record<string, string> = { ...response.headers(), 'content-security-policy': STRICT };
    if (!(headers['content-type'] ?? '').startsWith('text/html')) return route.fulfill({ response, headers });
    const body = (await response.text()).replace(/<meta\s+http-equiv="Content-Security-Policy"[^>]*>/s, '');
    return route.fulfill({ response, headers, body });
  });
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI} ${e.sample}`)),
  );
  await page.goto(`${h.url}${hash}`);
  await page.locator('[data-testid="app-shell"][data-connection="open"]').waitFor({ timeout: 30_000 });
  return page;
}

/** The focused element's test id, menu item id or text: enough to tell where the focus is. */
const focus = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    if (!a || a === document.body) return 'body';
    return a.getAttribute('data-id') ?? a.getAttribute('data-testid') ?? a.textContent?.trim() ?? a.tagName;
  });

/** Whether the focus is inside the element with this test id. */
const focusIn = (page: Page, testid: string) =>
  page.evaluate((id) => document.querySelector(`[data-testid="${id}"]`)?.contains(document.activeElement) ?? false, testid);

describeBrowser('menus and dialogs on the headless library', () => {
  // Responses rewritten in the browser would otherwise count as coming from outside loopback.
  const h = useHarness({ chromiumArgs: ['--disable-features=LocalNetworkAccessChecks,BlockInsecurePrivateNetworkRequests,PrivateNetworkAccessChecks'] });

  it('a row menu: arrows move, Esc and a click outside close it, the focus goes back to the row', async () => {
    const page = await strictPage(h);
    const row = page.locator('[data-testid="library-row"][data-name="Eternity II clue puzzle 1"]');
    await row.click();
    const rowId = await row.getAttribute('data-id');
    await row.click({ button: 'right' });
    const menu = page.getByTestId('menu');
    await menu.waitFor();
    const items = await menu.getByRole('menuitem').evaluateAll((els) => els.map((e) => e.getAttribute('data-id')));
    expect(items.length).toBeGreaterThan(2);
    await expect.poll(() => focus(page)).toBe(items[0]);
    await page.mouse.move(2, 2);
    await h.screenshot(page, 'menu-dialog-row-menu');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focus(page)).toBe(items[1]);
    await page.keyboard.press('End');
    await expect.poll(() => focus(page)).toBe(items.at(-1));
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focus(page)).toBe(items[0]);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await expect.poll(() => focus(page)).toBe(rowId);

    // By keys: Shift+F10 opens it on the focused row, Enter chooses; a click outside closes it.
    await page.keyboard.press('Shift+F10');
    await menu.waitFor();
    await expect.poll(() => focus(page)).toBe(items[0]);
    const box = (await menu.boundingBox())!;
    await page.mouse.click(box.x + box.width + 40, box.y + box.height + 40);
    await menu.waitFor({ state: 'detached' });
    await row.focus();
    await page.keyboard.press('Shift+F10');
    await menu.waitFor();
    const before = await page.getByTestId('library-row').count();
    await page.locator('[data-testid="menu"] [data-id="duplicate"]').focus();
    await page.keyboard.press('Enter');
    await menu.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('library-row').count()).toBe(before + 1);
    expect(h.pageErrors(page)).toEqual([]);
  });

  it('the new-puzzle dialog keeps Tab inside; Esc closes it and the focus goes back to its button', async () => {
    const page = await strictPage(h);
    const open = page.getByTestId('library-new');
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('new-puzzle-dialog');
    await dialog.waitFor();
    await expect.poll(() => focusIn(page, 'new-puzzle-dialog')).toBe(true);
    await h.screenshot(page, 'menu-dialog-new-puzzle');
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      expect(await focusIn(page, 'new-puzzle-dialog')).toBe(true);
    }
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusIn(page, 'new-puzzle-dialog')).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => focus(page)).toBe('library-new');

    // The keys overlay: opened with "?", closed by a click outside.
    await page.keyboard.press('?');
    const keys = page.getByTestId('keys-help');
    await keys.waitFor();
    await h.screenshot(page, 'menu-dialog-keys-help');
    await page.mouse.click(8, 790);
    await keys.waitFor({ state: 'detached' });
    expect(h.pageErrors(page)).toEqual([]);
  });

  it('a confirm dialog: Tab goes round its buttons, Esc cancels, a click on a button chooses', async () => {
    const id = await findPuzzleId(h, 'cs440_hill_climbing_5x5.maze');
    const [run] = await h.api.startRuns({ puzzleId: id, solver: 'hill-climb', seed: 4, evaluations: 2000 });
    await expect.poll(async () => (await h.api.queryRuns({ ids: [run!.id], statuses: ['done'] })).total, { timeout: 30_000 }).toBe(1);
    const page = await strictPage(h, '#/runs/history');
    const row = page.locator(`[data-testid="history-row"][data-id="${run!.id}"]`);
    await row.locator('td.dim:visible').first().click();
    await row.focus();
    await page.keyboard.press('Delete');
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.getByRole('button', { name: 'Delete' }).waitFor();
    await expect.poll(() => focus(page)).toBe('Cancel');
    await h.screenshot(page, 'menu-dialog-confirm');
    await page.keyboard.press('Tab');
    await expect.poll(() => focus(page)).toBe('Delete');
    await page.keyboard.press('Tab');
    await expect.poll(() => focus(page)).toBe('Cancel');
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => focus(page)).toBe('Delete');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.getByRole('button', { name: 'Delete' }).isVisible()).toBe(false);
    await expect.poll(() => focus(page)).toBe(String(run!.id));
    expect((await h.api.queryRuns({ ids: [run!.id] })).total).toBe(1);

    await page.keyboard.press('Delete');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => row.count()).toBe(0);
    expect((await h.api.queryRuns({ ids: [run!.id] })).total).toBe(0);
    expect(h.pageErrors(page)).toEqual([]);
  });
});
