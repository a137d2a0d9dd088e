/**
 * The desktop app serves its pages from app://workbench/ with a strict CSP header (no
 * 'unsafe-inline' styles: src/main/electron/app-origin.ts). The renderer must work under it: here
 * every response carries that policy (plus the WebSocket this transport needs), the meta tag's
 * looser policy is removed, and each view is opened; any violation is a console error.
 */
import { expect, it } from 'vitest';
import { APP_CONTENT_SECURITY_POLICY } from '../../../src/main/electron/app-origin';
import { describeBrowser, useHarness } from './harness';

const STRICT = APP_CONTENT_SECURITY_POLICY.replace("connect-src 'self'", "connect-src 'self' ws://127.0.0.1:*");

describeBrowser('the renderer under the desktop app’s strict CSP', () => {
  // Responses rewritten in the browser would otherwise count as coming from outside loopback.
  const h = useHarness({ chromiumArgs: ['--disable-features=LocalNetworkAccessChecks,BlockInsecurePrivateNetworkRequests,PrivateNetworkAccessChecks'] });

  it('needs no inline styles or scripts: no violation in the library, the editors and the run views', async () => {
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
    const puzzles = await h.api.listPuzzles({});
    const edge = puzzles.find((p) => p.family === 'edge')!;
    await h.api.startRuns({ puzzleId: edge.id, solver: 'hill-climb', evaluations: 20_000 });
    const hashes = [
      '',
      ...['edge', 'jump', 'parity'].map((f) => `#/puzzle/${puzzles.find((p) => p.family === f)!.id}`),
      '#/runs',
      '#/runs/history',
      '#/runs/run/1',
    ];
    for (const hash of hashes) {
      await page.goto(`${h.url}${hash}`);
      await page.locator('[data-testid="app-shell"][data-connection="open"]').waitFor({ timeout: 30_000 });
      await page.waitForTimeout(700);
    }
    await h.screenshot(page, 'strict-csp-run');
    expect(h.pageErrors(page).filter((e) => /CSP|Content.Security.Policy/i.test(e))).toEqual([]);
    // The check is real: markup with an inline style is reported.
    await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<div style="color: red">x</div>'));
    await expect.poll(() => h.pageErrors(page).some((e) => /CSP violation: style-src-attr/.test(e))).toBe(true);
  });
});
