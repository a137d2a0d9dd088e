import { Studies } from '../studies/studies';
import type { ApiHandlers, Backend, PushEvent } from '../api/contract';
import { nodeWorkerSpawner } from '../runs/node-host';
import type { WorkerSpawner } from '../runs/worker-host';
import { watchRuns } from './run-watch';
import { findResourcesDir, seedLibrary } from './samples';
import { Workbench } from './workbench';
import { importFileInTurns, listLibrary, previewImport } from './imports';
import { importReadingsView } from './import-readings';
import { studyHandlers } from './study-api';
import { solversFor } from './solver-fit';
import { Distribution } from './distribution';
import { Analyses } from './analysis';
import { Orders, orderHandlers } from './generate-order';
import { DisposableStore, type Disposable } from '../lifecycle/disposable';
import { cellValuesOf } from '../../core/families/cell-values';
import { readSpreadInfo } from '../spread/info';
import { runWork } from './run-work';
import path from 'node:path';

/** The API handlers over a Workbench: arguments arrive validated by the transport. */
export function apiHandlers(
  wb: Workbench,
  opts: { resourcesDir?: string | null; studies?: Studies; distribution?: Distribution; owner?: DisposableStore } = {},
): ApiHandlers {
  const { store } = wb;
  const distribution = opts.distribution ?? new Distribution(wb);
  const resources = opts.resourcesDir ?? findResourcesDir();
  // Analysis and generate-to-order threads end with the backend that started them.
  const analyses = new Analyses(store);
  const orders = new Orders();
  opts.owner?.add(analyses);
  opts.owner?.add(orders);
  const need = <T>(x: T | null, what: string): T => {
    if (x === null) throw new Error(`${what} does not exist`);
    return x;
  };
  return {
    listPuzzles: (q) => listLibrary(wb, q),
    getPuzzle: ({ id }) => {
      const p = need(store.getPuzzle(id), `puzzle ${id}`);
      store.touchPuzzle(id);
      return { ...p, cellValues: cellValuesOf(p.family, p.document) };
    },
    previewImport: (req) => previewImport(wb, req),
    importReadings: (req) => importReadingsView(wb, req),
    // Stored in short slices, so a large file never holds up the app's lease heartbeats.
    importFile: (req) => importFileInTurns(wb, req),
    deletePuzzle: ({ id }) => {
      wb.deletePuzzle(id);
      return null;
    },
    createPuzzle: ({ document, source, restoreId }) => wb.createPuzzle(document, source, restoreId),
    updatePuzzle: ({ id, name, document }) => wb.updatePuzzle(id, { name, document }),
    duplicatePuzzle: ({ id }) => wb.duplicatePuzzle(id),
    exportPuzzle: ({ id, format }) => wb.exportPuzzle(id, format),
    solvers: ({ puzzleId }) => (puzzleId === undefined ? wb.solvers() : solversFor(wb, puzzleId)),
    stopRun: async ({ id }) => {
      await wb.runs.stop(id);
      return null;
    },
    resumeRun: ({ id, params }) => {
      wb.resumeRun(id, params ?? {});
      return need(store.getRunSummary(id), `run ${id}`);
    },
    listRuns: (q) => store.listRuns(q),
    getRun: ({ id }) => need(store.getRun(id), `run ${id}`),
    runWorkers: ({ id }) => readSpreadInfo(store, id),
    runWork: ({ id }) => runWork(store, id),
    // ---- runs: launch several, history, charts, replay, export (issue 6) ----
    startRuns: ({ puzzleId, solver, params, seed, count, seconds, evaluations, target }) =>
      wb
        .createRuns({ target: { puzzleId }, solver, params, seed, stop: { seconds, evaluations, target } }, count ?? 1)
        .map((r) => need(store.getRunSummary(r.id), `run ${r.id}`)),
    queryRuns: (q) => wb.history.query(q),
    runIds: (f) => wb.history.ids(f),
    runFacets: () => wb.history.facets(),
    deleteRuns: async ({ ids }) => ({ deleted: await wb.deleteRuns(ids) }),
    exportRuns: ({ ids, format }) => wb.exportRunsText(ids, format),
    exportRunFile: ({ id }) => wb.exportRunFile(id),
    importRunFile: ({ fileName, text }) => need(store.getRunSummary(wb.importRunFile(fileName, text).id), 'the imported run'),
    runSeries: ({ id, maxPoints, after }) => need(wb.history.series(id, { maxPoints, after }), `run ${id}`),
    runBoard: ({ id, eventId }) => need(wb.history.board(id, eventId ?? null), eventId ? `improvement ${eventId} of run ${id}` : `run ${id}`),
    ...studyHandlers(wb, opts.studies ?? new Studies(wb, distribution), resources ? path.join(resources, 'studies') : null),
    getDistribution: () => distribution.state(),
    setDistribution: ({ url }) => distribution.set(url),
    startAnalysis: (req) => analyses.start(req),
    analysisStatus: ({ id }) => analyses.status(id),
    stopAnalysis: ({ id }) => {
      analyses.stop(id);
      return null;
    },
    ...orderHandlers(orders),
  };
}

