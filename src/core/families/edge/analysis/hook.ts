/** The edge family's analysis as the family contract offers it: the stepped job, and its words. */
import type { FamilyAnalysis } from '../../family';
import type { EdgeBoard, EdgePuzzle } from '../model/model';
import { isSolved } from '../model/score';
import { EdgeAnalysisJob, type ColourStats, type EdgeAnalysis } from './index';
import { edgeAnalysisLines } from './text';

/** A full solved board among the known solution and the user's work, for the unique-fit statistic. */
function solvedBoard(p: EdgePuzzle, given: { solution?: EdgeBoard; reference?: EdgeBoard }): EdgeBoard | null {
  for (const b of [given.reference, given.solution]) if (b && b.piece.length === p.rows * p.cols && isSolved(p, b)) return b;
  return null;
}

export const edgeAnalysis: FamilyAnalysis<EdgePuzzle, EdgeBoard, EdgeAnalysis, ColourStats> = {
  start: (p, given, settings) => new EdgeAnalysisJob(p, settings, solvedBoard(p, given)),
  text: (a, eternity2) => edgeAnalysisLines(a, eternity2),
};
