/**
 * `workbench serve`: the built renderer over HTTP plus the typed API over a WebSocket at `/api`,
 * for using the workbench from a browser. Plain Node (no Electron).
 *
 * Security model:
 * - Without a token, only loopback clients are served: the remote address must be loopback, the
 *   Host header must name a loopback host (defeats DNS rebinding), and a WebSocket's Origin header
 *   must be this server's own origin or absent (defeats other web pages on the same machine).
 * - With a token, every client must present it: `?token=` on the WebSocket URL, and on the page URL
 *   for HTTP (a successful page load sets an HttpOnly SameSite=Strict cookie so the page's assets load).
 *   The Origin check still applies.
 */
import { MAX_MESSAGE_BYTES } from '../../core/document/limits';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { open, realpath } from 'node:fs/promises';
import { isIP } from 'node:net';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { WebSocketServer, WebSocket, type RawData } from 'ws';
import { parse as parseCookie, serialize as serializeCookie } from 'cookie';
import { contentType } from 'mime-types';
import type { Backend, PushEvent } from '../api/contract';
import type { Disposable } from '../lifecycle/disposable';
import { importFileInTurns, ontoPuzzle, previewImport } from '../services/imports';
import { importReadingsView } from '../services/import-readings';
import type { Workbench } from '../services/workbench';
import { dispatch, errorMessage } from './dispatch';
import { ParsePool } from './parse-pool';
import { mibText } from '../../core/text/numbers';
import { valueText } from '../../core/text/display';

/** Same policy as the meta tag in src/renderer/index.html (plus frame-ancestors, which only works as a header). */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self' ws://127.0.0.1:* ws://localhost:*",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export { MAX_MESSAGE_BYTES };
/** What one connection may have sent that is not answered yet: calls, and their bytes. */
export const MAX_CALLS_IN_FLIGHT = 32;
/** Two of the largest messages: one call with a file always fits beside another. */
export const MAX_CONNECTION_BYTES = 2 * MAX_MESSAGE_BYTES;
/** Progress pushes are skipped for a client that has this much unsent data (a slow reader). */
const PROGRESS_BACKLOG_BYTES = 4 * 1024 * 1024;
const HEARTBEAT_MS = 30_000;

export interface ServerOptions {
  /** With its Workbench (createBackend's), import files are read in a worker thread (see parse-pool.ts). */
  backend: Backend & { workbench?: Workbench };
  port: number;
  host?: string;
  token?: string;
  /** The built renderer (normally `out/renderer`). */
  staticDir: string;
  /** Largest WebSocket message accepted, in bytes (default 32 MiB). */
  maxMessageBytes?: number;
  /** Unanswered bytes one connection may have sent (default 64 MiB); calls beyond it are refused. */
  maxConnectionBytes?: number;
  /** Longest an import file may take to read (default 20 s). */
  parseTimeoutMs?: number;
}

/** A server listening before its backend exists (so a taken port fails before any run is touched). */
export interface ListeningServer extends RunningServer {
  /** Start answering the API with this backend (until then WebSocket upgrades get 503). */
  attach(backend: ServerOptions['backend']): void;
}

export interface RunningServer extends Disposable {
  /** The page to open (with `?token=` when a token is required). */
  url: string;
  port: number;
  /** Stop listening and close every connection (and the import reader's thread); a second call waits for the first. */
  dispose(): Promise<void>;
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (a === '::1') return true;
  return isIP(a) === 4 && a.startsWith('127.');
}

function hostNameOf(hostHeader: string | undefined): string | null {
  if (!hostHeader) return null;
  try {
    return new URL(`http://${hostHeader}`).hostname.toLowerCase();
  } catch {
    return null;
  }
}

function isLoopbackHostHeader(hostHeader: string | undefined): boolean {
  const name = hostNameOf(hostHeader);
  if (name === null) return false;
  return LOOPBACK_NAMES.has(name) || name.endsWith('.localhost') || isLoopbackAddress(name.replace(/^\[|\]$/g, ''));
}

