/**
 * Named settings for the solvers: the papers' own settings first, so a run can reproduce a
 * published experiment with one choice in the launch form. Pure data; parameters not named keep
 * their defaults (a preset is applied over the defaults, never over other edits). Each preset
 * names where its numbers come from (the paper and its table).
 */
import type { StopCriteria } from '../engine/run-types';
import type { FamilyId } from '../families/family';
import type { Params } from '../params/schema';

export interface SolverPreset {
  /** Unique within its solver. */
  id: string;
  family: FamilyId;
  solver: string;
  label: string;
  /** Where the settings come from: a paper, or "workbench" for our own suggestions. */
  source: string;
  description: string;
  /** Values that differ from the defaults (the rest stay at their defaults). */
  params: Params;
  /** Stop criteria the experiment used, when the paper gives them. */
  stop?: Partial<StopCriteria>;
}

const NIANG = 'Niang 2010 (thesis)';
const META = 'MS-GVNS, META 2010';
const ASPINALL = 'Aspinall et al. 2020';
const CS440 = 'CS 440 report';
const ALMUHAIDEB = 'Almuhaideb et al. 2022';

export const PRESETS: readonly SolverPreset[] = [
  // ---- edge: Niang's GA -------------------------------------------------------------------------
  {
    id: 'niang-200',
    family: 'edge',
    solver: 'ga',
    label: 'Thesis runs (population 200)',
    source: NIANG,
    description: 'Tournament of 3, elitism 1, region exchange crossover 0.9, region rotate/swap mutation 0.1, thesis fitness, repair on (tables 1-9).',
    params: { population: 200, tournamentSize: 3, elitism: 1, crossoverRate: 0.9, mutationRate: 0.1, selection: 'tournament', fitness: 'thesis' },
  },
  {
    id: 'niang-500',
    family: 'edge',
    solver: 'ga',
    label: 'Population 500',
    source: NIANG,
    description: 'The thesis runs with a population of 500 (population ablation).',
    params: { population: 500 },
  },
  {
    id: 'niang-1000',
    family: 'edge',
    solver: 'ga',
    label: 'Population 1000',
    source: NIANG,
    description: 'The thesis runs with a population of 1000 (population ablation).',
    params: { population: 1000 },
  },
  {
    id: 'niang-uniform',
    family: 'edge',
    solver: 'ga',
    label: 'Uniform crossover',
    source: NIANG,
    description: 'Uniform crossover instead of region exchange (crossover ablation).',
    params: { cxRegionExchange: 0, cxUniform: 1 },
  },
  {
    id: 'niang-no-elitism',
    family: 'edge',
    solver: 'ga',
    label: 'No elitism',
    source: NIANG,
    description: 'Elitism off (elitism ablation).',
    params: { elitism: 0 },
  },
  {
    id: 'niang-no-repair',
    family: 'edge',
    solver: 'ga',
    label: 'No repair',
    source: NIANG,
    description: 'Selection heuristic and repair heuristics off (repair ablation).',
    params: { repairThreshold: 0, repairDeadlocks: false, repair2x2: false, repairBorder: false },
  },
  {
    id: 'niang-high-mutation',
    family: 'edge',
    solver: 'ga',
    label: 'Mutation 0.8',
    source: NIANG,
    description: 'Mutation rate 0.8 (mutation ablation).',
    params: { mutationRate: 0.8 },
  },

  // ---- edge: MS-GVNS ----------------------------------------------------------------------------
  ...(
    [
      [10, 1200],
      [12, 1800],
      [14, 2400],
      [16, 3600],
    ] as const
  ).map(([n, seconds]): SolverPreset => ({
    id: `msgvns-${n}`,
    family: 'edge',
    solver: 'ms-gvns',
    label: `Paper, ${n}×${n} (${seconds / 60} min)`,
    source: META,
    description: `IterMax 200, LevelMax = board side, greedy randomised starts, alternating VND orders; the paper's time limit for ${n}×${n} (table 1).`,
    params: { iterMax: 200, levelMax: 0, initial: 'greedy', vndOrder: 'alternate', improvement: 'first', acceptEqual: false },
    stop: { seconds },
  })),
  {
    id: 'msgvns-random-starts',
    family: 'edge',
    solver: 'ms-gvns',
    label: 'Random starts',
    source: META,
    description: 'Random valid initial boards instead of greedy randomised ones (the paper’s other initial solution).',
    params: { initial: 'random' },
  },

  // ---- edge: backtracking -----------------------------------------------------------------------
  {
    id: 'exact',
    family: 'edge',
    solver: 'backtrack',
    label: 'Exact search',
    source: 'workbench',
    description: 'Every join must match; the search ends when the space is exhausted.',
    params: { maxMismatches: 0 },
  },
  {
    id: 'blackwood',
    family: 'edge',
    solver: 'backtrack',
    label: 'Broken-join allowance (Blackwood style)',
    source: 'workbench',
    description:
      'Allow up to 10 broken joins, growing from five eighths of the placements (the 160th of 256) to the last cell, as Blackwood’s 470/480 board has; frame first. Until it finds a full board it shows its deepest partial board, completed by a narrow beam pass.',
    params: { maxMismatches: 10, mismatchFromDepth: -1, order: 'frame-first' },
  },
  {
    id: 'verhaard',
    family: 'edge',
    solver: 'backtrack',
    label: 'Restarts (Verhaard style)',
    source: 'workbench',
    description:
      'Row-scan search that starts again with a new candidate order every 50 million placements; its deepest partial board, completed by a narrow beam pass, is the board it shows.',
    params: { restartAfter: 50_000_000, shuffle: true },
  },
  // ---- edge: beam search and large neighbourhoods (Eternity II scale) ----------------------------
  {
    id: 'e2-minute',
    family: 'edge',
    solver: 'beam',
    label: 'Eternity II in a minute',
    source: 'workbench',
    description:
      'Passes doubling from 64 to 8192 partial boards, then at 8192 half with new tie-breaks and half searching again, wider, the last rows of the best board: 456.6 of 480 on average over the public benchmark’s Eternity II variants with 8 pieces pinned, in 60 CPU seconds (bench/results/edge-e2-8pin.md).',
    params: { width: 64, maxWidth: 8192, growth: 2 },
    stop: { seconds: 60 },
  },
  {
    id: 'overnight',
    family: 'edge',
    solver: 'beam',
    label: 'Overnight (wide passes)',
    source: 'workbench',
    description:
      'Passes doubling up to 262,144 partial boards (about 600 MB of memory on 16x16, within the 1024 MB bound), then at that width half with new tie-breaks and half searching again the last rows of the best board; after 10 passes without a new best those start higher up. Before the suffix passes this reached 460 of 480 on Eternity II after 41 CPU seconds, 461 after 26 minutes (bench/results/edge-e2.md).',
    params: { width: 64, maxWidth: 262_144, growth: 2, suffix: 0.5, wide: 1, stallPasses: 10 },
  },
  {
    id: 'beam-then-lns',
    family: 'edge',
    solver: 'lns',
    label: 'Beam search, then large neighbourhoods',
    source: 'workbench',
    description:
      'Beam passes doubling to 8192 partial boards; their best full board is where the large-neighbourhood search starts (both phases show in the chart).',
    params: { initial: 'beam', beamWidth: 8192 },
  },
  {
    id: 'lns-alone',
    family: 'edge',
    solver: 'lns',
    label: 'Large neighbourhoods from a greedy board',
    source: 'workbench',
    description: 'No beam phase: a greedy board refilled by assignment problems and exact windows, shaken by record-to-record travel (Schaus & Deville style).',
    params: { initial: 'greedy' },
  },
  {
    id: 'tabu-small',
    family: 'edge',
    solver: 'tabu',
    label: 'Small boards (up to about 8x8)',
    source: 'workbench',
    description:
      'The defaults suit 10x10 and up; on a small board 1000 sampled moves are every move, and tabu search cycles. 50 moves, tenure 10, a restart after 2000 steps without a new best.',
    params: { candidates: 50, tenure: 10, restartAfter: 2000 },
  },
  {
    id: 'aspinall-h2',
    family: 'edge',
    solver: 'backtrack-2x2',
    label: 'H2 ordering',
    source: ASPINALL,
    description: 'Border 2×2 blocks ordered by H2 (neighbours sharing no piece), the paper’s best.',
    params: { heuristic: 'h2', shuffle: false },
  },
  {
    id: 'aspinall-h1',
    family: 'edge',
    solver: 'backtrack-2x2',
    label: 'H1 ordering',
    source: ASPINALL,
    description: 'Border 2×2 blocks ordered by H1 (product of the domain sizes of their inner sides).',
    params: { heuristic: 'h1', shuffle: false },
  },
  {
    id: 'aspinall-none',
    family: 'edge',
    solver: 'backtrack-2x2',
    label: 'Plain 2×2 transform',
    source: ASPINALL,
    description: 'The 2×2 domain transform without border ordering.',
    params: { heuristic: 'none', shuffle: false },
  },

  // ---- jump: CS 440 -----------------------------------------------------------------------------
  {
    id: 'cs440-hc',
    family: 'jump',
    solver: 'hill-climb',
    label: 'Hill climbing, 1000 iterations',
    source: CS440,
    description: 'One random cell changed per move, kept when not worse; 1000 moves.',
    params: { restartAfter: 0, randomWalk: 0 },
    stop: { evaluations: 1000 },
  },
  {
    id: 'cs440-restarts',
    family: 'jump',
    solver: 'hill-climb',
    label: 'With random restarts, 10,000 iterations',
    source: CS440,
    description: 'Restart from a random maze after 1000 moves without a new best; 10,000 moves.',
    params: { restartAfter: 1000, randomWalk: 0 },
    stop: { evaluations: 10_000 },
  },
  {
    id: 'cs440-random-walk',
    family: 'jump',
    solver: 'hill-climb',
    label: 'Random walk p = 0.0025, 10,000 iterations',
    source: CS440,
    description: 'A worse move is accepted with probability 0.0025; 10,000 moves.',
    params: { restartAfter: 0, randomWalk: 0.0025 },
    stop: { evaluations: 10_000 },
  },
  {
    id: 'cs440-ga',
    family: 'jump',
    solver: 'ga',
    label: 'Genetic algorithm, mutation per child',
    source: CS440,
    description: 'The report’s GA as its text describes the mutation: a child mutates one cell with probability 0.018, then again at a third of that.',
    params: { mutationMode: 'child', mutation: 0.018, mutationDecay: 3 },
  },
  {
    id: 'cs440-ga-cell',
    family: 'jump',
    solver: 'ga',
    label: 'Genetic algorithm, mutation per cell',
    source: CS440,
    description:
      'The report’s GA as its parameter table gives the mutation: every cell mutates with probability 0.018. Climbs far higher than the per-child reading.',
    params: { mutationMode: 'cell', mutation: 0.018 },
  },

  // ---- parity: Almuhaideb et al. ------------------------------------------------------------------
  ...(
    [
      [1, 'bpmx', 'bswap'],
      [2, 'bpmx', 'binversion'],
      [3, 'bmoc', 'bswap'],
      [4, 'bmoc', 'binversion'],
    ] as const
  ).map(([study, crossover, mutation]): SolverPreset => ({
    id: `study-${study}`,
    family: 'parity',
    solver: 'ga',
    label: `Study ${study}: ${crossover.toUpperCase()} + ${mutation === 'bswap' ? 'BSwap' : 'BInversion'}`,
    source: ALMUHAIDEB,
    description: 'Tournament q = 10, GENITOR replacement, crossover 0.8, mutation 0.01, population 1,000, 10,000 generations.',
    params: { crossover, mutation, population: 1000, generations: 10_000, tournament: 10, crossoverRate: 0.8, mutationRate: 0.01 },
  })),
  {
    id: 'study-1-n100',
    family: 'parity',
    solver: 'ga',
    label: 'Study 1 for n = 100 (population 10,000)',
    source: ALMUHAIDEB,
    description: 'BPMX + BSwap with the population of 10,000 the paper used for n = 100.',
    params: { crossover: 'bpmx', mutation: 'bswap', population: 10_000, generations: 10_000, tournament: 10, crossoverRate: 0.8, mutationRate: 0.01 },
  },
  {
    id: 'every-offspring-mutated',
    family: 'parity',
    solver: 'ga',
    label: 'Every offspring mutated (fast)',
    source: 'workbench',
    description: 'Study 1 with one BSwap in every offspring: solves n = 50 in a few hundred generations, where the published rate needs thousands.',
    params: { crossover: 'bpmx', mutation: 'bswap', mutationRate: 1, mutationPer: 'offspring' },
  },
  {
    id: 'study-5',
    family: 'parity',
    solver: 'sa',
    label: 'Study 5: SA as published',
    source: ALMUHAIDEB,
    description: 'T0 = n, alpha 0.95, static equilibrium y = 0.25, final temperature 0.001, then stop.',
    params: { t0: 0, alpha: 0.95, y: 0.25, tFinal: 0.001, atFinal: 'stop' },
  },
  {
    id: 'sa-reheat',
    family: 'parity',
    solver: 'sa',
    label: 'SA with reheating',
    source: 'workbench',
    description: 'The published schedule, reheating to T0 at the final temperature instead of stopping.',
    params: { atFinal: 'reheat' },
  },
];

/** The presets of one solver, in the order the launch form lists them. */
export function presetsFor(family: FamilyId, solver: string): SolverPreset[] {
  return PRESETS.filter((p) => p.family === family && p.solver === solver);
}

/** The preset `id` of a solver; throws, naming the presets there are, when it has none of that name. */
export function findPreset(family: FamilyId, solver: string, id: string): SolverPreset {
  const list = presetsFor(family, solver);
  const preset = list.find((p) => p.id === id);
  if (!preset) throw new Error(`no preset "${id}" for ${solver} (presets: ${list.map((p) => p.id).join(', ') || 'none'})`);
  return preset;
}
