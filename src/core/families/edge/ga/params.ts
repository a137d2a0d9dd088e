import type { ParamSchema } from '../../../params/schema';
import { SELECTION_SCHEMES } from '../../../engines/genetic/selection';
import { FITNESS_KINDS } from './fitness';

/**
 * Parameters of Niang's GA. Defaults are the thesis's runs (tables 1-9): population 200,
 * tournament of 3, elitism 1, crossover 0.9 (region exchange), mutation 0.1 (region rotation and
 * region swap), thesis fitness, repair heuristics on. The thesis names its repairs without
 * saying how they work; the deadlock repair defaults to a search (deadlockRepair=search, a short
 * walk moving the tiles with unmatched joins), the reading under which table 9 is reproduced
 * (bench/edge-papers/niang.ts); the one-pass reinsert stays selectable.
 */
export const gaParams = {
  population: { type: 'int', default: 200, min: 2, max: 100_000, help: 'Boards in the population (the thesis used 200, also 500 and 1000).' },
  generations: { type: 'int', default: 0, min: 0, help: "Stop after this many generations; 0 = run until the run's own stop criteria." },
  fitness: {
    type: 'enum',
    default: 'thesis',
    options: FITNESS_KINDS,
    help: 'Selection fitness. thesis: 1 - mean over (joins, 2x2 areas) of the share violated, 1 = solved; score: matched joins. The reported score is always matched joins.',
  },
  selection: {
    type: 'enum',
    default: 'tournament',
    options: SELECTION_SCHEMES,
    help: 'Parent selection: roulette (fitness-proportional), ranking (linear ranking) or tournament.',
  },
  rankPressure: {
    type: 'number',
    default: 1.5,
    min: 1,
    max: 2,
    help: 'Linear ranking pressure s in (1, 2]: the best is picked s times as often as the average, the worst 2 - s times.',
  },
  tournamentSize: { type: 'int', default: 3, min: 1, max: 100_000, help: 'Tournament size k: the fittest of k random boards becomes a parent.' },
  tournamentReplacement: {
    type: 'boolean',
    default: true,
    help: 'Draw tournament entrants with replacement (one board may enter twice); false = k distinct boards.',
  },
  replacement: {
    type: 'enum',
    default: 'generational',
    options: ['generational', 'crowding'],
    help: 'generational: the children form the next generation (with elitism), parents chosen by the selection scheme (the thesis). crowding: every board breeds once with a random partner and each child replaces its first parent only when at least as fit (no selection scheme, no elitism needed).',
  },
  elitism: { type: 'int', default: 1, min: 0, max: 100_000, help: 'The best n boards of a generation replace the worst n of the next (0 = no elitism).' },
  crossoverRate: { type: 'number', default: 0.9, min: 0, max: 1, help: 'Chance that a pair of parents is crossed (otherwise the children are copies).' },
  cxRegionExchange: {
    type: 'number',
    default: 1,
    min: 0,
    help: 'Weight of region exchange crossover (Munoz et al.): a random region of one parent copied into the other, displaced tiles refilled. 0 disables.',
  },
  cxUniform: {
    type: 'number',
    default: 0,
    min: 0,
    help: 'Weight of uniform crossover: each cell from parent 1 or 2 by a random template, duplicates replaced by the missing tiles. 0 disables.',
  },
  mutationRate: { type: 'number', default: 0.1, min: 0, max: 1, help: 'Chance that a child gets one mutation (chosen by the weights below).' },
  mutRotate: { type: 'number', default: 0, min: 0, help: 'Weight of rotate: one inner tile turned a quarter turn clockwise. 0 disables.' },
  mutSwap: { type: 'number', default: 0, min: 0, help: 'Weight of swap: two tiles of the same kind (corner, side, inner) exchanged. 0 disables.' },
  mutSwapRotate: { type: 'number', default: 0, min: 0, help: 'Weight of swap & rotate: a swap whose inner tiles are also turned. 0 disables.' },
  mutRotateRegion: { type: 'number', default: 1, min: 0, help: 'Weight of rotate region: a random square of at least 2x2 turned as a block. 0 disables.' },
  mutSwapRegion: {
    type: 'number',
    default: 1,
    min: 0,
    help: 'Weight of swap region: the board halved vertically or horizontally, equal regions of the two halves exchanged. 0 disables.',
  },
  mutRegionInversion: {
    type: 'number',
    default: 0,
    min: 0,
    help: "Weight of region inversion: a random rectangle's tiles put back in reverse order. 0 disables.",
  },
  mutRowInversion: { type: 'number', default: 0, min: 0, help: 'Weight of row inversion: one row reversed. 0 disables.' },
  mutColumnInversion: { type: 'number', default: 0, min: 0, help: 'Weight of column inversion: one column reversed. 0 disables.' },
  mutScramble: {
    type: 'number',
    default: 0,
    min: 0,
    help: 'Weight of scramble (keep the top-left tile, deal the rest out again), used only while the best fitness has not improved for stuckGenerations. 0 disables.',
  },
  stuckGenerations: {
    type: 'int',
    default: 200,
    min: 1,
    help: 'Generations without a better best fitness after which the population counts as stuck (enables scramble).',
  },
  repairThreshold: {
    type: 'int',
    default: 50,
    min: 0,
    help: 'Generations without a better best fitness before the selection heuristic checks the elites: it tags them, and repairs the ones tagged last time that are still unchanged. 0 = no repair.',
  },
  repairDecay: {
    type: 'number',
    default: 0.2,
    min: 0,
    max: 0.99,
    help: 'Share by which the repair threshold is lowered each time it is reached (reset when the best improves).',
  },
  repairElites: { type: 'int', default: 5, min: 1, max: 100_000, help: 'How many of the fittest boards the selection heuristic checks and tags.' },
  repairDeadlocks: { type: 'boolean', default: true, help: 'Repair deadlocks (tiles with at least deadlockSides unmatched joins), as deadlockRepair says.' },
  repair2x2: { type: 'boolean', default: true, help: 'Repair 2x2 areas: rearrange the four tiles of each bad 2x2 area to match most joins.' },
  repairBorder: { type: 'boolean', default: true, help: 'Repair the border: swap border tiles while the fitness rises.' },
  deadlockRepair: {
    type: 'enum',
    default: 'search',
    options: ['search', 'reinsert'],
    help: 'How deadlocks are removed. search: repairTrials tries, each swapping a deadlocked tile with a tile of its class (both at their best rotations) or turning it, kept unless it loses joins (a loss kept with chance exp(-loss / repairTemperature)); the fittest board met is kept. reinsert: every deadlocked tile lifted and put back where it matches most (one pass, may lower the fitness).',
  },
  repairTrials: {
    type: 'int',
    default: 10_000,
    min: 1,
    help: 'Tries of the deadlock search per repaired board (each one delta evaluation, counted in the evaluations).',
  },
  repairTemperature: {
    type: 'number',
    default: 0.4,
    min: 0,
    help: 'Temperature of the deadlock search, in joins: a change losing j matched joins is kept with chance exp(-j / T); 0 = never keep a loss.',
  },
  scrambleStuck: {
    type: 'int',
    default: 0,
    min: 0,
    help: 'Generations without a better best fitness after which the population counts as completely stuck and is scrambled (each board keeps its top-left tile, the rest dealt out again); 0 = never.',
  },
  scrambleKeep: {
    type: 'int',
    default: 0,
    min: 0,
    max: 100_000,
    help: 'The fittest boards a scramble of the stuck population leaves as they are (0 = a full restart; the best board found is kept apart anyway).',
  },
  deadlockSides: {
    type: 'int',
    default: 1,
    min: 1,
    max: 4,
    help: 'A tile with at least this many unmatched joins counts as deadlocked (the search moves only such tiles; with 2 it cannot finish a board whose last faults are single joins).',
  },
} as const satisfies ParamSchema;
