import { describe, expect, it } from 'vitest';
import { Latest } from '../../../src/renderer/src/lib/latest';

/** A promise resolved (or rejected) by hand. */
function later<T>(): { promise: Promise<T>; resolve: (v: T) => void; reject: (e: unknown) => void } {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('Latest (the loader under every async view)', () => {
  it('drops an answer a newer request overtook, whatever order they arrive in', async () => {
    const latest = new Latest();
    const slow = later<string>();
    const fast = later<string>();
    const first = latest.run(() => slow.promise);
    const second = latest.run(() => fast.promise);
    fast.resolve('new');
    slow.resolve('old');
    expect(await second).toEqual({ stale: false, value: 'new' });
    expect(await first).toEqual({ stale: true });
  });

  it('drops every answer in flight once cancelled (the view went away)', async () => {
    const latest = new Latest();
    const p = later<number>();
    const r = latest.run(() => p.promise);
    latest.cancel();
    p.resolve(1);
    expect(await r).toEqual({ stale: true });
  });

  it('rejects with the error of the current request only', async () => {
    const latest = new Latest();
    const a = later<number>();
    const ra = latest.run(() => a.promise);
    const rb = latest.run(() => Promise.reject(new Error('offline')));
    a.reject(new Error('late'));
    expect(await ra).toEqual({ stale: true });
    await expect(rb).rejects.toThrow('offline');
  });

  it('hands out tokens that stay current until the next begin', () => {
    const latest = new Latest();
    const t = latest.begin();
    expect(latest.isCurrent(t)).toBe(true);
    latest.begin();
    expect(latest.isCurrent(t)).toBe(false);
  });
});
