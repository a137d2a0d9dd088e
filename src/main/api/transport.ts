/** What crosses a transport: the reply envelope of a call, and the bridge the preload script gives the page. */
import type { PushEvent } from './contract';

/** What crosses a transport for one call. Errors are one line: no stack, no newlines. */
export type ApiReply = { ok: true; value: unknown } | { ok: false; error: string };

/** The whole surface the sandboxed page gets from the preload script (`window.workbench`). */
export interface WorkbenchBridge {
  /** Resolves with the reply envelope; the page's API client turns `{ ok: false }` into a rejection. */
  call(method: string, args: unknown): Promise<ApiReply>;
  /** Returns a function that removes the listener. */
  onPush(listener: (event: PushEvent) => void): () => void;
}
