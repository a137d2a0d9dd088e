/**
 * Issue 51: making a puzzle unique by colours from the app, through the analyses' worker threads:
 * the proposal (the recoloured puzzle's edges, the solution kept, where the solutions differ),
 * confirmed here by a count of the recoloured puzzle in its own analysis, and its stop.
 */
import { describe, expect, it } from 'vitest';
import { finished, storeWith } from './thread-jobs';
import { makeDocument } from '../../../src/core/document/document';
import { generateEdgePuzzle } from '../../../src/core/families/edge/design/generator';
import { solutionFromJson } from '../../../src/core/families/edge/model/json';
import { isSolved, type EdgePuzzle } from '../../../src/core/families/edge';
import { Analyses } from '../../../src/main/services/analysis';
import { parseCall } from '../../../src/main/api/contract';

describe('make unique by colours started from the app', () => {
  it('proposes joins to recolour that leave exactly one solution, the kept one', async () => {
    const { puzzle } = generateEdgePuzzle({ rows: 4, cols: 4, frameColours: 1, innerColours: 2, seed: 1 });
    const a = new Analyses(storeWith(makeDocument('edge', 'ten', puzzle)));
    const started = a.start({ puzzleId: 1, task: 'recolour' });
    expect(started).toMatchObject({ task: 'recolour', running: true, recolour: null, unique: null });
    const s = await finished(a, started.id);
    expect(s.error).toBeNull();
    expect(s.unique).toBeNull();
    const r = s.recolour!;
    expect(r).toMatchObject({ outcome: 'proposed', solutionsBefore: 10, countExact: true, fewest: true, stoppedBy: null });
    expect(r.changes.length).toBeGreaterThan(0);
    expect(r.differing.length).toBeGreaterThan(0);
    expect(s.progress).toMatchObject({ phase: 'done', found: 10 });

    const recoloured: EdgePuzzle = { ...puzzle, edges: Uint16Array.from(r.edges!) };
    // Only the changed joins' half-edges differ: two a change, each the change's new colour.
    const changedSides = recoloured.edges.reduce((n, e, i) => n + (e !== puzzle.edges[i] ? 1 : 0), 0);
    expect(changedSides).toBe(2 * r.changes.length);
    // The kept solution solves the recoloured puzzle and shows each new colour on both sides of its join.
    const kept = solutionFromJson(recoloured, r.reference!);
    expect(isSolved(recoloured, kept)).toBe(true);
    for (const c of r.changes) {
      const cell = c.row * 4 + c.col;
      const side = (c.side - kept.rotation[cell]! + 4) & 3;
      expect(recoloured.edges[4 * kept.piece[cell]! + side]).toBe(c.colour);
    }

    // Confirmed independently: the analysis of the recoloured puzzle counts one solution.
    const one = new Analyses(storeWith(makeDocument('edge', 'one', recoloured)));
    const counted = await finished(one, one.start({ puzzleId: 1, probes: 50 }).id);
    expect(counted.outcome?.analysis).toMatchObject({ family: 'edge', count: { solutions: 1, end: 'exhausted' } });
  });

  it('says when there is nothing to change, and refuses other families in one line', async () => {
    const { puzzle } = generateEdgePuzzle({ rows: 4, cols: 4, frameColours: 1, innerColours: 2, seed: 1 });
    const probe = new Analyses(storeWith(makeDocument('edge', 'ten', puzzle)));
    const edges = (await finished(probe, probe.start({ puzzleId: 1, task: 'recolour' }).id)).recolour!.edges!;
    const a = new Analyses(storeWith(makeDocument('edge', 'one', { ...puzzle, edges: Uint16Array.from(edges) })));
    const s = await finished(a, a.start({ puzzleId: 1, task: 'recolour' }).id);
    expect(s.recolour).toMatchObject({ outcome: 'unique', changes: [], edges: null });

    const parity = new Analyses(storeWith({ format: 'puzzle-workbench', version: 1, family: 'parity', name: 'ct', puzzle: { n: 4, m: 4 } }));
    expect(() => parity.start({ puzzleId: 1, task: 'recolour' })).toThrow(
      /^make unique works on edge-matching puzzles \(and Tetravex\), not on parity puzzles$/,
    );
    expect(parseCall('startAnalysis', { puzzleId: 1, task: 'recolour' }).args).toMatchObject({ task: 'recolour' });
  });

  it('stops on request, promptly, and says it was stopped', async () => {
    const { puzzle } = generateEdgePuzzle({ rows: 16, cols: 16, frameColours: 5, innerColours: 17, seed: 1 });
    const a = new Analyses(storeWith(makeDocument('edge', 'big', puzzle)));
    try {
      const { id } = a.start({ puzzleId: 1, task: 'recolour', seconds: 60 });
      while (a.status(id).progress === null) await new Promise((r) => setTimeout(r, 20));
      const asked = Date.now();
      a.stop(id);
      const s = await finished(a, id);
      expect(Date.now() - asked).toBeLessThan(2000);
      expect(s.error).toBeNull();
      expect(s.recolour).toMatchObject({ outcome: 'stopped', stoppedBy: 'stopped', countExact: false, edges: null });
    } finally {
      await a.dispose();
    }
  });
});
