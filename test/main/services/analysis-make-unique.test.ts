/**
 * Issue 51: making a puzzle unique from the app, through the analyses' worker threads: the
 * proposal, confirmed here by a count of the hinted puzzle in its own analysis, and its stop and
 * CPU limit.
 */
import { describe, expect, it } from 'vitest';
import { finished, storeWith } from './thread-jobs';
import { makeDocument } from '../../../src/core/document/document';
import { generateEdgePuzzle } from '../../../src/core/families/edge/design/generator';
import { generateTetravex } from '../../../src/core/families/edge/files/tetravex';
import { Analyses } from '../../../src/main/services/analysis';

describe('make unique started from the app', () => {
  it('proposes hints from one solution that leave exactly one, and says where the solutions differ', async () => {
    const { puzzle } = generateEdgePuzzle({ rows: 4, cols: 4, frameColours: 1, innerColours: 2, seed: 1 });
    const a = new Analyses(storeWith(makeDocument('edge', 'ten', puzzle)));
    const started = a.start({ puzzleId: 1, task: 'make-unique' });
    expect(started).toMatchObject({ task: 'make-unique', running: true, unique: null, outcome: null });
    const s = await finished(a, started.id);
    expect(s.error).toBeNull();
    expect(s.outcome).toBeNull();
    const u = s.unique!;
    expect(u).toMatchObject({ outcome: 'proposed', solutionsBefore: 10, countExact: true, fewest: true, stoppedBy: null });
    expect(u.hints.length).toBeGreaterThan(0);
    expect(u.differing.length).toBeGreaterThan(0);
    expect(s.progress).toMatchObject({ phase: 'done', found: 10 });
    // The hints are pieces of the reference solution (1-based in its JSON form), where it puts them.
    const cells = u.reference!.cells;
    for (const h of u.hints) expect(cells[h.row * 4 + h.col]).toEqual([h.piece + 1, h.rotation]);

    // Confirmed independently: the analysis of the hinted puzzle counts one solution, the plain one ten.
    const hinted = new Analyses(storeWith(makeDocument('edge', 'one', { ...puzzle, fixed: u.hints })));
    const counted = await finished(hinted, hinted.start({ puzzleId: 1, probes: 50 }).id);
    expect(counted.outcome?.analysis).toMatchObject({ family: 'edge', count: { solutions: 1, end: 'exhausted' } });
  });

  it('makes a Tetravex board unique with upright tiles', async () => {
    const { puzzle } = generateTetravex({ rows: 3, cols: 3, colours: 2, seed: 2 });
    const a = new Analyses(storeWith(makeDocument('edge', 'tv', puzzle)));
    const u = (await finished(a, a.start({ puzzleId: 1, task: 'make-unique' }).id)).unique!;
    expect(u).toMatchObject({ outcome: 'proposed', countExact: true });
    expect(u.solutionsBefore).toBeGreaterThan(1);
    expect(u.hints.every((h) => h.rotation === 0)).toBe(true);
    const hinted = new Analyses(storeWith(makeDocument('edge', 'one', { ...puzzle, fixed: u.hints })));
    const counted = await finished(hinted, hinted.start({ puzzleId: 1, probes: 50 }).id);
    expect(counted.outcome?.analysis).toMatchObject({ family: 'edge', count: { solutions: 1, end: 'exhausted' } });
  });

  it('says when the puzzle is unique already, and refuses other families in one line', async () => {
    const { puzzle } = generateEdgePuzzle({ rows: 4, cols: 4, frameColours: 1, innerColours: 2, seed: 1 });
    const probe = new Analyses(storeWith(makeDocument('edge', 'ten', puzzle)));
    const hints = (await finished(probe, probe.start({ puzzleId: 1, task: 'make-unique' }).id)).unique!.hints;
    const a = new Analyses(storeWith(makeDocument('edge', 'one', { ...puzzle, fixed: hints })));
    const s = await finished(a, a.start({ puzzleId: 1, task: 'make-unique' }).id);
    expect(s.unique).toMatchObject({ outcome: 'unique', hints: [] });

    const parity = new Analyses(storeWith({ format: 'puzzle-workbench', version: 1, family: 'parity', name: 'ct', puzzle: { n: 4, m: 4 } }));
    expect(() => parity.start({ puzzleId: 1, task: 'make-unique' })).toThrow(
      /^make unique works on edge-matching puzzles \(and Tetravex\), not on parity puzzles$/,
    );
  });

  it('stops on request, promptly, though the search takes no messages, and says it was stopped', async () => {
    const { puzzle } = generateEdgePuzzle({ rows: 16, cols: 16, frameColours: 5, innerColours: 17, seed: 1 });
    const a = new Analyses(storeWith(makeDocument('edge', 'big', puzzle)));
    try {
      const { id } = a.start({ puzzleId: 1, task: 'make-unique', seconds: 60 });
      while (a.status(id).progress === null) await new Promise((r) => setTimeout(r, 20));
      expect(a.status(id)).toMatchObject({ running: true, progress: { phase: 'unique' } });
      const asked = Date.now();
      a.stop(id);
      const s = await finished(a, id);
      // Within the 2 s grace after which the thread would be ended with an error.
      expect(Date.now() - asked).toBeLessThan(2000);
      expect(s.error).toBeNull();
      expect(s.unique).toMatchObject({ outcome: 'stopped', stoppedBy: 'stopped', countExact: false });
    } finally {
      await a.dispose();
    }
  });

  it('ends at the CPU limit and says so', async () => {
    const { puzzle } = generateEdgePuzzle({ rows: 16, cols: 16, frameColours: 5, innerColours: 17, seed: 1 });
    const a = new Analyses(storeWith(makeDocument('edge', 'big', puzzle)));
    try {
      const s = await finished(a, a.start({ puzzleId: 1, task: 'make-unique', seconds: 0.5 }).id);
      expect(s.error).toBeNull();
      expect(s.unique).toMatchObject({ outcome: 'stopped', stoppedBy: 'seconds' });
      expect(s.progress!.cpuMs).toBeGreaterThanOrEqual(500);
    } finally {
      await a.dispose();
    }
  });
});
