/** The parity family's analysis as the family contract offers it: answered at once, and its words. */
import { immediateAnalysis, type FamilyAnalysis } from '../family';
import { analyseParity, type ParityAnalysis } from './analysis';
import { parityAnalysisLines } from './analysis-text';
import type { ParityGrid, ParityPuzzle } from './model';

export const parityAnalysis: FamilyAnalysis<ParityPuzzle, ParityGrid, ParityAnalysis> = {
  start: (p) => immediateAnalysis(() => analyseParity(p)),
  text: (a) => parityAnalysisLines(a),
};
