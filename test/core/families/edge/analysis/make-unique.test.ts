import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { generateEdgePuzzle } from '../../../../../src/core/families/edge/design/generator';
import { fewestCells, makeUnique } from '../../../../../src/core/families/edge/analysis/make-unique';
import { solutionFromJson } from '../../../../../src/core/families/edge/model/json';
import { count, DEFAULT_MAKE_UNIQUE } from '../../../../../src/core/families/edge/analysis/cover-rounds';
import { fewestRecolourings } from '../../../../../src/core/families/edge/analysis/recolour';
import { recolourLines } from '../../../../../src/core/families/edge/analysis/text';
import { generateTetravex } from '../../../../../src/core/families/edge/files/tetravex';
import { isSolved, type EdgePuzzle } from '../../../../../src/core/families/edge';
import { bruteBoards, bruteSolutions } from './brute';

const hinted = (p: EdgePuzzle, r: ReturnType<typeof makeUnique>): EdgePuzzle => ({ ...p, fixed: [...p.fixed, ...r.hints] });

describe('make unique (issue 51, item 1)', () => {
  it('proposes hints that leave exactly one solution, by an independent count, and none fewer do', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 3 }), fc.integer({ min: 1, max: 3 }), fc.integer(), (n, inner, seed) => {
        const { puzzle: p } = generateEdgePuzzle({ rows: n, cols: n, frameColours: 1, innerColours: inner, seed });
        const before = bruteSolutions(p);
        const r = makeUnique(p, { keep: 5000 });
        if (before.layouts === 1) {
          expect(r.outcome).toBe('unique');
          return;
        }
        expect(r.outcome).toBe('proposed');
        expect(r.countExact).toBe(true);
        expect(r.solutionsBefore).toBe(before.classes);
        expect(isSolved(p, r.reference!)).toBe(true);
        // Exactly one colour layout with the hints: the independent enumeration says so.
        expect(bruteSolutions(hinted(p, r)).layouts).toBe(1);
        // Fewest: dropping any one hint lets another solution back in.
        if (r.fewest)
          for (let k = 0; k < r.hints.length; k++)
            expect(bruteSolutions({ ...p, fixed: [...p.fixed, ...r.hints.filter((_, j) => j !== k)] }).layouts).toBeGreaterThan(1);
        for (const h of r.hints) expect(r.reference!.piece[h.row * n + h.col]).toBe(h.piece);
      }),
      { numRuns: 30 },
    );
  });

  it('when it says every solution was tried, no hints of any solution do it with fewer (brute force over every solution and every cell set)', () => {
    let claimed = 0;
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 3 }), fc.integer({ min: 1, max: 3 }), fc.boolean(), fc.integer(), (n, inner, turns, seed) => {
        const made = turns
          ? generateEdgePuzzle({ rows: n, cols: n, frameColours: 1, innerColours: inner, seed }).puzzle
          : generateTetravex({ rows: n, cols: n, colours: inner + 1, seed }).puzzle;
        const r = makeUnique(made, { keep: 5000 });
        if (r.outcome !== 'proposed' || !r.fewestOfAll) return;
        claimed++;
        expect(r.fewest).toBe(true);
        const fewer = r.hints.length - 1;
        const cells = n * n;
        const subsets = (from: number, k: number): number[][] =>
          k === 0 ? [[]] : from >= cells ? [] : [...subsets(from + 1, k - 1).map((s) => [from, ...s]), ...subsets(from + 1, k)];
        for (const b of bruteBoards(made))
          for (const set of subsets(0, fewer)) {
            const fixed = set.map((c) => ({ piece: b.piece[c]!, rotation: b.rotation[c]!, row: Math.floor(c / n), col: c % n }));
            expect(bruteSolutions({ ...made, fixed: [...made.fixed, ...fixed] }).layouts).toBeGreaterThan(1);
          }
      }),
      { numRuns: 40 },
    );
    // About 40 % of the sets are claimed (23-41 of 80 in four trials): fewer than 4 of 40 is a chance of about 3 in 10^5.
    expect(claimed).toBeGreaterThanOrEqual(4);
  });

  it('keeps the solution that needs the fewest hints, not the first one found', () => {
    // Tetravex 3x3 sets where the first solution needs more hints than another: the claim is then of all.
    let better = 0;
    for (let seed = 1; seed <= 60 && better === 0; seed++) {
      const tv = generateTetravex({ rows: 3, cols: 3, colours: 2, seed }).puzzle;
      const all = makeUnique(tv);
      const first = makeUnique(tv, { references: 1 });
      if (all.outcome !== 'proposed' || first.outcome !== 'proposed') continue;
      expect(all.hints.length).toBeLessThanOrEqual(first.hints.length);
      expect(first.fewestOfAll).toBe(false);
      if (all.hints.length < first.hints.length) {
        better++;
        expect(all.fewestOfAll).toBe(true);
        expect(bruteSolutions(hinted(tv, all)).layouts).toBe(1);
      }
    }
    expect(better).toBe(1);
  });

  it('makes a 4x4 with many solutions unique, and a Tetravex set too', () => {
    const { puzzle: p } = generateEdgePuzzle({ rows: 4, cols: 4, frameColours: 1, innerColours: 2, seed: 1 });
    const r = makeUnique(p);
    expect(r.outcome).toBe('proposed');
    expect(r.solutionsBefore).toBe(10);
    expect(r.differing.length).toBeGreaterThan(0);
    expect(bruteSolutions(hinted(p, r)).layouts).toBe(1);

    const tv = generateTetravex({ rows: 3, cols: 3, colours: 2, seed: 4 }).puzzle;
    const t = makeUnique(tv);
    if (bruteSolutions(tv).layouts > 1) {
      expect(t.outcome).toBe('proposed');
      expect(bruteSolutions(hinted(tv, t)).layouts).toBe(1);
    } else expect(t.outcome).toBe('unique');
  });

  it('says a puzzle without a solution cannot be made unique', () => {
    const p: EdgePuzzle = {
      rows: 2,
      cols: 2,
      edges: Uint16Array.from([0, 1, 1, 0, 0, 0, 2, 1, 2, 2, 0, 0, 1, 0, 0, 2].map((x, i) => (i === 0 ? 3 : x))),
      fixed: [],
    };
    expect(makeUnique(p).outcome).toBe('none');
  });

  it('rounds when more solutions exist than one round keeps, and still confirms one', () => {
    const { puzzle: p } = generateEdgePuzzle({ rows: 4, cols: 4, frameColours: 1, innerColours: 2, seed: 1 });
    const r = makeUnique(p, { keep: 3 });
    expect(r.outcome).toBe('proposed');
    expect(r.fewest).toBe(false);
    expect(bruteSolutions(hinted(p, r)).layouts).toBe(1);
  });

  it('finds the smallest cover exactly', () => {
    // Boards 0..3: cell 0 kills {0,1}, cell 1 kills {2}, cell 2 kills {1,2,3}, cell 3 kills {0}.
    const set = (...bits: number[]) => Uint32Array.of(bits.reduce((a, b) => a | (1 << b), 0));
    const sets = [set(0, 1), set(2), set(1, 2, 3), set(0)];
    expect(fewestCells(sets, [0, 1, 2, 3], 4, 6)).toEqual({ cells: [2, 0], exact: true });
    expect(fewestCells(sets, [0, 1, 3], 4, 6)).toBeNull();
  });

  it('stops its exact search when asked (its sets grow as C(m, 6)), saying it stopped', () => {
    // 30 cells each killing one board of 30: no cover of 6 or fewer, C(30, 6) = 593,775 sets to try.
    const sets = Array.from({ length: 30 }, (_, i) => Uint32Array.of(1 << i));
    const cells = sets.map((_, i) => i);
    let asked = 0;
    expect(fewestCells(sets, cells, 30, 6, () => ++asked > 2)).toBe('stopped');
    expect(asked).toBe(3);
    // Unasked, it goes through them all and falls back on the greedy cover.
    expect(fewestCells(sets, cells, 30, 6)).toMatchObject({ exact: false });
  });
});

