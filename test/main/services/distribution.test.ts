/**
 * Where studies run, through the typed API: the Redis URL saved in the settings (validated in one
 * line, password never returned), used at once (connected, or unreachable with the reason and
 * studies left local), cleared, kept across a restart of the backend, and overridden by a URL
 * given outside the app. A real Redis (Debian's redis-server) with a password.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseCall } from '../../../src/main/api/contract';
import { apiHandlers, createBackend } from '../../../src/main/services/backend';
import { Distribution, REDIS_URL_SETTING } from '../../../src/main/services/distribution';
import { Workbench } from '../../../src/main/services/workbench';
import { Studies } from '../../../src/main/studies/studies';
import { tempDb } from '../../helpers/cli';
import { freePort, startRedis, type RedisServer } from '../../helpers/redis';
import { inProcessSpawner } from '../runs/in-process';

const PASSWORD = 's3cret-pw';
let redis: RedisServer;
let withPassword: string;
let nobody: string;

beforeAll(async () => {
  redis = await startRedis({ password: PASSWORD });
  withPassword = `redis://:${PASSWORD}@127.0.0.1:${redis.port}`;
  nobody = `redis://127.0.0.1:${await freePort()}`;
}, 30_000);
afterAll(async () => {
  await redis?.stop();
});

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

function open(opts: ConstructorParameters<typeof Distribution>[1] = {}) {
  const wb = Workbench.open({ dbPath: ':memory:', spawn: inProcessSpawner({ spawned: 0, handles: [] }) });
  const distribution = new Distribution(wb, opts);
  cleanup.push(() => wb.dispose());
  cleanup.push(() => distribution.dispose());
  const h = apiHandlers(wb, { resourcesDir: null, distribution, studies: new Studies(wb, distribution) });
  /** Through the schema, as a transport would call it. */
  const set = async (url: unknown) => {
    const { args } = parseCall('setDistribution', { url });
    return h.setDistribution(args as { url: string | null });
  };
  return { wb, distribution, h, set };
}

