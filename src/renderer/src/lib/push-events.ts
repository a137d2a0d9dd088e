/**
 * Views that show what the backend stores refresh when it pushes a change. Events come in bursts
 * (a run ending, a batch of deletes), so they are gathered: the first one that matters starts a
 * timer, the ones before it fires add nothing, and the view refreshes once.
 */
import type { PushEvent, WorkbenchApi } from '../../../main/api/types';

/** Call `refresh` `ms` after an event `matters` keeps (once per burst); returns the unsubscribe, which also drops a pending call. */
export function refreshOnEvents(api: Pick<WorkbenchApi, 'subscribe'>, matters: (e: PushEvent) => boolean, ms: number, refresh: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const off = api.subscribe((e) => {
    if (!matters(e)) return;
    timer ??= setTimeout(() => {
      timer = null;
      refresh();
    }, ms);
  });
  return () => {
    off();
    if (timer) clearTimeout(timer);
  };
}
