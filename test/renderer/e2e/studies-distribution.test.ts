/**
 * Issue 15, item 5 in the app: the Studies page's Distribution section. A bad URL is one line
 * and saves nothing; a Redis URL with a password is saved and used at once (the password never
 * reaches the page); an unreachable one says why and studies stay on this machine; Clear goes
 * back to this machine. A real Redis (Debian's redis-server) on a free loopback port.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort, startRedis, type RedisServer } from '../../helpers/redis';
import { describeBrowser, useHarness } from './harness';

const PASSWORD = 'pa55-for-e2e';

describeBrowser('studies: distribution through Redis', () => {
  const h = useHarness({ viewport: { width: 1100, height: 720 } });
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis({ password: PASSWORD });
  }, 30_000);
  afterAll(async () => {
    await redis?.stop();
  });

  it('saves a Redis URL, connects at once, masks the password, and clears it', async () => {
    const page = await h.newPage({ hash: '#/studies' });
    const state = page.getByTestId('distribution-state');
    const field = page.getByTestId('distribution-url');
    const save = page.getByTestId('distribution-save');
    await expect.poll(() => state.textContent()).toBe('On this machine');
    expect(await page.getByTestId('distribution').textContent()).toContain('workbench worker --redis URL');

    await field.fill('http://127.0.0.1:6379');
    await save.click();
    await expect.poll(() => page.getByTestId('distribution-error').textContent()).toBe('a Redis URL starts with redis:// or rediss:// (TLS), not http://');
    expect(await state.textContent()).toBe('On this machine');

    const url = `redis://:${PASSWORD}@127.0.0.1:${redis.port}`;
    await field.fill(url);
    await field.press('Enter');
    await expect.poll(() => state.textContent(), { timeout: 15_000 }).toBe(`Coordinating through redis://:***@127.0.0.1:${redis.port}`);
    expect(await page.getByTestId('distribution-error').count()).toBe(0);
    expect(await field.inputValue()).toBe('');
    expect(await page.content()).not.toContain(PASSWORD);
    expect(await h.api.getDistribution({})).toMatchObject({ state: 'connected', saved: `redis://:***@127.0.0.1:${redis.port}` });
    await h.screenshot(page, 'studies-distribution-connected');

    // Still there when the page is opened again; the field shows what is saved, masked.
    await page.reload();
    await expect.poll(() => state.textContent()).toBe(`Coordinating through redis://:***@127.0.0.1:${redis.port}`);
    expect(await field.getAttribute('placeholder')).toBe(`saved: redis://:***@127.0.0.1:${redis.port}`);

    const nobody = `redis://127.0.0.1:${await freePort()}`;
    await field.fill(nobody);
    await save.click();
    await expect.poll(() => state.textContent(), { timeout: 15_000 }).toMatch(/^Redis unreachable: cannot reach Redis at redis:\/\/127\.0\.0\.1:\d+ \(.+\)$/);
    await h.screenshot(page, 'studies-distribution-unreachable');

    await page.getByTestId('distribution-clear').click();
    await expect.poll(() => state.textContent()).toBe('On this machine');
    expect(await h.api.getDistribution({})).toMatchObject({ state: 'local', saved: null });
  });
});
