/**
 * Aspinall, Gepp, Harris & Vanstone (2020), the 2x2 domain transform (literature.md section 2).
 * Table 2: median nodes to the first solution over 20 generated E2-style instances per size and
 * border:inner colour counts, for single tiles (plain scan-row backtracking), the 2x2 transform,
 * and the transform with border blocks ordered by H1 and H2. Table 1: how many 2x2 blocks the
 * META instances have.
 *
 * Options (after `edge-papers --only aspinall`): --instances N (20; quick 5), --sizes 4,6,8
 * (quick 4,6), --limit SECONDS per solve (300; a solve that hits it counts as "more than"),
 * --hard-instances N and --hard-limit S for the rows whose paper medians pass 100 million nodes
 * (8, 3:7: each solve there takes minutes; default: as the others).
 * Nodes are placements: tiles for single tiles, blocks for the 2x2 variants.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Section } from '../edge-papers';
import { censoredMedian, solveHere, solveInChild, type SolveSpec } from '../edge-exact';
import { mdTable, numOpt } from '../util';
import { piecesFormat } from '../../src/core/families/edge';
import { pieceTypes } from '../../src/core/families/edge/backtrack/piece-types';
import { CandidateTables } from '../../src/core/families/edge/backtrack/candidates';
import { blockLayout, enumerateBlocks } from '../../src/core/families/edge/backtrack/blocks';
import type { Params } from '../../src/core/params/schema';

/** Table 2 of the paper: median nodes. */
const TABLE2 = [
  { n: 4, border: 3, inner: 3, paper: [88, 14, 10, 7] },
  { n: 4, border: 3, inner: 4, paper: [63, 6, 5, 4] },
  { n: 6, border: 3, inner: 5, paper: [305_428, 103_648, 91_730, 83_689] },
  { n: 6, border: 3, inner: 6, paper: [179_379, 94_499, 101_713, 96_052] },
  { n: 6, border: 3, inner: 7, paper: [25_421, 8_800, 4_789, 5_052] },
  { n: 8, border: 3, inner: 6, paper: [14_012_064, 11_151_356, 4_967_412, 6_309_757] },
  { n: 8, border: 3, inner: 7, paper: [542_359_516, 399_094_862, 433_661_359, 393_869_489] },
];

const VARIANTS: { name: string; solver: SolveSpec['solver']; params: Params }[] = [
  { name: 'single tiles', solver: 'backtrack', params: { order: 'row', shuffle: false } },
  { name: '2x2 tiles', solver: 'backtrack-2x2', params: { heuristic: 'none' } },
  { name: 'heuristic 1', solver: 'backtrack-2x2', params: { heuristic: 'h1' } },
  { name: 'heuristic 2', solver: 'backtrack-2x2', params: { heuristic: 'h2' } },
];

/** Table 1 of the paper: 2x2 elements of the META instances (corner, edge, inner). */
const TABLE1 = [
  { file: 'meta2010_10x10.txt', label: "META'10-10", paper: [2_280, 58_388, 342_046] },
  { file: 'meta2010_12x12.txt', label: "META'10-12", paper: [3_536, 136_832, 1_033_686] },
];

const thousands = (x: number): string => x.toLocaleString('en');

