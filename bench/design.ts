/**
 * `npm run bench -- design [--per 6] [--seeds 5] [--out bench/results/design.md]`
 *
 * Issue 51, items 3 and 5: does the difficulty rating predict the solving, and is designing fast
 * enough. Boards are generated over several sizes and colour counts (`--per` of each kind, seeds
 * 1..per); each is rated (the exact count's placements to exhaust the search tree, log10: what a
 * generator that proves one solution spends anyway; per solution, see difficulty.ts) and, for comparison, by Knuth's estimate of the
 * same tree (200 probes, cheap on any size). The effort is the exact backtracker's placements to its
 * first solution, median over `--seeds` shuffled candidate orders. Reported: Spearman's rho of each
 * rating against the effort, over all boards and per size; the boards per difficulty band with
 * their median effort; and the CPU seconds of settling uniqueness and of a make-unique proposal.
 * The bands were set from this bench's first run (so the band table is in-sample; the correlation
 * does not depend on them). `--sweep` adds one board of each size 5x5 to 7x7 (E2's share of frame
 * and inner colours) to find where settling uniqueness passes 10 CPU s.
 */
import { searchTree } from '../src/core/families/edge/analysis/tree';
import { KnuthEstimator } from '../src/core/families/edge/analysis/knuth';
import { makeUnique } from '../src/core/families/edge/analysis';
import { DIFFICULTIES, DIFFICULTY_BANDS, bandOf, nodesToFirstSolution, rate, generateToOrder, generateEdgePuzzle } from '../src/core/families/edge/design';
import type { EdgePuzzle } from '../src/core/families/edge/model';
import { generateTetravex } from '../src/core/families/edge/files';
import { Rng } from '../src/core/rng/rng';
import { spearman } from '../src/core/stats/correlation';
import { cpuSeconds, machine, mdTable, median, numOpt, options, writeResult } from './util';

interface Kind {
  label: string;
  make(seed: number): EdgePuzzle;
}

const edge = (n: number, f: number, i: number): Kind => ({
  label: `${n}x${n}, ${f} frame + ${i} inner colours`,
  make: (seed) => generateEdgePuzzle({ rows: n, cols: n, frameColours: f, innerColours: i, seed }).puzzle,
});
const tetravex = (n: number, c: number): Kind => ({
  label: `Tetravex ${n}x${n}, ${c} colours`,
  make: (seed) => generateTetravex({ rows: n, cols: n, colours: c, seed }).puzzle,
});

const KINDS: Kind[] = [
  edge(4, 1, 2),
  edge(4, 2, 3),
  edge(5, 1, 3),
  edge(5, 2, 4),
  edge(6, 2, 4),
  edge(6, 3, 5),
  tetravex(3, 3),
  tetravex(4, 4),
  tetravex(4, 6),
  tetravex(5, 8),
];

interface Row {
  kind: string;
  seed: number;
  rating: number;
  knuth: number;
  solutions: number;
  exact: boolean;
  effort: number | null;
  rateCpu: number;
}