export interface BackendOptions {
  dbPath: string;
  /** 'node' = child processes; Electron passes its utilityProcess spawner. */
  workerHost: 'node' | WorkerSpawner;
  nativeBinding?: string;
  concurrency?: number;
  /** How often running runs report progress (default 1 s). */
  progressIntervalMs?: number;
  /**
   * The folder holding `instances/` with the bundled samples, added to the library once per
   * database. Default: found next to the app (see `findResourcesDir`); null = do not seed.
   */
  resourcesDir?: string | null;
  /**
   * A Redis URL given outside the app (it wins over the one saved in the settings): studies
   * started here put their runs on that queue for `workbench worker` processes on any machine
   * (see studies/redis); single runs stay on this machine. Without it, the saved URL is used.
   */
  redis?: string;
  /** What gave `redis`, as the Studies view names it (default '--redis'). */
  redisFrom?: string;
  /**
   * An unreachable `redis` fails createBackend with one line (the CLI) unless this is true (the
   * app): then studies run on this machine and getDistribution says why. A saved URL never fails it.
   */
  redisFallback?: boolean;
}

/** The backend createBackend makes: disposing it releases everything it made, newest first. */
export interface OwnedBackend extends Backend, Disposable {
  workbench: Workbench;
  dispose(): Promise<void>;
}

export async function createBackend(opts: BackendOptions): Promise<OwnedBackend> {
  const spawn = opts.workerHost === 'node' ? nodeWorkerSpawner() : opts.workerHost;
  // Everything the backend makes is released through this, newest first (the database last).
  const owner = new DisposableStore();
  const workbench = Workbench.open({
    dbPath: opts.dbPath,
    spawn,
    nativeBinding: opts.nativeBinding,
    concurrency: opts.concurrency,
    progressIntervalMs: opts.progressIntervalMs,
  });
  owner.add(workbench);
  workbench.runs.recover();
  const distribution = owner.add(
    new Distribution(workbench, {
      ...(opts.redis !== undefined ? { url: opts.redis, fixedBy: opts.redisFrom ?? '--redis' } : {}),
      progressIntervalMs: opts.progressIntervalMs,
    }),
  );
  try {
    await distribution.start(opts.redis !== undefined && !opts.redisFallback);
  } catch (e) {
    await owner.dispose();
    throw e;
  }
  const studies = new Studies(workbench, distribution);
  // A study survives a restart: its runs the last session left interrupted go on.
  studies.resumeInterrupted();
  workbench.runs.watchOrphans();
  const seeded = seedLibrary(workbench, opts.resourcesDir === undefined ? findResourcesDir() : opts.resourcesDir);
  for (const line of seeded.failed) console.warn(`bundled sample skipped: ${line}`);
  // Runs other processes (the CLI) start on this database reach the views within seconds.
  const local = new Set<number>();
  workbench.subscribe((e) => {
    if (e.type === 'run-updated') local.add(e.run.id);
    else if (e.type === 'run-progress') local.add(e.runId);
  });
  const watch = watchRuns(workbench.store, { isLocal: (id) => local.has(id) });
  owner.add(watch);
  return {
    workbench,
    handlers: apiHandlers(workbench, { resourcesDir: opts.resourcesDir, studies, distribution, owner }),
    subscribe: (l: (e: PushEvent) => void) => {
      const a = workbench.subscribe(l);
      const b = watch.subscribe(l);
      return () => {
        a();
        b();
      };
    },
    dispose: () => owner.dispose(),
  };
}
