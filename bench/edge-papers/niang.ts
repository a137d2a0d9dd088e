/**
 * Niang (2010), table 9: the GA on generated 4x4 and 5x5 boards with 5 patterns and 6x6 with 7,
 * mean time and fitness evaluations (FE) to a solution over 10 runs; and 7x7, which the thesis
 * never solved (we report the best score reached within the budget).
 *
 * Options (after `npm run bench -- edge-papers --only niang`):
 *   --runs N         runs per board (default 10, quick 3)
 *   --budget FE      evaluations per run on 4x4-6x6 before giving up (default 1,000,000; quick 100,000)
 *   --budget7 FE     evaluations per 7x7 run (default 2,000,000; quick 200,000)
 *   --configs a,b    thesis and/or all (default both)
 *   --ablate         also the 5x5 ablations (elitism, mutation, crossover, repair off)
 */
import { maxScore, type EdgePuzzle } from '../../src/core/families/edge';
import { generateEdgePuzzle } from '../../src/core/families/edge/generator';
import { edgeGaSolver } from '../../src/core/families/edge/ga/solver';
import type { EdgeGa } from '../../src/core/families/edge/ga/ga';
import type { Params } from '../../src/core/params/schema';
import type { Section } from '../edge-papers';
import { mdTable, mean, numOpt } from '../util';

/**
 * A board whose every join gets one of `patterns` colours, frame joins included: the thesis's
 * boards use one pool of E2 patterns for all joins (its figures 44 and 45). The shared generator
 * keeps frame and inner colours apart, so we ask it for `patterns` of each and fold the inner
 * colours onto the frame ones: every join is then uniform over 1..patterns.
 */
export function thesisBoard(size: number, patterns: number, seed: number): EdgePuzzle {
  const { puzzle } = generateEdgePuzzle({ rows: size, cols: size, frameColours: patterns, innerColours: patterns, seed });
  const edges = puzzle.edges.map((c) => (c > patterns ? c - patterns : c));
  return { ...puzzle, edges };
}

/** The thesis's settings (our defaults), and every operator on with frequent mutation. */
const CONFIGS: Record<string, { label: string; params: Params }> = {
  thesis: { label: 'thesis settings (region rotation + region swap, pm 0.1)', params: {} },
  all: {
    label: 'all nine mutations, pm 0.5',
    params: {
      mutRotate: 1,
      mutSwap: 1,
      mutSwapRotate: 1,
      mutRotateRegion: 1,
      mutSwapRegion: 1,
      mutRegionInversion: 1,
      mutRowInversion: 1,
      mutColumnInversion: 1,
      mutScramble: 1,
      stuckGenerations: 100,
      mutationRate: 0.5,
    },
  },
};

/** Table 9 of the thesis (2.4 GHz dual core, C#, 10 runs each); 7x7 was never solved. */
const BOARDS = [
  { size: 4, patterns: 5, time: '27 s', fe: 92_700 },
  { size: 5, patterns: 5, time: '30 s', fe: 212_140 },
  { size: 6, patterns: 7, time: '195 s', fe: 267_800 },
  { size: 7, patterns: 7, time: 'never solved', fe: null },
] as const;

interface Outcome {
  solved: boolean;
  evaluations: number;
  ms: number;
  best: number;
  generations: number;
}

function runOnce(puzzle: EdgePuzzle, params: Params, seed: number, budget: number): Outcome {
  const max = maxScore(puzzle.rows, puzzle.cols);
  const t0 = performance.now();
  const run = edgeGaSolver.create(puzzle, params, seed) as EdgeGa;
  while (run.evaluations < budget && run.bestScore < max) run.step(Math.min(20_000, budget - run.evaluations));
  return { solved: run.bestScore === max, evaluations: run.evaluations, ms: performance.now() - t0, best: run.bestScore, generations: run.iteration };
}

const fmtInt = (x: number): string => Math.round(x).toLocaleString('en-US');
const fmtS = (ms: number): string => (ms < 10_000 ? `${(ms / 1000).toFixed(2)} s` : `${(ms / 1000).toFixed(1)} s`);

