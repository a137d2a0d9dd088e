import { describe, expect, it } from 'vitest';
import { catalogue, findSolver } from '../../../src/core/catalogue/catalogue';
import { resolveParams } from '../../../src/core/params/schema';
import { allPresets, findPreset, presetsFor } from '../../../src/core/presets/presets';
import { BeamRun } from '../../../src/core/families/edge/beam/beam';
import { ScanLayout } from '../../../src/core/families/edge/beam/layout';
import { beamWidths } from '../../../src/core/families/edge/beam/options';
import { beamOptions } from '../../../src/core/families/edge/beam/solver';
import { generateEdgePuzzle } from '../../../src/core/families/edge/design/generator';
import { Rng } from '../../../src/core/rng/rng';

/** An Eternity II-like set (5 frame and 17 inner colours) of the given size. */
const e2Like = (size: number) => generateEdgePuzzle({ rows: size, cols: size, frameColours: 5, innerColours: 17, seed: 1 }).puzzle;
const overnightParams = () => findPreset('edge', 'beam', 'overnight').params;

describe('solver presets', () => {
  it('name existing solvers and only valid parameter values', () => {
    for (const p of allPresets()) {
      const def = findSolver(p.family, p.solver);
      expect(() => resolveParams(def.params, p.params), `${p.family}/${p.solver}/${p.id}`).not.toThrow();
      if (p.stop?.seconds !== undefined) expect(p.stop.seconds).toBeGreaterThan(0);
      if (p.stop?.evaluations !== undefined) expect(Number.isInteger(p.stop.evaluations)).toBe(true);
      expect(p.label.length).toBeGreaterThan(3);
      expect(p.source).toBeTruthy();
    }
  });

  it('have unique ids per solver', () => {
    for (const def of catalogue) {
      const ids = presetsFor(def.family, def.id).map((p) => p.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it("carry the papers' settings", () => {
    expect(presetsFor('edge', 'ga').map((p) => p.id)).toContain('niang-200');
    expect(presetsFor('edge', 'ms-gvns').find((p) => p.id === 'msgvns-16')).toMatchObject({ params: { iterMax: 200, levelMax: 0 }, stop: { seconds: 3600 } });
    expect(presetsFor('parity', 'ga').filter((p) => p.source === 'Almuhaideb et al. 2022')).toHaveLength(5);
    expect(presetsFor('parity', 'sa')[0]).toMatchObject({ params: { alpha: 0.95, y: 0.25, tFinal: 0.001 } });
    expect(presetsFor('jump', 'hill-climb').find((p) => p.id === 'cs440-random-walk')?.params.randomWalk).toBe(0.0025);
    expect(presetsFor('edge', 'nothing')).toEqual([]);
  });
});

describe('the Eternity II presets', () => {
  it('fill the last 4 rows column by column, whatever the board size', () => {
    // A band of 4 rows scored higher passes than the default third of the rows on every width and
    // board measured (bench/results/edge-e2-beam-profile.md, session 26).
    for (const id of ['e2-minute', 'overnight'])
      for (const size of [10, 16]) {
        const L = new ScanLayout(e2Like(size), beamOptions(findPreset('edge', 'beam', id).params));
        const n = size * size;
        const band = Array.from(L.cellOf.slice(n - 4 * size));
        expect(band.slice(0, 5), `${id} on ${size}x${size}`).toEqual([0, 1, 2, 3, 4].map((k) => (size - 4 + (k % 4)) * size + (k >> 2)));
        expect(L.cellOf[n - 4 * size - 1]).toBe((size - 4) * size - 1);
      }
  });
});

describe('overnight', () => {
  it('stays at 262,144 boards a thread: buffers for that width, not for what its memory bound holds', () => {
    const options = beamOptions(overnightParams());
    // Past 262,144 boards the passes reach high scores less often per CPU second (beam-passes --cpu).
    const widths = beamWidths(e2Like(16), options);
    expect(widths).toMatchObject({ maxWidth: 262_144, ceiling: 262_144 });
    expect(widths.bytes / 2 ** 20).toBeLessThan(120);
    // Half the width above the last 6 rows: the same passes for 28 % less CPU at 262,144 (session 26).
    expect(options).toMatchObject({ early: 0.5, lateRows: 6 });
  });

  it('keeps its suffix passes in the last 4 rows however long the best stands', () => {
    // The preset as it is, at a width a test affords: on Eternity II's plateau, passes starting
    // higher up scored below fresh passes (session 24), and run on from a best of 463, those
    // starting in rows 10-11 never reached 464 where the last 4 rows did (session 27;
    // bench/results/edge-e2-beam-profile.md).
    const run = new BeamRun(e2Like(16), beamOptions({ ...overnightParams(), width: 4, maxWidth: 4, memory: 0 }), new Rng(3));
    const starts: number[] = [];
    while (starts.length < 400 && run.checkpoint().stall < 40) {
      const before = run.pass;
      while (run.pass === before) run.step(1);
      starts.push(run.passStartLayer);
    }
    expect(run.checkpoint().stall).toBeGreaterThanOrEqual(40);
    const suffix = starts.filter((d) => d > 0);
    expect(suffix.length).toBeGreaterThan(10);
    for (const d of suffix) expect(d).toBeGreaterThanOrEqual(256 - 4 * 16);
  });
});

describe('recommended solvers', () => {
  it('name a solver of the family, and a preset of it when they name one', async () => {
    const { families } = await import('../../../src/core/families');
    const puzzles = {
      edge: [generateEdgePuzzle({ rows: 5, cols: 5, frameColours: 2, innerColours: 3, seed: 1 }).puzzle, e2Like(16)],
      jump: [families.jump.puzzleFromJson({ rows: 9, cols: 9 })],
      parity: [families.parity.puzzleFromJson({ n: 6, m: 4 })],
    };
    for (const [id, list] of Object.entries(puzzles)) {
      for (const p of list) {
        const choice = families[id as keyof typeof families].recommend(p);
        const def = findSolver(id as 'edge', choice.solver);
        if (choice.preset) expect(presetsFor(def.family, def.id).map((x) => x.id)).toContain(choice.preset);
      }
    }
    // Exact search on small edge boards, beam search at Eternity II size.
    expect(puzzles.edge.map((p) => families.edge.recommend(p).solver)).toEqual(['backtrack', 'beam']);
  });
});

describe('findPreset', () => {
  it('finds a solver preset by id, or names the presets there are in its error', () => {
    expect(findPreset('edge', 'beam', 'e2-minute').params).toMatchObject({ maxWidth: 8192 });
    expect(() => findPreset('edge', 'beam', 'nope')).toThrow('no preset "nope" for beam (presets: e2-minute, overnight)');
    expect(() => findPreset('edge', 'sa', 'nope')).toThrow('no preset "nope" for sa (presets: none)');
  });
});
