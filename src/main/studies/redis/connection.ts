/**
 * Redis connections for the coordinator and `workbench worker`. URLs go to ioredis as they are
 * (`redis://user:password@host:port/db`, `rediss://` for TLS); messages show them with the
 * password masked. Reaching Redis is checked once at the start, so an unreachable server is one
 * clear line; after that ioredis reconnects by itself.
 */
import { Redis } from 'ioredis';
import { escapeControls } from '../../../core/text/display';

/**
 * The URL as messages show it: as it was given (not normalised: `redis://` stays `redis://`), the
 * password replaced by `***`.
 */
export function maskRedisUrl(url: string): string {
  const m = /^([^:/?#]*:\/\/)([^/?#]*)([\s\S]*)$/.exec(url);
  if (!m) return url;
  const [, scheme, authority, rest] = m as unknown as [string, string, string, string];
  const at = authority.lastIndexOf('@');
  const colon = authority.indexOf(':');
  if (at < 0 || colon < 0 || colon > at) return url;
  return `${scheme}${authority.slice(0, colon)}:***${authority.slice(at)}${rest}`;
}

/** How ioredis says the server does not speak Redis ("Unknown RESP type 72 "H". Please report this."). */
const NOT_REDIS = /Unknown RESP type \d+ "([\s\S])"|Protocol error/;
/** The first byte of every RESP2 and RESP3 reply. */
const RESP_START = /^[-+:$*_,#!=(%~>|]/;

/** What a server that is not Redis answered, in a word where the protocol is a known one. */
function describeAnswer(answer: string): string {
  if (/^HTTP\/\d/.test(answer) || /^\s*<(!doctype|html|head|body|\?xml)/i.test(answer)) return 'HTTP';
  if (/^SSH-/.test(answer)) return 'SSH';
  const line = answer.split(/\r?\n/)[0]!;
  return `"${escapeControls(line.length > 40 ? `${line.slice(0, 40)}...` : line)}"`;
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
    // A protocol error says the most: the socket errors after it (EPIPE) only follow from it.
    if (!(lastError && NOT_REDIS.test(lastError.message))) lastError = e;
  });
  // The first bytes the server sent, to say what it is when it does not speak Redis.
  let firstAnswer: string | null = null;
  client.once('connect', () =>
    client.stream?.once('data', (d: Buffer) => {
      firstAnswer ??= d.subarray(0, 200).toString('latin1');
    }),
  );
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
    const resp = NOT_REDIS.exec(err.message);
    // The server may also have hung up on what it could not read, before ioredis read its answer.
    const foreign = firstAnswer !== null && !RESP_START.test(firstAnswer);
    if (resp || foreign) {
      // Without the bytes, the one character ioredis names: HTTP's answers begin with "H".
      const answer = firstAnswer ?? (resp?.[1] === 'H' ? 'HTTP/' : (resp?.[1] ?? ''));
      throw new Error(`${maskRedisUrl(url)} is not a Redis server (it answered ${describeAnswer(answer)})`, { cause: e });
    }
    // A certificate error names the certificate; a private CA goes in NODE_EXTRA_CA_CERTS (docs/studies.md).
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
