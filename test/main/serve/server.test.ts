import { MAX_FILE_BYTES } from '../../../src/core/document/limits';
import { afterEach, describe, expect, it } from 'vitest';
import http from 'node:http';
import { networkInterfaces } from 'node:os';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import type { ApiHandlers, Backend, PushEvent } from '../../../src/main/api/contract';
import type { PuzzleRecord, PuzzleSummary } from '../../../src/main/store/types';
import { CONTENT_SECURITY_POLICY, startServer, type RunningServer } from '../../../src/main/serve/server';
import { createClient, webSocketTransport } from '../../../src/renderer/src/api/client';

const staticDir = fileURLToPath(new URL('./fixtures', import.meta.url));

// ---- a fake in-memory backend ------------------------------------------------------------------

const puzzle = (id: number, name: string, family: PuzzleSummary['family']): PuzzleSummary => ({
  id,
  name,
  family,
  kind: family,
  source: `${name}.txt`,
  rows: 4,
  cols: 4,
  createdAt: 1_700_000_000_000,
  updatedAt: 1_700_000_000_000 + id,
  lastOpenedAt: null,
  bestScore: id === 1 ? 24 : null,
});

interface FakeBackend extends Backend {
  emit(event: PushEvent): void;
  calls: { method: string; args: unknown }[];
  listenerCount(): number;
}

