/** A component's module, loaded once on first use (a failed load is tried again next time). */
import type { Lazy } from './types';

export function lazy<C>(load: () => Promise<{ default: C }>): Lazy<C> {
  let loading: Promise<{ default: C }> | null = null;
  return () =>
    (loading ??= load().catch((err: unknown) => {
      loading = null;
      throw err;
    }));
}
