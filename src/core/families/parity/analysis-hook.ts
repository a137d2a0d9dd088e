/** The parity family's analysis as the family contract offers it: answered at once. */
import { immediateAnalysis, type FamilyAnalysis } from '../family';
import { analyseParity, type ParityAnalysis } from './analysis';
import type { ParityGrid, ParityPuzzle } from './model';

export const parityAnalysis: FamilyAnalysis<ParityPuzzle, ParityGrid, ParityAnalysis> = {
  start: (p) => immediateAnalysis(() => analyseParity(p)),
};
