import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { finished, storeWith } from './thread-jobs';
import { readPuzzleFile } from '../../../src/core/document/read-file';
import { makeDocument } from '../../../src/core/document/document';
import { generateEdgePuzzle } from '../../../src/core/families/edge/design/generator';
import { Analyses } from '../../../src/main/services/analysis';

describe('analyses started from the app', () => {
  it('runs an edge analysis in slices, answering status calls meanwhile, and keeps the outcome', async () => {
    const { puzzle, solution } = generateEdgePuzzle({ rows: 4, cols: 4, frameColours: 1, innerColours: 2, seed: 1 });
    const doc = makeDocument('edge', 'gen', puzzle, solution);
    const a = new Analyses(storeWith(doc));
    const started = a.start({ puzzleId: 1, probes: 200 });
    expect(started.running).toBe(true);
    const s = await finished(a, started.id);
    expect(s.error).toBeNull();
    expect(s.outcome?.analysis).toMatchObject({ family: 'edge', count: { solutions: 10, end: 'exhausted' } });
    // The placement is the solved board: pieces that fit only one place are counted on it.
    expect(s.outcome?.analysis.family === 'edge' && s.outcome.analysis.stats.uniqueFits).not.toBeNull();
  });

  it('stops on request and reports the count so far as a lower bound', async () => {
    const { puzzle } = generateEdgePuzzle({ rows: 16, cols: 16, frameColours: 5, innerColours: 17, seed: 1 });
    const a = new Analyses(storeWith(makeDocument('edge', 'big', puzzle)));
    const { id } = a.start({ puzzleId: 1, probes: 20, seconds: 60 });
    // Once the worker reports (its start-up takes seconds on a busy machine), the stop meets a running count.
    while (a.status(id).progress === null) await new Promise((r) => setTimeout(r, 20));
    expect(a.status(id).running).toBe(true);
    a.stop(id);
    const s = await finished(a, id);
    expect(s.outcome?.analysis.family === 'edge' && s.outcome.analysis.count.end, String(s.error)).toBe('stopped');
    // A finished one stays as it is; an id no analysis has is refused in one line, as status refuses it (issue 49).
    a.stop(id);
    expect(a.status(id)).toEqual(s);
    expect(() => a.stop(id + 1000)).toThrow(/^analysis \d+ does not exist \(finished analyses are kept \d+ minutes\)$/);
  });

  it('counts in a worker thread: the event loop stays free during an Eternity II count, and a stop ends it promptly', async () => {
    const file = 'resources/instances/eternity2_256.txt';
    const read = readPuzzleFile(file, readFileSync(file, 'utf8'));
    const a = new Analyses(storeWith(makeDocument('edge', 'e2', read.puzzle)));
    try {
      const { id } = a.start({ puzzleId: 1, probes: 20, seconds: 10 });
      while (a.status(id).progress === null) await new Promise((r) => setTimeout(r, 20));
      // A second of the count: on this thread the timer ticks and the loop is mostly idle (the
      // analysis used to run here in 20 ms slices: a utilization near 1).
      const before = performance.eventLoopUtilization();
      let ticks = 0;
      const timer = setInterval(() => ticks++, 10);
      await new Promise((r) => setTimeout(r, 1000));
      clearInterval(timer);
      const used = performance.eventLoopUtilization(before).utilization;
      expect(a.status(id).running).toBe(true);
      expect(ticks).toBeGreaterThan(20);
      expect(used).toBeLessThan(0.5);
      const asked = Date.now();
      a.stop(id);
      const s = await finished(a, id);
      // The thread answers the stop at its next slice, well within the 2 s grace before it is ended.
      expect(Date.now() - asked).toBeLessThan(2000);
      expect(s.error).toBeNull();
      expect(s.outcome?.analysis).toMatchObject({ family: 'edge', count: { end: 'stopped' } });
    } finally {
      await a.dispose();
    }
  });

  it('refuses a missing puzzle and a bad time limit in one line, and says why a maze cannot be analysed', async () => {
    const a = new Analyses(storeWith(makeDocument('jump', 'maze', { rows: 5, cols: 5 })));
    expect(() => a.start({ puzzleId: 2 })).toThrow(/puzzle 2 does not exist/);
    expect(() => a.start({ puzzleId: 1, seconds: -1 })).toThrow(/seconds must be above 0/);
    const s = await finished(a, a.start({ puzzleId: 1 }).id);
    expect(s.error).toMatch(/no cells yet/);
  });
});