export async function run(argv: string[]): Promise<void> {
  const o = options(argv);
  const per = numOpt(o, 'per', 6);
  const seeds = numOpt(o, 'seeds', 5);
  const say = (s: string): void => void process.stdout.write(`${s}\n`);
  say(`npm run bench -- design ${argv.join(' ')}\n${machine()}`);
  const rows: Row[] = [];
  for (const kind of KINDS)
    for (let seed = 1; seed <= per; seed++) {
      const p = kind.make(seed);
      const t0 = cpuSeconds();
      const r = rate(p, { maxNodes: 2e8 });
      const rateCpu = cpuSeconds() - t0;
      const est = new KnuthEstimator(searchTree(p), new Rng(seed));
      for (let i = 0; i < 200; i++) est.probe();
      const efforts = Array.from({ length: seeds }, (_, s) => nodesToFirstSolution(p, s + 1, 2e8));
      const effort = efforts.some((e) => e === null) ? null : median(efforts as number[]);
      rows.push({ kind: kind.label, seed, rating: r.rating, knuth: est.estimate().nodes.log10Mean, solutions: r.solutions, exact: r.exact, effort, rateCpu });
      say(
        `${kind.label} seed ${seed}: rating ${r.rating.toFixed(2)}${r.exact ? '' : '+'}, Knuth ${est.estimate().nodes.log10Mean.toFixed(2)}, ${r.solutions} solution(s), effort ${effort ?? '>2e8'} (${rateCpu.toFixed(2)} CPU s to rate)`,
      );
    }
  const usable = rows.filter((r) => r.exact && r.effort !== null);
  const corr = (rs: Row[], key: 'rating' | 'knuth') =>
    spearman(
      rs.map((r) => r[key]),
      rs.map((r) => Math.log10(r.effort!)),
    );
  const fmt = (c: ReturnType<typeof spearman>) => `${c.rho.toFixed(2)} (n ${c.n}${c.p === null ? '' : `, p ${c.p < 1e-4 ? '< 0.0001' : c.p.toFixed(4)}`})`;
  const groups = [...new Set(usable.map((r) => r.kind))];
  const corrRows = [
    ['all boards', fmt(corr(usable, 'rating')), fmt(corr(usable, 'knuth'))],
    [
      'boards with one solution',
      fmt(
        corr(
          usable.filter((r) => r.solutions === 1),
          'rating',
        ),
      ),
      fmt(
        corr(
          usable.filter((r) => r.solutions === 1),
          'knuth',
        ),
      ),
    ],
    ...groups.map((g) => {
      const rs = usable.filter((r) => r.kind === g);
      return [g, fmt(corr(rs, 'rating')), fmt(corr(rs, 'knuth'))];
    }),
  ];
  const bandRows = DIFFICULTIES.map((d) => {
    const rs = usable.filter((r) => bandOf(r.rating) === d);
    const [a, b] = DIFFICULTY_BANDS[d];
    return [
      d,
      `${a} to ${Number.isFinite(b) ? b : 'up'}`,
      rs.length,
      rs.filter((r) => r.solutions === 1).length,
      rs.length ? Math.round(median(rs.map((r) => r.effort!))).toLocaleString('en') : '-',
    ];
  });
  // Item 5: uniqueness settled for 6x6 boards with 3 frame and 5 inner colours, and a make-unique proposal on a 6x6 with many.
  const settle = rows.filter((r) => r.kind === edge(6, 3, 5).label).map((r) => r.rateCpu);
  const many = edge(6, 2, 4).make(1);
  const t0 = cpuSeconds();
  const mu = makeUnique(many);
  const muCpu = cpuSeconds() - t0;
  const sweep: string[][] = [];
  if (o.sweep === true)
    for (const n of [5, 6, 7]) {
      // E2's share of colours (5 frame and 17 inner on 16x16), at least 2 and 3: a unique board, then the CPU its proof took.
      const f = Math.max(2, Math.round((n * 5) / 16));
      const i = Math.max(3, Math.round((n * 17) / 16));
      const t1 = cpuSeconds();
      let line: string[];
      try {
        const u = generateToOrder({ rows: n, cols: n, kind: { type: 'edge', frameColours: f, innerColours: i }, seed: 1, attempts: 20, maxNodesPerTry: 1e9 });
        const t2 = cpuSeconds();
        const proof = rate(u.puzzle);
        line = [
          `${n}x${n}, ${f} frame + ${i} inner colours`,
          `${u.tried}`,
          (cpuSeconds() - t2).toFixed(1),
          proof.nodes.toLocaleString('en'),
          (t2 - t1).toFixed(1),
        ];
      } catch (e) {
        line = [
          `${n}x${n}, ${f} frame + ${i} inner colours`,
          'none in 20',
          '-',
          '-',
          `${(cpuSeconds() - t1).toFixed(1)} (${e instanceof Error ? e.message.slice(0, 80) : ''})`,
        ];
      }
      sweep.push(line);
      say(`sweep ${line.join(', ')}`);
    }
  const md = [
    '# Designing: a difficulty that predicts the solving, and the time it takes',
    '',
    `\`npm run bench -- design ${argv.join(' ')}\`, ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}; ${machine()}.`,
    `${rows.length} generated boards (${per} seeds of each kind below), ${usable.length} counted to the end within 2e8 placements with a first solution found by every order.`,
    `Rating: log10 of the exact search tree's placements per solving board plus one (the tree the count exhausts; src/core/families/edge/design/difficulty.ts). Knuth: log10 of the tree size Knuth's estimator gives from 200 probes (not per solution).`,
    `Effort: the exact backtracker's placements to its first solution, median over ${seeds} shuffled candidate orders (log10 for the correlation).`,
    '',
    "Spearman's rho against the effort:",
    '',
    mdTable(['boards', 'rating (exact count)', 'Knuth estimate'], corrRows),
    '',
    'Bands of the rating (set from this bench, so in-sample):',
    '',
    mdTable(['band', 'rating', 'boards', 'with one solution', 'median effort (placements)'], bandRows),
    '',
    `Speed: settling uniqueness (the exact count to the end) of a 6x6 with 3 frame and 5 inner colours took ${settle.length ? median(settle).toFixed(2) : '-'} CPU s (median of ${settle.length}; max ${settle.length ? Math.max(...settle).toFixed(2) : '-'}); the make-unique proposal for a 6x6 with 2 frame and 4 inner colours (seed 1: ${mu.solutionsBefore.toLocaleString('en')} solutions${mu.countExact ? '' : ' or more'}) took ${muCpu.toFixed(2)} CPU s (${mu.outcome}, ${mu.hints.length} hints).`,
    '',
    ...(sweep.length
      ? [
          'Settling uniqueness by size: boards tried from seed 1 (E2-like shares of colours) until one has exactly one solution (a try stops at a second solution or 1e9 placements); then the exact count that proves it, timed alone:',
          '',
          mdTable(['board', 'tries', 'CPU s to prove one solution', 'placements', 'CPU s of all tries'], sweep),
          '',
        ]
      : []),
    'Per board:',
    '',
    mdTable(
      ['kind', 'seed', 'rating', 'Knuth', 'solutions', 'effort', 'CPU s to rate'],
      rows.map((r) => [
        r.kind,
        r.seed,
        `${r.rating.toFixed(2)}${r.exact ? '' : '+'}`,
        r.knuth.toFixed(2),
        r.solutions,
        r.effort === null ? '>2e8' : r.effort.toLocaleString('en'),
        r.rateCpu.toFixed(2),
      ]),
    ),
    '',
  ].join('\n');
  say('');
  say(md);
  writeResult(typeof o.out === 'string' ? o.out : 'bench/results/design.md', md);
}
