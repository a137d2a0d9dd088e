/**
 * `npm run bench -- completion [--boards run1-465,run2-465,run3-465] [--columns 0,2,4,6,8,10,12,14]
 *   [--ramps 0,1] [--nodes 40000000] [--restarts 1,100] [--seed 1] [--out bench/results/completion.md]`
 *
 * Issue 50, item 2: would a Blackwood-style completion of the last rows earn more at the plateau
 * than the beam's suffix passes? For each bundled 465 board and each start (the top of a column of
 * the bottom band, where `overnight` suffix passes start), `EndCompletion` fills the cells from
 * there on again depth first, asking for a board at least as good as the board (an equal one is
 * what lets a run drift along its plateau; a better one is the 466). Each start gets `--nodes`
 * placements, in one search or split into `--restarts` searches from new random orders; a search
 * that runs out of candidates has tried every end within its allowance (with ramp 0, every end that
 * can reach the need: a proof that no better end exists from that start).
 *
 * The beam's suffix passes from the same boards, for comparison:
 * `npm run bench -- beam-passes --from bench/results/boards/run2-465.txt --width 262144 --passes 30 --seeds 1
 *   --settings exhaust=3+band=4+early=0.5+suffix=1+suffixRows=4+wide=1` (`overnight`'s passes, every one a suffix pass).
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ScanLayout } from '../src/core/families/edge/beam/layout';
import { ScanTables } from '../src/core/families/edge/beam/tables';
import { piecesFormat, readBoardText } from '../src/core/families/edge/files';
import { isRotatable, scoreBoard, type EdgeBoard, type EdgePuzzle } from '../src/core/families/edge/model';
import { Rng } from '../src/core/rng/rng';
import { EndCompletion } from './completion/end-completion';
import { cpuSeconds, machine, mdTable, numOpt, options, writeResult } from './util';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const INSTANCE = 'resources/studies/puzzles/eternity2_starter.txt';
/** The bottom band `overnight` fills column by column. */
const BAND = 4;

/** Joins between cells both placed before layer d0 (the beam's count of a suffix pass's kept cells). */
export function prefixJoins(p: EdgePuzzle, L: ScanLayout, b: EdgeBoard, d0: number): number {
  const n = p.rows * p.cols;
  const layerOf = new Int32Array(n);
  for (let d = 0; d < n; d++) layerOf[L.cellOf[d]] = d;
  const face = (cell: number, side: number): number => p.edges[4 * b.piece[cell] + ((side - b.rotation[cell] + 4) & 3)];
  let joins = 0;
  for (let cell = 0; cell < n; cell++) {
    const left = cell - 1;
    const up = cell - p.cols;
    if (cell % p.cols > 0 && Math.max(layerOf[cell], layerOf[left]) < d0 && face(cell, 3) !== 0 && face(cell, 3) === face(left, 1)) joins++;
    if (up >= 0 && Math.max(layerOf[cell], layerOf[up]) < d0 && face(cell, 0) !== 0 && face(cell, 0) === face(up, 2)) joins++;
  }
  return joins;
}

interface Outcome {
  equal: number;
  better: number;
  exhausted: number;
  searches: number;
  nodes: number;
  cpu: number;
}

/** `restarts` searches of `nodes / restarts` placements each from layer d0 of board b. */
export function completeFrom(
  p: EdgePuzzle,
  T: ScanTables,
  L: ScanLayout,
  b: EdgeBoard,
  d0: number,
  ramp: number,
  nodes: number,
  restarts: number,
  seed: number,
): Outcome {
  const best = scoreBoard(p, b);
  const prefix = prefixJoins(p, L, b, d0);
  const c = new EndCompletion(p, T, L, new Rng(seed), ramp);
  const each = Math.max(1, Math.floor(nodes / restarts));
  const out: Outcome = { equal: 0, better: 0, exhausted: 0, searches: 0, nodes: 0, cpu: 0 };
  const t = cpuSeconds();
  const placed0 = c.placed;
  for (let i = 0; i < restarts; i++) {
    c.begin(b.piece, b.rotation, d0, prefix, best, best);
    let left = each;
    let status = 'more';
    while (left > 0 && status === 'more') {
      const step = Math.min(left, 1 << 20);
      status = c.run(step);
      left -= step;
    }
    out.searches++;
    if (c.hasFound && c.foundScore > best) out.better++;
    else if (c.hasFound) out.equal++;
    if (status === 'exhausted') {
      out.exhausted++;
      // Every end within the allowance was tried: another order would try the same ones.
      break;
    }
  }
  out.cpu = cpuSeconds() - t;
  out.nodes = c.placed - placed0;
  return out;
}

export async function run(argv: string[]): Promise<void> {
  const o = options(argv);
  const list = (key: string, dflt: string): number[] => (typeof o[key] === 'string' ? (o[key] as string) : dflt).split(',').map(Number);
  const boards = (typeof o.boards === 'string' ? o.boards : 'run1-465,run2-465,run3-465').split(',');
  const columns = list('columns', '0,2,4,6,8,10,12,14');
  const ramps = list('ramps', '0,1');
  const restarts = list('restarts', '1,100');
  const nodes = numOpt(o, 'nodes', 40_000_000);
  const seed = numOpt(o, 'seed', 1);
  const file = join(root, INSTANCE);
  const p = piecesFormat.read(readFileSync(file, 'utf8'), file).puzzle;
  const L = new ScanLayout(p, { band: BAND });
  const T = new ScanTables(p, L.free, isRotatable(p), true);
  const band0 = (p.rows - BAND) * p.cols;
  const rows: (string | number)[][] = [];
  for (const name of boards) {
    const bf = join(root, 'bench/results/boards', name.endsWith('.txt') ? name : `${name}.txt`);
    const b = readBoardText(readFileSync(bf, 'utf8'), bf, p);
    for (const col of columns)
      for (const ramp of ramps)
        for (const r of restarts) {
          const d0 = band0 + BAND * col;
          const x = completeFrom(p, T, L, b, d0, ramp, nodes, r, seed);
          const line = [basename(bf), col, ramp, `${x.searches}: ${(x.nodes / 1e6).toFixed(1)}M`, x.equal, x.better, x.exhausted, x.cpu.toFixed(1)];
          process.stdout.write(`${line.join('  ')}\n`);
          rows.push(line);
        }
  }
  const md = [
    '# Completing the last rows depth first (after Blackwood), from 465 boards',
    '',
    `\`npm run bench -- completion ${argv.join(' ')}\`; ${machine()}.`,
    `Eternity II with the starter piece; each start is the top of a column of the bottom ${BAND}-row band (filled column by column),`,
    `${nodes.toLocaleString('en')} placements a start, in one search or several; a search asks for a board at least as good as the board it starts from.`,
    '"proved" counts searches that ran out of candidates: with ramp 0 no end from that start beats the board.',
    '',
    mdTable(
      ['board', 'band column', 'ramp', 'searches: placements in all', 'equal boards found', 'better boards found', 'ran out (proved with ramp 0)', 'CPU s'],
      rows,
    ),
    '',
  ].join('\n');
  writeResult(typeof o.out === 'string' ? o.out : join(root, 'bench/results/completion.md'), md);
}