export const section: Section = async ({ quick, raw, log }) => {
  const instances = numOpt(raw, 'instances', quick ? 5 : 20);
  const sizes = typeof raw.sizes === 'string' ? raw.sizes.split(',').map(Number) : quick ? [4, 6] : [4, 6, 8];
  const limit = numOpt(raw, 'limit', quick ? 60 : 300);
  const hardInstances = numOpt(raw, 'hard-instances', instances);
  const hardLimit = numOpt(raw, 'hard-limit', limit);
  const notes: string[] = [];
  const rows: string[][] = [];
  for (const cfg of TABLE2.filter((c) => sizes.includes(c.n))) {
    const hard = cfg.paper[0] > 1e8;
    const count = hard ? hardInstances : instances;
    const cap = hard ? hardLimit : limit;
    if (count !== instances || cap !== limit) notes.push(`${cfg.n} (${cfg.border}:${cfg.inner}): ${count} instances, limit ${cap} s per solve.`);
    const cells: string[] = [`${cfg.n}`, `${cfg.border}:${cfg.inner}`];
    for (const [v, variant] of VARIANTS.entries()) {
      const nodes: number[] = [];
      const censored: boolean[] = [];
      for (let seed = 1; seed <= count; seed++) {
        const spec: SolveSpec = {
          rows: cfg.n,
          cols: cfg.n,
          frame: cfg.border,
          inner: cfg.inner,
          seed,
          solver: variant.solver,
          params: variant.params,
          maxEvaluations: Number.MAX_SAFE_INTEGER,
          limitSeconds: cap,
        };
        // Big searches get a process of their own, where the search loop runs at full speed.
        const r = cfg.n >= 8 ? solveInChild(spec) : solveHere(spec);
        nodes.push(r.evaluations);
        censored.push(!r.solved);
        log(
          `aspinall n=${cfg.n} ${cfg.border}:${cfg.inner} ${variant.name} instance ${seed}: ${r.evaluations} nodes, ${r.solved ? 'solved' : 'limit'}, ${r.seconds} s`,
        );
      }
      cells.push(`${censoredMedian(nodes, censored)} (${thousands(cfg.paper[v])})`);
    }
    rows.push(cells);
  }

  const t1: string[][] = [];
  for (const m of quick ? TABLE1.slice(0, 1) : TABLE1) {
    const file = fileURLToPath(new URL(`../../../shared/instances/${m.file}`, import.meta.url));
    const { puzzle } = piecesFormat.read(readFileSync(file, 'utf8'), file);
    const pt = pieceTypes(puzzle);
    const layout = blockLayout(puzzle);
    const set = enumerateBlocks(puzzle, pt, new CandidateTables(pt), layout);
    // Block classes by how many of the block's sides face out: 2 = corner, 1 = edge, 0 = inner.
    const kind = new Int32Array(3);
    for (let b = 0; b < set.count; b++) {
      const k = set.cls[b];
      const masks = Array.from(layout.subMask.subarray(4 * k, 4 * k + 4));
      const outSides = [0, 1, 2, 3].filter((s) => masks.some((x) => x & (1 << s))).length;
      kind[Math.min(outSides, 2)]++;
    }
    t1.push([m.label, ...[2, 1, 0].map((k, i) => `${thousands(kind[k])} (${thousands(m.paper[i])})`), `${set.patterns - 1}`]);
  }

  return [
    '## aspinall: 2x2 domain transform (Aspinall et al. 2020)',
    '',
    `Table 2: median nodes to the first solution over ${instances} generated instances per row (ours, paper's in brackets). ` +
      `Single tiles = backtrack (row order, piece-number order, nodes = tile placements); 2x2 = backtrack-2x2 (nodes = block placements) ` +
      `with no ordering, H1, H2. Instances from our generator (seeds 1..${instances}), not the paper's; limit ${limit} s per solve ("> x": more than half hit it).`,
    '',
    mdTable(['n', 'border:inner', 'single tiles', '2x2 tiles', 'heuristic 1', 'heuristic 2'], rows),
    '',
    ...(notes.length ? [`Fewer or shorter solves on the hardest rows: ${notes.join(' ')} Uncapped 8x8 3+7 solves: bench/results/edge-exact.md.`, ''] : []),
    'Table 1: 2x2 blocks of the META instances, oriented for their place, summed over the four corners and the four sides (ours, paper in brackets); and edge patterns (colour pairs) besides grey.',
    '',
    mdTable(['instance', 'corner blocks', 'edge blocks', 'inner blocks', 'patterns'], t1),
    '',
  ].join('\n');
};
