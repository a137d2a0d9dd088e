import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import { sleep, until } from '../main/runs/in-process';
import { repoRoot } from './cli';

const bin = join(repoRoot, 'bin', 'workbench.mjs');
const fixtures = fileURLToPath(new URL('../main/serve/fixtures', import.meta.url));

/** What serve pushes to the views, as far as the tests read it. */
export interface Push {
  type: string;
  run?: { id: number; status: string; error: string | null };
}

export interface ServeOptions {
  /** More options for `serve`, such as `['--progress-every', '0.1']`. */
  args?: string[];
  /** 'pipe' keeps serve's messages out of the test output. */
  stderr?: 'inherit' | 'pipe';
  /** How long serve may take to start listening. */
  startMs?: number;
}

/** `workbench serve` with a minimal WebSocket client for its API. */
export interface Serve {
  proc: ChildProcess;
  /** In the order they arrived. */
  pushes: Push[];
  /** Rejects with serve's error text, or when the socket closes or no reply comes within 30 s. */
  call(method: string, args: unknown): Promise<unknown>;
  /** Drop the socket, send `signal` and wait for the exit (SIGKILL after 10 s). */
  close(signal?: NodeJS.Signals): Promise<void>;
}

type Reply = { ok: boolean; value?: unknown; error?: string };

/** Start serve on `db` on a free port, serving the test fixtures, and connect to its API. */
export async function startServe(db: string, opts: ServeOptions = {}): Promise<Serve> {
  const proc = spawn(process.execPath, [bin, 'serve', '--port', '0', '--static', fixtures, ...(opts.args ?? []), '--db', db], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', opts.stderr ?? 'inherit'],
  });
  // Listened for from the start: serve may be gone before close is called.
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  const pushes: Push[] = [];
  const pending = new Map<number, (reply: Reply) => void>();
  let ws: WebSocket;
  try {
    let out = '';
    proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    const host = await until(() => /serving http:\/\/([^/]+)\//.exec(out)?.[1], opts.startMs ?? 30_000, 'serve to start');
    ws = new WebSocket(`ws://${host}/api`);
    ws.on('message', (data) => {
      const m = JSON.parse(data.toString()) as Reply & { id?: number; push?: unknown };
      if (typeof m.id === 'number') pending.get(m.id)?.(m);
      else pushes.push((m.push ?? m) as Push);
    });
    ws.on('close', () => {
      for (const settle of pending.values()) settle({ ok: false, error: 'serve went away' });
    });
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
  } catch (e) {
    proc.kill('SIGKILL');
    throw e;
  }
  let nextId = 1;
  return {
    proc,
    pushes,
    call: (method, args) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        const timer = setTimeout(() => settle({ ok: false, error: `timed out waiting for ${method}` }), 30_000);
        const settle = (reply: Reply): void => {
          clearTimeout(timer);
          pending.delete(id);
          if (reply.ok) resolve(reply.value);
          else reject(new Error(reply.error));
        };
        pending.set(id, settle);
        ws.send(JSON.stringify({ id, method, args }), (err) => {
          if (err) settle({ ok: false, error: err.message });
        });
      }),
    close: async (signal = 'SIGTERM') => {
      ws.terminate();
      proc.kill(signal);
      await Promise.race([exited, sleep(10_000)]);
      proc.kill('SIGKILL');
      await exited;
    },
  };
}
