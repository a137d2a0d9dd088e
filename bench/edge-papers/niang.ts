/**
 * Niang (2010), table 9: the GA on generated 4x4 and 5x5 boards with 5 patterns and 6x6 with 7,
 * time and fitness evaluations (FE) to a solution over 10 runs; and 7x7 with 7 patterns, which
 * the thesis never solved. Our `ga` (thesis settings), `ga-memetic` (our variant) and, for
 * reference, plain simulated annealing at a constant temperature: a study made from
 * resources/studies/niang-table9.json (one run per board, seed 1), the ablations and the readings
 * of "n patterns" studies of their own, all through the run manager's queue (one solver process
 * per run, runs in SQLite). The solution counts of "Which boards" stay an exhaustive search made
 * here, since a study runs solvers and cannot count every solution of a board.
 *
 * Options (after `npm run bench -- edge-papers --only niang`):
 *   --runs N            boards per size, one run each (default 10, quick 3)
 *   --budget E          evaluations per run on 4x4-6x6 before giving up (default 5,000,000; quick 1,000,000)
 *   --budget7 E         evaluations per 7x7 run (default 5,000,000; quick 1,000,000)
 *   --solvers a,b       any of ga, ga-memetic, sa (default all three)
 *   --ablate            also the ablations: ga on 5x5 (repair readings, scramble, elitism, mutation, crossover), ga-memetic on 6x6
 *   --interpretations   also run ga on 5x5 boards under each reading of "5 patterns"
 *   --concurrency N     runs at once (default: cores - 1)
 */
import { puzzleToJson, type EdgePuzzle } from '../../src/core/families/edge';
import { generateEdgePuzzle } from '../../src/core/families/edge/design';
import type { Params } from '../../src/core/params/schema';
import type { StudyCellResult } from '../../src/main/studies/results';
import { studyRows } from '../../src/main/studies/results';
import type { Section } from './section';
import { mdTable, median, numOpt } from '../util';
import { doneRuns, type FinishedStudy, templateJson, withStudy } from '../study';

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

/** Table 9 of the thesis (2.4 GHz dual core, C#, 10 runs each); 7x7 was never solved. */
const BOARDS = [
  { size: 4, patterns: 5, time: '27 s', fe: 92_700 },
  { size: 5, patterns: 5, time: '30 s', fe: 212_140 },
  { size: 6, patterns: 7, time: '195 s', fe: 267_800 },
  { size: 7, patterns: 7, time: 'never solved', fe: null },
] as const;

/** The template's solver settings, in its order, by the names of --solvers. */
const SOLVERS: Record<string, { index: number; label: string; ga: boolean }> = {
  ga: { index: 0, label: 'ga, thesis settings (preset niang-200)', ga: true },
  'ga-memetic': { index: 1, label: 'ga-memetic, defaults', ga: true },
  sa: { index: 2, label: 'sa at a constant T = 0.4 (reference)', ga: false },
};

/** The GA's thesis settings as the template gives them. */
const GA = { solver: 'ga', preset: 'niang-200' };

/** `5x5, 5 patterns #3` -> size 5, board 3. */
function boardOf(p: unknown): { size: number; board: number } {
  const name = String((p as { name?: unknown }).name ?? '');
  const m = /^(\d+)x\d+, \d+ patterns #(\d+)$/.exec(name);
  if (!m) throw new Error(`niang: unexpected puzzle name ${JSON.stringify(name)} in niang-table9.json`);
  return { size: Number(m[1]), board: Number(m[2]) };
}

/** The template cut to `runs` boards of the given sizes, each run stopped after `budget(size)` evaluations. */
function boards(sizes: number[], runs: number, budget: (size: number) => number): { json: Record<string, unknown>; file: string } {
  const { json, file } = templateJson({
    template: 'niang-table9',
    keepPuzzle: (p) => {
      const b = boardOf(p);
      return sizes.includes(b.size) && b.board <= runs;
    },
  });
  json.puzzles = (json.puzzles as Record<string, unknown>[]).map((p) => ({ ...p, stop: { evaluations: budget(boardOf(p).size) } }));
  return { json, file };
}

