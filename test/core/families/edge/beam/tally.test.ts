import { describe, expect, it } from 'vitest';
import { edgeSolvers } from '../../../../../src/core/families/edge';
import { BeamRun } from '../../../../../src/core/families/edge/beam/beam';
import { beamOptions } from '../../../../../src/core/families/edge/beam/solver';
import { passTable, PassTally } from '../../../../../src/core/families/edge/beam/tally';
import { Rng } from '../../../../../src/core/rng/rng';
import { generatePuzzle } from '../helpers';

const beam = edgeSolvers.find((s) => s.id === 'beam')!;
const g = generatePuzzle(7, 9, 4, 3, 5, 3);
const params = { width: 8, maxWidth: 32, suffix: 0.5, suffixRows: 2, band: 0 };

/**
 * Steps the run pass by pass, noting each pass's kind (full or not), score and whether it beat the
 * best it started from (the board a suffix pass starts from, without drift) once at its top width.
 */
function passes(run: BeamRun, count: number): { full: boolean; score: number; raised: boolean }[] {
  const out: { full: boolean; score: number; raised: boolean }[] = [];
  for (let i = 0; i < count; i++) {
    const before = run.pass;
    const best = run.bestScore;
    while (run.pass === before) run.step(1);
    const full = run.passStartLayer === 0;
    if (run.lastWidth >= 32 || !full) out.push({ full, score: run.currentScore, raised: !full && run.currentScore > best });
  }
  return out;
}

describe('beam pass tally', () => {
  it('counts every pass at the top width by kind and score, and none of the passes growing to it', () => {
    const run = new BeamRun(g.puzzle, beamOptions(params), new Rng(4));
    const seen = passes(run, 60);
    const t = run.passTally;
    // The passes at 8 and 16 boards are not counted: 60 passes, 58 at the top.
    expect(t.total(true) + t.total(false)).toBe(58);
    expect(seen).toHaveLength(58);
    for (const full of [true, false]) {
      expect(t.total(full)).toBe(seen.filter((p) => p.full === full).length);
      for (const s of new Set(seen.map((p) => p.score))) expect(t.atLeast(full, s)).toBe(seen.filter((p) => p.full === full && p.score >= s).length);
    }
    expect(t.total(false)).toBeGreaterThan(10);
    // The suffix passes above the board they started from: new boards, told apart from the rest.
    const raised = seen.filter((p) => p.raised);
    expect(raised.length).toBeGreaterThan(0);
    for (const s of new Set(seen.map((p) => p.score))) expect(t.raised(s)).toBe(raised.filter((p) => p.score === s).length);
  });

  it('rides in the checkpoint: a resumed run counts on from it, as the run never stopped', () => {
    const whole = new BeamRun(g.puzzle, beamOptions(params), new Rng(9));
    passes(whole, 50);
    const first = new BeamRun(g.puzzle, beamOptions(params), new Rng(9));
    passes(first, 20);
    const resumed = BeamRun.restore(g.puzzle, beamOptions(params), JSON.parse(JSON.stringify(first.checkpoint())));
    passes(resumed, 30);
    expect(resumed.passTally.json()).toEqual(whole.passTally.json());
    expect(Object.keys(resumed.checkpoint().tally!.full).length).toBeGreaterThan(0);
  });

  it('takes a checkpoint from before it was counted, and refuses a damaged one', () => {
    const run = new BeamRun(g.puzzle, beamOptions(params), new Rng(2));
    passes(run, 5);
    const cp = JSON.parse(JSON.stringify(run.checkpoint())) as Record<string, unknown>;
    delete cp.tally;
    const old = beam.restore(g.puzzle, params, cp) as unknown as BeamRun;
    // It counts from the resume on, and says since when: its count is not the whole run's.
    expect(old.passTally.total(true)).toBe(0);
    expect(old.passTally.since).toBe(5);
    passes(old, 3);
    expect(old.checkpoint().tally).toMatchObject({ since: 5 });
    expect(old.passTally.total(true) + old.passTally.total(false)).toBe(3);
    for (const tally of [{ full: { x: 1 }, suffix: {} }, { full: { 60: -1 }, suffix: {} }, { full: {} }])
      expect(() => beam.restore(g.puzzle, params, { ...cp, tally })).toThrow(/beam checkpoint is damaged/);
  });

  it('reads back what it writes', () => {
    const t = new PassTally();
    for (const [full, s] of [
      [true, 464],
      [true, 466],
      [false, 465],
      [true, 464],
    ] as const)
      t.add(full, s);
    expect(t.json()).toEqual({ full: { 464: 2, 466: 1 }, suffix: { 465: 1 }, raised: {} });
    expect(PassTally.from(t.json()).atLeast(true, 465)).toBe(1);
  });

  it('makes a table a person reads: the highest scores a row each, the rest in one, the threads together', () => {
    const a = PassTally.from({ full: { 458: 2, 460: 3, 461: 1, 462: 4, 463: 2, 464: 1 }, suffix: { 464: 7, 455: 1 } });
    const b = PassTally.from({ full: { 466: 1, 459: 5 }, suffix: {} });
    const t = passTable([a, b])!;
    expect(t.kinds).toEqual(['full passes', 'suffix passes']);
    expect(t.rows).toEqual([
      { label: '466', counts: [1, 0] },
      { label: '464', counts: [1, 7] },
      { label: '463', counts: [2, 0] },
      { label: '462', counts: [4, 0] },
      { label: '461', counts: [1, 0] },
      { label: '460 or less', counts: [10, 1] },
    ]);
    expect(t.totals).toEqual([19, 8]);
    // Every pass is in exactly one row.
    for (const k of [0, 1]) expect(t.rows.reduce((n, r) => n + r.counts[k]!, 0)).toBe(t.totals[k]);
    expect(t.partial).toBeNull();
    // A thread that began counting on a resume makes the table partial, and it says so.
    expect(passTable([a, PassTally.from({ full: { 460: 1 }, suffix: {}, since: 40 })])!.partial).toMatch(/since the run resumed/);
    // Few scores: no "or less" row; no pass at the top width yet: no table.
    expect(passTable([b])!.rows.map((r) => r.label)).toEqual(['466', '459']);
    expect(passTable([new PassTally()])).toBeNull();
    // Counts that tell the suffix passes above their board apart get a third column, a part of the second.
    const r1 = PassTally.from({ full: { 464: 1 }, suffix: { 465: 3, 464: 2 }, raised: { 465: 1 } });
    const r2 = PassTally.from({ full: { 465: 2 }, suffix: {}, raised: {} });
    const tr = passTable([r1, r2])!;
    expect(tr.kinds).toEqual(['full passes', 'suffix passes', 'of them above their board']);
    expect(tr.rows).toEqual([
      { label: '465', counts: [2, 3, 1] },
      { label: '464', counts: [1, 2, 0] },
    ]);
    expect([tr.totals, tr.all]).toEqual([[3, 5, 1], 8]);
    expect(tr.legend).toMatch(/; those above their board are new boards\.$/);
    // One count made before they were told apart (b's): no such column for the sum.
    expect(passTable([r1, b])!.kinds).toHaveLength(2);
  });
});