export const section: Section = async ({ quick, raw, log }) => {
  const runs = numOpt(raw, 'runs', quick ? 3 : 10);
  const budget = numOpt(raw, 'budget', quick ? 100_000 : 1_000_000);
  const budget7 = numOpt(raw, 'budget7', quick ? 200_000 : 2_000_000);
  const configs = typeof raw.configs === 'string' ? raw.configs.split(',') : Object.keys(CONFIGS);
  for (const c of configs) if (!CONFIGS[c]) throw new Error(`niang: unknown config ${c} (known: ${Object.keys(CONFIGS).join(', ')})`);

  const parts: string[] = [
    '## niang: genetic algorithm (Niang 2010, table 9)\n',
    `Generated square boards, one pool of n patterns for every join (as in the thesis's figures); run i uses board seed i and GA seed i. ` +
      `Each run stops when solved or after ${fmtInt(budget)} FE (7x7: ${fmtInt(budget7)} FE). FE count whole boards as the thesis does ` +
      `(population x generations, plus repaired boards). Time and FE to solve are means over the solved runs; the thesis's times are on a 2.4 GHz dual core in C#, ours on one core of this machine (shared, so preliminary).\n`,
  ];
  for (const name of configs) {
    const cfg = CONFIGS[name];
    const rows: (string | number)[][] = [];
    for (const b of BOARDS) {
      const cap = b.size === 7 ? budget7 : budget;
      const max = maxScore(b.size, b.size);
      const outs: Outcome[] = [];
      for (let i = 1; i <= runs; i++) {
        const o = runOnce(thesisBoard(b.size, b.patterns, i), cfg.params, i, cap);
        log(`niang ${name} ${b.size}x${b.size} run ${i}: ${o.solved ? 'solved' : `best ${o.best}/${max}`} after ${fmtInt(o.evaluations)} FE, ${fmtS(o.ms)}`);
        outs.push(o);
      }
      const solved = outs.filter((o) => o.solved);
      rows.push([
        `${b.size}x${b.size} (${b.patterns})`,
        `${solved.length}/${runs}`,
        solved.length ? fmtS(mean(solved.map((o) => o.ms))) : '-',
        solved.length ? fmtInt(mean(solved.map((o) => o.evaluations))) : '-',
        `${mean(outs.map((o) => o.best)).toFixed(1)} / ${max} (max ${Math.max(...outs.map((o) => o.best))})`,
        b.time,
        b.fe === null ? '-' : fmtInt(b.fe),
      ]);
    }
    parts.push(`### ${name}: ${cfg.label}\n`);
    parts.push(mdTable(['board (patterns)', 'solved', 'mean time to solve', 'mean FE to solve', 'best score, mean over runs', 'thesis time', 'thesis FE'], rows));
    parts.push('');
  }

  if (raw.ablate) {
    const size = 5;
    const patterns = 5;
    const max = maxScore(size, size);
    const variants: [string, Params][] = [
      ['thesis settings', {}],
      ['no elitism', { elitism: 0 }],
      ['no mutation', { mutationRate: 0 }],
      ['no crossover (mutation 1.0, as thesis table 4)', { crossoverRate: 0, mutationRate: 1 }],
      ['mutation 0.8 (thesis table 2)', { mutationRate: 0.8 }],
      ['no repair', { repairThreshold: 0 }],
      ['uniform crossover instead of region exchange', { cxRegionExchange: 0, cxUniform: 1 }],
    ];
    const rows: (string | number)[][] = [];
    for (const [label, params] of variants) {
      const outs: Outcome[] = [];
      for (let i = 1; i <= runs; i++) outs.push(runOnce(thesisBoard(size, patterns, i), params, i, budget));
      log(`niang ablation ${label}: mean best ${mean(outs.map((o) => o.best)).toFixed(1)}`);
      rows.push([label, `${outs.filter((o) => o.solved).length}/${runs}`, `${mean(outs.map((o) => o.best)).toFixed(1)} / ${max}`]);
    }
    parts.push(`### ablations on ${size}x${size} (${patterns} patterns), ${fmtInt(budget)} FE per run\n`);
    parts.push(mdTable(['variant', 'solved', 'best score, mean over runs'], rows));
    parts.push('');
  }
  return parts.join('\n');
};
