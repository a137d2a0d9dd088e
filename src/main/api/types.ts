/**
 * Every type a front end needs from the backend, in one place: the renderer imports these (and
 * the contract), never the store, the server or the preload script themselves (an ESLint rule
 * keeps it so). Types only: nothing here exists at run time.
 */
export type * from './contract';
export type { PuzzleRecord, PuzzleSort, PuzzleSummary, RunRecord, RunStatus, RunSummary } from '../store/types';
export type { ImprovementPoint, RunFacets, RunSeries, RunSortKey, SeriesPoint, SortDir } from '../store/run-history';
export type { ApiReply } from '../serve/dispatch';
export type { ImportPreview, ImportResult, LibraryPuzzle, PlacementScore } from '../services/imports';
export type { StudyAnalysisDetail, StudyCurve, StudyDetail, StudySummary, StudyTemplate } from '../services/study-api';
export type { DistributionState } from '../services/distribution';
export type { CellRun, StudyCellResult, StudyProgress } from '../studies/results';
export type { WorkbenchBridge } from '../../preload/index';