/** What a cell's runs tell beyond the study's table: the GAs' boards bred and generations, from their last checkpoints. */
interface CellFigures {
  cell: StudyCellResult;
  solved: number;
  /** Medians over the solved runs; null without any (or for a solver that is no GA). */
  boards: number | null;
  generations: number | null;
}

function cellFigures(done: FinishedStudy, ga: (configIndex: number) => boolean): CellFigures[] {
  const spec = done.studies.get(done.id).spec;
  const rows = studyRows(spec);
  const runs = doneRuns(done);
  return done.studies.results(done.id).cells.map((cell) => {
    const inRow = new Set(rows[cell.rowIndex]!.puzzles);
    const solved = runs.filter((r) => inRow.has(r.puzzleIndex) && r.configIndex === cell.configIndex && r.run.bestScore === r.run.maxScore);
    let boards: number | null = null;
    let generations: number | null = null;
    if (ga(cell.configIndex) && solved.length > 0) {
      // The run's last checkpoint is written when it stops: its generation and population size.
      const states = solved.map((r) => done.wb.store.latestCheckpoint(r.run.id)?.state as { generation?: number; tags?: unknown[] } | undefined);
      const gens = states.map((st) => st?.generation ?? NaN);
      boards = median(states.map((st, k) => (st?.tags?.length ?? NaN) * (gens[k]! + 1)));
      generations = median(gens);
      if (!Number.isFinite(boards)) boards = generations = null;
    }
    return { cell, solved: solved.length, boards, generations };
  });
}

const fmtInt = (x: number | null): string => (x === null ? '-' : Math.round(x).toLocaleString('en-US'));
const fmtS = (ms: number | null): string => (ms === null ? '-' : ms < 10_000 ? `${(ms / 1000).toFixed(2)} s` : `${(ms / 1000).toFixed(1)} s`);
const solvedText = (f: CellFigures): string => `${f.solved}/${f.cell.done}`;
const bestText = (c: StudyCellResult): string => (c.mean === null ? '-' : `${c.mean.toFixed(1)} / ${c.maxScore} (max ${c.best})`);
const meanBest = (c: StudyCellResult): string => (c.mean === null ? '-' : `${c.mean.toFixed(1)} / ${c.maxScore}`);

