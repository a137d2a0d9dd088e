/**
 * The casse-tete solvers' named settings (see core/presets/presets.ts): the papers' own settings first,
 * each naming where its numbers come from.
 */
import type { SolverPreset } from '../../presets/preset';

const ALMUHAIDEB = 'Almuhaideb et al. 2022';

export const parityPresets: readonly SolverPreset[] = [
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
