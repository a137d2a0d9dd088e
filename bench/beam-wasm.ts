/**
 * `npm run bench -- beam-wasm [--instance resources/instances/e2-8pin/eternity2_8pin_v00.txt] [--seeds 3] [--passes 16]`
 *
 * Issue 23 item 5: what the beam's WebAssembly kernel (src/core/families/edge/beam/wasm/) buys in
 * the solver itself. For each seed 1..N the same work, `--passes` passes of `BeamRun` with the
 * default options, is run twice: with the kernel (`wasm` true) and with the JavaScript path
 * (`wasm` false). Each run is timed in CPU seconds of this process (construction included: the
 * kernel's memory and instance are part of the price). Both runs must end with the same
 * evaluations, best score and checkpoint, or the bench stops. The two take turns going first
 * from seed to seed, so neither always pays for the other's garbage.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { piecesFormat } from '../src/core/families/edge/files';
import { BeamRun, beamOptions } from '../src/core/families/edge/beam';
import type { EdgePuzzle } from '../src/core/families/edge/model';
import { Rng } from '../src/core/rng/rng';
import { cpuSeconds, machine, mdTable, median, numOpt, options, writeResult } from './util';

const DEFAULT_INSTANCE = 'resources/instances/e2-8pin/eternity2_8pin_v00.txt';

interface Outcome {
  cpu: number;
  evaluations: number;
  bestScore: number;
  checkpoint: string;
}

/** `passes` passes of a fresh run; step(1) does one layer, so the run stops where the last pass ends. */
function runPasses(puzzle: EdgePuzzle, seed: number, passes: number, wasm: boolean): Outcome {
  const t = cpuSeconds();
  const run = new BeamRun(puzzle, beamOptions({}), new Rng(seed), wasm);
  // A cast in this bench only: the kernel is private, and a silent fall-back to JavaScript would
  // make the comparison meaningless.
  const hasKernel = (run as unknown as { kernel: unknown }).kernel !== null;
  if (hasKernel !== wasm) throw new Error(`BeamRun(wasm = ${wasm}) ${hasKernel ? 'has' : 'has no'} WebAssembly kernel`);
  while (run.pass < passes) run.step(1);
  const cpu = cpuSeconds() - t;
  return { cpu, evaluations: run.evaluations, bestScore: run.bestScore, checkpoint: JSON.stringify(run.checkpoint()) };
}

export async function run(argv: string[]): Promise<void> {
  const o = options(argv);
  const instance = typeof o.instance === 'string' ? o.instance : DEFAULT_INSTANCE;
  const seeds = numOpt(o, 'seeds', 3);
  const passes = numOpt(o, 'passes', 16);
  if (!Number.isInteger(seeds) || seeds < 1) throw new Error('--seeds expects a positive integer');
  if (!Number.isInteger(passes) || passes < 1) throw new Error('--passes expects a positive integer');
  const root = fileURLToPath(new URL('..', import.meta.url));
  const file = resolve(root, instance);
  const puzzle = piecesFormat.read(readFileSync(file, 'utf8'), file).puzzle;
  const log = (s: string): void => void process.stdout.write(`${s}\n`);
  const command = `npm run bench -- beam-wasm${argv.length ? ` ${argv.join(' ')}` : ''}`;
  const loadBefore = loadavg();
  log(`${command}\n${machine()}\nload average before: ${loadBefore.map((x) => x.toFixed(2)).join(' ')}`);

  const rows: (string | number)[][] = [];
  const ratios: number[] = [];
  for (let seed = 1; seed <= seeds; seed++) {
    const order = seed % 2 ? [true, false] : [false, true];
    const got = new Map<boolean, Outcome>();
    for (const wasm of order) got.set(wasm, runPasses(puzzle, seed, passes, wasm));
    const w = got.get(true)!;
    const j = got.get(false)!;
    if (w.evaluations !== j.evaluations || w.bestScore !== j.bestScore || w.checkpoint !== j.checkpoint)
      throw new Error(
        `seed ${seed}: the runs differ: wasm ${w.evaluations} evaluations, best ${w.bestScore}; JavaScript ${j.evaluations}, best ${j.bestScore}` +
          (w.checkpoint !== j.checkpoint ? '; checkpoints differ' : ''),
      );
    const ratio = j.cpu / w.cpu;
    ratios.push(ratio);
    const row = [
      seed,
      w.evaluations,
      w.bestScore,
      w.cpu.toFixed(2),
      j.cpu.toFixed(2),
      (passes / w.cpu).toFixed(2),
      (passes / j.cpu).toFixed(2),
      `${ratio.toFixed(2)}x`,
    ];
    rows.push(row);
    log(
      `seed ${seed}: identical (${w.evaluations} evaluations, best ${w.bestScore}); wasm ${row[3]} CPU s (${row[5]} passes/CPU s), JavaScript ${row[4]} CPU s (${row[6]} passes/CPU s): ${row[7]}`,
    );
  }
  const loadAfter = loadavg();
  const med = median(ratios);
  log(`median ratio (JavaScript CPU s / wasm CPU s): ${med.toFixed(2)}x\nload average after: ${loadAfter.map((x) => x.toFixed(2)).join(' ')}`);

  const table = mdTable(['seed', 'evaluations', 'best', 'wasm CPU s', 'JS CPU s', 'wasm passes / CPU s', 'JS passes / CPU s', 'JS / wasm'], rows);
  const busy = Math.max(loadBefore[0], loadAfter[0]) >= 1.5;
  const md = `# The beam's WebAssembly kernel against its JavaScript path (issue 23 item 5)

\`${command}\` on ${instance}, default beam options, seeds 1-${seeds}, ${passes} passes per run.
Machine: ${machine()}.
Load average (1, 5, 15 min) before: ${loadBefore.map((x) => x.toFixed(2)).join(' ')}; after: ${loadAfter.map((x) => x.toFixed(2)).join(' ')}.${
    busy ? '\nThe machine was busy (other benchmarks); the figures are CPU seconds of this process for the same work, so load matters little.' : ''
  }

Each seed runs the same work twice in one process: \`new BeamRun(puzzle, beamOptions({}), new Rng(seed), wasm)\`
stepped one layer at a time to the end of pass ${passes}, with \`wasm\` true (expand and commit in the
WebAssembly kernel, \`src/core/families/edge/beam/wasm/\`) and false (the same code in JavaScript); construction
included, the two taking turns going first. Both runs end with identical evaluations, best score and
checkpoint JSON (the bench stops otherwise).

${table}

Median ratio (JavaScript CPU s / wasm CPU s, the same work): **${med.toFixed(2)}x** the passes per CPU second.
`;
  writeResult(resolve(root, 'bench/results/beam-wasm.md'), md);
  log('wrote bench/results/beam-wasm.md');
}
