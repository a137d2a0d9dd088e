export type { StudyAnalysisDetail, StudyCurve, StudyDetail, StudySummary, StudyTemplate } from '../services/study-api';
export type { CellRun, StudyCellResult, StudyProgress } from '../studies/results';
