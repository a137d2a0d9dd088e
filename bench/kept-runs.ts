/**
 * What the long benches (from-empty, spread) share about the run files they keep beside their
 * results: a finished run's file is its figure for good; an unfinished run's, written every few
 * minutes with its latest checkpoint inside, lets a new database resume it, so a lost database
 * costs a run minutes, not hours.
 */
import { isFinal } from '../src/core/engine/run-types';
import type { Workbench } from '../src/main/services/workbench';
import type { RunSummary } from '../src/main/store/types';

/** How often the unfinished runs' files are written: what a lost database can cost a run at most. */
export const KEEP_UNFINISHED_EVERY_MS = 10 * 60_000;

export const FINISHED = '.run.json';
export const UNFINISHED = '.partial.run.json';

/** Whether an unfinished file of the run is worth keeping: it has not ended and has a checkpoint to resume from. */
export const resumable = (wb: Workbench, run: Pick<RunSummary, 'id' | 'status'>): boolean => !isFinal(run.status) && wb.store.latestCheckpoint(run.id) !== null;
