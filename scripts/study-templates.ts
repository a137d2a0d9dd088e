/**
 * Writes the study templates whose puzzles are generated or derived (run with
 * `node --import tsx scripts/study-templates.ts`): Niang's table 9 (the thesis's board sizes and
 * pattern counts, the boards of bench/edge-papers/niang.ts), Aspinall's table 2 (20 generated
 * E2-style instances per size and colour counts, the boards of bench/edge-papers/aspinall.ts)
 * and the Eternity II comparison of the edge-matching bench (bench/edge-e2.ts: its instances,
 * solvers, seeds and 60 s), each with the published figures beside its cells. The puzzles are
 * written into the templates (or beside them), so a template reads the same everywhere. A folder
 * given as the argument takes the files instead (test/scripts/study-templates.test.ts checks that
 * they are the ones in resources/studies).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { piecesFormat, type EdgePuzzle } from '../src/core/families/edge';
import { generateEdgePuzzle } from '../src/core/families/edge/design';
import { puzzleToJson } from '../src/core/families/edge/model';
import { readPuzzleFile } from '../src/core/document/read-file';
import { thesisBoard } from '../bench/edge-papers/niang';

const dir = process.argv[2] !== undefined ? join(process.argv[2], '/') : fileURLToPath(new URL('../resources/studies/', import.meta.url));
const instances = fileURLToPath(new URL('../resources/instances/', import.meta.url));

/** JSON with each puzzle, solver and published cell on one line: readable, and diffs stay small. */
function write(name: string, study: Record<string, unknown>): void {
  const lines: string[] = ['{'];
  const entries = Object.entries(study);
  entries.forEach(([k, v], i) => {
    const comma = i < entries.length - 1 ? ',' : '';
    if (Array.isArray(v)) lines.push(`  ${JSON.stringify(k)}: [\n${v.map((x) => `    ${JSON.stringify(x)}`).join(',\n')}\n  ]${comma}`);
    else if (k === 'published' && v && typeof v === 'object') {
      const p = v as { source: string; cells: unknown[] };
      lines.push(
        `  "published": {\n    "source": ${JSON.stringify(p.source)},\n    "cells": [\n${p.cells.map((c) => `      ${JSON.stringify(c)}`).join(',\n')}\n    ]\n  }${comma}`,
      );
    } else lines.push(`  ${JSON.stringify(k)}: ${JSON.stringify(v)}${comma}`);
  });
  lines.push('}');
  writeFileSync(`${dir}${name}`, `${lines.join('\n')}\n`);
  process.stderr.write(`wrote ${dir}${name}\n`);
}

const inline = (name: string, p: EdgePuzzle, group?: string): Record<string, unknown> => ({
  family: 'edge',
  name,
  ...(group ? { group } : {}),
  puzzle: puzzleToJson(p),
});

// ---- Niang (2010), table 9 -------------------------------------------------------------------
{
  const boards = [
    { size: 4, patterns: 5, seconds: 27, fe: 92_700 },
    { size: 5, patterns: 5, seconds: 30, fe: 212_140 },
    { size: 6, patterns: 7, seconds: 195, fe: 267_800 },
    { size: 7, patterns: 7, seconds: null, fe: null },
  ];
  write('niang-table9.json', {
    name: 'Niang table 9: the GA on 4x4 to 7x7 boards, 10 runs',
    description:
      "Niang's thesis (2010), table 9: the genetic algorithm on generated boards of 4x4 and 5x5 with 5 patterns, 6x6 and 7x7 with 7 (every join one of the patterns, frame joins included; the boards of bench/edge-papers/niang.ts: ten per size, one run on each, a row per size), until solved or 5 million evaluations. The thesis solved 4x4 to 6x6 every time and never 7x7; its time is on a 2.4 GHz dual core in C#, and its FE counts boards bred, not our evaluations. Our memetic GA and a constant-temperature annealing run beside it for reference.",
    // As the bench: run i on board i, ten boards per size (a row each).
    puzzles: boards.flatMap((b) => {
      const group = `${b.size}x${b.size}, ${b.patterns} patterns`;
      return Array.from({ length: 10 }, (_, i) => inline(`${group} #${i + 1}`, thesisBoard(b.size, b.patterns, i + 1), group));
    }),
    solvers: [
      { solver: 'ga', preset: 'niang-200', label: 'GA (thesis settings)' },
      { solver: 'ga-memetic', label: 'memetic GA (ours)' },
      { solver: 'sa', params: { t0: 0.4, tMin: 0.4 }, label: 'SA at T = 0.4 (reference)' },
    ],
    seeds: [1],
    stop: { evaluations: 5_000_000, seconds: 600, clock: 'cpu' },
    published: {
      source:
        'Niang 2010 (thesis), table 9: 10 runs each; mean time to a solution (2.4 GHz dual core, C#) and fitness evaluations (boards bred); 7x7 never solved',
      cells: boards.map((b) => {
        const group = `${b.size}x${b.size}, ${b.patterns} patterns`;
        return b.fe === null ? { group, solver: 0, successRate: 0 } : { group, solver: 0, successRate: 1, timeToTarget: b.seconds, evaluationsToTarget: b.fe };
      }),
    },
  });
}

