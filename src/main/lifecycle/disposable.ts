/**
 * One way for long-lived objects in main to release what they hold (worker threads, Redis
 * connections, the database, timers), after VS Code's IDisposable: whoever makes an object adds it
 * to the store that owns it, and disposing the store releases everything in the reverse order of
 * adding, so what was made last (and may use what came before) goes first.
 */
export interface Disposable {
  dispose(): void | Promise<void>;
}

export function toDisposable(release: () => void | Promise<void>): Disposable {
  return { dispose: release };
}

export class DisposableStore implements Disposable {
  private readonly items: Disposable[] = [];
  private disposed = false;

  /** Own `d`: released when the store is. Adding to a disposed store releases `d` at once (nothing outlives its owner). */
  add<T extends Disposable>(d: T): T {
    if (this.disposed) void d.dispose();
    else this.items.push(d);
    return d;
  }

  get isDisposed(): boolean {
    return this.disposed;
  }

  /**
   * Release everything, newest first, each even when one before it failed; the first failure is
   * thrown after all were tried. A second call does nothing.
   */
  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    let first: unknown = null;
    for (const d of this.items.splice(0).reverse()) {
      try {
        await d.dispose();
      } catch (e) {
        first ??= e;
      }
    }
    if (first !== null) throw first;
  }
}
