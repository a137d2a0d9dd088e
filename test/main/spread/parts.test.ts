/**
 * The pieces of a spread run that need no Redis: the elite pool (distinct boards, best first, the
 * draw), the books (an attempt's work counted once, a job once), where a pass starts (a beam
 * state the beam solver takes, from a pool board, and the run's checkpoint read back), and what
 * goes through Redis read back, other versions told apart.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findSolver } from '../../../src/core/catalogue/catalogue';
import { readPuzzleFile } from '../../../src/core/document/read-file';
import { getFamily } from '../../../src/core/families';
import { resolveParams } from '../../../src/core/params/schema';
import { Rng } from '../../../src/core/rng/rng';
import { passSpec, readSpreadState, spreadCheckpoint, spreadRefusal, type SpreadState } from '../../../src/main/spread/beam-start';
import { workTallyOf } from '../../../src/core/engine/shards';
import { passTable, PassTally, tallyIn } from '../../../src/core/families/edge/beam/tally';
import { Ledger, SILENT_MS } from '../../../src/main/spread/ledger';
import { edgeDistance, ElitePool } from '../../../src/main/spread/pool';
import { entryFields, passJobProblem, readPassEntry, SPREAD_VERSION } from '../../../src/main/spread/protocol';
import { instances } from '../../helpers/cli';

/** A 1x10 "board" whose cells are [piece, turn]; `changed` cells differ from the base. */
const board = (changed: number, offset = 0): unknown => ({ cells: Array.from({ length: 10 }, (_, i) => [i + 1, i >= offset && i < offset + changed ? 1 : 0]) });

const pool = (size = 3): ElitePool => new ElitePool({ size, minDiff: 3, distance: edgeDistance });

