/**
 * Aspinall, Gepp, Harris & Vanstone (2020), the 2x2 domain transform (literature.md section 2).
 * Table 2: median nodes to the first solution over 20 generated E2-style instances per size and
 * border:inner colour counts, for single tiles (plain scan-row backtracking), the 2x2 transform,
 * and the transform with border blocks ordered by H1 and H2: a study made from
 * resources/studies/aspinall-table2.json (its 20 instances per row, cut to --instances and
 * --sizes), one solver process per solve, budgets in CPU seconds of one core. Table 1 (how many
 * 2x2 blocks the META instances have) stays a count made here, since it runs no solver.
 *
 * Options (after `edge-papers --only aspinall`): --instances N (20; quick 5), --sizes 4,6,8
 * (quick 4,6), --limit SECONDS per solve (300; quick 60; a solve that hits it counts as "more
 * than"), --concurrency N runs at once (default: cores - 1). The template has no 8x8 3:7 row (its
 * paper median passes 500 million nodes): uncapped solves of those are in edge-exact.
 * Nodes are placements: tiles for single tiles, blocks for the 2x2 variants.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Section } from './section';
import { censoredMedianText } from '../edge-exact';
import { mdTable, numOpt } from '../util';
import { piecesFormat } from '../../src/core/families/edge';
import { pieceTypes } from '../../src/core/families/edge/backtrack/piece-types';
import { CandidateTables } from '../../src/core/families/edge/backtrack/candidates';
import { blockLayout, enumerateBlocks } from '../../src/core/families/edge/backtrack/blocks';
import { doneRuns, templateJson, withStudy } from '../study';

/** Table 2 of the paper: median nodes, per solver of the template (single tiles, 2x2, H1, H2). */
const TABLE2 = [
  { n: 4, border: 3, inner: 3, paper: [88, 14, 10, 7] },
  { n: 4, border: 3, inner: 4, paper: [63, 6, 5, 4] },
  { n: 6, border: 3, inner: 5, paper: [305_428, 103_648, 91_730, 83_689] },
  { n: 6, border: 3, inner: 6, paper: [179_379, 94_499, 101_713, 96_052] },
  { n: 6, border: 3, inner: 7, paper: [25_421, 8_800, 4_789, 5_052] },
  { n: 8, border: 3, inner: 6, paper: [14_012_064, 11_151_356, 4_967_412, 6_309_757] },
];

/** The template's solver settings, in its order. */
const VARIANTS = ['single tiles', '2x2 tiles', 'heuristic 1', 'heuristic 2'];

/** Table 1 of the paper: 2x2 elements of the META instances (corner, edge, inner). */
const TABLE1 = [
  { file: 'meta2010_10x10.txt', label: "META'10-10", paper: [2_280, 58_388, 342_046] },
  { file: 'meta2010_12x12.txt', label: "META'10-12", paper: [3_536, 136_832, 1_033_686] },
];

const thousands = (x: number): string => x.toLocaleString('en');

/** `4x4 (3:3) #7` -> its row of table 2 and instance number. */
function instanceOf(p: unknown): { group: string; n: number; instance: number } {
  const name = String((p as { name?: unknown }).name ?? '');
  const m = /^((\d+)x\d+ \(\d+:\d+\)) #(\d+)$/.exec(name);
  if (!m) throw new Error(`aspinall: unexpected puzzle name ${JSON.stringify(name)} in aspinall-table2.json`);
  return { group: m[1]!, n: Number(m[2]), instance: Number(m[3]) };
}

const groupOf = (c: (typeof TABLE2)[number]): string => `${c.n}x${c.n} (${c.border}:${c.inner})`;

export const section: Section = async ({ quick, raw, log }) => {
  const instances = numOpt(raw, 'instances', quick ? 5 : 20);
  const sizes = typeof raw.sizes === 'string' ? raw.sizes.split(',').map(Number) : quick ? [4, 6] : [4, 6, 8];
  const limit = numOpt(raw, 'limit', quick ? 60 : 300);
  const rowsWanted = TABLE2.filter((c) => sizes.includes(c.n));
  if (rowsWanted.length === 0)
    throw new Error(`aspinall: no row of table 2 has size ${sizes.join(', ')} (have ${[...new Set(TABLE2.map((c) => c.n))].join(', ')})`);
  const { json, file } = templateJson({
    template: 'aspinall-table2',
    keepPuzzle: (p) => {
      const { n, instance } = instanceOf(p);
      return sizes.includes(n) && instance <= instances;
    },
    seconds: limit,
  });
  const puzzles = (json.puzzles as unknown[]).map(instanceOf);
  const rows: string[][] = [];
  await withStudy(json, file, 'edge-papers aspinall', raw, (done) => {
    const runs = doneRuns(done);
    for (const cfg of rowsWanted) {
      const cells: string[] = [`${cfg.n}`, `${cfg.border}:${cfg.inner}`];
      VARIANTS.forEach((variant, v) => {
        const mine = runs.filter((r) => r.configIndex === v && puzzles[r.puzzleIndex]!.group === groupOf(cfg));
        const nodes: number[] = [];
        const censored: boolean[] = [];
        for (const r of mine) {
          const solved = r.run.maxScore !== null && r.run.bestScore === r.run.maxScore;
          // Nodes when the first solution came; a solve that hit the limit counts all it made.
          nodes.push(solved ? (done.studies.store.firstReach(r.run.id, r.run.maxScore!)?.evaluations ?? r.run.evaluations) : r.run.evaluations);
          censored.push(!solved);
          log(
            `aspinall ${groupOf(cfg)} ${variant} instance ${puzzles[r.puzzleIndex]!.instance}: ${nodes.at(-1)} nodes, ${solved ? 'solved' : 'limit'}, ${(r.run.elapsedMs / 1000).toFixed(1)} CPU s`,
          );
        }
        cells.push(mine.length ? `${censoredMedianText(nodes, censored)} (${thousands(cfg.paper[v]!)})` : `- (${thousands(cfg.paper[v]!)})`);
      });
      rows.push(cells);
    }
  });

  const t1: string[][] = [];
  for (const m of quick ? TABLE1.slice(0, 1) : TABLE1) {
    const file = fileURLToPath(new URL(`../../resources/instances/${m.file}`, import.meta.url));
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
      `with no ordering, H1, H2. Instances from our generator (the first ${instances} of each row of \`resources/studies/aspinall-table2.json\`), not the paper's, solved as a study (one solver process per solve); limit ${limit} CPU s per solve ("> x": more than half hit it).`,
    '',
    mdTable(['n', 'border:inner', 'single tiles', '2x2 tiles', 'heuristic 1', 'heuristic 2'], rows),
    '',
    ...(sizes.includes(8)
      ? ['The 8x8 3:7 row of the paper (medians above 390 million nodes) is not in the template; uncapped 8x8 3+7 solves: bench/results/edge-exact.md.', '']
      : []),
    'Table 1: 2x2 blocks of the META instances, oriented for their place, summed over the four corners and the four sides (ours, paper in brackets); and edge patterns (colour pairs) besides grey.',
    '',
    mdTable(['instance', 'corner blocks', 'edge blocks', 'inner blocks', 'patterns'], t1),
    '',
  ].join('\n');
};
