export type { DistributionState } from '../services/distribution';
export type { AnalysisStatus } from '../services/analysis';