function sameSecret(given: string | null | undefined, token: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The named cookie's value (percent-decoded when it decodes), null when the header lacks it. */
function cookieValue(header: string | undefined, name: string): string | null {
  return header ? (parseCookie(header)[name] ?? null) : null;
}

function requestUrl(req: IncomingMessage): URL | null {
  try {
    // A fixed base: the Host header plays no part in routing.
    return new URL(req.url ?? '/', 'http://server.invalid');
  } catch {
    return null;
  }
}

/** The request's Origin is absent or equals this server's origin as the client addressed it. */
function originAllowed(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  const host = req.headers.host;
  if (!host) return false;
  return origin === `http://${host}` || origin === `https://${host}`;
}

function securityHeaders(): Record<string, string> {
  return {
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}

function sendText(res: ServerResponse, status: number, text: string): void {
  const body = Buffer.from(`${text}\n`);
  res.writeHead(status, {
    ...securityHeaders(),
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': String(body.length),
    'Cache-Control': 'no-store',
  });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

function refuseUpgrade(socket: Duplex, status: number, reason: string): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.once('finish', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${reason.length}\r\n\r\n${reason}`);
}

export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  const server = await listenServer(opts);
  server.attach(opts.backend);
  return server;
}

/**
 * The API with the heavy calls moved off the event loop: import files are read in the worker
 * thread, and what they hold is checked and stored here in short slices (importFileInTurns).
 */
function servedBackend(backend: ServerOptions['backend'], pool: ParsePool | null): Backend {
  const wb = backend.workbench;
  if (!wb || !pool) return backend;
  const h = backend.handlers;
  return {
    ...backend,
    handlers: {
      ...h,
      previewImport: async (req) => previewImport(wb, req, await pool.read(req)),
      importReadings: async (req) => importReadingsView(wb, req, await pool.readings(req)),
      importFile: async (req) => {
        if (req.into === undefined) return importFileInTurns(wb, req, await pool.read(req));
        const { puzzle } = ontoPuzzle(wb, req.into);
        return importFileInTurns(wb, req, await pool.readOnto(req, { id: req.into, puzzle }));
      },
    },
  };
}

export async function listenServer(opts: Omit<ServerOptions, 'backend'>): Promise<ListeningServer> {
  const { token } = opts;
  let backend: Backend | null = null;
  let pool: ParsePool | null = null;
  let unsubscribe = (): void => {};
  const maxConnectionBytes = opts.maxConnectionBytes ?? MAX_CONNECTION_BYTES;
  const host = opts.host ?? '127.0.0.1';
  if (token !== undefined && token.length === 0) throw new Error('the access token must not be empty');
  // Node's own refusal ("options.port should be >= 0 and < 65536. Received type number (70000).") is no message for a person.
  if (!Number.isInteger(opts.port) || opts.port < 0 || opts.port > 65535) throw new Error(`the port must be a whole number from 0 to 65535, got ${opts.port}`);
  const staticRoot = await realpath(path.resolve(opts.staticDir));
  let cookieName = 'workbench_token';

  /** Who may talk to us at all (before any token check). */
  const clientAllowed = (req: IncomingMessage): boolean => {
    if (token !== undefined) return true;
    return isLoopbackAddress(req.socket.remoteAddress) && isLoopbackHostHeader(req.headers.host);
  };

  async function serveStatic(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    let rel: string;
    try {
      rel = decodeURIComponent(url.pathname);
    } catch {
      return sendText(res, 400, 'Bad Request');
    }
    if (rel.includes('\0') || rel.includes('\\')) return sendText(res, 404, 'Not Found');
    if (rel.endsWith('/')) rel += 'index.html';
    const target = path.resolve(staticRoot, `.${path.posix.normalize(`/${rel}`)}`);
    if (target !== staticRoot && !target.startsWith(staticRoot + path.sep)) return sendText(res, 404, 'Not Found');
    // No dot-files, and nothing whose real location (after symlinks) is outside the root.
    if (
      path
        .relative(staticRoot, target)
        .split(path.sep)
        .some((seg) => seg.startsWith('.'))
    )
      return sendText(res, 404, 'Not Found');
    let real: string;
    try {
      real = await realpath(target);
    } catch {
      return sendText(res, 404, 'Not Found');
    }
    if (!real.startsWith(staticRoot + path.sep)) return sendText(res, 404, 'Not Found');
    let handle;
    try {
      handle = await open(real, 'r');
    } catch {
      return sendText(res, 404, 'Not Found');
    }
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) return sendText(res, 404, 'Not Found');
      const body = await handle.readFile();
      const ext = path.extname(real).toLowerCase();
      const isHtml = ext === '.html';
      const headers: Record<string, string> = {
        ...securityHeaders(),
        'Content-Type': contentType(ext) || 'application/octet-stream',
        'Content-Length': String(body.length),
        // Hashed assets can be cached; the page itself always revalidates.
        'Cache-Control': isHtml || !url.pathname.startsWith('/assets/') ? 'no-cache' : 'public, max-age=31536000, immutable',
      };
      if (isHtml) headers['X-Frame-Options'] = 'DENY';
      if (token !== undefined && isHtml && sameSecret(url.searchParams.get('token'), token)) {
        headers['Set-Cookie'] = serializeCookie(cookieName, token, { path: '/', httpOnly: true, sameSite: 'strict' });
      }
      res.writeHead(200, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
    } finally {
      await handle.close();
    }
  }

  const server = createServer((req, res) => {
    const url = requestUrl(req);
    if (!url) return sendText(res, 400, 'Bad Request');
    if (!clientAllowed(req)) return sendText(res, 403, 'Forbidden');
    if (token !== undefined) {
      const given = url.searchParams.get('token') ?? cookieValue(req.headers.cookie, cookieName);
      if (!sameSecret(given, token)) return sendText(res, 403, 'Forbidden: this server needs the access token (open the URL it printed)');
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      return sendText(res, 405, 'Method Not Allowed');
    }
    if (url.pathname === '/api') return sendText(res, 426, 'Upgrade Required');
    serveStatic(req, res, url).catch((err: unknown) => {
      if (!res.headersSent) sendText(res, 500, `Internal Server Error: ${errorMessage(err)}`);
      else res.destroy();
    });
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: opts.maxMessageBytes ?? MAX_MESSAGE_BYTES, perMessageDeflate: false });
  const alive = new WeakSet<WebSocket>();

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const url = requestUrl(req);
    if (!url || url.pathname !== '/api') return refuseUpgrade(socket, 404, 'Not Found');
    if (!clientAllowed(req) || !originAllowed(req)) return refuseUpgrade(socket, 403, 'Forbidden');
    if (token !== undefined && !sameSecret(url.searchParams.get('token'), token)) return refuseUpgrade(socket, 403, 'Forbidden');
    if (!backend) return refuseUpgrade(socket, 503, 'Service Unavailable');
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });

  const send = (ws: WebSocket, payload: unknown): void => {
    if (ws.readyState !== WebSocket.OPEN) return;
    let text: string;
    try {
      text = JSON.stringify(payload);
    } catch (err) {
      const id = (payload as { id?: unknown }).id ?? null;
      text = JSON.stringify({ id, ok: false, error: `reply could not be encoded: ${errorMessage(err)}` });
    }
    ws.send(text);
  };

  wss.on('connection', (ws: WebSocket) => {
    alive.add(ws);
    // What this connection sent that is not answered yet: a client cannot pile up work or memory.
    let calls = 0;
    let bytes = 0;
    ws.on('pong', () => alive.add(ws));
    ws.on('error', () => ws.terminate());
    ws.on('message', (data: RawData, isBinary: boolean) => {
      if (isBinary) return send(ws, { id: null, ok: false, error: 'binary messages are not supported' });
      const size = rawSize(data);
      let msg: unknown;
      try {
        msg = JSON.parse(rawToString(data));
      } catch {
        return send(ws, { id: null, ok: false, error: 'message is not valid JSON' });
      }
      if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) {
        return send(ws, { id: null, ok: false, error: 'message must be an object {id, method, args}' });
      }
      const { id: rawId, method, args } = msg as Record<string, unknown>;
      const idOk = (typeof rawId === 'number' && Number.isSafeInteger(rawId)) || (typeof rawId === 'string' && rawId.length <= 100);
      const id = idOk ? rawId : null;
      if (!idOk) return send(ws, { id: null, ok: false, error: 'message id must be an integer or a short string' });
      // A misspelt envelope (`params` for `args`) would otherwise read as a call with no arguments.
      const stray = Object.keys(msg).find((k) => k !== 'id' && k !== 'method' && k !== 'args');
      if (stray !== undefined) return send(ws, { id, ok: false, error: `message: unknown field ${valueText(stray)} (a message is {id, method, args})` });
      if (calls >= MAX_CALLS_IN_FLIGHT || bytes + size > maxConnectionBytes)
        return send(ws, {
          id,
          ok: false,
          error: `this connection has ${calls} calls (${mibText(bytes)}) waiting for answers: wait for them before sending more`,
        });
      calls++;
      bytes += size;
      void dispatch(backend!, method, args).then((reply) => {
        calls--;
        bytes -= size;
        send(ws, { id, ...reply });
      });
    });
  });

  const heartbeat = setInterval(() => {
    for (const ws of wss.clients) {
      if (!alive.has(ws)) {
        ws.terminate();
        continue;
      }
      alive.delete(ws);
      ws.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    clearInterval(heartbeat);
    wss.close();
    throw listenError(err, opts.port, host);
  }

  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  // Cookies ignore ports: name ours per port so two servers on one machine do not clash.
  cookieName = `workbench_token_${port}`;
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : isIP(host) === 6 ? `[${host}]` : host;
  const url = `http://${urlHost}:${port}/${token !== undefined ? `?token=${encodeURIComponent(token)}` : ''}`;

  const attach = (b: ServerOptions['backend']): void => {
    if (backend) throw new Error('the server already has a backend');
    if (b.workbench) {
      pool = new ParsePool({ timeoutMs: opts.parseTimeoutMs });
      pool.warm();
    }
    backend = servedBackend(b, pool);
    unsubscribe = b.subscribe((event: PushEvent) => {
      for (const ws of wss.clients) {
        if (event.type === 'run-progress' && ws.bufferedAmount > PROGRESS_BACKLOG_BYTES) continue;
        send(ws, { push: event });
      }
    });
  };

  let closing: Promise<void> | null = null;
  const dispose = (): Promise<void> => {
    closing ??= new Promise<void>((resolve) => {
      clearInterval(heartbeat);
      unsubscribe();
      void pool?.dispose();
      for (const ws of wss.clients) ws.close(1001, 'server shutting down');
      wss.close();
      server.close(() => resolve());
      // Give clients a moment to finish the close handshake, then drop whatever is left.
      setTimeout(() => {
        for (const ws of wss.clients) ws.terminate();
        server.closeAllConnections();
      }, 200).unref();
      server.closeIdleConnections();
    });
    return closing;
  };

  return { url, port, dispose, attach };
}

/** A listen failure in one line: a taken port says so and what to do. */
function listenError(err: unknown, port: number, host: string): Error {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') return new Error(`port ${port} on ${host} is already in use (another serve?): give another with --port P`);
  if (code === 'EACCES') return new Error(`port ${port} on ${host} needs more rights than this user has: give another with --port P (above 1023)`);
  if (code === 'EADDRNOTAVAIL') return new Error(`${host} is not an address of this machine: give another with --host H`);
  return err instanceof Error ? err : new Error(String(err));
}

function rawSize(data: RawData): number {
  if (Buffer.isBuffer(data)) return data.length;
  if (Array.isArray(data)) return data.reduce((a, b) => a + b.length, 0);
  return data.byteLength;
}

function rawToString(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}
