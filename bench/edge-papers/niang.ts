/**
 * Niang (2010), table 9: the GA on generated 4x4 and 5x5 boards with 5 patterns and 6x6 with 7,
 * mean time and fitness evaluations (FE) to a solution over 10 runs; and 7x7 with 7 patterns,
 * which the thesis never solved. Our `ga` (thesis settings), `ga-memetic` (our variant) and, for
 * reference, plain simulated annealing at a constant temperature.
 *
 * Options (after `npm run bench -- edge-papers --only niang`):
 *   --runs N            runs per board (default 10, quick 3)
 *   --budget E          evaluations per run on 4x4-6x6 before giving up (default 5,000,000; quick 1,000,000)
 *   --budget7 E         evaluations per 7x7 run (default 5,000,000; quick 1,000,000)
 *   --solvers a,b       any of ga, ga-memetic, sa (default all three)
 *   --ablate            also the ablations: ga on 5x5 (repair readings, scramble, elitism, mutation, crossover), ga-memetic on 6x6
 *   --interpretations   also run ga on 5x5 boards under each reading of "5 patterns"
 */
import { edgeSolvers, maxScore, type EdgePuzzle } from '../../src/core/families/edge';
import { generateEdgePuzzle } from '../../src/core/families/edge/generator';
import type { EdgeGa } from '../../src/core/families/edge/ga/ga';
import type { SolverDef, SolverRun } from '../../src/core/engine/solver';
import type { Params } from '../../src/core/params/schema';
import type { Section } from '../edge-papers';
import { mdTable, mean, median, numOpt } from '../util';

/**
 * A board whose every join gets one of `patterns` colours, frame joins included: the thesis's
 * boards use one pool of E2 patterns for all joins, grey not counted (its figures 43 and 44,
 * transcribed below). The shared generator keeps frame and inner colours apart, so we ask it for
 * `patterns` of each and fold the inner colours onto the frame ones: every join is then uniform
 * over 1..patterns. (Pooled or apart makes the same puzzle up to colour names: a border piece
 * meets frame joins only along the frame, so the solutions are the same.)
 */
export function thesisBoard(size: number, patterns: number, seed: number): EdgePuzzle {
  const { puzzle } = generateEdgePuzzle({ rows: size, cols: size, frameColours: patterns, innerColours: patterns, seed });
  const edges = puzzle.edges.map((c) => (c > patterns ? c - patterns : c));
  return { ...puzzle, edges };
}

/** The readings of "n patterns" we tried, each a board maker. */
const INTERPRETATIONS: { name: string; make: (size: number, n: number, seed: number) => EdgePuzzle }[] = [
  { name: 'n patterns on every join, grey not counted (used)', make: thesisBoard },
  { name: 'n counting grey: n - 1 on every join', make: (s, n, seed) => thesisBoard(s, n - 1, seed) },
  {
    name: 'n split: 2 frame + n - 2 inner',
    make: (s, n, seed) => generateEdgePuzzle({ rows: s, cols: s, frameColours: 2, innerColours: n - 2, seed }).puzzle,
  },
];

/**
 * Two of the thesis's solved boards as its figures print them (top right bottom left, 0 = grey):
 * figure 44 (4x4, 5 patterns) and figure 43 (6x6, 7 patterns). Both pool the patterns over frame
 * and inner joins.
 */
