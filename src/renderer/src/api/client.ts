/**
 * The views' one way to the backend: a `WorkbenchApi` over whichever transport is present.
 * - In Electron, the preload's `window.workbench` (IPC).
 * - In a browser (`workbench serve`), a WebSocket to `/api` on the page's own host, carrying the
 *   page's `?token=` if it has one; requests have ids, the socket reconnects with backoff, and a
 *   failed call rejects with the server's one-line message.
 */
import type { ApiMethod, PushEvent, WorkbenchApi } from '../../../main/api/types';
import { MAX_MESSAGE_BYTES } from '../../../core/document/limits';
import { mibText } from '../../../core/text/numbers';
import type { ApiReply } from '../../../main/api/types';
import type { WorkbenchBridge } from '../../../main/api/types';

declare global {
  interface Window {
    workbench?: WorkbenchBridge;
  }
}

export type ConnectionState = 'connecting' | 'open' | 'reconnecting' | 'closed';

/** The part of a transport the API needs. */
export interface Transport {
  readonly kind: 'electron' | 'websocket';
  call(method: ApiMethod, args: unknown): Promise<unknown>;
  onPush(listener: (event: PushEvent) => void): () => void;
  /** Reports the current state at once, then every change. Electron IPC is always 'open'. */
  onState(listener: (state: ConnectionState) => void): () => void;
  close(): void;
}

export interface Client {
  api: WorkbenchApi;
  transport: Transport;
}

/**
 * Build the API over the transport this page has. Any method name becomes a call of that name:
 * the contract's types say which exist, and the backend refuses any other, so no list of methods
 * is kept here (a new method is one entry in the contract plus its handler).
 */
export function createClient(transport: Transport = defaultTransport()): Client {
  const calls = new Map<string, (args: unknown) => Promise<unknown>>();
  const subscribe = (listener: (event: PushEvent) => void): (() => void) => transport.onPush(listener);
  const api = new Proxy({} as WorkbenchApi, {
    get(_target, key) {
      if (key === 'subscribe') return subscribe;
      // Not a method: symbols, and `then` (so the API is never taken for a promise when awaited or returned).
      if (typeof key !== 'string' || key === 'then') return undefined;
      let call = calls.get(key);
      if (!call) {
        call = (args: unknown) => transport.call(key as ApiMethod, args ?? {});
        calls.set(key, call);
      }
      return call;
    },
  });
  return { api, transport };
}

export function defaultTransport(): Transport {
  if (typeof window !== 'undefined' && window.workbench) return electronTransport(window.workbench);
  const { protocol, host, search } = window.location;
  const token = new URLSearchParams(search).get('token');
  const url = `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/api${token ? `?token=${encodeURIComponent(token)}` : ''}`;
  return webSocketTransport({ url });
}

function unwrap(reply: ApiReply): unknown {
  if (reply.ok) return reply.value;
  throw new Error(reply.error);
}

export function electronTransport(bridge: WorkbenchBridge): Transport {
  return {
    kind: 'electron',
    call: async (method, args) => unwrap(await bridge.call(method, args)),
    onPush: (listener) => bridge.onPush(listener),
    onState: (listener) => {
      listener('open');
      return () => {};
    },
    close: () => {},
  };
}

const OPEN = 1; // WebSocket.OPEN

interface Pending {
  resolve(value: unknown): void;
  reject(err: Error): void;
  /** The request as text; null once it has gone out on a socket. */
  unsent: string | null;
}

export interface WebSocketTransportOptions {
  url: string;
  /** A WebSocket constructor (defaults to the browser's; tests pass the `ws` package's). */
  WebSocketImpl?: new (url: string) => WebSocket;
  /** Backoff between reconnection attempts, in milliseconds. */
  minDelayMs?: number;
  maxDelayMs?: number;
}

/**
 * Calls made while disconnected wait for the next connection. Calls already sent when the
 * connection drops are rejected (the server may or may not have run them; retrying could import
 * a file twice), and the views decide whether to try again.
 */
