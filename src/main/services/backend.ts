import type { ApiHandlers, Backend, PushEvent } from '../api/contract';
import { nodeWorkerSpawner } from '../runs/node-host';
import type { WorkerSpawner } from '../runs/worker-host';
import { Workbench } from './workbench';

/** The API handlers over a Workbench: arguments arrive validated by the transport. */
export function apiHandlers(wb: Workbench): ApiHandlers {
  const { store } = wb;
  const need = <T>(x: T | null, what: string): T => {
    if (x === null) throw new Error(`${what} does not exist`);
    return x;
  };
  return {
    listPuzzles: (q) => store.listPuzzles(q),
    getPuzzle: ({ id }) => {
      const p = need(store.getPuzzle(id), `puzzle ${id}`);
      store.touchPuzzle(id);
      return p;
    },
    importPuzzle: ({ fileName, text, format, options }) => wb.importPuzzle(fileName, text, { format, options }),
    deletePuzzle: ({ id }) => {
      wb.deletePuzzle(id);
      return null;
    },
    createPuzzle: ({ document, source }) => wb.createPuzzle(document, source),
    updatePuzzle: ({ id, name, document }) => wb.updatePuzzle(id, { name, document }),
    duplicatePuzzle: ({ id }) => wb.duplicatePuzzle(id),
    exportPuzzle: ({ id, format }) => wb.exportPuzzle(id, format),
    solvers: () => wb.solvers(),
    startRun: ({ puzzleId, solver, params, seed, seconds, evaluations, target }) => {
      const run = wb.createRun({ target: { puzzleId }, solver, params, seed, stop: { seconds, evaluations, target } });
      return need(store.getRunSummary(run.id), `run ${run.id}`);
    },
    stopRun: async ({ id }) => {
      await wb.runs.stop(id);
      return null;
    },
    resumeRun: ({ id }) => {
      wb.runs.resume(id);
      return need(store.getRunSummary(id), `run ${id}`);
    },
    listRuns: (q) => store.listRuns(q),
    getRun: ({ id }) => need(store.getRun(id), `run ${id}`),
    runEvents: ({ id }) => store.events(id),
  };
}

export interface BackendOptions {
  dbPath: string;
  /** 'node' = child processes; Electron passes its utilityProcess spawner. */
  workerHost: 'node' | WorkerSpawner;
  nativeBinding?: string;
  concurrency?: number;
}

export async function createBackend(opts: BackendOptions): Promise<Backend & { workbench: Workbench; close(): Promise<void> }> {
  const spawn = opts.workerHost === 'node' ? nodeWorkerSpawner() : opts.workerHost;
  const workbench = Workbench.open({ dbPath: opts.dbPath, spawn, nativeBinding: opts.nativeBinding, concurrency: opts.concurrency });
  workbench.runs.recover();
  return {
    workbench,
    handlers: apiHandlers(workbench),
    subscribe: (l: (e: PushEvent) => void) => workbench.subscribe(l),
    close: () => workbench.close(),
  };
}
