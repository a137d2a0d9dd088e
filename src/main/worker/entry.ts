/**
 * The solver worker process. Under Electron it is a utilityProcess (messages on
 * `process.parentPort`); under Node (CLI, tests, serve) a forked child (messages on `process`).
 */
import type { FromWorker, MessagePortLike, ToWorker } from '../../core/engine/protocol';
import { serveWorker } from './runner';

interface ParentPort {
  on(event: 'message', listener: (e: { data: unknown }) => void): void;
  postMessage(message: unknown): void;
}

function connect(): MessagePortLike<ToWorker, FromWorker> {
  const parentPort = (process as unknown as { parentPort?: ParentPort }).parentPort;
  if (parentPort) {
    return {
      post: (m) => parentPort.postMessage(m),
      onMessage: (l) => parentPort.on('message', (e) => l(e.data as ToWorker)),
    };
  }
  if (process.send) {
    const send = process.send.bind(process);
    // The run manager's process is gone (killed, crashed): nobody can save what this run finds,
    // and the run's lease lets the next start recover it. Leave quietly instead of failing on a
    // closed channel (ERR_IPC_CHANNEL_CLOSED) at the next message.
    process.once('disconnect', () => process.exit(0));
    return {
      post: (m) => {
        if (process.connected) send(m, (err: Error | null) => void err);
      },
      onMessage: (l) => process.on('message', (m) => l(m as ToWorker)),
    };
  }
  throw new Error('the solver worker must be started by the run manager (no message channel)');
}

serveWorker(connect(), () => {
  // A utilityProcess never exits by itself; let queued messages flush, then leave.
  setTimeout(() => process.exit(0), 50);
});
