/**
 * One shard of a run on several threads (see core/engine/shards.ts and thread-shards.ts): the
 * solver's run lives in this thread, waits on the shared control block for a command, answers it
 * (its figures in the shared block, a solution or checkpoint on its port) and counts itself done.
 */
import { workerData, type MessagePort as NodeMessagePort } from 'node:worker_threads';
import { findSolver } from '../../core/catalogue/catalogue';
import { createRun, localShards, stepShard } from '../../core/engine/shards';
import type { SolverRun } from '../../core/engine/solver';
import { getFamily } from '../../core/families';
import type { FamilyId } from '../../core/families/family';
import { ADVANCE, ARG, BEST, CHECKPOINT, CMD, DONE, FIGURES, GEN, QUIT, type ShardThreadData, type ShardThreadMessage } from './shard-layout';

const data = workerData as ShardThreadData;
const control = new Int32Array(data.control);
const figures = new Float64Array(data.figures);
const port = data.port as unknown as NodeMessagePort;
const at = data.index * FIGURES;

const post = (m: ShardThreadMessage): void => port.postMessage(m);

function report(run: SolverRun): void {
  figures[at] = run.evaluations;
  figures[at + 1] = run.bestScore;
  figures[at + 2] = run.currentScore;
  figures[at + 3] = run.iteration;
  figures[at + 4] = run.finished ? 1 : 0;
}

function fail(e: unknown): void {
  figures[at + 5] = 1;
  post({ error: e instanceof Error ? e.message : String(e) });
}

function answered(): void {
  Atomics.add(control, DONE, 1);
  Atomics.notify(control, DONE);
}

let run: SolverRun | null = null;
try {
  const family = getFamily(data.family as FamilyId);
  const puzzle = family.puzzleFromJson(data.puzzle, 'run puzzle');
  const def = findSolver(data.family as FamilyId, data.solver);
  // The shard's params have no `threads`: this is the solver's own one-thread run.
  run = createRun(def, puzzle, data.params, 'seed' in data.start ? { seed: data.start.seed } : { checkpoint: data.start.state }, localShards(puzzle));
  report(run);
} catch (e) {
  fail(e);
}
answered();

let gen = 0;
for (;;) {
  Atomics.wait(control, GEN, gen);
  gen = Atomics.load(control, GEN);
  const cmd = Atomics.load(control, CMD);
  const arg = Atomics.load(control, ARG);
  if (cmd === QUIT) {
    answered();
    break;
  }
  if (run && !figures[at + 5]) {
    try {
      if (cmd === ADVANCE) {
        stepShard(run, arg);
        report(run);
      } else if (cmd === BEST && arg === data.index) post({ value: run.bestSolution() });
      else if (cmd === CHECKPOINT) post({ value: run.checkpoint() });
    } catch (e) {
      fail(e);
    }
  }
  answered();
}
port.close();
