/**
 * `npm run bench -- recorder-check`: what re-checking every improvement costs where runs are
 * recorded (src/core/families/verify.ts). The check runs in the recording process, not in the
 * solver's, so a solver's CPU-clock budget is untouched; this prints the recording side's cost
 * per check and per run at the most improvements a run can make (each one strictly better).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getFamily } from '../src/core/families';
import { piecesFormat } from '../src/core/families/edge';
import { improvementCheck } from '../src/core/families/verify';
import { catalogue } from '../src/core/catalogue/catalogue';
import type { FamilyId } from '../src/core/families/family';
import { machine, mdTable, median } from './util';

interface Case {
  name: string;
  family: FamilyId;
  solver: string;
  puzzle: unknown;
  /** The most improvements one run can record (a bound, for the per-run cost). */
  maxImprovements: number;
}

function cases(): Case[] {
  const e2File = fileURLToPath(new URL('../resources/instances/eternity2_256.txt', import.meta.url));
  const e2 = piecesFormat.read(readFileSync(e2File, 'utf8'), 'eternity2_256.txt').puzzle;
  return [
    { name: 'Eternity II 16x16', family: 'edge', solver: 'beam', puzzle: getFamily('edge').puzzleToJson(e2), maxImprovements: 480 },
    // Jump scores are path lengths: at most one per cell.
    { name: 'jump maze 40x40', family: 'jump', solver: 'hill-climb', puzzle: { rows: 40, cols: 40 }, maxImprovements: 1600 },
    // Casse-tete scores run from -2n to 0.
    { name: 'casse-tete 100x100, m 200', family: 'parity', solver: 'sa', puzzle: { n: 100, m: 200 }, maxImprovements: 200 },
  ];
}

export async function run(): Promise<void> {
  const rows: (string | number)[][] = [];
  for (const c of cases()) {
    const def = catalogue.find((d) => d.family === c.family && d.id === c.solver)!;
    const family = getFamily(c.family);
    const solverRun = def.create(family.puzzleFromJson(c.puzzle), {}, 1);
    solverRun.step(2000);
    const solution = solverRun.bestSolution();
    const check = improvementCheck(c.family, c.puzzle);
    const times: number[] = [];
    for (let k = 0; k < 7; k++) {
      const n = 200;
      const t0 = performance.now();
      for (let i = 0; i < n; i++) if (check(solution, solverRun.bestScore) !== null) throw new Error(`${c.name}: a true claim was refused`);
      times.push((performance.now() - t0) / n);
    }
    const ms = median(times);
    const perRun = (ms * c.maxImprovements) / 1000;
    rows.push([c.name, ms.toFixed(3), c.maxImprovements, perRun.toFixed(3), `${((perRun / 60) * 100).toFixed(3)} %`]);
  }
  process.stdout.write(`recorder-check on ${machine()}\n\n`);
  process.stdout.write(
    mdTable(['puzzle', 'ms per check (median of 7)', 'most improvements a run records', 'CPU s per run at most', 'of a 60 s run'], rows) + '\n',
  );
}
