/**
 * The transport-neutral half of an API call: validate, run the handler, and turn the outcome into
 * a reply envelope. Shared by Electron IPC (`src/main/electron/ipc.ts`) and the WebSocket server,
 * so both refuse exactly the same things with exactly the same messages. Plain Node, no Electron.
 */
import { parseCall, type Backend } from '../api/contract';
import type { ApiReply } from '../api/transport';
import { oneLine } from '../../core/text/display';

const MAX_ERROR_LENGTH = 500;

/** A one-line message for any thrown value. */
export function errorMessage(err: unknown): string {
  let text: string;
  if (err instanceof Error) text = err.message || err.name;
  else if (typeof err === 'string') text = err;
  else text = 'unexpected error';
  return oneLine(text, MAX_ERROR_LENGTH) || 'unexpected error';
}

/** Validate a call from an untrusted sender and run it. Never throws. */
export async function dispatch(backend: Backend, method: unknown, args: unknown): Promise<ApiReply> {
  try {
    const call = parseCall(method, args);
    const handler = backend.handlers[call.method] as (a: unknown) => unknown;
    const value = await handler.call(backend.handlers, call.args);
    return { ok: true, value: value === undefined ? null : value };
  } catch (err) {
    return { ok: false, error: errorMessage(err) };
  }
}