describe('the elite pool', () => {
  it('keeps distinct boards best first, at most K, a near board only when it scores higher', () => {
    const p = pool();
    expect(p.offer({ score: 10, board: board(0), by: 'a', n: 0 })).toBe(true);
    // Two cells away: the same board; lower or equal is dropped, higher replaces it.
    expect(p.offer({ score: 10, board: board(2), by: 'b', n: 1 })).toBe(false);
    expect(p.offer({ score: 11, board: board(2), by: 'b', n: 1 })).toBe(true);
    expect(p.entries.map((e) => [e.score, e.by])).toEqual([[11, 'b']]);
    // Far enough: beside it.
    p.offer({ score: 9, board: board(6), by: 'c', n: 2 });
    p.offer({ score: 12, board: board(10), by: 'd', n: 3 });
    expect(p.entries.map((e) => e.score)).toEqual([12, 11, 9]);
    // Full: a board below the worst stays out; one above it evicts the worst.
    expect(p.offer({ score: 8, board: board(3, 7), by: 'e', n: 4 })).toBe(false);
    expect(p.offer({ score: 10, board: board(3, 7), by: 'e', n: 4 })).toBe(true);
    expect(p.entries.map((e) => e.score)).toEqual([12, 11, 10]);
    expect(p.best?.by).toBe('d');
  });

  it('draws from empty while it is empty, then by rank (the best most often) or fresh at the given share', () => {
    const p = pool(4);
    const rng = new Rng(5);
    expect(p.draw(rng, 0)).toBeNull();
    // Boards with no cell in common.
    for (let i = 0; i < 4; i++) p.offer({ score: 20 - i, board: { cells: Array.from({ length: 10 }, (_, c) => [100 * i + c, 0]) }, by: String(i), n: i });
    expect(p.entries).toHaveLength(4);
    const counts = new Map<string, number>();
    for (let i = 0; i < 4000; i++) {
      const e = p.draw(rng, 0.2);
      const k = e?.by ?? 'fresh';
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    expect(counts.get('fresh')! / 4000).toBeCloseTo(0.2, 1);
    // Weights 4:3:2:1 among the 80 % drawn from the pool.
    expect(counts.get('0')! / 3200).toBeCloseTo(0.4, 1);
    expect(counts.get('3')! / 3200).toBeCloseTo(0.1, 1);
  });
});

describe('the books of a spread run', () => {
  it('counts each attempt at its latest figures and each job once, however many attempts end', () => {
    const l = new Ledger({ cpuMs: 1000, evaluations: 10, jobsDone: 2 });
    l.work('a1', 0, 'w1', 500, 50, 1);
    l.work('a1', 0, 'w1', 800, 80, 2);
    // w1 died under job 0; w2 ran it again.
    l.work('a2', 0, 'w2', 300, 30, 3);
    l.work('a2', 0, 'w2', 900, 90, 4);
    expect(l.end('a2', 0, 'w2', 5)).toBe(true);
    expect(l.isDone(0)).toBe(true);
    // w1 was only slow: its end adds its work, not a job.
    l.work('a1', 0, 'w1', 1000, 100, 6);
    expect(l.end('a1', 0, 'w1', 6)).toBe(false);
    expect(l.cpuMs).toBe(1000 + 1000 + 900);
    expect(l.evaluations).toBe(10 + 100 + 90);
    expect(l.jobsDone).toBe(3);
    const before = l.sample(7);
    l.compact();
    // Folded away, the same figures; anything more an ended attempt says is not counted again.
    l.work('a1', 0, 'w1', 5000, 500, 7);
    expect([l.cpuMs, l.evaluations, l.jobsDone]).toEqual([2900, 200, 3]);
    expect(l.sample(7).map((w) => [w.who, w.jobs, w.cpuMs, w.busy])).toEqual(before.map((w) => [w.who, w.jobs, w.cpuMs, w.busy]));
    expect(before.find((w) => w.who === 'w2')).toMatchObject({ jobs: 1, cpuMs: 900, evaluations: 90, rate: 100 });
  });

  it('shows a pass under way only while its worker is heard from, and names the workers gone silent with their passes', () => {
    const l = new Ledger({ cpuMs: 0, evaluations: 0, jobsDone: 0 });
    l.work('a1', 4, 'w1', 500, 50, 1000);
    l.work('b1', 5, 'w2', 500, 50, 1000);
    l.work('b2', 6, 'w2', 500, 50, 1000);
    const busy = (now: number): [string, number][] => l.sample(now).map((w) => [w.who, w.busy]);
    expect(busy(1000 + SILENT_MS - 1)).toEqual([
      ['w1', 1],
      ['w2', 2],
    ]);
    expect(l.silent(1000 + SILENT_MS - 1)).toEqual([]);
    // w1 still sends its figures; w2 died with two passes under way.
    l.work('a1', 4, 'w1', 900, 90, 1000 + SILENT_MS);
    expect(busy(1000 + SILENT_MS)).toEqual([
      ['w1', 1],
      ['w2', 0],
    ]);
    expect(l.silent(1000 + SILENT_MS)).toEqual([{ who: 'w2', passes: [5, 6] }]);
    // Its work stays counted; once w1 ends its pass, nothing of it is silent.
    expect(l.sample(1000 + SILENT_MS).find((w) => w.who === 'w2')?.cpuMs).toBe(1000);
    l.end('a1', 4, 'w1', 2000 + SILENT_MS);
    expect(l.silent(2000 + 2 * SILENT_MS).map((s) => s.who)).toEqual(['w2']);
  });
});

describe('where a pass starts', () => {
  const file = join(instances, 'e2_clue1_6x6.txt');
  const family = getFamily('edge');
  const model = readPuzzleFile(file, readFileSync(file, 'utf8')).puzzle;
  const puzzle = family.puzzleToJson(model as never);
  const def = findSolver('edge', 'beam');
  const params = resolveParams(def.params, { maxWidth: 32 });

  /** A real board of the puzzle and its score: the best of a short beam run. */
  function someBoard(): { board: unknown; score: number } {
    const run = def.create(model, params, 3);
    while (run.bestScore < 40 && !run.finished) run.step(1000);
    return { board: run.bestSolution(), score: run.bestScore };
  }

  it('refuses what cannot be spread, in one line', () => {
    expect(spreadRefusal('jump', 'sa', {})).toMatch(/^a spread run is made of beam passes: give an edge puzzle/);
    expect(spreadRefusal('edge', 'beam', { threads: 2 })).toMatch(/drop threads=2$/);
    expect(spreadRefusal('edge', 'beam', params)).toBeNull();
  });

  it('a pass from a pool board is a beam run at the top width with that board its best', () => {
    const { board, score } = someBoard();
    const run = {
      runId: 1,
      family: 'edge' as const,
      solver: 'beam',
      puzzle,
      params,
      seed: 1,
      stop: { seconds: null, evaluations: null, target: 55 },
      checkpoint: null,
      progressIntervalMs: 1000,
      checkpointIntervalMs: 30_000,
    };
    const spec = passSpec(run, 77, { score, board, by: 'w', n: 0 }, 60);
    expect(spec).toMatchObject({ seed: 77, stop: { seconds: 60, target: 55, clock: 'cpu' }, recordedBest: score });
    const restored = def.restore(model, params, spec.checkpoint!.state);
    expect(restored.bestScore).toBe(score);
    expect(restored.bestSolution()).toEqual(board);
    // It counts every pass it makes: its count is not partial.
    expect(tallyIn(restored.checkpoint())).toEqual({ full: {}, suffix: {}, raised: {} });
    // From empty: no checkpoint, every improvement reported.
    expect(passSpec(run, 78, null, 60)).toMatchObject({ checkpoint: null, recordedBest: null });
  });

  it('a pass from empty of a run that has boards starts at the top width, no best yet', () => {
    const growing = resolveParams(def.params, { width: 4, maxWidth: 32 });
    const run = {
      runId: 1,
      family: 'edge' as const,
      solver: 'beam',
      puzzle,
      params: growing,
      seed: 1,
      stop: { seconds: null, evaluations: null, target: null },
      checkpoint: null,
      progressIntervalMs: 1000,
      checkpointIntervalMs: 30_000,
    };
    const widthOf = (r: { checkpoint(): unknown }): number => (r.checkpoint() as { width: number }).width;
    expect(passSpec(run, 79, null, 60).checkpoint).toBeNull();
    const spec = passSpec(run, 79, null, 60, true);
    expect(spec.recordedBest).toBeNull();
    const grown = def.restore(model, growing, spec.checkpoint!.state);
    const lone = def.create(model, growing, 79);
    grown.step(1);
    lone.step(1);
    expect([widthOf(lone), widthOf(grown)]).toEqual([4, 32]);
    while (grown.bestScore === 0 && !grown.finished) grown.step(1000);
    expect(grown.bestScore).toBeGreaterThan(0);
  });

  it("the run's checkpoint holds the pool and its draws, and the beam solver alone goes on from its best", () => {
    const { board, score } = someBoard();
    const s: SpreadState = {
      v: 1,
      epochs: 2,
      rng: new Rng(9).getState(),
      issued: 14,
      jobsDone: 12,
      cpuMs: 123_000,
      evaluations: 456,
      wallMs: 60_000,
      pool: [{ score, board, by: 'w', n: 3 }],
    };
    const cp = spreadCheckpoint(params, s, 123_000);
    const back = JSON.parse(JSON.stringify(cp)) as typeof cp;
    expect(readSpreadState(back, 1)).toEqual({ state: s, note: null });
    // Resumed without Redis: an ordinary beam run from the pool's best.
    expect(def.restore(model, params, back.state).bestScore).toBe(score);
    // An ordinary beam checkpoint: a new spread state whose pool holds its best.
    const plain = def.create(model, params, 4);
    while (plain.bestScore < 40 && !plain.finished) plain.step(1000);
    const ordinary = { elapsedMs: 5000, evaluations: plain.evaluations, bestScore: plain.bestScore, state: plain.checkpoint() };
    const read = readSpreadState(JSON.parse(JSON.stringify(ordinary)) as typeof ordinary, 1);
    expect(read.state.pool).toEqual([{ score: plain.bestScore, board: plain.bestSolution(), by: 'checkpoint', n: -1 }]);
    expect(read.state.cpuMs).toBe(5000);
    // Its passes go on being counted; from a checkpoint that did not count them, the count says it is partial.
    expect(read.state.tally).toEqual(tallyIn(ordinary.state));
    const { tally: _, ...uncounted } = ordinary.state as Record<string, unknown>;
    expect(readSpreadState({ ...ordinary, state: uncounted }, 1).state.tally).toEqual({ full: {}, suffix: {}, raised: {}, since: 1 });
  });

  it("the run's checkpoint holds its passes summed over its jobs, read as any beam run's", () => {
    const { board, score } = someBoard();
    const tally = { full: { [score]: 2, [score - 1]: 5 }, suffix: { [score]: 9 } };
    const s: SpreadState = {
      v: 1,
      epochs: 1,
      rng: new Rng(9).getState(),
      issued: 3,
      jobsDone: 3,
      cpuMs: 9_000,
      evaluations: 9,
      wallMs: 5_000,
      pool: [{ score, board, by: 'w', n: 1 }],
      tally,
    };
    const cp = JSON.parse(JSON.stringify(spreadCheckpoint(params, s, 9_000))) as { state: unknown };
    expect(workTallyOf(def, cp.state)).toEqual(passTable([PassTally.from(tally)]));
    // Before it counted (an older checkpoint): nothing to show, rather than an empty count.
    expect(workTallyOf(def, (JSON.parse(JSON.stringify(spreadCheckpoint(params, { ...s, tally: undefined }, 9_000))) as { state: unknown }).state)).toBeNull();
  });
});

describe('what goes through Redis', () => {
  it('reads back an entry, tells one of another version apart, and refuses what it cannot read', () => {
    const event = { type: 'end' as const, reason: 'seconds', cpuMs: 2000, evaluations: 9, bestScore: 170 };
    const fields = entryFields({ v: SPREAD_VERSION, epoch: '1.ab', n: 4, attempt: 'x1', who: 'h/1', event });
    expect(readPassEntry('1-0', fields)).toEqual({ id: '1-0', v: SPREAD_VERSION, epoch: '1.ab', n: 4, attempt: 'x1', who: 'h/1', event });
    expect(readPassEntry('1-1', entryFields({ v: 7, epoch: 'e', n: 0, attempt: 'a', who: 'old/2', event }))).toEqual({ id: '1-1', who: 'old/2', version: 7 });
    const bad = [...fields];
    bad[bad.length - 1] = JSON.stringify({ type: 'end', cpuMs: 'lots' });
    expect(readPassEntry('1-2', bad)).toBeNull();
  });

  it('a worker refuses a job of another version in one line', () => {
    expect(passJobProblem({ v: SPREAD_VERSION, dbId: 'd', runId: 1, epoch: 'e', n: 0, spec: {} })).toBeNull();
    expect(passJobProblem({ v: SPREAD_VERSION + 1, dbId: 'd', runId: 1, epoch: 'e', n: 0, spec: {} })).toBe(
      `a pass job of spread protocol ${SPREAD_VERSION + 1}, and this worker speaks ${SPREAD_VERSION}: run the same workbench version on the coordinator and the workers`,
    );
    expect(passJobProblem('junk')).toBe('a pass job this worker cannot read');
  });
});
