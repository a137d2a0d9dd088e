import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { timeToTargetTable } from '../../bench/edge-e2';
import { firstReach } from '../../bench/edge-e2/curves';
import { tuningSplit } from '../../bench/edge-e2/pinned';
import { instanceFile, latestRescored, reachTimes, type Record_ } from '../../bench/edge-e2/runs';
import { puzzleOfFile } from '../../bench/records';

const rec = (solver: string, seed: number, best: number, reach?: Record<string, number>): Record_ => ({
  instance: 'e2',
  solver,
  seed,
  seconds: 60,
  best,
  bestMs: 0,
  evaluations: 0,
  date: '2026-11-27',
  ...(reach ? { reach } : {}),
});

describe('reachTimes', () => {
  it('gives each score from the floor the time of the first improvement at or above it', () => {
    const reach = reachTimes(
      [
        { t: 5, score: 300 },
        { t: 900, score: 452 },
        { t: 1500, score: 455 },
        { t: 4000, score: 456 },
      ],
      450,
    );
    expect(reach).toEqual({ 450: 900, 451: 900, 452: 900, 453: 1500, 454: 1500, 455: 1500, 456: 4000 });
  });

  it('is empty for a run that never reached the floor', () => {
    expect(reachTimes([{ t: 5, score: 170 }], 450)).toEqual({});
  });

  it('agrees with a search for the first improvement at or above each score', () => {
    // Rising scores from 440 at rising times, as a run's improvements come.
    const improvements = fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 20 }).map((steps) => {
      let score = 440;
      return steps.map((d, i) => ({ t: 100 * (i + 1), score: (score += d) }));
    });
    fc.assert(
      fc.property(improvements, (imps) => {
        const reach = reachTimes(imps, 450);
        const best = imps.at(-1)?.score ?? 0;
        for (let s = 450; s <= best; s++) expect(reach[s]).toBe(imps.find((e) => e.score >= s)!.t);
        expect(Object.keys(reach).length).toBe(Math.max(0, best - 449));
      }),
    );
  });
});

describe('firstReach', () => {
  it("gives the CPU seconds of a curve's first point at or above a score, '-' when it never got there", () => {
    const curve: [number, number][] = [
      [0.79, 458],
      [23.04, 463],
      [4201.75, 465],
    ];
    expect(firstReach(curve, 458)).toBe('0.8 s');
    expect(firstReach(curve, 460)).toBe('23.0 s');
    expect(firstReach(curve, 465)).toBe('4201.8 s');
    expect(firstReach(curve, 466)).toBe('-');
  });
});

describe('timeToTargetTable', () => {
  it('has one row per solver with runs that carry reach, the median and each seed in CPU seconds', () => {
    const runs = [
      rec('lns', 1, 458, { 458: 30_000 }),
      rec('beam', 2, 460, { 458: 12_000, 459: 20_000, 460: 41_400 }),
      rec('beam', 1, 459, { 458: 9_000, 459: 50_000 }),
      rec('beam', 3, 458, { 458: 15_500 }),
      rec('tabu', 1, 423),
    ];
    const lines = timeToTargetTable(runs, [458, 459, 460]).split('\n');
    expect(lines[0]).toBe('| solver | seeds | 458: median (per seed), CPU s | 459: median (per seed), CPU s | 460: median (per seed), CPU s |');
    expect(lines).toHaveLength(4);
    expect(lines[2]).toBe('| `beam` | 1, 2, 3 | **12.0** (9.0, 12.0, 15.5) | **50.0** (50.0, 20.0, -) | **-** (-, 41.4, -) |');
    expect(lines[3]).toBe('| `lns` | 1 | **30.0** (30.0) | **-** (-) | **-** (-) |');
  });
});

describe('the report re-scores logged boards', () => {
  // The overnight run's best board (466 on Eternity II with the starter piece), from its run file.
  const runFile = fileURLToPath(new URL('../../bench/results/edge-e2-overnight.run.json', import.meta.url));
  const events = (JSON.parse(readFileSync(runFile, 'utf8')) as { events: { kind: string; score?: number; solution?: unknown }[] }).events;
  const best = events.filter((e) => e.kind === 'improvement').at(-1)!;

  it("keeps a record whose board gives its score on the instance's puzzle", () => {
    const { runs, rescored } = latestRescored([{ ...rec('beam:overnight', 1, 466), board: best.solution }]);
    expect(best.score).toBe(466);
    expect(rescored.checked).toHaveLength(1);
    expect(runs).toHaveLength(1);
  });

  it('refuses a record whose logged score its board does not give, and leaves it out of the figures', () => {
    const forged = { ...rec('beam:overnight', 1, 467), board: best.solution };
    const { runs, rescored } = latestRescored([rec('beam', 2, 457), forged]);
    expect(rescored.refused).toEqual([{ record: forged, why: 'it reported score 467, but its board scores 466' }]);
    expect(runs.map((r) => r.solver)).toEqual(['beam']);
    expect(rescored.unchecked).toHaveLength(1);
  });

  it('re-scores only the latest record of a run, the one the report shows', () => {
    const { rescored } = latestRescored([{ ...rec('beam', 1, 467), board: best.solution }, rec('beam', 1, 457)]);
    expect(rescored.refused).toHaveLength(0);
    expect(rescored.unchecked.map((r) => r.best)).toEqual([457]);
  });
});

describe('e2-8pin variants', () => {
  it('reads variants 00-09 as the official pieces with 8 pinned, three corners differing', () => {
    const corners = new Set<string>();
    for (let v = 0; v <= 9; v++) {
      const { family, puzzle } = puzzleOfFile(instanceFile(`v${String(v).padStart(2, '0')}`));
      const p = puzzle as { pieces: unknown[]; fixed: { piece: number; row: number; col: number }[] };
      expect(family).toBe('edge');
      expect(p.pieces).toHaveLength(256);
      expect(p.fixed).toHaveLength(8);
      corners.add(JSON.stringify(p.fixed.filter((f) => f.piece <= 4)));
    }
    expect(corners.size).toBe(10);
  });

  it('keeps the variants the settings were tuned on (00, 01) apart from those they never saw', () => {
    const runs = ['v00', 'v01', 'v02', 'v05', 'v09'].map((instance) => ({ instance }));
    const { tuned, unseen } = tuningSplit(runs);
    expect(tuned.map((r) => r.instance)).toEqual(['v00', 'v01']);
    expect(unseen.map((r) => r.instance)).toEqual(['v02', 'v05', 'v09']);
  });
});
