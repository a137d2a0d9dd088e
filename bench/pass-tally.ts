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

/**
 * The report's table: of the runs' full and suffix passes at the top width, how many scored each
 * target or more, pooled over the runs that counted every pass (of `of` counted runs); a run that
 * began counting only on a resume is named, not pooled.
 */
export function passTailTable(tallies: readonly PassTally[], targets: readonly number[], of: number): string {
  const whole = tallies.filter((t) => t.since === 0);
  const late = tallies.length - whole.length;
  const lateText = late > 0 ? `; ${countNoun(late, 'run')} resumed from a checkpoint written before the count began, left out` : '';
  if (whole.length === 0) return `No run counts all its passes (their checkpoints were written before the passes were counted${lateText}).`;
  const all = PassTally.sum(whole);
  const share = (n: number, total: number): string =>
    n === 0
      ? `0 of ${total.toLocaleString('en')}`
      : `${n.toLocaleString('en')} of ${total.toLocaleString('en')} (one per ${Math.round(total / n).toLocaleString('en')})`;
  const rows = targets.map((t) => [`${t} or more`, share(all.atLeast(true, t), all.total(true)), share(all.atLeast(false, t), all.total(false))]);
  return [
    `Every pass at the top width, not only the records (${whole.length} of ${of} counted runs count all their passes${lateText}; a second 466 after the first shows only here):`,
    '',
    mdTable(['score', 'full passes', 'suffix passes'], rows),
    '',
    "A full pass's score is a new whole board's; a suffix pass keeps the first rows of the board it starts from (the best, once the run has one), so at the best's score it mostly finds that board, or a variant of its last rows, again.",
  ].join('\n');
}
