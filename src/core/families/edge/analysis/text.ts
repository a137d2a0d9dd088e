/**
 * The edge family's analysis in words (its contract's `analysis.text`): the count and the estimate,
 * the colour statistics beside Eternity II's, and the make-unique and recolouring proposals.
 */
import { countText, durationText, powerText } from '../../../text/numbers';
import { countNoun, nounFor } from '../../../text/plural';
import type { ColourStats, EdgeAnalysis, LogEstimate } from './index';
import type { MakeUniqueResult } from './make-unique';
import type { RecolourResult } from './recolour';

/** Published figures for Eternity II shown beside our estimate (sources in docs/analysis.md). */
export const E2_PUBLISHED = [
  {
    what: 'solutions',
    figure: 'around 15 x 10^6',
    source: 'Niang 2010, section 2, citing Ansotegui et al. 2008, Toulis and an anonymous estimate',
  },
] as const;

/** An estimate with its 95% interval from the probes' spread: "1.2e+9 (95%: 9.8e+8 to 1.4e+9)". */
export function estimateText(x: LogEstimate): string {
  if (x.log10Mean === -Infinity) return '0';
  if (x.log10StdError === -Infinity) return powerText(x.log10Mean);
  const ratio = 1.96 * 10 ** (x.log10StdError - x.log10Mean);
  const low = ratio >= 1 ? '0' : powerText(x.log10Mean + Math.log10(1 - ratio));
  return `${powerText(x.log10Mean)} (95%: ${low} to ${powerText(x.log10Mean + Math.log10(1 + ratio))})`;
}

export function symmetryText(a: EdgeAnalysis): string {
  if (a.symmetry === 'quarter-turn')
    return `square board without fixed pieces: each solution is counted once, not four times (its quarter turns are the same solution)${a.pinned ? '; the search pins one corner piece to the top-left' : ''}`;
  if (a.symmetry === 'half-turn')
    return 'rectangular board without fixed pieces: each solution is counted once, not twice (its half turn is the same solution)';
  return 'every solution counts, a turned board as another (fixed pieces pin the turn, or tiles stay upright, or a single piece)';
}

/** "unique", "3 solutions", "at least 1,000 solutions (stopped at the limit)", "no solution". */
export function countHeadline(a: EdgeAnalysis): string {
  const c = a.count;
  const n = countText(c.solutions);
  if (c.end === 'exhausted') return c.solutions === 0 ? 'no solution' : c.solutions === 1 ? 'unique: exactly one solution' : `${n} solutions`;
  const why = c.end === 'solutions' ? 'stopped at the solution limit' : c.end === 'seconds' ? 'stopped at the time limit' : 'stopped';
  if (c.solutions === 0) return `no solution found yet (${why}; the search is not finished)`;
  return `at least ${countNoun(c.solutions, 'solution')} (${why})`;
}

/** Probes reaching a full board below which the solution estimate means little (its spread is not yet known). */
export const FEW_FULL_PROBES = 30;

/** An estimate as a range for a sentence: "0 to 3", "about 1.20e+9 (9.8e+8 to 1.4e+9)". */
function estimateRange(x: LogEstimate): string {
  if (x.log10Mean === -Infinity) return '0';
  if (x.log10StdError === -Infinity) return `about ${powerText(x.log10Mean)}`;
  const ratio = 1.96 * 10 ** (x.log10StdError - x.log10Mean);
  const low = ratio >= 1 ? '0' : powerText(x.log10Mean + Math.log10(1 - ratio));
  const high = powerText(x.log10Mean + Math.log10(1 + ratio));
  return ratio >= 1 ? `${low} to ${high}` : `about ${powerText(x.log10Mean)} (${low} to ${high})`;
}

/**
 * The count and the estimate in one sentence that never contradicts itself: an exact count stands
 * alone; a count stopped early is a lower bound, and the estimate beside it is weighed by how many
 * of its probes reached a full board ("at least 1,000 solutions found in 10 s; the estimate, 0 to 3, rests
 * on 2 probes of 2,000 reaching a full board and means little").
 */
