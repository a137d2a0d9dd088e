import type { FromWorker, ToWorker } from '../../core/engine/protocol';

/** One solver process, whichever API started it (child_process or Electron's utilityProcess). */
export interface WorkerHandle {
  post(message: ToWorker): void;
  onMessage(listener: (message: FromWorker) => void): void;
  /** Called once when the process is gone, for any reason. */
  onExit(listener: (description: string) => void): void;
  kill(): void;
}

export type WorkerSpawner = () => WorkerHandle;
