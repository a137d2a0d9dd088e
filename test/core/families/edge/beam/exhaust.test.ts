import { describe, expect, it } from 'vitest';
import { edgeSolvers, solutionFromJson, type EdgePuzzle } from '../../../../../src/core/families/edge';
import { BeamRun } from '../../../../../src/core/families/edge/beam/beam';
import { ColourExhaust } from '../../../../../src/core/families/edge/beam/exhaust';
import { ScanLayout } from '../../../../../src/core/families/edge/beam/layout';
import { beamRefuses } from '../../../../../src/core/families/edge/beam/memory';
import { beamOptions } from '../../../../../src/core/families/edge/beam/solver';
import { Rng } from '../../../../../src/core/rng/rng';
import { expectResumesIdentically } from '../../../../helpers/solver';
import { generatePuzzle } from '../helpers';

const beam = edgeSolvers.find((s) => s.id === 'beam')!;

/** Faces of `colours` on the pieces of the first `cells` cells of a board. */
function faces(p: EdgePuzzle, piece: Int16Array, colours: readonly number[], cells: number): number {
  let n = 0;
  for (let cell = 0; cell < cells; cell++) for (let s = 0; s < 4; s++) if (colours.includes(p.edges[4 * piece[cell] + s])) n++;
  return n;
}

describe('colour exhaustion (exhaust)', () => {
  it('draws a frame colour and inner ones, the same for the same random state, and weighs each piece by its faces of them', () => {
    const p = generatePuzzle(6, 6, 3, 3, 5).puzzle;
    const L = new ScanLayout(p, {});
    const x = new ColourExhaust(p, 3, L, 8);
    // Frame colours 1-3 sit on pieces with grey, inner ones (4-8) on the others.
    expect(x.frame).toEqual([1, 2, 3]);
    expect(x.inner).toEqual([4, 5, 6, 7, 8]);
    const seen = new Set<string>();
    for (let seed = 0; seed < 40; seed++) {
      x.draw(new Rng(seed));
      const drawn = [...x.drawn];
      const again = new ColourExhaust(p, 3, L, 8);
      again.draw(new Rng(seed));
      expect(again.drawn).toEqual(drawn);
      expect(x.frame).toContain(drawn[0]);
      expect(new Set(drawn.slice(1)).size).toBe(2);
      for (const c of drawn.slice(1)) expect(x.inner).toContain(c);
      seen.add(drawn.join());
      for (let q = 0; q < 36; q++) {
        let w = 0;
        for (let s = 0; s < 4; s++) if (drawn.includes(p.edges[4 * q + s])) w++;
        expect(x.weight[q]).toBe(w);
      }
    }
    // Passes go to other colours.
    expect(seen.size).toBeGreaterThan(10);
    // One colour is an inner one; more than there are, all inner ones besides the frame colour.
    const one = new ColourExhaust(p, 1, L, 8);
    one.draw(new Rng(1));
    expect(x.inner).toContain(one.drawn[0]);
    const most = new ColourExhaust(p, 64, L, 8);
    most.draw(new Rng(1));
    expect(most.drawn.length).toBe(6);
  });

  it('never draws a colour a fixed piece shows in the second half of the scan (nothing would be left to match it)', () => {
    const g = generatePuzzle(8, 8, 2, 3, 6, 6);
    const L = new ScanLayout(g.puzzle, {});
    const late = new Set<number>();
    for (const f of g.puzzle.fixed) {
      const d = L.cellOf.indexOf(f.row * 8 + f.col);
      if (d >= 32) for (let s = 0; s < 4; s++) late.add(g.puzzle.edges[4 * f.piece + s]);
    }
    expect(late.size).toBeGreaterThan(0);
    const x = new ColourExhaust(g.puzzle, 3, L, 8);
    for (const c of [...x.inner, ...x.frame]) expect(late.has(c)).toBe(false);
    expect(x.inner.length).toBeGreaterThan(0);
  });

  it('keeps, among boards with equal joins, those whose pieces show more of the drawn colours', () => {
    // One pass each; the colours of the exhaust run's pass, counted on the first half of both boards.
    const g = generatePuzzle(8, 8, 11, 3, 6);
    let withIt = 0;
    let without = 0;
    for (let seed = 1; seed <= 5; seed++) {
      const onePass = (exhaust: number): BeamRun => {
        const run = new BeamRun(g.puzzle, beamOptions({ width: 16, maxWidth: 16, suffix: 0, exhaust }), new Rng(seed));
        while (run.pass === 0) run.step(1000);
        return run;
      };
      const ex = onePass(3);
      const colours = ex.exhaustColours;
      expect(colours.length).toBe(3);
      const plain = onePass(0);
      expect(plain.exhaustColours).toEqual([]);
      for (const [run, into] of [
        [ex, (n: number) => (withIt += n)],
        [plain, (n: number) => (without += n)],
      ] as const) {
        const b = solutionFromJson(g.puzzle, run.bestSolution(), 'best');
        into(faces(g.puzzle, b.piece, colours, 32));
      }
    }
    expect(withIt).toBeGreaterThan(1.3 * without);
  });

  it('a checkpoint (taken mid-pass) resumes the very same run: a repeated pass draws its colours again', () => {
    const p = generatePuzzle(8, 8, 6, 3, 6, 1).puzzle;
    const params = { maxWidth: 128, exhaust: 3, suffix: 0.5, band: 3 };
    expectResumesIdentically(beam.create(p, params, 3), (cp) => beam.restore(p, params, cp), [5_000, 60_000, 200_000], { slice: 3_000 });
  });

  it('is refused together with balance, which takes the same place in the ranking', () => {
    const p = generatePuzzle(4, 4, 1).puzzle;
    expect(beamRefuses(p, beamOptions({ balance: true, exhaust: 2 }))).toMatch(/balance and exhaust/);
    expect(beamRefuses(p, beamOptions({ exhaust: 2 }))).toBeNull();
  });
});