const THESIS_BOARDS: { name: string; size: number; rows: string[] }[] = [
  {
    name: 'thesis figure 44, 4x4 (5)',
    size: 4,
    rows: [
      '0,17,35,0|0,25,25,17|0,17,17,25|0,0,29,17',
      '35,17,29,0|25,17,35,17|17,35,35,17|29,0,25,35',
      '29,17,35,0|35,25,29,17|35,25,6,25|25,0,29,25',
      '35,35,0,0|29,17,0,35|6,25,0,17|29,0,0,25',
    ],
  },
  {
    name: 'thesis figure 43, 6x6 (7)',
    size: 6,
    rows: [
      '0,13,16,0|0,18,31,13|0,26,31,18|0,36,31,26|0,26,26,36|0,0,1,26',
      '16,36,1,0|31,18,26,36|31,18,36,18|31,1,13,18|26,31,13,1|1,0,18,31',
      '1,1,18,0|26,18,13,1|36,26,18,18|13,36,13,26|13,13,31,36|18,0,13,13',
      '18,1,36,0|13,16,1,1|18,16,13,16|13,18,18,16|31,31,16,18|13,0,1,31',
      '36,13,31,0|1,13,1,13|13,36,31,13|18,36,18,36|16,18,16,36|1,0,18,18',
      '31,36,0,0|1,26,0,36|31,1,0,26|18,13,0,1|16,26,0,13|18,0,0,26',
    ],
  },
];

function transcribed(size: number, rows: string[]): EdgePuzzle {
  const edges = Uint16Array.from(rows.flatMap((r) => r.split('|').flatMap((c) => c.split(',').map(Number))));
  return { rows: size, cols: size, edges, fixed: [] };
}

/**
 * Solutions of a square puzzle (each turn of the whole board counted apart), up to `cap`: plain
 * depth-first search in reading order, border cells taking only pieces whose grey faces out.
 */
export function countSolutions(p: EdgePuzzle, cap: number): number {
  const n = p.rows;
  const cells = n * p.cols;
  const E = p.edges;
  const used = new Uint8Array(cells);
  const P = new Int32Array(cells);
  const R = new Int32Array(cells);
  const col = (pc: number, r: number, s: number): number => E[4 * pc + ((s - r + 4) & 3)];
  let sols = 0;
  const rec = (i: number): void => {
    if (i === cells) {
      sols++;
      return;
    }
    const r0 = (i / p.cols) | 0;
    const c0 = i % p.cols;
    for (let pc = 0; pc < cells && sols < cap; pc++) {
      if (used[pc]) continue;
      for (let r = 0; r < 4; r++) {
        if ((r0 === 0) !== (col(pc, r, 0) === 0) || (c0 === 0) !== (col(pc, r, 3) === 0)) continue;
        if ((r0 === n - 1) !== (col(pc, r, 2) === 0) || (c0 === p.cols - 1) !== (col(pc, r, 1) === 0)) continue;
        if (r0 > 0 && col(P[i - p.cols], R[i - p.cols], 2) !== col(pc, r, 0)) continue;
        if (c0 > 0 && col(P[i - 1], R[i - 1], 1) !== col(pc, r, 3)) continue;
        used[pc] = 1;
        P[i] = pc;
        R[i] = r;
        rec(i + 1);
        used[pc] = 0;
      }
    }
  };
  rec(0);
  return sols;
}

interface SolverSetup {
  label: string;
  def: SolverDef;
  params: Params;
}

function setups(): Record<string, SolverSetup> {
  const find = (id: string): SolverDef => {
    const d = edgeSolvers.find((s) => s.id === id);
    if (!d) throw new Error(`niang: no edge solver ${id}`);
    return d;
  };
  return {
    ga: { label: 'ga, thesis settings', def: find('ga'), params: {} },
    'ga-memetic': { label: 'ga-memetic, defaults', def: find('ga-memetic'), params: {} },
    sa: { label: 'sa at a constant T = 0.4 (reference)', def: find('sa'), params: { t0: 0.4, tMin: 0.4 } },
  };
}

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
  /** Boards bred (the thesis's FE) for the GAs, else the evaluations. */
  boards: number;
  generations: number;
  ms: number;
  best: number;
}

function runOnce(def: SolverDef, puzzle: EdgePuzzle, params: Params, seed: number, budget: number): Outcome {
  const max = maxScore(puzzle.rows, puzzle.cols);
  const t0 = performance.now();
  const run: SolverRun = def.create(puzzle, params, seed);
  while (run.evaluations < budget && run.bestScore < max && !run.finished) run.step(Math.min(20_000, budget - run.evaluations));
  const ms = performance.now() - t0;
  const ga = 'boardEvaluations' in run ? (run as EdgeGa) : null;
  return {
    solved: run.bestScore === max,
    evaluations: run.evaluations,
    boards: ga ? ga.boardEvaluations : run.evaluations,
    generations: ga ? ga.iteration : 0,
    ms,
    best: run.bestScore,
  };
}

