export { RUN_STATUSES, type RunRecord, type RunStatus, type RunSummary } from '../store/types';
export {
  RUN_SORT_KEYS,
  type BoardAt,
  type ImprovementPoint,
  type RunFacets,
  type RunPage,
  type RunSeries,
  type RunSortKey,
  type SeriesPoint,
  type SortDir,
} from '../store/run-history';
