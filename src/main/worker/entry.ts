/**
 * The solver worker process. Under Electron it is a utilityProcess (messages on
 * `process.parentPort`); under Node (CLI, tests, serve) a forked child (messages on `process`).
 */
import { Worker } from 'node:worker_threads';
import type { FromWorker, MessagePortLike, ToWorker } from '../../core/engine/protocol';
import { serveWorker } from './runner';

/** How often the watchdog looks for the parent, in ms: an orphan is gone within about this. */
const PARENT_POLL_MS = 500;

/**
 * Ends this process once its parent is gone (killed with -9, crashed), even while a solver step
 * holds the main thread: a watchdog thread polls the parent's pid (an orphan is re-parented, so
 * its ppid changes) and kills the process. Nobody is left to save what the run finds, and the
 * run's lease lets the next start recover it; an orphan would only burn a core.
 */
function watchParent(): void {
  const code = `
    const { workerData } = require('node:worker_threads');
    setInterval(() => {
      if (process.ppid !== workerData.ppid) process.kill(workerData.pid, 'SIGKILL');
    }, workerData.ms);`;
  const watchdog = new Worker(code, { eval: true, workerData: { ppid: process.ppid, pid: process.pid, ms: PARENT_POLL_MS } });
  // The watchdog never keeps the process alive by itself.
  watchdog.unref();
}

interface ParentPort {
  on(event: 'message', listener: (e: { data: unknown }) => void): void;
  postMessage(message: unknown): void;
}

/** The channel to the run manager, and how to leave once everything posted has gone out. */
interface Channel {
  port: MessagePortLike<ToWorker, FromWorker>;
  leave(): void;
}

function connect(): Channel {
  const parentPort = (process as unknown as { parentPort?: ParentPort }).parentPort;
  if (parentPort) {
    return {
      port: {
        post: (m) => parentPort.postMessage(m),
        onMessage: (l) => parentPort.on('message', (e) => l(e.data as ToWorker)),
      },
      // A utilityProcess never exits by itself and its port says nothing of delivery: give queued
      // messages a moment to go out, then leave.
      leave: () => setTimeout(() => process.exit(0), 250),
    };
  }
  if (process.send) {
    const send = process.send.bind(process);
    // The run manager's process is gone (killed, crashed): nobody can save what this run finds,
    // and the run's lease lets the next start recover it. Leave quietly instead of failing on a
    // closed channel (ERR_IPC_CHANNEL_CLOSED) at the next message.
    process.once('disconnect', () => process.exit(0));
    // Messages still being written: exiting before they are would drop the run's last checkpoint
    // and its `done` (a big board or population takes a while on a busy machine), and the run
    // would look interrupted.
    let pending = 0;
    let leaving = false;
    const exitIfFlushed = (): void => {
      if (leaving && pending === 0) process.exit(0);
    };
    return {
      port: {
        post: (m) => {
          if (!process.connected) return;
          pending++;
          send(m, () => {
            pending--;
            exitIfFlushed();
          });
        },
        onMessage: (l) => process.on('message', (m) => l(m as ToWorker)),
      },
      leave: () => {
        leaving = true;
        exitIfFlushed();
      },
    };
  }
  throw new Error('the solver worker must be started by the run manager (no message channel)');
}

watchParent();
const channel = connect();
serveWorker(channel.port, () => channel.leave());