export function countVerdict(a: EdgeAnalysis): string {
  const c = a.count;
  const est = a.estimate;
  const took = durationText(c.cpuMs);
  if (c.end === 'exhausted') return `${countHeadline(a)} (the exact search finished in ${took})`;
  const found =
    c.solutions === 0 ? `no solution found in ${took}; the search is not finished` : `at least ${countNoun(c.solutions, 'solution')} found in ${took}`;
  const why = c.end === 'solutions' ? ' (stopped at the solution limit)' : c.end === 'seconds' ? ' (stopped at the time limit)' : ' (stopped)';
  const probes = `${countNoun(est.reachedFull, 'probe')} of ${countText(est.probes)}`;
  let weighed: string;
  if (est.reachedFull === 0) weighed = `no estimate: none of its ${countText(est.probes)} probes reached a full board`;
  else if (est.reachedFull < FEW_FULL_PROBES)
    weighed = `the estimate, ${estimateRange(est.solutions)}, rests on ${probes} reaching a full board and means little`;
  else if (est.solutions.log10Mean < Math.log10(Math.max(1, c.solutions)))
    weighed = `the estimate, ${estimateRange(est.solutions)}, is below what was found: trust the count, the estimate undercounts here`;
  else weighed = `the estimate, ${estimateRange(est.solutions)} in all, rests on ${probes} reaching a full board`;
  return `${found}${why}; ${weighed}`;
}

export function edgeAnalysisLines(a: EdgeAnalysis, e2?: ColourStats | null): string[] {
  const c = a.count;
  const est = a.estimate;
  const lines = [
    `${a.rows}x${a.cols}: ${countVerdict(a)}`,
    `  ${symmetryText(a)}`,
    `  exact search: ${countText(c.nodes)} nodes in ${durationText(c.cpuMs)} CPU${c.boards !== c.solutions ? `; ${countText(c.boards)} solving boards counting every turn` : ''}`,
    `Knuth estimate (${countText(est.probes)} probes, ${durationText(est.cpuMs)} CPU):`,
    `  nodes to exhaust the search: ${estimateText(est.nodes)}`,
    `  solutions: ${estimateText(est.solutions)} (${countText(est.reachedFull)} of ${countText(est.probes)} probes reached a full board${est.reachedFull < FEW_FULL_PROBES ? ': too few for the solution estimate to mean much' : ''}; deepest ${est.deepest} of ${est.depth} cells)`,
  ];
  lines.push(...statsLines(a.stats, e2));
  return lines;
}

function statsLines(s: ColourStats, e2?: ColourStats | null): string[] {
  const beside = (ours: string, theirs: string | undefined): string => (theirs === undefined ? ours : `${ours}   (Eternity II: ${theirs})`);
  const col = (x: ColourStats): string => `${x.frameColours} on the frame, ${x.innerColours} inside, ${x.sharedColours} on both`;
  const fits = (x: ColourStats): string => (x.uniqueFits === null ? 'needs a solved board' : `${countText(x.uniqueFits)} of ${countText(x.pieces)}`);
  const lines = [
    'Why it is hard (colour statistics):',
    `  pieces: ${beside(`${s.corners} corners, ${s.sides} sides, ${s.inners} inner`, e2 ? `${e2.corners}, ${e2.sides}, ${e2.inners}` : undefined)}`,
    `  colours: ${beside(col(s), e2 ? col(e2) : undefined)}`,
    `  per colour (frame / inside): ${s.colours.map((c) => `${c.colour}: ${c.frame}/${c.inner}`).join(', ')}`,
    `  identical pairs of pieces: ${beside(countText(s.duplicatePairs), e2 ? countText(e2.duplicatePairs) : undefined)}; pieces alike after a turn: ${beside(countText(s.symmetricPieces), e2 ? countText(e2.symmetricPieces) : undefined)}`,
    `  inner pieces sharing a corner pattern: ${beside(`${countText(s.patternPairs)} pairs over ${countText(s.innerPatterns)} patterns, ${s.meanInnerCandidates.toFixed(2)} pieces per pattern`, e2 ? `${countText(e2.patternPairs)} over ${countText(e2.innerPatterns)}, ${e2.meanInnerCandidates.toFixed(2)}` : undefined)}`,
    `  pieces that fit only one place of the solution: ${beside(fits(s), e2 ? fits(e2) : undefined)}`,
  ];
  return lines;
}

/**
 * A make-unique proposal in words: what it found, the hints (rows and columns from 1), where the
 * solutions differ. `stoppedBy`: why a search that ended early ended ('seconds': the CPU limit), when the caller knows.
 */
