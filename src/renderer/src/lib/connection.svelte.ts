/**
 * The connection to the backend, as reactive state every view can read: `online` (false while the
 * WebSocket is down; Electron's IPC is always up) and `epoch`, which grows on every reconnection so
 * views that load data reload it then (their last data stays on screen, greyed, meanwhile).
 */
import type { ConnectionState, Transport } from '../api/client';

class Connection {
  state = $state<ConnectionState>('open');
  /** Reconnections so far: read it in a loading effect to reload after one. */
  epoch = $state(0);
  /** The connection was up once and is down now (first connection attempts are not "lost"). */
  lost = $state(false);
  private everOpen = false;

  get online(): boolean {
    return this.state === 'open';
  }

  /** Follow a transport; returns the function that stops following. */
  follow(transport: Transport): () => void {
    return transport.onState((s) => {
      const was = this.state;
      this.state = s;
      if (s === 'open') {
        if (this.everOpen && was !== 'open') this.epoch++;
        this.everOpen = true;
        this.lost = false;
      } else if (this.everOpen) this.lost = true;
    });
  }
}

export const connection = new Connection();