// ---- Aspinall, Gepp, Harris & Vanstone (2020), table 2 ------------------------------------------
{
  // Median nodes to the first solution: single tiles, 2x2 tiles, heuristic 1, heuristic 2.
  const table2 = [
    { n: 4, border: 3, inner: 3, paper: [88, 14, 10, 7] },
    { n: 4, border: 3, inner: 4, paper: [63, 6, 5, 4] },
    { n: 6, border: 3, inner: 5, paper: [305_428, 103_648, 91_730, 83_689] },
    { n: 6, border: 3, inner: 6, paper: [179_379, 94_499, 101_713, 96_052] },
    { n: 6, border: 3, inner: 7, paper: [25_421, 8_800, 4_789, 5_052] },
    { n: 8, border: 3, inner: 6, paper: [14_012_064, 11_151_356, 4_967_412, 6_309_757] },
  ];
  const count = 20;
  const puzzles: Record<string, unknown>[] = [];
  for (const c of table2) {
    const group = `${c.n}x${c.n} (${c.border}:${c.inner})`;
    for (let seed = 1; seed <= count; seed++) {
      const { puzzle } = generateEdgePuzzle({ rows: c.n, cols: c.n, frameColours: c.border, innerColours: c.inner, seed });
      puzzles.push(inline(`${group} #${seed}`, puzzle, group));
    }
  }
  write('aspinall-table2.json', {
    name: 'Aspinall table 2: nodes to the first solution, 20 instances per size',
    description:
      'Aspinall, Gepp, Harris & Vanstone (IEA/AIE 2020), table 2: median nodes to the first solution over 20 generated E2-style instances per size and border:inner colour counts (the instances of bench/edge-papers/aspinall.ts), for plain single-tile backtracking, the 2x2 domain transform, and the transform with border blocks ordered by H1 and H2. A row is one size and colour count (its 20 instances); "evals to target" is the median nodes of the solved runs. 5 minutes per solve at most; 8x8 with 3:7 colours (paper medians past 390 million nodes) is left out.',
    puzzles,
    solvers: [
      { solver: 'backtrack', params: { order: 'row', shuffle: false, complete: false }, label: 'single tiles' },
      { solver: 'backtrack-2x2', preset: 'aspinall-none', label: '2x2 tiles' },
      { solver: 'backtrack-2x2', preset: 'aspinall-h1', label: 'heuristic 1' },
      { solver: 'backtrack-2x2', preset: 'aspinall-h2', label: 'heuristic 2' },
    ],
    seeds: [1],
    stop: { seconds: 300, clock: 'cpu' },
    published: {
      source: 'Aspinall et al., IEA/AIE 2020, table 2: median nodes to the first solution over 20 random instances',
      cells: table2.flatMap((c) => c.paper.map((nodes, solver) => ({ group: `${c.n}x${c.n} (${c.border}:${c.inner})`, solver, evaluationsToTarget: nodes }))),
    },
  });
}

