import { catalogued } from '../../../engine/catalogued';
import { workRefusal } from '../../../engine/limits';
import { withThreads } from '../../../engine/shards';
import type { SolverDef } from '../../../engine/solver';
import type { ParamSchema, ResolvedParams } from '../../../params/schema';
import { Rng } from '../../../rng/rng';
import type { EdgeSolutionJson } from '../model/json';
import { isRotatable, type EdgePuzzle } from '../model/model';
import { BacktrackCheckpoint, BlockCheckpoint } from './checkpoint';
import { BacktrackRun, type BacktrackOptions } from './backtrack';
import { BlockRun, BLOCK_HEURISTICS, blockSearchRefuses, type BlockOptions } from './block-search';
import { SCAN_ORDERS, type ScanOrder } from './scan-plan';

export const backtrackParams = {
  order: {
    type: 'enum',
    default: 'row',
    options: SCAN_ORDERS,
    help: 'Order the cells are filled in: row = row by row from the top left; frame-first = the frame clockwise, then the inner rows.',
  },
  maxMismatches: {
    type: 'int',
    default: 0,
    min: 0,
    max: 10_000,
    help: 'Broken joins a full board may have (0 = exact search). Above 0 the run reports full boards only, scored by their matched joins, and then hunts for boards with fewer breaks.',
  },
  mismatchFromDepth: {
    type: 'int',
    default: -1,
    min: -1,
    help: 'Placements made before the first break is allowed (-1 = five eighths of the board: 160 of 256, 63 of 100); from there the allowance grows linearly to maxMismatches at the last cell.',
  },
  restartAfter: {
    type: 'int',
    default: 0,
    min: 0,
    help: 'Start again from an empty board with a new random candidate order after this many placements (0 = never restart).',
  },
  shuffle: {
    type: 'boolean',
    default: true,
    help: 'Shuffle the candidate order with the seed before the search starts (off = piece-number order; restarts always reshuffle).',
  },
  complete: {
    type: 'boolean',
    default: true,
    help: 'Show a full board from the start: the deepest partial board so far, completed with the pieces left, until the search itself finds a better full board (off = exact search shows the partial board).',
  },
  completeWidth: {
    type: 'int',
    default: 64,
    min: 0,
    max: 65_536,
    help: 'How a deep partial board (past half the cells) is completed: one pass of a beam search this wide over the empty cells (0 = greedily, cell by cell, as shallow boards always are).',
  },
} as const satisfies ParamSchema;

export const backtrack2x2Params = {
  heuristic: {
    type: 'enum',
    default: 'h2',
    options: BLOCK_HEURISTICS,
    help: 'Order of border 2x2 blocks (Aspinall et al. 2020): none = enumeration order; h1 = most possible neighbours first (product over its inner sides); h2 = the same counting only neighbours that share no piece with it. h1 and h2 drop blocks with no possible neighbour.',
  },
  shuffle: {
    type: 'boolean',
    default: false,
    help: 'Shuffle the blocks with the seed before ordering them (ties in h1/h2 then fall at random).',
  },
} as const satisfies ParamSchema;

/** Step budget of one round of a run on several threads (placements). */
const BACKTRACK_ROUND = 1 << 21;

export const backtrackSolver: SolverDef = withThreads(
  catalogued<EdgePuzzle, EdgeSolutionJson, BacktrackCheckpoint, typeof backtrackParams>(
    {
      id: 'backtrack',
      family: 'edge',
      label: 'Backtracking (exact)',
      description:
        'Depth-first search in scan order over precomputed candidate tables; exact by default, or with a growing allowance of broken joins (Blackwood) and restarts with a new candidate order (Verhaard). Evaluations count placements.',
      params: backtrackParams,
      refuses: (puzzle, params) => {
        const greedy = greedyWork(puzzle, params);
        return greedy > completionWork(puzzle, params)
          ? workRefusal(greedy, 'completing a board', 'cells x pieces, each empty cell given the best unused piece')
          : workRefusal(completionWork(puzzle, params), 'completing a deep board', 'completeWidth x cells');
      },
      stepWork: (puzzle, params) => Math.max(completionWork(puzzle, params), greedyWork(puzzle, params)),
      create(puzzle, params, seed) {
        return new BacktrackRun(puzzle, backtrackOptions(params), new Rng(seed));
      },
      restore(puzzle, params, checkpoint) {
        return BacktrackRun.restore(puzzle, backtrackOptions(params), checkpoint);
      },
    },
    BacktrackCheckpoint,
  ),
  BACKTRACK_ROUND,
);

/**
 * Work of one completion of a deep partial board, which a step cannot interrupt: a beam pass
 * `completeWidth` wide over the empty cells, about four candidates kept a board a cell (measured:
 * width 65,536 on 6x6 took 1.1 s).
 */
function completionWork(puzzle: EdgePuzzle, p: BacktrackParams): number {
  return p.complete ? p.completeWidth * puzzle.rows * puzzle.cols * 4 : 0;
}

/**
 * Work of one greedy completion (of the empty board as a run starts, and of shallow ones): every
 * empty cell looks at every unused piece in its turns, so on large boards it is the larger unit
 * (100 x 100: about 4e8, seconds, where a beam completion 64 wide is 2.6e6).
 */
function greedyWork(puzzle: EdgePuzzle, p: BacktrackParams): number {
  const cells = puzzle.rows * puzzle.cols;
  return p.complete ? cells * cells * (isRotatable(puzzle) ? 4 : 1) : 0;
}

type BacktrackParams = ResolvedParams<typeof backtrackParams>;

function backtrackOptions(p: BacktrackParams): BacktrackOptions {
  return {
    order: p.order as ScanOrder,
    maxMismatches: p.maxMismatches,
    mismatchFromDepth: p.mismatchFromDepth,
    restartAfter: p.restartAfter,
    shuffle: p.shuffle,
    complete: p.complete,
    completeWidth: p.completeWidth,
  };
}

export const backtrack2x2Solver = catalogued<EdgePuzzle, EdgeSolutionJson, BlockCheckpoint, typeof backtrack2x2Params>(
  {
    id: 'backtrack-2x2',
    family: 'edge',
    label: 'Backtracking over 2x2 blocks',
    description:
      'The 2x2 domain transform of Aspinall et al. (2020): every valid 2x2 block of four pieces, the half-size board of blocks searched in scan order with no piece used twice; border blocks ordered by H1 or H2. An odd side is padded with a row or column of grey void cells that use no piece. Evaluations count block placements.',
    params: backtrack2x2Params,
    refuses: (puzzle) => blockSearchRefuses(puzzle),
    create(puzzle, params, seed) {
      return new BlockRun(puzzle, blockOptions(params), new Rng(seed));
    },
    restore(puzzle, params, checkpoint) {
      return BlockRun.restore(puzzle, blockOptions(params), checkpoint);
    },
  },
  BlockCheckpoint,
);

function blockOptions(p: ResolvedParams<typeof backtrack2x2Params>): BlockOptions {
  return { heuristic: p.heuristic as BlockOptions['heuristic'], shuffle: p.shuffle };
}
