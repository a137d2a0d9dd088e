import type { FromWorker, ToWorker } from '../../core/engine/protocol';
import type { Disposable } from '../lifecycle/disposable';

/** One solver process, whichever API started it (child_process or Electron's utilityProcess). */
export interface WorkerHandle extends Disposable {
  post(message: ToWorker): void;
  onMessage(listener: (message: FromWorker) => void): void;
  /** Called once when the process is gone, for any reason. */
  onExit(listener: (description: string) => void): void;
  /** End the process at once (its `onExit` listeners are told); nothing once it is gone. */
  dispose(): void;
}

export type WorkerSpawner = () => WorkerHandle;
