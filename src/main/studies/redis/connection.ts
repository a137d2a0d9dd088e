/**
 * Redis connections for the coordinator and `workbench worker`. URLs go to ioredis as they are
 * (`redis://user:password@host:port/db`, `rediss://` for TLS); messages show them with the
 * password masked. Reaching Redis is checked once at the start, so an unreachable server is one
 * clear line; after that ioredis reconnects by itself.
 */
import { Redis } from 'ioredis';

/** The URL as messages show it: the password replaced by `***`. */
export function maskRedisUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString().replace(/\/$/, '');
  } catch {
    return url.replace(/\/\/([^@/]*)@/, '//***@');
  }
}

/** Check the URL's form; throws one line naming what is wrong (never the password). */
export function checkRedisUrl(url: string): void {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new Error(`--redis expects a URL such as redis://host:6379 or rediss://:password@host:6380, got "${maskRedisUrl(url)}"`);
  }
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:') throw new Error(`--redis expects a redis:// or rediss:// URL, got "${maskRedisUrl(url)}"`);
  if (!u.hostname) throw new Error(`--redis URL "${maskRedisUrl(url)}" names no host`);
}

export interface ConnectOptions {
  /** How long the first connection may take (default 5 s). */
  timeoutMs?: number;
}

/**
 * A connected client, or a one-line error: "cannot reach Redis at redis://h:6379 (connect
 * ECONNREFUSED ...)". BullMQ needs `maxRetriesPerRequest: null` (commands wait through a
 * reconnection instead of failing).
 */
export async function connectRedis(url: string, opts: ConnectOptions = {}): Promise<Redis> {
  checkRedisUrl(url);
  let connected = false;
  let lastError: Error | null = null;
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: null,
    connectTimeout: opts.timeoutMs ?? 5_000,
    // No retries before the first connection: the caller says in one line that Redis is not there.
    retryStrategy: (times) => (connected ? Math.min(times * 200, 2_000) : null),
  });
  // ioredis prints unhandled 'error' events; reconnection is its business, the first failure ours.
  client.on('error', (e: Error) => {
    lastError = e;
  });
  try {
    await client.connect();
    await client.ping();
    connected = true;
    return client;
  } catch (e) {
    client.disconnect();
    const err = (lastError ?? e) as Error & { code?: string };
    if (/WRONGPASS|NOAUTH|invalid password|invalid username/i.test(err.message))
      throw new Error(`Redis at ${maskRedisUrl(url)} refused the password or user name`, { cause: e });
    // A certificate error names the certificate; a private CA goes in NODE_EXTRA_CA_CERTS (README).
    const why = err.message.replace(/\s+/g, ' ').trim() || err.code || 'no answer';
    throw new Error(`cannot reach Redis at ${maskRedisUrl(url)} (${why})`, { cause: e });
  }
}

/** Another connection to the same server (BullMQ needs its own for blocking reads). */
export function duplicate(client: Redis): Redis {
  const copy = client.duplicate();
  copy.on('error', () => {
    /* ioredis reconnects; the first connection already proved the server is there */
  });
  return copy;
}
