/**
 * The edge-matching solvers' named settings (see core/presets/presets.ts): the papers' own settings first,
 * each naming where its numbers come from.
 */
import type { SolverPreset } from '../../presets/preset';

const NIANG = 'Niang 2010 (thesis)';
const META = 'MS-GVNS, META 2010';
const ASPINALL = 'Aspinall et al. 2020';

export const edgePresets: readonly SolverPreset[] = [
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
      'Passes doubling from 64 to 8192 partial boards, then at 8192 half with new tie-breaks and half searching again, wider, the last rows of the best board; boards with equal joins ranked by the three colours each pass uses up first, the last 4 rows filled column by column: 459.6 of 480 on average over the public benchmark’s Eternity II variants 00-04 with 8 pieces pinned, in 60 CPU seconds (bench/results/edge-e2-8pin.md).',
    params: { width: 64, maxWidth: 8192, growth: 2, exhaust: 3, band: 4 },
    stop: { seconds: 60 },
  },
  {
    id: 'overnight',
    family: 'edge',
    solver: 'beam',
    label: 'Overnight (wide passes)',
    source: 'workbench',
    description:
      'Passes doubling up to 262,144 partial boards (about 101 MB of memory a thread on 16x16), then at that width half with new tie-breaks and half searching again the last 4 rows of the best board, however long the best has stood: on Eternity II, run on from a best of 463, such passes starting in the last 4 rows reached 464 once every 36 CPU s, those starting in rows 10-11 never, and passes starting higher up scored below fresh passes (461.2 against 462.4 on average). The width stays at 262,144: wider passes score higher on average but reach the high scores less often per CPU second (Eternity II: a pass of 464 or more every 140 CPU s at 262,144, every 364 s at 524,288). Boards with equal joins are ranked by the three colours each pass uses up first, the last 4 rows are filled column by column (0.25 to 0.5 joins a pass more than a third of the rows), and the rows above the last 6 are searched at half the width (the same passes for 28 % less CPU). On Eternity II with the starter piece, 5 seeds of 10 CPU minutes on one core, on a machine shared with a CI run: 461 after 3.3 CPU seconds, 463 after 19, 464 after 120 (medians; every seed reached 464, one 465; bench/results/edge-e2.md).',
    params: { width: 64, maxWidth: 262_144, growth: 2, exhaust: 3, band: 4, early: 0.5, suffix: 0.5, suffixRows: 4, wide: 1, memory: 2048 },
  },
  {
    id: 'beam-then-lns',
    family: 'edge',
    solver: 'lns',
    label: 'Beam search, then large neighbourhoods',
    source: 'workbench',
    description:
      'Beam passes doubling to 8192 partial boards, ranked by the three colours each pass uses up first; their best full board is where the large-neighbourhood search starts (both phases show in the chart). On the public benchmark (Eternity II, 8 pieces pinned, 60 CPU s): 457.4, against 454.8 without the colours.',
    params: { initial: 'beam', beamWidth: 8192, beamExhaust: 3 },
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
];