export function makeUniqueLines(r: MakeUniqueResult, rows: number, cols: number, stoppedBy?: StoppedBy): string[] {
  const turned =
    r.boardsBefore > r.solutionsBefore ? ` (${countNoun(r.boardsBefore, 'board')} with the whole board's turns, which a fixed piece tells apart)` : '';
  const before = `${r.countExact ? '' : 'at least '}${countNoun(r.solutionsBefore, 'solution')}${turned}`;
  if (r.outcome === 'unique') return [`${rows}x${cols}: already unique: exactly one solution; nothing to fix`];
  if (r.outcome === 'none') return [`${rows}x${cols}: no solution, so no hint can make it unique`];
  if (r.outcome === 'impossible') return [`${rows}x${cols}: ${before}; no hint tells one solution from another that shows the same colours in every free cell`];
  const head =
    r.outcome === 'proposed'
      ? `${rows}x${cols}: ${before}; fix ${countNoun(r.hints.length, 'piece')} of one solution to leave exactly one${turned ? ' board' : ''} (${r.fewestOfAll ? "the fewest that do: every solution's pieces were tried" : r.fewest ? "the fewest of this solution's pieces that do" : 'not proven the fewest: the solutions were covered in rounds'}; confirmed by an exact count in ${countText(r.nodes)} nodes):`
      : `${rows}x${cols}: ${before}; ${stoppedText(stoppedBy)} before a proposal was confirmed (${countText(r.nodes)} nodes)${r.hints.length ? `; the hints so far:` : ''}`;
  const turn = (q: number): string => (q === 0 ? '' : `, turned ${countNoun(q, 'quarter')}`);
  const lines = [head, ...r.hints.map((h) => `  piece ${h.piece + 1} at row ${h.row + 1}, column ${h.col + 1}${turn(h.rotation)}`)];
  if (r.differing.length)
    lines.push(
      `  the solutions differ in ${countText(r.differing.length)} of ${countText(rows * cols)} cells: ${r.differing.map((i) => `(${Math.floor(i / cols) + 1},${(i % cols) + 1})`).join(' ')}`,
    );
  return lines;
}

/** Why a search ended early: 'seconds' the CPU limit, 'stopped' a person (Ctrl+C, Stop). */
export type StoppedBy = 'seconds' | 'stopped' | null;

function stoppedText(stoppedBy: StoppedBy | undefined): string {
  return stoppedBy === 'seconds' ? 'stopped at the time limit' : 'stopped';
}

/** "3 joins a colour of their own" / "1 join a colour of its own": what a recolouring gives; `which` after the joins ("of one solution"). */
export function ownColourText(joins: number, which = ''): string {
  return `${countNoun(joins, 'join')}${which ? ` ${which}` : ''} a colour of ${nounFor(joins, 'its', 'their')} own`;
}

/** A recolouring proposal in words: the joins given a colour of their own (rows and columns from 1); `stoppedBy` as for makeUniqueLines. */
export function recolourLines(r: RecolourResult, rows: number, cols: number, stoppedBy?: StoppedBy): string[] {
  const before = `${r.countExact ? '' : 'at least '}${countNoun(r.solutionsBefore, 'solution')}`;
  if (r.outcome === 'unique') return [`${rows}x${cols}: already unique: exactly one solution; nothing to change`];
  if (r.outcome === 'none') return [`${rows}x${cols}: no solution, so no colour change can make it unique`];
  if (r.outcome === 'impossible')
    return [
      `${rows}x${cols}: ${before}; no recolouring of one solution's joins can make it unique: at each of them another solution has the same two piece sides meeting`,
    ];
  const n = r.changes.length;
  const head =
    r.outcome === 'proposed'
      ? `${rows}x${cols}: ${before}; give ${ownColourText(n, 'of one solution')} to leave exactly one (${r.fewest ? "the fewest of this solution's joins that do" : 'not proven the fewest: the solutions were covered in rounds'}; confirmed by an exact count in ${countText(r.nodes)} nodes):`
      : `${rows}x${cols}: ${before}; ${stoppedText(stoppedBy)} before a proposal was confirmed (${countText(r.nodes)} nodes)`;
  return [
    head,
    ...r.changes.map(
      (c) => `  the join ${c.side === 1 ? 'right of' : 'below'} row ${c.row + 1}, column ${c.col + 1}: new colour ${c.colour} on both its sides`,
    ),
  ];
}
