/**
 * The jump-maze solvers' named settings (see core/presets/presets.ts): the papers' own settings first,
 * each naming where its numbers come from.
 */
import type { SolverPreset } from '../../presets/preset';

const CS440 = 'CS 440 report';

export const jumpPresets: readonly SolverPreset[] = [
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
];