export function webSocketTransport(opts: WebSocketTransportOptions): Transport {
  const Impl = opts.WebSocketImpl ?? WebSocket;
  const minDelay = opts.minDelayMs ?? 500;
  const maxDelay = opts.maxDelayMs ?? 10_000;
  const pending = new Map<number, Pending>();
  const pushListeners = new Set<(event: PushEvent) => void>();
  const stateListeners = new Set<(state: ConnectionState) => void>();
  let nextId = 1;
  let socket: WebSocket | null = null;
  let state: ConnectionState = 'connecting';
  let delay = minDelay;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let closedByUs = false;

  const setState = (s: ConnectionState): void => {
    if (s === state) return;
    state = s;
    for (const l of [...stateListeners]) l(s);
  };

  const flush = (): void => {
    if (!socket || socket.readyState !== OPEN) return;
    for (const p of pending.values()) {
      if (p.unsent === null) continue;
      socket.send(p.unsent);
      p.unsent = null;
    }
  };

  const onMessage = (data: unknown): void => {
    if (typeof data !== 'string') return;
    let msg: unknown;
    try {
      msg = JSON.parse(data);
    } catch {
      return;
    }
    if (typeof msg !== 'object' || msg === null) return;
    const m = msg as { id?: unknown; ok?: unknown; value?: unknown; error?: unknown; push?: unknown };
    if (m.push !== undefined) {
      for (const l of [...pushListeners]) {
        try {
          l(m.push as PushEvent);
        } catch (err) {
          console.error(err);
        }
      }
      return;
    }
    if (typeof m.id !== 'number') {
      // A reply the server could not tie to a request (e.g. it could not read ours).
      if (typeof m.error === 'string') console.warn(`workbench server: ${m.error}`);
      return;
    }
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.ok === true) p.resolve(m.value);
    else p.reject(new Error(typeof m.error === 'string' ? m.error : 'the server refused the call'));
  };

  const connect = (): void => {
    timer = null;
    const ws = new Impl(opts.url);
    socket = ws;
    ws.onopen = () => {
      delay = minDelay;
      setState('open');
      flush();
    };
    ws.onmessage = (ev: MessageEvent) => onMessage(ev.data);
    ws.onerror = () => {
      // A close event follows; reconnection is handled there.
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      for (const [id, p] of pending) {
        if (p.unsent !== null) continue;
        pending.delete(id);
        p.reject(new Error('the connection to the workbench server was lost'));
      }
      if (closedByUs) return setState('closed');
      setState('reconnecting');
      timer = setTimeout(connect, delay);
      delay = Math.min(maxDelay, delay * 2);
    };
  };

  connect();

  return {
    kind: 'websocket',
    call(method, args) {
      if (closedByUs) return Promise.reject(new Error('the workbench connection is closed'));
      const id = nextId++;
      const message = JSON.stringify({ id, method, args });
      // The server drops a connection over its limit (every call on it lost): refuse this one alone, in one line.
      const size = message.length > MAX_MESSAGE_BYTES / 3 ? new TextEncoder().encode(message).length : message.length;
      if (size > MAX_MESSAGE_BYTES)
        return Promise.reject(
          new Error(`this request is ${mibText(size)}, more than the ${mibText(MAX_MESSAGE_BYTES)} the workbench server takes: split the file`),
        );
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject, unsent: message });
        flush();
      });
    },
    onPush(listener) {
      pushListeners.add(listener);
      return () => {
        pushListeners.delete(listener);
      };
    },
    onState(listener) {
      stateListeners.add(listener);
      listener(state);
      return () => {
        stateListeners.delete(listener);
      };
    },
    close() {
      closedByUs = true;
      if (timer) clearTimeout(timer);
      timer = null;
      for (const [id, p] of pending) {
        pending.delete(id);
        p.reject(new Error('the workbench connection is closed'));
      }
      if (socket) socket.close();
      else setState('closed');
    },
  };
}
