/**
 * One shard of a run on several threads (see core/engine/shards.ts and thread-shards.ts): the
 * solver's run lives in this thread and plays round after round, posting each on its port, as far
 * ahead of the rounds the main thread has taken as `mayRunAhead` lets it; between rounds it answers the main
 * thread's commands (a checkpoint, quit) and counts itself done.
 */
import { workerData, type MessagePort as NodeMessagePort } from 'node:worker_threads';
import { findSolver } from '../../core/catalogue/catalogue';
import { createRun, localShards, playRound, startOf } from '../../core/engine/shards';
import type { SolverRun } from '../../core/engine/solver';
import { getFamily } from '../../core/families';
import type { FamilyId } from '../../core/families/family';
import {
  AHEAD,
  CHECKPOINT,
  CMD,
  DONE,
  ENDED,
  FAILED,
  GEN,
  HALTED,
  mayRunAhead,
  QUIT,
  shardWord,
  STOP,
  TAKEN,
  WAKE,
  type ShardThreadData,
  type ShardThreadMessage,
} from './shard-layout';

const data = workerData as ShardThreadData;
const control = new Int32Array(data.control);
const port = data.port as unknown as NodeMessagePort;
const word = (w: number): number => shardWord(data.index, w);

const post = (m: ShardThreadMessage): void => port.postMessage(m);

function fail(e: unknown): void {
  Atomics.store(control, word(FAILED), 1);
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
  post({ start: startOf(run) });
} catch (e) {
  fail(e);
}
answered();

/** The run's stop, looked at between the pieces of a round (see `stepShard`). */
const stopped = (): boolean => Atomics.load(control, STOP) !== 0;

let seen = 0;
let ended = 0;
/** When each of the last AHEAD.rounds rounds ended (performance.now()). */
const endedAt = new Float64Array(AHEAD.rounds);
const endOf = (round: number): number => endedAt[round % AHEAD.rounds];
for (;;) {
  // Read before anything it guards, so a change the main thread makes after this wakes the wait below.
  const wake = Atomics.load(control, word(WAKE));
  const gen = Atomics.load(control, GEN);
  if (gen !== seen) {
    seen = gen;
    const cmd = Atomics.load(control, CMD);
    if (cmd === QUIT) {
      answered();
      break;
    }
    if (cmd === CHECKPOINT && run && !Atomics.load(control, word(FAILED))) {
      try {
        post({ value: run.checkpoint() });
      } catch (e) {
        fail(e);
      }
    }
    answered();
    continue;
  }
  if (Atomics.load(control, STOP)) {
    // Everything this thread did is posted (its round cut short where the stop found it): say so, and play no more.
    if (!Atomics.load(control, word(HALTED))) {
      Atomics.store(control, word(HALTED), 1);
      Atomics.notify(control, word(HALTED));
    }
    Atomics.wait(control, word(WAKE), wake);
    continue;
  }
  if (!run || Atomics.load(control, word(FAILED)) || run.finished || !mayRunAhead(ended, Atomics.load(control, word(TAKEN)), performance.now(), endOf)) {
    Atomics.wait(control, word(WAKE), wake);
    continue;
  }
  try {
    post({ round: playRound(run, data.round, stopped) });
  } catch (e) {
    fail(e);
    continue;
  }
  endedAt[ended % AHEAD.rounds] = performance.now();
  ended++;
  Atomics.store(control, word(ENDED), ended);
  Atomics.notify(control, word(ENDED));
}
port.close();