// ---- Eternity II comparison (issue 11's bench, bench/edge-e2.ts) --------------------------------
{
  const e2 = readPuzzleFile('eternity2_256.txt', readFileSync(`${instances}eternity2_256.txt`, 'utf8')).puzzle as EdgePuzzle;
  // Piece numbers 1-based as in the files; rows and columns 1-based (letter = column), as the bench writes them.
  const starter = { piece: 139, row: 9, col: 8, rotation: 2 };
  const clues = [
    starter,
    { piece: 181, row: 3, col: 14, rotation: 3 },
    { piece: 208, row: 3, col: 3, rotation: 3 },
    { piece: 249, row: 14, col: 14, rotation: 0 },
    { piece: 255, row: 14, col: 3, rotation: 3 },
  ];
  const fixed = (list: typeof clues): EdgePuzzle => ({
    ...e2,
    fixed: list.map((f) => ({ piece: f.piece - 1, row: f.row - 1, col: f.col - 1, rotation: f.rotation })),
  });
  const piecesText = (p: EdgePuzzle): string => {
    const text = piecesFormat.write(p, undefined);
    if (text === null) throw new Error('the piece list cannot hold this puzzle');
    return text;
  };
  writeFileSync(`${dir}puzzles/eternity2_starter.txt`, piecesText(fixed([starter])));
  writeFileSync(`${dir}puzzles/eternity2_clues.txt`, piecesText(fixed(clues)));
  const solvers = ['beam', 'lns', 'tabu', 'vns-sa', 'ms-gvns', 'sa', 'hill-climb', 'backtrack:blackwood', 'backtrack:verhaard', 'backtrack'];
  const index = (s: string): number => solvers.indexOf(s);
  write('eternity2-comparison.json', {
    name: 'Eternity II comparison: 4 instances x 10 edge solvers, 5 seeds, 60 s',
    description:
      'The edge-matching bench (bench/edge-e2.ts, results in bench/results/edge-e2.md): Eternity II with the starter piece (139 at I8), Eternity II with the five clue pieces, META 2010 16x16 and 10x10, every edge solver that applies, 5 seeds, 60 s per run (CPU seconds of one core, so load on the machine does not shorten runs). About 3.3 CPU hours. The published figures are the public single-core ones: a beam search and an ALNS (Rust, official set with three corners pinned as well), Verhaard- and Blackwood-style backtracking, 60 s each; MS-GVNS on META 2010 with its own time limits (1200 and 3600 s).',
    puzzles: [
      { file: 'puzzles/eternity2_starter.txt', name: 'Eternity II, starter piece' },
      { file: 'puzzles/eternity2_clues.txt', name: 'Eternity II, five clues' },
      { file: '../instances/meta2010_16x16.txt', name: 'META 2010 16x16' },
      { file: '../instances/meta2010_10x10.txt', name: 'META 2010 10x10' },
    ],
    solvers: solvers.map((s) => {
      const [solver, preset] = s.split(':');
      return preset ? { solver, preset, label: s } : { solver, label: s };
    }),
    seeds: 5,
    stop: { seconds: 60, clock: 'cpu' },
    published: {
      source:
        'Public single-core figures (literature.md section 6): raphael-anjou/eternity2 single-core benchmark REPORT.md, 60 s (beam "producer" 454.8 mean / 456 best, ALNS 452.9 / 455, Verhaard-style 440.8, Blackwood-style 436.4; official set + 3 pinned corners); MS-GVNS META 2010 table 1 (30 runs, 3600 s on 16x16, 1200 s on 10x10)',
      cells: [
        { puzzle: 0, solver: index('beam'), mean: 454.8, best: 456 },
        { puzzle: 0, solver: index('lns'), mean: 452.9, best: 455 },
        { puzzle: 0, solver: index('backtrack:verhaard'), mean: 440.8 },
        { puzzle: 0, solver: index('backtrack:blackwood'), mean: 436.4 },
        { puzzle: 2, solver: index('ms-gvns'), mean: 419.57, median: 419.5, best: 425 },
        { puzzle: 3, solver: index('ms-gvns'), mean: 165.67, median: 166, best: 167 },
      ],
    },
  });
}