function fakeBackend(): FakeBackend {
  const puzzles: PuzzleSummary[] = [puzzle(1, 'Eternity mini', 'edge'), puzzle(2, 'Hopper', 'jump')];
  const listeners = new Set<(e: PushEvent) => void>();
  const calls: { method: string; args: unknown }[] = [];
  const nope =
    (method: string) =>
    (args: unknown): never => {
      calls.push({ method, args });
      throw new Error(`${method} is not in the fake`);
    };
  const handlers: ApiHandlers = {
    listPuzzles: (args) => {
      calls.push({ method: 'listPuzzles', args });
      return puzzles
        .filter((p) => (!args.family || p.family === args.family) && (!args.search || p.name.includes(args.search)))
        .map((p) => ({ ...p, placement: null }));
    },
    getPuzzle: async ({ id }) => {
      const p = puzzles.find((x) => x.id === id);
      if (!p) throw new Error(`puzzle ${id} does not exist\n    at getPuzzle (fake.ts:1:1)`);
      return { ...p, document: {} } satisfies PuzzleRecord;
    },
    importFile: ({ fileName, text }) => {
      calls.push({ method: 'importFile', args: { fileName, length: text.length } });
      if (!text.trim()) throw new Error(`${fileName}: line 1: the file is empty`);
      const p = { ...puzzle(puzzles.length + 1, fileName.replace(/\.txt$/, ''), 'parity'), document: { text } };
      puzzles.push(p);
      return { added: [p], updated: [], notes: [], warnings: [], duplicates: [] };
    },
    deletePuzzle: () => null,
    previewImport: nope('previewImport'),
    importReadings: nope('importReadings'),
    createPuzzle: nope('createPuzzle'),
    updatePuzzle: nope('updatePuzzle'),
    duplicatePuzzle: nope('duplicatePuzzle'),
    exportPuzzle: nope('exportPuzzle'),
    solvers: () => [],
    stopRun: nope('stopRun'),
    resumeRun: nope('resumeRun'),
    listRuns: () => [],
    getRun: nope('getRun'),
    runWorkers: () => null,
    runWork: () => null,
    startRuns: nope('startRuns'),
    queryRuns: nope('queryRuns'),
    runIds: nope('runIds'),
    runFacets: nope('runFacets'),
    deleteRuns: nope('deleteRuns'),
    exportRuns: nope('exportRuns'),
    exportRunFile: nope('exportRunFile'),
    importRunFile: nope('importRunFile'),
    runSeries: nope('runSeries'),
    runBoard: nope('runBoard'),
    listStudies: nope('listStudies'),
    getStudy: nope('getStudy'),
    studyCurves: nope('studyCurves'),
    studyAnalysis: nope('studyAnalysis'),
    studyTemplates: nope('studyTemplates'),
    createStudy: nope('createStudy'),
    startStudy: nope('startStudy'),
    stopStudy: nope('stopStudy'),
    exportStudy: nope('exportStudy'),
    getDistribution: nope('getDistribution'),
    setDistribution: nope('setDistribution'),
    startAnalysis: nope('startAnalysis'),
    analysisStatus: nope('analysisStatus'),
    stopAnalysis: nope('stopAnalysis'),
    startOrder: nope('startOrder'),
    orderStatus: nope('orderStatus'),
    stopOrder: nope('stopOrder'),
  };
  return {
    handlers,
    calls,
    subscribe(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    emit(e) {
      for (const l of listeners) l(e);
    },
    listenerCount: () => listeners.size,
  };
}

// ---- helpers ------------------------------------------------------------------------------------

const servers: RunningServer[] = [];
const sockets: WebSocket[] = [];

afterEach(async () => {
  for (const ws of sockets.splice(0)) ws.terminate();
  await Promise.all(servers.splice(0).map((s) => s.dispose()));
});

async function serve(opts: Partial<Parameters<typeof startServer>[0]> = {}): Promise<{ server: RunningServer; backend: FakeBackend }> {
  const backend = fakeBackend();
  const server = await startServer({ backend, port: 0, staticDir, ...opts });
  servers.push(server);
  return { server, backend };
}

type Reply = { id: unknown; ok: boolean; value?: unknown; error?: string };

/** A raw `ws` client that collects every message. */
async function connect(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ ws: WebSocket; next(): Promise<unknown>; request(msg: unknown): Promise<Reply> }> {
  const ws = new WebSocket(url, { headers });
  sockets.push(ws);
  const inbox: unknown[] = [];
  const waiting: ((m: unknown) => void)[] = [];
  ws.on('message', (data) => {
    const m: unknown = JSON.parse(String(data));
    const w = waiting.shift();
    if (w) w(m);
    else inbox.push(m);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const next = (): Promise<unknown> => (inbox.length > 0 ? Promise.resolve(inbox.shift()) : new Promise((r) => waiting.push(r)));
  const request = async (msg: unknown): Promise<Reply> => {
    ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
    return (await next()) as Reply;
  };
  return { ws, next, request };
}

/** Resolves with the HTTP status of a refused upgrade (or 101 if it was accepted). */
function upgradeStatus(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    sockets.push(ws);
    ws.once('open', () => resolve(101));
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', (err) => {
      if (!/Unexpected server response/.test(err.message)) reject(err);
    });
  });
}