const fmtInt = (x: number): string => Math.round(x).toLocaleString('en-US');
const fmtS = (ms: number): string => (ms < 10_000 ? `${(ms / 1000).toFixed(2)} s` : `${(ms / 1000).toFixed(1)} s`);

export const section: Section = async ({ quick, raw, log }) => {
  const runs = numOpt(raw, 'runs', quick ? 3 : 10);
  const budget = numOpt(raw, 'budget', quick ? 1_000_000 : 5_000_000);
  const budget7 = numOpt(raw, 'budget7', quick ? 1_000_000 : 5_000_000);
  const all = setups();
  const chosen = typeof raw.solvers === 'string' ? raw.solvers.split(',') : Object.keys(all);
  for (const c of chosen) if (!all[c]) throw new Error(`niang: unknown solver ${c} (known: ${Object.keys(all).join(', ')})`);

  const parts: string[] = ['## niang: genetic algorithm (Niang 2010, table 9)\n'];

  // Which boards: the thesis's own figures against our readings of "n patterns".
  const cap = quick ? 2_000 : 20_000;
  const seeds = quick ? 3 : 10;
  const thesisRows = THESIS_BOARDS.map((b) => [b.name, '-', String(countSolutions(transcribed(b.size, b.rows), cap) / 4)]);
  const readingRows: string[][] = [];
  // 5x5 only: counting the readings with many solutions on 6x6 takes minutes.
  for (const { size, patterns } of [{ size: 5, patterns: 5 }]) {
    for (const it of INTERPRETATIONS) {
      const counts: number[] = [];
      for (let s = 1; s <= seeds; s++) counts.push(countSolutions(it.make(size, patterns, s), cap));
      const shown = counts.map((c) => (c >= cap ? `>${cap / 4}` : String(c / 4)));
      log(`niang solutions ${size}x${size} (${patterns}) ${it.name}: ${shown.join(' ')}`);
      readingRows.push([
        `${size}x${size} (${patterns}), ${it.name}`,
        `${seeds}`,
        `${shown.join(', ')} (median ${counts.some((c) => c >= cap) ? `>= ${median(counts) / 4}` : median(counts) / 4})`,
      ]);
    }
  }
  if (!quick) {
    // Counting a 7x7 takes a few seconds: the first three boards only.
    const counts = [1, 2, 3].map((s) => countSolutions(thesisBoard(7, 7, s), cap) / 4);
    log(`niang solutions 7x7 (7): ${counts.join(' ')}`);
    readingRows.push([`7x7 (7), ${INTERPRETATIONS[0].name}`, '3', counts.join(', ')]);
  }
  parts.push(
    '### Which boards\n\n' +
      'The thesis made its boards with the Eternity II Editor and gives only "size (patterns)". Its figures 43 and 44 print two of its solved boards: ' +
      'every join, frame joins included, takes one of n non-grey patterns (figure 44: 5 patterns on a 4x4, figure 43: 7 on a 6x6), all pieces distinct, ' +
      "and each board has very few solutions. Our boards are the generator's, read as **n non-grey patterns on every join** (frame and inner colours pooled), " +
      "board i made with seed i; they have as few solutions as the thesis's, where the other readings would give far more (or, counting grey, about as few). " +
      'Solutions up to turning the whole board (counted by exhaustive search, capped):\n',
  );
  parts.push(mdTable(['board', 'boards', 'solutions each'], [...thesisRows, ...readingRows]));
  parts.push('');

  parts.push(
    '### Table 9: ours beside the thesis\n\n' +
      `${runs} runs per board, run i on board i with seed i, each stopped when solved or after ${fmtInt(budget)} evaluations (7x7: ${fmtInt(budget7)}). ` +
      'Evaluations count every board bred and every delta-scored move of a repair or local search; "boards bred" is the thesis\'s own count ' +
      "(its EVAL = population x generations, which leaves the repairs' work out). Times and counts are means over the solved runs. " +
      'The thesis ran C# on a 2.4 GHz dual core; we run one run at a time on one core of a shared machine, so our times are preliminary.\n',
  );
  const rows: (string | number)[][] = [];
  for (const b of BOARDS) {
    const cap7 = b.size === 7 ? budget7 : budget;
    const max = maxScore(b.size, b.size);
    rows.push([
      `**${b.size}x${b.size} (${b.patterns})**`,
      'thesis (Niang 2010)',
      b.fe === null ? '0/10' : '10/10',
      b.time,
      '-',
      b.fe === null ? '-' : fmtInt(b.fe),
      b.fe === null ? '-' : fmtInt(b.fe / 200),
      '-',
    ]);
    for (const name of chosen) {
      const su = all[name];
      const outs: Outcome[] = [];
      for (let i = 1; i <= runs; i++) {
        const o = runOnce(su.def, thesisBoard(b.size, b.patterns, i), su.params, i, cap7);
        log(
          `niang ${name} ${b.size}x${b.size} run ${i}: ${o.solved ? 'solved' : `best ${o.best}/${max}`} after ${fmtInt(o.evaluations)} evaluations, ${fmtS(o.ms)}`,
        );
        outs.push(o);
      }
      const ok = outs.filter((o) => o.solved);
      const isGa = name !== 'sa';
      rows.push([
        '',
        su.label,
        `${ok.length}/${runs}`,
        ok.length ? fmtS(mean(ok.map((o) => o.ms))) : '-',
        ok.length ? fmtInt(mean(ok.map((o) => o.evaluations))) : '-',
        ok.length && isGa ? fmtInt(mean(ok.map((o) => o.boards))) : '-',
        ok.length && isGa ? fmtInt(mean(ok.map((o) => o.generations))) : '-',
        `${mean(outs.map((o) => o.best)).toFixed(1)} / ${max} (max ${Math.max(...outs.map((o) => o.best))})`,
      ]);
    }
  }
  parts.push(
    mdTable(
      [
        'board (patterns)',
        'solver',
        'solved',
        'mean time to solve',
        'mean evaluations',
        'mean boards bred (thesis FE)',
        'mean generations',
        'best score, mean over runs',
      ],
      rows,
    ),
  );
  parts.push('');
  parts.push(
    '`ga` keeps every operator of the thesis selectable; its repair of deadlocks is a short search (10,000 tries of swapping or turning tiles with an unmatched join, ' +
      'a loss of j joins kept with chance exp(-j / 0.4), the fittest board met kept) run on the elites the selection heuristic tagged, the reading under which table 9 is reproduced; ' +
      'with the one-pass reinsert reading (lift the deadlocked tiles, put each back where it matches most) or without repairs it converges and stays below 40 on 5x5 (see --ablate). ' +
      '`ga-memetic` keeps 4 boards and runs every child through a 50,000-move annealing walk (T = 0.4) of the edge local search, each child replacing its own parent when at least as fit (deterministic crowding); ' +
      'it solves within the first generations, so on these boards it is about as fast as the plain annealing beside it, and the GA part adds little. ' +
      'On 7x7 with 7 patterns nothing here solves a board (each has only a few solutions, see above); exact backtracking (`backtrack`) solves them in about 300,000 placements.\n',
  );

  if (raw.ablate) {
    // ga on 5x5 (where the thesis's own ablations were), ga-memetic on 6x6 (5x5 is solved by its first walks).
    const variants: [string, number, string, Params][] = [
      ['ga', 5, 'thesis settings', {}],
      ['ga', 5, 'deadlock repair: one-pass reinsert, deadlockSides 2 (our first reading)', { deadlockRepair: 'reinsert', deadlockSides: 2 }],
      ['ga', 5, 'deadlock search at temperature 0 (never keeps a loss)', { repairTemperature: 0 }],
      ['ga', 5, 'deadlock search over tiles with 2+ unmatched joins', { deadlockSides: 2 }],
      ['ga', 5, 'no repair', { repairThreshold: 0 }],
      ['ga', 5, 'no repair, scramble the stuck population after 300 generations', { repairThreshold: 0, scrambleStuck: 300 }],
      ['ga', 5, 'scramble the stuck population after 300 generations', { scrambleStuck: 300 }],
      ['ga', 5, 'no elitism', { elitism: 0 }],
      ['ga', 5, 'no mutation', { mutationRate: 0 }],
      ['ga', 5, 'no crossover (mutation 1.0, as thesis table 4)', { crossoverRate: 0, mutationRate: 1 }],
      ['ga', 5, 'uniform crossover instead of region exchange', { cxRegionExchange: 0, cxUniform: 1 }],
      ['ga-memetic', 6, 'defaults', {}],
      ['ga-memetic', 6, 'walks leave their best board, not their last', { searchKeep: 'best' }],
      ['ga-memetic', 6, 'tournament + elitism instead of crowding', { replacement: 'generational' }],
      ['ga-memetic', 6, 'population 20, 10,000-move walks', { population: 20, searchMoves: 10_000 }],
      ['ga-memetic', 6, 'focused search (the deadlock search) on children, 10,000 moves', { searchKind: 'focused', searchMoves: 10_000 }],
    ];
    const rowsA: (string | number)[][] = [];
    for (const [id, size, label, params] of variants) {
      const patterns = size === 5 ? 5 : 7;
      const max = maxScore(size, size);
      const def = all[id].def;
      const outs: Outcome[] = [];
      for (let i = 1; i <= runs; i++) outs.push(runOnce(def, thesisBoard(size, patterns, i), params, i, budget));
      const ok = outs.filter((o) => o.solved);
      log(`niang ablation ${id} ${label}: solved ${ok.length}/${runs}`);
      rowsA.push([
        `${size}x${size} (${patterns})`,
        id,
        label,
        `${ok.length}/${runs}`,
        ok.length ? fmtInt(mean(ok.map((o) => o.evaluations))) : '-',
        ok.length ? fmtS(mean(ok.map((o) => o.ms))) : '-',
        `${mean(outs.map((o) => o.best)).toFixed(1)} / ${max}`,
      ]);
    }
    parts.push(`### Ablations, ${fmtInt(budget)} evaluations per run\n`);
    parts.push(mdTable(['board', 'solver', 'variant', 'solved', 'mean evaluations to solve', 'mean time to solve', 'best score, mean over runs'], rowsA));
    parts.push('');
  }

  if (raw.interpretations) {
    const size = 5;
    const patterns = 5;
    const max = maxScore(size, size);
    const rowsI: (string | number)[][] = [];
    for (const it of INTERPRETATIONS) {
      for (const [label, params] of [
        ['thesis settings', {}],
        ['one-pass reinsert repair', { deadlockRepair: 'reinsert', deadlockSides: 2 }],
      ] as [string, Params][]) {
        const outs: Outcome[] = [];
        for (let i = 1; i <= runs; i++) outs.push(runOnce(all.ga.def, it.make(size, patterns, i), params, i, budget));
        const ok = outs.filter((o) => o.solved);
        log(`niang reading ${it.name}, ${label}: solved ${ok.length}/${runs}`);
        rowsI.push([
          it.name,
          label,
          `${ok.length}/${runs}`,
          ok.length ? fmtInt(mean(ok.map((o) => o.boards))) : '-',
          ok.length ? fmtInt(mean(ok.map((o) => o.evaluations))) : '-',
          `${mean(outs.map((o) => o.best)).toFixed(1)} / ${max}`,
        ]);
      }
    }
    parts.push(`### ga on 5x5 boards under each reading of "5 patterns" (thesis: 10/10, 212,140 boards bred)\n`);
    parts.push(mdTable(['reading', 'ga', 'solved', 'mean boards bred', 'mean evaluations', 'best score, mean over runs'], rowsI));
    parts.push('');
  }
  return parts.join('\n');
};