export const section: Section = async ({ quick, raw, log }) => {
  const runs = numOpt(raw, 'runs', quick ? 3 : 10);
  const budget = numOpt(raw, 'budget', quick ? 1_000_000 : 5_000_000);
  const budget7 = numOpt(raw, 'budget7', quick ? 1_000_000 : 5_000_000);
  const chosen = typeof raw.solvers === 'string' ? raw.solvers.split(',') : Object.keys(SOLVERS);
  for (const c of chosen) if (!SOLVERS[c]) throw new Error(`niang: unknown solver ${c} (known: ${Object.keys(SOLVERS).join(', ')})`);
  if (runs < 1 || runs > 10) throw new Error('niang: --runs is 1 to 10 (the template has ten boards per size)');

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
      `${runs} boards per size (the first of \`resources/studies/niang-table9.json\`), one run on each with seed 1, each stopped when solved or after ${fmtInt(budget)} evaluations (7x7: ${fmtInt(budget7)}), run as a study. ` +
      'Evaluations count every board bred and every delta-scored move of a repair or local search; "boards bred" is the thesis\'s own count ' +
      "(its EVAL = population x generations, which leaves the repairs' work out), read from each run's last checkpoint. Times and counts are medians over the solved runs (the thesis gives means). " +
      'The thesis ran C# on a 2.4 GHz dual core; our times are CPU seconds of one core of a shared machine, one solver process per run, so they are preliminary.\n',
  );
  const sizes = BOARDS.map((b) => b.size);
  const { json, file } = boards(sizes, runs, (size) => (size === 7 ? budget7 : budget));
  json.solvers = (json.solvers as Record<string, unknown>[]).filter((_, i) => chosen.some((c) => SOLVERS[c]!.index === i));
  const order = Object.keys(SOLVERS).filter((c) => chosen.includes(c));
  const rows: (string | number)[][] = [];
  await withStudy(json, file, 'edge-papers niang', raw, (done) => {
    const figures = cellFigures(done, (ci) => SOLVERS[order[ci]!]!.ga);
    BOARDS.forEach((b, bi) => {
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
      order.forEach((name, ci) => {
        const f = figures.find((x) => x.cell.rowIndex === bi && x.cell.configIndex === ci)!;
        log(`niang ${name} ${b.size}x${b.size}: solved ${solvedText(f)}, best ${bestText(f.cell)}`);
        rows.push([
          '',
          SOLVERS[name]!.label,
          solvedText(f),
          fmtS(f.cell.timeToTargetMs),
          fmtInt(f.cell.evaluationsToTarget),
          fmtInt(f.boards),
          fmtInt(f.generations),
          bestText(f.cell),
        ]);
      });
    });
  });
  parts.push(
    mdTable(
      [
        'board (patterns)',
        'solver',
        'solved',
        'median time to solve',
        'median evaluations to solve',
        'median boards bred (thesis FE)',
        'median generations',
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
    for (const [id, size] of [
      ['ga', 5],
      ['ga-memetic', 6],
    ] as const) {
      const mine = variants.filter((v) => v[0] === id && v[1] === size);
      const { json: aj, file: af } = boards([size], runs, () => budget);
      aj.name = `Niang ablations: ${id} on ${size}x${size}`;
      aj.solvers = mine.map(([, , label, params]) => ({ ...(id === 'ga' ? GA : { solver: id }), params, label }));
      delete aj.published;
      await withStudy(aj, af, 'edge-papers niang ablations', raw, (done) => {
        for (const f of cellFigures(done, () => true)) {
          log(`niang ablation ${id} ${f.cell.solver}: solved ${solvedText(f)}`);
          rowsA.push([
            `${size}x${size} (${size === 5 ? 5 : 7})`,
            id,
            f.cell.solver,
            solvedText(f),
            fmtInt(f.cell.evaluationsToTarget),
            fmtS(f.cell.timeToTargetMs),
            meanBest(f.cell),
          ]);
        }
      });
    }
    parts.push(`### Ablations, ${fmtInt(budget)} evaluations per run (studies of their own)\n`);
    parts.push(mdTable(['board', 'solver', 'variant', 'solved', 'median evaluations to solve', 'median time to solve', 'best score, mean over runs'], rowsA));
    parts.push('');
  }

  if (raw.interpretations) {
    // Boards of every reading, inline in a study of their own: a row per reading.
    const size = 5;
    const patterns = 5;
    const puzzles = INTERPRETATIONS.flatMap((it) =>
      Array.from({ length: runs }, (_, i) => ({
        family: 'edge',
        name: `${it.name} #${i + 1}`,
        group: it.name,
        puzzle: puzzleToJson(it.make(size, patterns, i + 1)),
      })),
    );
    const { file } = templateJson({ template: 'niang-table9' });
    const settings: [string, Params][] = [
      ['thesis settings', {}],
      ['one-pass reinsert repair', { deadlockRepair: 'reinsert', deadlockSides: 2 }],
    ];
    const study = {
      name: 'Niang: ga on 5x5 boards under each reading of "5 patterns"',
      puzzles,
      solvers: settings.map(([label, params]) => ({ ...GA, params, label })),
      seeds: [1],
      stop: { evaluations: budget, seconds: 600, clock: 'cpu' },
    };
    const rowsI: (string | number)[][] = [];
    await withStudy(study, file, 'edge-papers niang readings', raw, (done) => {
      for (const f of cellFigures(done, () => true)) {
        log(`niang reading ${f.cell.puzzle}, ${f.cell.solver}: solved ${solvedText(f)}`);
        rowsI.push([f.cell.puzzle, f.cell.solver, solvedText(f), fmtInt(f.boards), fmtInt(f.cell.evaluationsToTarget), meanBest(f.cell)]);
      }
    });
    parts.push(`### ga on 5x5 boards under each reading of "5 patterns" (thesis: 10/10, 212,140 boards bred)\n`);
    parts.push(mdTable(['reading', 'ga', 'solved', 'median boards bred', 'median evaluations to solve', 'best score, mean over runs'], rowsI));
    parts.push('');
  }
  return parts.join('\n');
};