describe('make unique by recolouring joins (issue 51, item 1)', () => {
  it('gives the fewest joins a colour of their own so one solution is left, by an independent count', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 3 }), fc.integer({ min: 1, max: 3 }), fc.integer(), (n, inner, seed) => {
        const { puzzle: p } = generateEdgePuzzle({ rows: n, cols: n, frameColours: 1, innerColours: inner, seed });
        const before = bruteSolutions(p);
        const r = fewestRecolourings(p, { keep: 5000 });
        if (before.classes === 1) {
          expect(r.outcome).toBe('unique');
          return;
        }
        expect(r.outcome).toBe('proposed');
        expect(bruteSolutions(r.puzzle!).classes).toBe(1);
        // The solution kept is the recoloured puzzle's; another solution differs from it somewhere.
        expect(isSolved(r.puzzle!, solutionFromJson(r.puzzle!, r.reference!))).toBe(true);
        expect(r.differing.length).toBeGreaterThan(0);
        // Each change is one join: exactly two half-edges carry each new colour.
        for (const c of r.changes) expect(Array.from(r.puzzle!.edges).filter((e) => e === c.colour)).toHaveLength(2);
        if (r.fewest)
          for (let k = 0; k < r.changes.length; k++) {
            const edges = r.puzzle!.edges.slice();
            // Undo change k: its two half-edges back to the colour they had.
            const old = p.edges.filter((_, i) => r.puzzle!.edges[i] === r.changes[k]!.colour);
            let m = 0;
            for (let i = 0; i < edges.length; i++) if (edges[i] === r.changes[k]!.colour) edges[i] = old[m++]!;
            expect(bruteSolutions({ ...p, edges }).classes).toBeGreaterThan(1);
          }
      }),
      { numRuns: 25 },
    );
  });

  it('makes the 4x4 with 10 solutions unique, also in rounds', () => {
    const { puzzle: p } = generateEdgePuzzle({ rows: 4, cols: 4, frameColours: 1, innerColours: 2, seed: 1 });
    const r = fewestRecolourings(p);
    expect(r.outcome).toBe('proposed');
    expect(bruteSolutions(r.puzzle!).classes).toBe(1);
    const rounds = fewestRecolourings(p, { keep: 3 });
    expect(rounds.outcome).toBe('proposed');
    expect(bruteSolutions(rounds.puzzle!).classes).toBe(1);
  });

  it("hears a stop while it builds the joins' kill sets (joins x solutions x cells: seconds on a large board)", () => {
    const { puzzle: p } = generateEdgePuzzle({ rows: 4, cols: 4, frameColours: 1, innerColours: 2, seed: 1 });
    // The first count asks a few times and finishes; every later ask says stop: the first join hears it
    // (without the check, the next round's count was the first to ask).
    let counting = 0;
    count(p, DEFAULT_MAKE_UNIQUE.keep, { nodes: DEFAULT_MAKE_UNIQUE.maxNodes }, () => (counting++, false));
    let asked = 0;
    const r = fewestRecolourings(p, { shouldStop: () => ++asked > counting });
    expect(r.outcome).toBe('stopped');
    expect(asked).toBe(counting + 1);
    // Stopped before any cover was chosen (without the check, the cover and a change were made first).
    expect([r.changes, r.puzzle]).toEqual([[], null]);
  });

  it('gives the same proposal whatever numbers the colours have (the count renumbers them)', () => {
    const { puzzle: p } = generateEdgePuzzle({ rows: 4, cols: 4, frameColours: 1, innerColours: 2, seed: 1 });
    const shifted: EdgePuzzle = { ...p, edges: p.edges.map((e) => (e === 0 ? 0 : e + 10)) };
    const a = fewestRecolourings(p);
    const b = fewestRecolourings(shifted);
    expect(b.outcome).toBe('proposed');
    // One join is the fewest here (dropping it lets another solution back in: the brute-force test above).
    expect([a.changes.length, a.fewest]).toEqual([1, true]);
    expect([b.changes.length, b.fewest]).toEqual([1, true]);
    expect(b.changes.map(({ row, col, side }) => [row, col, side])).toEqual(a.changes.map(({ row, col, side }) => [row, col, side]));
    expect(bruteSolutions(b.puzzle!).classes).toBe(1);
  });

  it('says so when no recolouring can make it unique, rather than that it stopped', () => {
    // A 2x7 Tetravex whose columns each read the same upside down: every column flips, and a
    // flipped column keeps the same two piece sides meeting at each of its joins.
    const cols = 7;
    const top = Array.from({ length: cols }, (_, i) => [20 + i, 2 + i, 40 + i, 1 + i]);
    const bottom = Array.from({ length: cols }, (_, i) => [40 + i, 2 + i, 20 + i, 1 + i]);
    const p: EdgePuzzle = { rows: 2, cols, edges: Uint16Array.from([...top, ...bottom].flat()), fixed: [], rotatable: false };
    const r = fewestRecolourings(p);
    expect(r.outcome).toBe('impossible');
    expect(recolourLines(r, 2, cols)).toEqual([
      "2x7: 128 solutions; no recolouring of one solution's joins can make it unique: at each of them another solution has the same two piece sides meeting",
    ]);
  });

  it('refuses in one line when no colour is left above the highest (one more would wrap to grey)', () => {
    const { puzzle: p } = generateEdgePuzzle({ rows: 4, cols: 4, frameColours: 1, innerColours: 2, seed: 1 });
    let top = 0;
    for (const e of p.edges) top = Math.max(top, e);
    const high: EdgePuzzle = { ...p, edges: p.edges.map((e) => (e === top ? 65535 : e)) };
    expect(() => fewestRecolourings(high)).toThrow(
      /^recolour: no colour is left above 65535 for 1 new join \(colours go up to 65535\): number the puzzle's colours from 1 and try again$/,
    );
  });
});
