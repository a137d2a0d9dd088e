/** Where studies run (this machine or Redis) and the designer's analysis, as the API returns them. */
import type { FamilyId } from '../../core/families/family';
import type { ColourStats } from '../../core/families/edge/analysis';
import type { AnyAnalysis } from '../../core/text/analysis-text';

export interface DistributionState {
  /** The URL in use or tried, password masked; null on this machine. */
  url: string | null;
  /** The URL was given outside the app (environment or command line); the saved one waits. */
  fromEnv: boolean;
  /** What gave it: 'WORKBENCH_REDIS', '--redis'; null when it comes from the settings. */
  fixedBy: string | null;
  /** The URL saved in the settings, password masked (null when none). */
  saved: string | null;
  state: 'local' | 'connected' | 'unreachable';
  /** Why Redis is not used (one line), when `state` is 'unreachable'. */
  message: string | null;
}

export interface AnalysisProgress {
  phase: 'estimate' | 'count' | 'done';
  work: number;
  found: number;
  cpuMs: number;
}

/** The analysis with, for edge puzzles, Eternity II's colour statistics to set beside it. */
export interface AnalysisOutcome {
  analysis: AnyAnalysis;
  eternity2: ColourStats | null;
}

export interface AnalysisStatus {
  id: number;
  puzzleId: number;
  family: FamilyId;
  running: boolean;
  progress: AnalysisProgress | null;
  outcome: AnalysisOutcome | null;
  /** Why the analysis failed (one line), or null. */
  error: string | null;
}