/** A raw GET: the path goes out exactly as written (no client-side normalisation). */
function get(
  port: number,
  path: string,
  headers: Record<string, string> = {},
  host = '127.0.0.1',
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host, port, path, method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

const wsUrl = (server: RunningServer, query = ''): string => `ws://127.0.0.1:${server.port}/api${query}`;

// ---- the API over the WebSocket -----------------------------------------------------------------

describe('serve: WebSocket API', () => {
  it('answers listPuzzles with the backend data, with validated arguments', async () => {
    const { server, backend } = await serve();
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/`);
    const c = await connect(wsUrl(server));
    const all = await c.request({ id: 1, method: 'listPuzzles', args: {} });
    expect(all).toMatchObject({ id: 1, ok: true });
    expect((all.value as PuzzleSummary[]).map((p) => p.name)).toEqual(['Eternity mini', 'Hopper']);

    const jump = await c.request({ id: 'two', method: 'listPuzzles', args: { family: 'jump' } });
    expect(jump).toMatchObject({ id: 'two', ok: true, value: [{ id: 2, name: 'Hopper' }] });
    expect(backend.calls.at(-1)).toEqual({ method: 'listPuzzles', args: { family: 'jump' } });

    // Missing args count as {}.
    expect(await c.request({ id: 3, method: 'solvers' })).toEqual({ id: 3, ok: true, value: [] });
  });

  it('refuses invalid arguments with a one-line error, without calling the handler', async () => {
    const { server, backend } = await serve();
    const c = await connect(wsUrl(server));
    for (const [i, args] of [{ family: 'chess' }, { limit: 0 }, { bogus: 1 }, [], 'x'].entries()) {
      const r = await c.request({ id: i, method: 'listPuzzles', args });
      expect(r.id).toBe(i);
      expect(r.ok).toBe(false);
      expect(r.error).toMatch(/listPuzzles/);
      expect(r.error).not.toContain('\n');
    }
    expect(backend.calls).toEqual([]);
    const bad = await c.request({ id: 9, method: 'getPuzzle', args: { id: 'one' } });
    expect(bad).toEqual({ id: 9, ok: false, error: 'getPuzzle.id: expected an integer, got string' });
  });

  it('refuses unknown methods and prototype keys', async () => {
    const { server } = await serve();
    const c = await connect(wsUrl(server));
    for (const method of ['dropDatabase', '__proto__', 'constructor', 'hasOwnProperty', 42, null]) {
      const r = await c.request({ id: 1, method, args: {} });
      expect(r).toMatchObject({ id: 1, ok: false });
      expect(r.error).toMatch(/^unknown API method/);
    }
  });

  it('turns handler errors into one line without a stack', async () => {
    const { server } = await serve();
    const c = await connect(wsUrl(server));
    expect(await c.request({ id: 1, method: 'getPuzzle', args: { id: 77 } })).toEqual({ id: 1, ok: false, error: 'puzzle 77 does not exist' });
    expect(await c.request({ id: 2, method: 'startRuns', args: { puzzleId: 1, solver: 'x' } })).toEqual({
      id: 2,
      ok: false,
      error: 'startRuns is not in the fake',
    });
  });

  it('survives bad JSON, bad envelopes and binary frames, and keeps serving', async () => {
    const { server } = await serve();
    const c = await connect(wsUrl(server));
    expect(await c.request('{not json')).toEqual({ id: null, ok: false, error: 'message is not valid JSON' });
    expect(await c.request('[1,2]')).toMatchObject({ id: null, ok: false });
    expect(await c.request('null')).toMatchObject({ id: null, ok: false });
    expect(await c.request({ id: { x: 1 }, method: 'solvers', args: {} })).toMatchObject({ id: null, ok: false });
    const notObject = { id: null, ok: false, error: 'message must be an object {id, method, args}' };
    expect(await c.request('[1,2]')).toEqual(notObject);
    expect(await c.request('"solvers"')).toEqual(notObject);
    const badId = { id: null, ok: false, error: 'message id must be an integer or a short string' };
    for (const id of [1.5, 2 ** 53, 'x'.repeat(101), null, true]) expect(await c.request({ id, method: 'solvers', args: {} })).toEqual(badId);
    expect(await c.request({ method: 'solvers', args: {} })).toEqual(badId);
    expect(await c.request({ id: 'x'.repeat(100), method: 'solvers', args: {} })).toEqual({ id: 'x'.repeat(100), ok: true, value: [] });
    // A misspelt envelope is named, not read as a call without arguments.
    expect(await c.request({ id: 7, method: 'getPuzzle', params: { id: 1 } })).toEqual({
      id: 7,
      ok: false,
      error: 'message: unknown field "params" (a message is {id, method, args})',
    });
    c.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(await c.next()).toEqual({ id: null, ok: false, error: 'binary messages are not supported' });
    expect(await c.request({ id: 5, method: 'solvers', args: {} })).toEqual({ id: 5, ok: true, value: [] });
  });

  it('closes a connection that sends an oversized message', async () => {
    const { server } = await serve({ maxMessageBytes: 1024 });
    const c = await connect(wsUrl(server));
    const closed = new Promise<number>((resolve) => c.ws.once('close', (code) => resolve(code)));
    c.ws.send(JSON.stringify({ id: 1, method: 'importFile', args: { fileName: 'big.txt', text: 'x'.repeat(5000) } }));
    expect(await closed).toBe(1009);
    // The server itself is fine.
    const d = await connect(wsUrl(server));
    expect(await d.request({ id: 1, method: 'solvers', args: {} })).toMatchObject({ ok: true });
  });

  it('sends push events to every connected client and unsubscribes on close', async () => {
    const { server, backend } = await serve();
    const a = await connect(wsUrl(server));
    const b = await connect(wsUrl(server));
    const event: PushEvent = { type: 'run-progress', runId: 3, elapsedMs: 1000, evaluations: 5000, bestScore: 20, currentScore: 18 };
    backend.emit(event);
    backend.emit({ type: 'puzzles-changed' });
    expect(await a.next()).toEqual({ push: event });
    expect(await a.next()).toEqual({ push: { type: 'puzzles-changed' } });
    expect(await b.next()).toEqual({ push: event });
    expect(backend.listenerCount()).toBe(1);
    await server.dispose();
    expect(backend.listenerCount()).toBe(0);
  });

  it('refuses other paths and foreign origins, accepts its own origin', async () => {
    const { server } = await serve();
    expect(await upgradeStatus(`ws://127.0.0.1:${server.port}/other`)).toBe(404);
    expect(await upgradeStatus(wsUrl(server), { Origin: 'http://evil.example' })).toBe(403);
    expect(await upgradeStatus(wsUrl(server), { Origin: `http://127.0.0.1:${server.port + 1}` })).toBe(403);
    expect(await upgradeStatus(wsUrl(server), { Origin: 'null' })).toBe(403);
    expect(await upgradeStatus(wsUrl(server), { Origin: `http://127.0.0.1:${server.port}` })).toBe(101);
  });

  it('refuses a non-loopback Host header without a token (DNS rebinding)', async () => {
    const { server } = await serve();
    expect(await upgradeStatus(wsUrl(server), { Host: `evil.example:${server.port}`, Origin: `http://evil.example:${server.port}` })).toBe(403);
    expect((await get(server.port, '/', { Host: `evil.example:${server.port}` })).status).toBe(403);
    expect((await get(server.port, '/', { Host: `localhost:${server.port}` })).status).toBe(200);
  });
});

// ---- tokens -------------------------------------------------------------------------------------

describe('serve: access token', () => {
  it('requires the token on the WebSocket URL', async () => {
    const { server } = await serve({ token: 's3cret-token' });
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/?token=s3cret-token`);
    expect(await upgradeStatus(wsUrl(server))).toBe(403);
    expect(await upgradeStatus(wsUrl(server, '?token=wrong'))).toBe(403);
    expect(await upgradeStatus(wsUrl(server, '?token=s3cret-toke'))).toBe(403);
    const c = await connect(wsUrl(server, '?token=s3cret-token'));
    expect(await c.request({ id: 1, method: 'listPuzzles', args: {} })).toMatchObject({ id: 1, ok: true });
  });

  it('requires the token for pages, and a cookie set by the page lets its assets load', async () => {
    const { server } = await serve({ token: 'abc' });
    expect((await get(server.port, '/')).status).toBe(403);
    expect((await get(server.port, '/?token=nope')).status).toBe(403);
    expect((await get(server.port, '/assets/app.js')).status).toBe(403);
    const page = await get(server.port, '/?token=abc');
    expect(page.status).toBe(200);
    const cookie = page.headers['set-cookie']?.[0] ?? '';
    expect(cookie).toMatch(new RegExp(`^workbench_token_${server.port}=abc; Path=/; HttpOnly; SameSite=Strict`));
    const asset = await get(server.port, '/assets/app.js', { Cookie: cookie.split(';')[0]! });
    expect(asset.status).toBe(200);
    expect((await get(server.port, '/assets/app.js', { Cookie: `workbench_token_${server.port}=bad` })).status).toBe(403);
  });

  it('percent-encodes a token the cookie could not hold as it is, and finds it among other cookies', async () => {
    const { server } = await serve({ token: 'a b;c' });
    const page = await get(server.port, `/?token=${encodeURIComponent('a b;c')}`);
    const cookie = page.headers['set-cookie']?.[0] ?? '';
    expect(cookie.split(';')[0]).toBe(`workbench_token_${server.port}=a%20b%3Bc`);
    expect((await get(server.port, '/assets/app.js', { Cookie: `theme=dark; ${cookie.split(';')[0]!}; other=1` })).status).toBe(200);
    expect((await get(server.port, '/assets/app.js', { Cookie: `workbench_token_${server.port}=a%20b%3B` })).status).toBe(403);
  });

  it('refuses an empty token at start', async () => {
    await expect(startServer({ backend: fakeBackend(), port: 0, staticDir, token: '' })).rejects.toThrow(/token/);
  });

  const lanAddress = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

  it.skipIf(!lanAddress)('without a token, refuses clients that are not on loopback', async () => {
    const { server } = await serve({ host: '0.0.0.0' });
    const status = (await get(server.port, '/', {}, lanAddress)).status;
    expect(status).toBe(403);
    expect(await upgradeStatus(`ws://${lanAddress}:${server.port}/api`)).toBe(403);
    expect((await get(server.port, '/')).status).toBe(200);
  });

  it.skipIf(!lanAddress)('with a token, serves clients anywhere that present it', async () => {
    const { server } = await serve({ host: '0.0.0.0', token: 'lan' });
    expect((await get(server.port, '/?token=lan', {}, lanAddress)).status).toBe(200);
    expect(await upgradeStatus(`ws://${lanAddress}:${server.port}/api?token=lan`)).toBe(101);
    expect(await upgradeStatus(`ws://${lanAddress}:${server.port}/api`)).toBe(403);
  });
});

// ---- static files -------------------------------------------------------------------------------

describe('serve: static files', () => {
  it('serves index.html and assets with the CSP header and MIME types', async () => {
    const { server } = await serve();
    const page = await get(server.port, '/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.body).toContain('serve fixture');
    expect((await get(server.port, '/index.html')).body).toContain('serve fixture');
    const js = await get(server.port, '/assets/app.js');
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  });

  it('answers 404 for missing files and directories, 405 for other methods', async () => {
    const { server } = await serve();
    expect((await get(server.port, '/missing.js')).status).toBe(404);
    expect((await get(server.port, '/assets')).status).toBe(404);
    expect((await get(server.port, '/api')).status).toBe(426);
    const post = await new Promise<number>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: server.port, path: '/', method: 'POST' }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(post).toBe(405);
  });

  it('never serves anything outside the static folder', async () => {
    const { server } = await serve();
    const attempts = [
      '/../server.test.ts',
      '/../../../../package.json',
      '/..%2fserver.test.ts',
      '/%2e%2e/server.test.ts',
      '/%2e%2e%2fserver.test.ts',
      '/assets/..%2f..%2fserver.test.ts',
      '/%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2fpackage.json',
      '/..%5cserver.test.ts',
      '/..\\server.test.ts',
      '/%252e%252e/server.test.ts',
      '/%00../server.test.ts',
      '/' + encodeURIComponent(fileURLToPath(new URL('./server.test.ts', import.meta.url))),
      '//etc/passwd',
      '/%2fetc%2fpasswd',
      '/%',
    ];
    for (const path of attempts) {
      const res = await get(server.port, path);
      expect([400, 403, 404], `${path} → ${res.status}`).toContain(res.status);
      expect(res.body).not.toContain('never serves anything');
      expect(res.body).not.toContain('"name"');
      expect(res.body).not.toContain('root:');
    }
  });
});

// ---- the renderer's client over the real server --------------------------------------------------

describe('renderer client over the WebSocket transport', () => {
  it('sends the largest file a puzzle may be, and refuses alone, in one line, a request over the server limit', async () => {
    const { server } = await serve({ token: 't' });
    const transport = webSocketTransport({ url: wsUrl(server, '?token=t'), WebSocketImpl: WebSocket as unknown as typeof globalThis.WebSocket });
    const { api } = createClient(transport);
    const states: string[] = [];
    transport.onState((st) => states.push(st));
    try {
      await api.listPuzzles({});
      // 32 MiB of short lines: 36 MB once its newlines are escaped, past the old 32 MiB message limit (the connection was dropped).
      const line = '1 2 3 4\n';
      const big = line.repeat(Math.floor(MAX_FILE_BYTES / line.length));
      const answer = await api.importFile({ fileName: 'big.txt', text: big }).then(
        () => 'imported',
        (e: Error) => e.message,
      );
      expect(answer).not.toMatch(/connection/);
      // Control characters escape to six: more than the server takes, refused before sending.
      const worst = '\u0001'.repeat(MAX_FILE_BYTES);
      await expect(api.importFile({ fileName: 'worst.txt', text: worst })).rejects.toThrow(
        /^this request is .* MiB, more than the .* MiB the workbench server takes: split the file$/,
      );
      expect((await api.listPuzzles({})).length).toBe(3);
      expect(states).not.toContain('reconnecting');
    } finally {
      transport.close();
    }
  }, 60_000);

  it('calls, rejects with the server message, receives pushes and reconnects', async () => {
    const { server, backend } = await serve({ token: 't' });
    const transport = webSocketTransport({
      url: wsUrl(server, '?token=t'),
      WebSocketImpl: WebSocket as unknown as typeof globalThis.WebSocket,
      minDelayMs: 20,
      maxDelayMs: 50,
    });
    const { api } = createClient(transport);
    try {
      // Calls made before the socket is open wait for it.
      const rows = await api.listPuzzles({ family: 'edge' });
      expect(rows.map((p) => p.name)).toEqual(['Eternity mini']);

      await expect(api.getPuzzle({ id: 99 })).rejects.toThrow(/^puzzle 99 does not exist$/);
      await expect(api.listPuzzles({ family: 'chess' as 'edge' })).rejects.toThrow(/^listPuzzles\.family: expected one of edge, jump, parity/);

      const imported = await api.importFile({ fileName: 'grid.txt', text: '1 0\n0 1\n' });
      expect(imported.added).toMatchObject([{ name: 'grid', family: 'parity' }]);
      await expect(api.importFile({ fileName: 'empty.txt', text: '' })).rejects.toThrow('empty.txt: line 1: the file is empty');

      const pushes: PushEvent[] = [];
      const unsubscribe = api.subscribe((e) => pushes.push(e));
      backend.emit({ type: 'puzzles-changed' });
      await expect.poll(() => pushes.length).toBe(1);
      unsubscribe();
      backend.emit({ type: 'puzzles-changed' });

      // Restart the server on the same port: the client reconnects by itself.
      const states: string[] = [];
      transport.onState((s) => states.push(s));
      const port = server.port;
      await server.dispose();
      servers.splice(servers.indexOf(server), 1);
      await expect.poll(() => states.includes('reconnecting')).toBe(true);
      const again = await startServer({ backend, port, staticDir, token: 't' });
      servers.push(again);
      await expect.poll(() => states.at(-1), { timeout: 5000 }).toBe('open');
      expect((await api.listPuzzles({})).length).toBe(3);
      expect(pushes).toHaveLength(1);
    } finally {
      transport.close();
    }
  });
});
