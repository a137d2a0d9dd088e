import { memoryRefusal, workRefusal } from '../../../engine/limits';
import type { Params } from '../../../params/schema';
import type { EdgePuzzle } from '../model/model';
import { countText } from '../../../text/numbers';

/**
 * Why a GA with these (resolved) parameters would outrun its stop criteria or memory, or null. A
 * generation is one step's least work: every child bred and scored (cells each), a tournament per
 * parent, a local search on searchRate of the children (ga-memetic), and the repair of elites.
 */
export function gaRefuses(puzzle: EdgePuzzle, p: Params): string | null {
  const cells = puzzle.rows * puzzle.cols;
  const population = p.population as number;
  const tournament = p.selection === 'tournament' ? (p.tournamentSize as number) : 1;
  const search = p.searchMoves === undefined ? 0 : population * (p.searchRate as number) * (p.searchMoves as number);
  const repair = (p.repairThreshold as number) > 0 ? Math.min(p.repairElites as number, population) * (p.repairTrials as number) : 0;
  // Weights measured on a busy 2-core machine: a child costs about 50 operations per cell (breeding,
  // mutation, scoring, survey), a search move or repair trial about 40 (bench: a generation of 100,000
  // 8x8 boards took 1.3 s, 4 x 50,000 focused moves 2.4 s).
  const units = population * cells * 50 + population * tournament + search * 40 + repair * 40;
  // Two populations of boards (piece and turn per cell, scores) and a checkpoint of each board as text.
  const bytes = population * (cells * 3 * 2 + 64 + cells * 4 * 3);
  return (
    memoryRefusal(bytes, `a population of ${countText(population)} boards of ${puzzle.rows} x ${puzzle.cols}`) ??
    workRefusal(units, 'one generation', 'population x cells, tournaments, searchMoves per child, repairTrials per elite')
  );
}
