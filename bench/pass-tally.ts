// Every pass a long beam run made at its top width, read from its checkpoint (the run's events keep
// only its records): the tail of the full passes' scores that the records come from.
import { threadStates } from '../src/core/engine/shards';
import { PassTally, tallyIn } from '../src/core/families/edge/beam/tally';
import { countNoun } from '../src/core/text/plural';
import { mdTable } from './util';

/**
 * The passes counted in a beam checkpoint's state, a run on threads summed over its threads; null
 * when it counts none (a checkpoint written before the passes were counted, or another solver's).
 */
export function passTallyOf(state: unknown): PassTally | null {
  const read: PassTally[] = [];
  for (const part of threadStates(state)) {
    const one = tallyIn(part);
    if (!one) return null;
    read.push(PassTally.from(one));
  }
  return PassTally.sum(read);
}

/** One run's count for the report's table, with the CPU seconds (all threads) its count covers. */
export interface CountedPasses {
  passes: PassTally;
  cpu: number;
}

/**
 * The report's table: of the runs' full and suffix passes at the top width, how many scored each
 * target or more, pooled over the runs that counted every pass (of `of` counted runs); a run that
 * began counting only on a resume is named, not pooled. Where every pooled count tells the suffix
 * passes above their board apart, a last column gives the new boards at each target, per CPU
 * second: the boards whose ends a run searches again, where its 466s came from.
 */
export function passTailTable(runs: readonly CountedPasses[], targets: readonly number[], of: number): string {
  const whole = runs.filter((r) => r.passes.since === 0);
  const late = runs.length - whole.length;
  const lateText = late > 0 ? `; ${countNoun(late, 'run')} resumed from a checkpoint written before the count began, left out` : '';
  if (whole.length === 0) return `No run counts all its passes (their checkpoints were written before the passes were counted${lateText}).`;
  const all = PassTally.sum(whole.map((r) => r.passes));
  const cpu = whole.reduce((sum, r) => sum + r.cpu, 0);
  const share = (n: number, total: number): string =>
    n === 0
      ? `0 of ${total.toLocaleString('en')}`
      : `${n.toLocaleString('en')} of ${total.toLocaleString('en')} (one per ${Math.round(total / n).toLocaleString('en')})`;
  const fresh = all.countsRaised;
  const newBoards = (t: number): string => {
    const n = all.newAtLeast(t)!;
    return n === 0
      ? `0 in ${Math.round(cpu).toLocaleString('en')} CPU s`
      : `${n.toLocaleString('en')} (one per ${Math.round(cpu / n).toLocaleString('en')} CPU s)`;
  };
  const rows = targets.map((t) => [
    `${t} or more`,
    share(all.atLeast(true, t), all.total(true)),
    share(all.atLeast(false, t), all.total(false)),
    ...(fresh ? [newBoards(t)] : []),
  ]);
  return [
    `Every pass at the top width, not only the records (${whole.length} of ${of} counted runs count all their passes${lateText}; a second 466 after the first shows only here):`,
    '',
    mdTable(['score', 'full passes', 'suffix passes', ...(fresh ? ['new boards (full passes, suffix passes above their board)'] : [])], rows),
    '',
    "A full pass's score is a new whole board's; a suffix pass keeps the first rows of the board it starts from (the best, once the run has one), so at the best's score it mostly finds that board, or a variant of its last rows, again." +
      (fresh ? ' A suffix pass above the board it started from made a new board.' : ''),
  ].join('\n');
}
