import { existsSync } from 'node:fs';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { piecesFormat } from '../../../src/core/families/edge/files/formats';
import { generateEdgePuzzle } from '../../../src/core/families/edge/design/generator';
import { createBackend } from '../../../src/main/services/backend';
import { startServer, type RunningServer } from '../../../src/main/serve/server';
import { cliAsync, tempDb } from '../../helpers/cli';

/**
 * Issue 20: `serve` reads import files in a worker thread with a time limit, so a large or hostile
 * file never stops it answering; a connection cannot pile up unanswered work; a taken port ends
 * `serve` before it opens the database.
 */

const staticDir = fileURLToPath(new URL('./fixtures', import.meta.url));
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

type Reply = { id: unknown; ok: boolean; value?: unknown; error?: string };

async function serve(opts: { parseTimeoutMs?: number; maxConnectionBytes?: number } = {}): Promise<RunningServer> {
  const backend = await createBackend({ dbPath: tempDb(), workerHost: 'node', resourcesDir: null });
  const server = await startServer({ backend, port: 0, staticDir, ...opts });
  cleanups.push(async () => {
    await server.dispose();
    await backend.dispose();
  });
  return server;
}

/** A client whose replies are kept in the order they arrive. */
async function client(server: RunningServer): Promise<{ send(msg: unknown): void; reply(id: number): Promise<Reply>; order: unknown[] }> {
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}/api`);
  cleanups.push(async () => {
    ws.terminate();
  });
  const order: unknown[] = [];
  const got = new Map<unknown, Reply>();
  const waiting = new Map<unknown, (r: Reply) => void>();
  ws.on('message', (data) => {
    const m = JSON.parse(String(data)) as Reply & { push?: unknown };
    if (m.push) return;
    order.push(m.id);
    const w = waiting.get(m.id);
    if (w) w(m);
    else got.set(m.id, m);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    send: (msg) => ws.send(JSON.stringify(msg)),
    reply: (id) => (got.has(id) ? Promise.resolve(got.get(id)!) : new Promise((r) => waiting.set(id, r))),
    order,
  };
}

/** A piece file that takes a while to read: 400,000 lines of 4 colours (3.2 MB). */
const slowPieces = '1 2 3 4\n'.repeat(400_000);

describe('serve reads import files off its event loop', () => {
  it('answers a small request while a large preview and a 200 KB hostile one are read', async () => {
    const server = await serve();
    const c = await client(server);
    const hostile = `${'x'.repeat(200_000)} board_edges=`;
    c.send({ id: 1, method: 'previewImport', args: { fileName: 'slow.txt', text: slowPieces } });
    c.send({ id: 2, method: 'previewImport', args: { fileName: 'hostile.txt', text: hostile } });
    c.send({ id: 3, method: 'listPuzzles', args: {} });
    const small = await c.reply(3);
    expect(small.ok).toBe(true);
    const [slow, bad] = [await c.reply(1), await c.reply(2)];
    // The small call was answered before the reads that were sent before it.
    expect(c.order.indexOf(3)).toBeLessThan(c.order.indexOf(1));
    expect(c.order.indexOf(3)).toBeLessThan(c.order.indexOf(2));
    expect(slow.ok, slow.error).toBe(false);
    // Read to its end, or stopped at the time limit on a very loaded machine: one line either way.
    // The reader may say which reading it guessed before what is wrong with it.
    expect(slow.error).toMatch(/^slow\.txt(:\d+)?: (guessed [^:]*: )?(more than 32767 pieces|reading the file took longer than 20 s)/);
    expect(bad.ok).toBe(false);
    expect(bad.error).toMatch(/^hostile\.txt(:1)?: /);
  }, 120_000);

  it('a read past its time limit is stopped with one line, and the next read works', async () => {
    const server = await serve({ parseTimeoutMs: 300 });
    const c = await client(server);
    c.send({ id: 1, method: 'previewImport', args: { fileName: 'slow.txt', text: slowPieces } });
    const r = await c.reply(1);
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(/^slow\.txt: reading the file took longer than 0\.3 s; it was stopped$/);
    c.send({ id: 2, method: 'importFile', args: { fileName: 'g.grid', text: '3 2\n1 0 1\n0 1 1\n1 1 1\n' } });
    // A fresh thread loads first; its time is not the read's. The grid (no solution: it imports
    // with a warning) is read, or on a very loaded machine stopped at the limit in one line.
    const ok = await c.reply(2);
    expect(ok.ok || /^g\.grid: reading the file took longer than 0\.3 s; it was stopped$/.test(ok.error ?? ''), ok.error).toBe(true);
  }, 120_000);

  it('a board file placed on a library puzzle (into) is read in the thread too', async () => {
    const server = await serve();
    const c = await client(server);
    const { puzzle, solution } = generateEdgePuzzle({ rows: 3, cols: 3, frameColours: 2, innerColours: 2, seed: 9 });
    c.send({ id: 1, method: 'importFile', args: { fileName: 'p.txt', text: piecesFormat.write(puzzle, undefined)! } });
    const added = await c.reply(1);
    expect(added.ok, added.error).toBe(true);
    const id = (added.value as { added: { id: number }[] }).added[0]!.id;
    const board = Array.from(solution.piece, (p, i) => `${p + 1} ${solution.rotation[i]}`).join('\n');
    c.send({ id: 2, method: 'importFile', args: { fileName: 'b.txt', text: board, into: id } });
    const placed = await c.reply(2);
    expect(placed.ok, placed.error).toBe(true);
    expect((placed.value as { updated: { id: number }[] }).updated.map((p) => p.id)).toEqual([id]);
    c.send({ id: 3, method: 'importFile', args: { fileName: 'bad.txt', text: `${'7'.repeat(200_000)}\n`, into: id } });
    const bad = await c.reply(3);
    expect(bad.ok).toBe(false);
    expect(bad.error).toMatch(/^bad\.txt(:1)?: /);
  }, 120_000);

  it('a connection with too much unanswered is refused further calls until its answers come', async () => {
    const server = await serve({ maxConnectionBytes: 150_000 });
    const c = await client(server);
    const text = '1 2 3 4\n'.repeat(10_000);
    c.send({ id: 1, method: 'previewImport', args: { fileName: 'a.txt', text } });
    c.send({ id: 2, method: 'previewImport', args: { fileName: 'b.txt', text } });
    const refused = await c.reply(2);
    expect(refused.ok).toBe(false);
    expect(refused.error).toMatch(/this connection has 1 calls .* waiting for answers/);
    await c.reply(1);
    c.send({ id: 3, method: 'listPuzzles', args: {} });
    expect((await c.reply(3)).ok).toBe(true);
  }, 120_000);
});

describe('serve on a taken port', () => {
  it('exits 2 at once with one line, before it opens the database', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    cleanups.push(() => new Promise((resolve) => blocker.close(() => resolve())));
    const db = tempDb();
    const child = cliAsync(['serve', '--db', db, '--port', String(port), '--static', staticDir]);
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toEqual([`workbench serve: port ${port} on 127.0.0.1 is already in use (another serve?): give another with --port P`]);
    expect(existsSync(db)).toBe(false);
  }, 60_000);
});
