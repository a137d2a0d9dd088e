/** Where studies run (this machine or Redis) and the designer's analysis, as the API returns them. */
import type { FamilyId } from '../../core/families/family';
import type { ColourStats, MakeUniqueResult, RecolourResult } from '../../core/families/edge/analysis';
import type { AnyAnalysis } from '../../core/text/analysis-text';
import type { EdgeSolutionJson } from '../../core/families/edge/model';

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
  /** 'unique': making the puzzle unique (only the time is known until it ends). */
  phase: 'estimate' | 'count' | 'unique' | 'done';
  work: number;
  found: number;
  cpuMs: number;
}

/** The analysis with, for edge puzzles, Eternity II's colour statistics to set beside it. */
export interface AnalysisOutcome {
  analysis: AnyAnalysis;
  eternity2: ColourStats | null;
}

/**
 * What an analysis does: count, estimate and explain; or propose the fewest hints (edge), or the
 * fewest joins to give a colour of their own ('recolour'), that leave one solution.
 */
export type AnalysisTask = 'analyze' | 'make-unique' | 'recolour';

/** Core's make-unique proposal (issue 51) as the API carries it: the reference board in its JSON form. */
export interface MakeUniqueProposal extends Omit<MakeUniqueResult, 'reference'> {
  reference: EdgeSolutionJson | null;
  /** Why it ended before a confirmed answer: the CPU limit or a stop; null when it did not. */
  stoppedBy: 'seconds' | 'stopped' | null;
}

/** The most an analysis may be asked for, in the app and on the command line: solutions to count, Knuth probes. */
export const ANALYSIS_MAX = { maxSolutions: 1_000_000_000, probes: 10_000_000 } as const;

/** Core's recolouring proposal (issue 51) as the API carries it: the recoloured puzzle as its edges. */
export interface RecolourProposal extends Omit<RecolourResult, 'puzzle'> {
  /** The recoloured puzzle's edges (4 a piece, top right bottom left), or null when there is nothing to change. */
  edges: number[] | null;
  stoppedBy: 'seconds' | 'stopped' | null;
}

export interface AnalysisStatus {
  id: number;
  puzzleId: number;
  family: FamilyId;
  task: AnalysisTask;
  running: boolean;
  progress: AnalysisProgress | null;
  /** The outcome of an 'analyze' task once finished. */
  outcome: AnalysisOutcome | null;
  /** The proposal of a 'make-unique' task once finished. */
  unique: MakeUniqueProposal | null;
  /** The proposal of a 'recolour' task once finished. */
  recolour: RecolourProposal | null;
  /** Why the analysis failed (one line), or null. */
  error: string | null;
}
