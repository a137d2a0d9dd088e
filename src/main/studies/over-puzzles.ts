/**
 * The settings of a study compared over its puzzles, as the field does (Demšar 2006; García and
 * Herrera 2008): one figure per setting and row (the median best score of its runs there, or
 * the mean when the study file says so), then Wilcoxon's signed-rank test over the rows for two
 * settings, Friedman's test with Nemenyi's critical difference, Holm's post-hoc pairs and
 * Demšar's diagram for more. The tests are core's (core/stats/over-puzzles.ts).
 */
import { cdDiagramSvg } from '../../core/stats/cd-diagram';
import { cdCliques, friedman, friedmanPosthoc, nemenyiCd, wilcoxonSignedRank } from '../../core/stats/over-puzzles';
import { friedmanCountedP } from '../../core/stats/friedman-count';
import { signedRank } from '../../core/stats/rank-tests';
import { displayText } from '../../core/text/display';
import { overPuzzlesVerdictText } from '../../core/text/stats-text';
import type { OverPuzzles } from '../api/studies';
import { studyRows } from './results';
import type { StudySpec } from './spec';
import { mean, median } from '../../core/stats/summary';

export type { OverPuzzles };

/**
 * `scores`: the best scores of each cell's done runs, row by row and setting by setting (the
 * order of the results' cells). Null below two settings or two rows where every setting has one.
 */
export function overPuzzles(spec: StudySpec, scores: readonly (readonly number[])[], alpha: number): OverPuzzles | null {
  const k = spec.configs.length;
  if (k < 2) return null;
  const aggregate = spec.aggregate ?? 'median';
  const figure = aggregate === 'mean' ? mean : median;
  const rowCount = studyRows(spec).length;
  const rows: number[] = [];
  const table: number[][] = [];
  for (let ri = 0; ri < rowCount; ri++) {
    const figs = Array.from({ length: k }, (_, ci) => figure(scores[ri * k + ci] ?? []));
    if (figs.some((f) => f === null)) continue;
    rows.push(ri);
    table.push(figs as number[]);
  }
  const n = rows.length;
  if (n < 2) return null;

  const ahead = new Array<number>(k).fill(0);
  let tied = 0;
  for (const row of table) {
    const best = Math.max(...row);
    const at = row.flatMap((x, i) => (x === best ? [i] : []));
    if (at.length === k) tied++;
    else if (at.length === 1) ahead[at[0]!]!++;
  }
  const f = friedman(table);
  // Under 50 puzzles the chi-square tail is off either way (3 settings over 4 puzzles: 0.050 where the count gives 0.069).
  const counted = friedmanCountedP(table);
  const averageRanks = f?.averageRanks ?? new Array<number>(k).fill((k + 1) / 2);
  const labels = spec.configs.map((c) => displayText(c.label, 40));
  const base = { aggregate, rows, rowsInStudy: rowCount, table, averageRanks, ahead, tied, alpha };

  if (k === 2) {
    const x = table.map((r) => r[0]!);
    const y = table.map((r) => r[1]!);
    const w = wilcoxonSignedRank(x, y);
    // Which way, from the same signed ranks the test uses: W+ (the project's signed-rank V) against W-.
    const v = signedRank(x, y);
    const nonzero = x.filter((xi, i) => xi !== y[i]).length;
    const wPlus = v?.statistic ?? 0;
    const wMinus = (nonzero * (nonzero + 1)) / 2 - wPlus;
    const leader = wPlus > wMinus ? 0 : wMinus > wPlus ? 1 : null;
    // The exact sign-flip p whenever it can be counted (up to 100 nonzero differences, ties and
    // zeros included): scipy takes the normal tail from 14 puzzles with ties, which with median
    // scores tying often can call a difference the exact count does not support.
    const exact = w && v?.exact ? v.p : null;
    const out = {
      ...base,
      test: 'wilcoxon' as const,
      statistic: w?.statistic ?? null,
      p: exact ?? w?.p ?? null,
      method: w ? (exact !== null ? ('exact' as const) : w.method) : null,
      df: null,
      leader,
      cd: null,
      posthoc: [],
      posthocMethod: null,
      cliques: [],
      diagram: null,
    };
    return { ...out, verdict: overPuzzlesVerdictText(out, labels) };
  }

  const cd = nemenyiCd(k, n, alpha);
  const cliques = cdCliques(averageRanks, cd);
  const best = Math.min(...averageRanks);
  const leaders = averageRanks.flatMap((r, i) => (r === best ? [i] : []));
  const out = {
    ...base,
    test: 'friedman' as const,
    statistic: f?.statistic ?? null,
    p: counted?.p ?? (f && Number.isFinite(f.p) ? f.p : null),
    method: counted?.method ?? ('chi-square' as const),
    df: f?.df ?? k - 1,
    leader: leaders.length === 1 ? leaders[0]! : null,
    cd,
    posthoc: friedmanPosthoc(averageRanks, n, counted?.pairs),
    // The pairs' p counted as the Friedman p is, or the normal tail of z from 50 puzzles.
    posthocMethod: counted?.method ?? ('approx' as const),
    cliques,
    diagram: cdDiagramSvg({
      labels,
      averageRanks,
      cd,
      cliques,
      title: `${spec.configs.length} settings over ${n} puzzles (${aggregate} best score), Nemenyi CD ${cd.toFixed(2)} at α = ${alpha}`,
    }),
  };
  return { ...out, verdict: overPuzzlesVerdictText(out, labels) };
}