describe('getDistribution / setDistribution', () => {
  it('on this machine until a URL is saved', async () => {
    const { h, distribution, wb } = open();
    expect(await h.getDistribution({})).toEqual({ url: null, fromEnv: false, fixedBy: null, saved: null, state: 'local', message: null });
    expect(distribution.grant).toBe(wb.runs.grant);
  });

  it('refuses what is not a redis:// or rediss:// URL in one line, and saves nothing', async () => {
    const { set, wb } = open();
    await expect(set('http://127.0.0.1:6379')).rejects.toThrow(/^a Redis URL starts with redis:\/\/ or rediss:\/\/ \(TLS\), not http:\/\/$/);
    await expect(set('localhost 6379')).rejects.toThrow(/^"localhost 6379" is not a URL; a Redis URL looks like redis:\/\/host:6379/);
    await expect(set('redis:///0')).rejects.toThrow(/^the Redis URL "redis:\/\/\/0" names no host$/);
    await expect(set('redis://:pw@')).rejects.toThrow(/is not a URL/);
    await expect(set(42)).rejects.toThrow(/url/);
    for (const bad of ['http://x', 'localhost 6379', 'redis://:pw@'])
      await set(bad).catch((e: Error) => {
        expect(e.message).not.toContain('\n');
        expect(e.message).not.toContain(':pw@');
      });
    expect(wb.store.getSetting(REDIS_URL_SETTING)).toBeUndefined();
  });

  it('a reachable URL with a password: saved, connected at once, password masked; new study runs go to the queue', async () => {
    const { set, h, distribution, wb } = open();
    const state = await set(`  ${withPassword}  `);
    expect(state).toEqual({
      url: `redis://:***@127.0.0.1:${redis.port}`,
      fromEnv: false,
      fixedBy: null,
      saved: `redis://:***@127.0.0.1:${redis.port}`,
      state: 'connected',
      message: null,
    });
    expect(JSON.stringify(await h.getDistribution({}))).not.toContain(PASSWORD);
    expect(wb.store.getSetting(REDIS_URL_SETTING)).toBe(withPassword);
    expect(distribution.grant.owner.host).toMatch(/^redis-queue:/);

    const study = await h.createStudy({
      text: JSON.stringify({
        name: 'on workers',
        puzzles: [{ family: 'jump', puzzle: { rows: 5, cols: 5 } }],
        solvers: [{ solver: 'sa' }],
        seeds: 2,
        stop: { evaluations: 1000 },
      }),
    });
    expect(await h.startStudy({ id: study.id })).toMatchObject({ created: 2 });
    // No worker is listening: the runs wait on the Redis queue, followed by the coordinator, not the run manager.
    const runs = await h.listRuns({});
    expect(runs.map((r) => r.status)).toEqual(['queued', 'queued']);
    for (const r of runs) {
      expect(distribution.isActive(r.id)).toBe(true);
      expect(wb.runs.isActive(r.id)).toBe(false);
    }
  });

  it('an unreachable URL: kept, studies stay on this machine, the reason in one line', async () => {
    const { set, distribution, wb } = open();
    const state = await set(nobody);
    expect(state).toMatchObject({ url: nobody, state: 'unreachable', saved: nobody });
    expect(state.message).toMatch(/^cannot reach Redis at redis:\/\/127\.0\.0\.1:\d+ \(.+\)$/);
    expect(distribution.grant).toBe(wb.runs.grant);
    expect(wb.store.getSetting(REDIS_URL_SETTING)).toBe(nobody);
  });

  it('a wrong password: unreachable, told without the password', async () => {
    const { set } = open();
    const state = await set(`redis://:wrong-one@127.0.0.1:${redis.port}`);
    expect(state.state).toBe('unreachable');
    expect(state.message).toMatch(/refused the password/);
    expect(JSON.stringify(state)).not.toContain('wrong-one');
  });

  it('Clear (null or blank) disconnects and forgets the URL', async () => {
    const { set, distribution, wb } = open();
    expect((await set(withPassword)).state).toBe('connected');
    expect(await set(null)).toMatchObject({ url: null, saved: null, state: 'local', message: null });
    expect(distribution.grant).toBe(wb.runs.grant);
    expect(wb.store.getSetting(REDIS_URL_SETTING)).toBeNull();
    await set(nobody);
    expect((await set('   ')).state).toBe('local');
  });

  it('a URL given outside the app wins: used, shown as such, and the field is refused', async () => {
    const { distribution, set } = open({ url: withPassword, fixedBy: 'WORKBENCH_REDIS' });
    await distribution.start();
    expect(distribution.state()).toMatchObject({ fromEnv: true, fixedBy: 'WORKBENCH_REDIS', state: 'connected', saved: null });
    await expect(set(nobody)).rejects.toThrow(/^the Redis URL is set by WORKBENCH_REDIS for this session; start the app without it/);
  });
});

describe('createBackend', () => {
  it('uses the saved URL when it starts again; an unreachable one leaves it local instead of failing', async () => {
    const db = tempDb();
    const first = await createBackend({ dbPath: db, workerHost: 'node', resourcesDir: null });
    expect((await first.handlers.setDistribution({ url: withPassword })).state).toBe('connected');
    await first.dispose();

    const again = await createBackend({ dbPath: db, workerHost: 'node', resourcesDir: null });
    expect(await again.handlers.getDistribution({})).toMatchObject({ state: 'connected', fromEnv: false });
    await again.handlers.setDistribution({ url: nobody });
    await again.dispose();

    const down = await createBackend({ dbPath: db, workerHost: 'node', resourcesDir: null });
    try {
      expect(await down.handlers.getDistribution({})).toMatchObject({ state: 'unreachable', url: nobody });
    } finally {
      await down.dispose();
    }
  }, 30_000);

  it('an unreachable --redis fails in one line; with redisFallback (the app) it runs locally and says why', async () => {
    await expect(createBackend({ dbPath: tempDb(), workerHost: 'node', resourcesDir: null, redis: nobody })).rejects.toThrow(/^cannot reach Redis at /);
    const app = await createBackend({
      dbPath: tempDb(),
      workerHost: 'node',
      resourcesDir: null,
      redis: nobody,
      redisFrom: 'WORKBENCH_REDIS',
      redisFallback: true,
    });
    try {
      expect(await app.handlers.getDistribution({})).toMatchObject({ state: 'unreachable', fromEnv: true, fixedBy: 'WORKBENCH_REDIS', url: nobody });
    } finally {
      await app.dispose();
    }
  }, 30_000);
});
