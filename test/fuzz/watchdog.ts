/**
 * A deadline for synchronous code (issue 49, item 6). A reader stuck in an endless loop never
 * yields, so vitest's own timeout cannot fire and the run hangs until something outside kills it.
 * Here the calls run in a child process: each step has a deadline, past which the child is killed
 * and the call rejects naming the step; the next call starts a fresh child.
 *
 * The module given to a Watchdog is imported in the child; its exports are what `call` runs. They
 * may call `step(what)` before each part of their work: the deadline starts again and a hang names
 * that part.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CHILD_FLAG = '--watchdog-child';

type Request = { id: number; fn: string; args: unknown[] };
type Message = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string } | { step: string } | { ready: true };

/** Starting a child (tsx compiling the module on a loaded machine) is not the code under test: it has a deadline of its own. */
const START_MS = 60_000;

/** Names the part of a call that starts now, restarting its deadline (a no-op outside a watchdog's child). */
export function step(what: string): void {
  process.send?.({ step: what });
}

/** Thrown by `call` when a step overran its deadline (the child was killed). */
export class HangError extends Error {
  constructor(
    readonly what: string,
    deadlineMs: number,
  ) {
    super(`${what} did not finish within ${deadlineMs / 1000} s (a hang or a blow-up): the process running it was killed`);
    this.name = 'HangError';
  }
}

export class Watchdog {
  private child: Promise<ChildProcess> | null = null;
  private nextId = 1;

  constructor(
    private readonly module: URL,
    private readonly deadlineMs: number,
  ) {}

  /** Runs the module's export `fn` in the child, each step within the deadline. One call at a time. */
  async call<T>(fn: string, ...args: unknown[]): Promise<T> {
    const starting = (this.child ??= this.start());
    const child = await starting;
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      let what = fn;
      let timer: NodeJS.Timeout | undefined;
      const settle = (): void => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
      };
      const arm = (): void => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          settle();
          this.stop(starting, child);
          reject(new HangError(what, this.deadlineMs));
        }, this.deadlineMs);
      };
      const onExit = (code: number | null, signal: NodeJS.Signals | null): void => {
        settle();
        if (this.child === starting) this.child = null;
        reject(new Error(`${what}: the process running it died (${signal ?? `exit code ${code}`})`));
      };
      const onMessage = (m: Message): void => {
        if ('ready' in m) return;
        if ('step' in m) {
          what = m.step;
          arm();
        } else if (m.id === id) {
          settle();
          if (m.ok) resolve(m.value as T);
          else reject(new Error(`${what}: ${m.error}`));
        }
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
      arm();
      child.send({ id, fn, args } satisfies Request);
    });
  }

  async close(): Promise<void> {
    const starting = this.child;
    if (starting) this.stop(starting, await starting.catch(() => null));
  }

  /** A child that has imported the module. */
  private start(): Promise<ChildProcess> {
    // Its own execArgv: the test runner's flags are not for it; tsx loads the TypeScript.
    const child = fork(fileURLToPath(import.meta.url), [CHILD_FLAG, this.module.href], {
      execArgv: ['--import', 'tsx'],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const starting = new Promise<ChildProcess>((resolve, reject) => {
      const fail = (why: string): void => {
        clearTimeout(timer);
        child.kill('SIGKILL');
        if (this.child === starting) this.child = null;
        reject(new Error(`the watchdog's process for ${this.module.pathname} ${why}`));
      };
      const timer = setTimeout(() => fail(`did not start within ${START_MS / 1000} s`), START_MS);
      child.once('exit', (code, signal) => fail(`ended while starting (${signal ?? `exit code ${code}`})`));
      child.once('message', (m: Message) => {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        if ('ready' in m) resolve(child);
        else fail(`could not load the module: ${'error' in m ? m.error : 'no ready message'}`);
      });
    });
    return starting;
  }

  private stop(starting: Promise<ChildProcess>, child: ChildProcess | null): void {
    if (this.child === starting) this.child = null;
    child?.kill('SIGKILL');
  }
}

/** The child: imports the module once and answers calls until the parent goes. */
async function serveCalls(href: string): Promise<void> {
  process.on('disconnect', () => process.exit(0));
  let module: Record<string, unknown>;
  try {
    module = (await import(href)) as Record<string, unknown>;
  } catch (e) {
    process.send!({ id: 0, ok: false, error: e instanceof Error ? e.message : String(e) } satisfies Message);
    return;
  }
  process.on('message', (req: Request) => {
    void (async () => {
      try {
        const f = module[req.fn];
        if (typeof f !== 'function') throw new Error(`${href} exports no function ${req.fn}`);
        const value: unknown = await (f as (...a: unknown[]) => unknown)(...req.args);
        process.send!({ id: req.id, ok: true, value } satisfies Message);
      } catch (e) {
        process.send!({ id: req.id, ok: false, error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) } satisfies Message);
      }
    })();
  });
  process.send!({ ready: true } satisfies Message);
}

if (process.argv[2] === CHILD_FLAG && process.argv[3] !== undefined) void serveCalls(process.argv[3]);
