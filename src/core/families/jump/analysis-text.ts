/** The jump family's analysis in words (its contract's `analysis.text`). */
import { countText } from '../../text/numbers';
import type { MazeAnalysis } from './analysis';

export function mazeAnalysisLines(a: MazeAnalysis): string[] {
  const n = a.rows * a.cols;
  const paths = a.shortestPaths;
  return [
    `${a.rows}x${a.cols} maze: score ${a.score}`,
    `  reachable cells: ${countText(a.reachable)} of ${countText(n)}`,
    `  dead ends (reachable, goal out of reach from there): ${countText(a.deadEnds)}; cells with no move: ${countText(a.noMove)}`,
    a.shortest === null
      ? '  the goal cannot be reached'
      : `  shortest path: ${a.shortest} moves, ${paths === '1' ? 'unique' : `${paths.length > 15 ? `${paths.slice(0, 3)}...(${paths.length} digits)` : paths} distinct shortest paths`}`,
    `  cells on no shortest path: ${countText(a.offPath)} of ${countText(n)}`,
  ];
}
