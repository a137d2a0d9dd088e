import { describe, expect, it } from 'vitest';
import { edgeSolvers, isSolved, maxScore, piecesFormat, scoreBoard, solutionFromJson, type EdgePuzzle } from '../../../../../src/core/families/edge';
import { findSolver } from '../../../../../src/core/catalogue/catalogue';
import { type EdgeGa } from '../../../../../src/core/families/edge/ga/ga';
import { gaParams } from '../../../../../src/core/families/edge/ga/params';
import { memeticParams } from '../../../../../src/core/families/edge/ga/memetic';
import type { Params } from '../../../../../src/core/params/schema';
import { expectResumesIdentically, runSeeds, runTo, snapshot } from '../../../../helpers/solver';
import { generatePuzzle, readInstance } from '../helpers';
import { illegal, slice } from './boards';

const solver = edgeSolvers.find((s) => s.id === 'ga')!;
const memetic = edgeSolvers.find((s) => s.id === 'ga-memetic')!;

const clue1 = (): EdgePuzzle => piecesFormat.read(readInstance('e2_clue1_6x6.txt'), 'e2_clue1_6x6.txt').puzzle;

/** Every board of the population is legal and scored right. */
function expectPopulationLegal(puzzle: EdgePuzzle, run: EdgeGa): void {
  const pop = run.population;
  for (let i = 0; i < pop.size; i++) {
    const b = slice(pop.piece, pop.rot, i * pop.cells, pop.cells);
    expect(illegal(puzzle, true, b)).toBeNull();
    expect(pop.score[i]).toBe(scoreBoard(puzzle, b));
  }
}

/** Every operator on, frequent mutation: what solves small boards fastest in our measurements. */
const ALL_OPS: Params = {
  mutRotate: 1,
  mutSwap: 1,
  mutSwapRotate: 1,
  mutRotateRegion: 1,
  mutSwapRegion: 1,
  mutRegionInversion: 1,
  mutRowInversion: 1,
  mutColumnInversion: 1,
  mutScramble: 1,
  stuckGenerations: 100,
  mutationRate: 0.5,
  cxUniform: 1,
};

describe('edge GA (Niang 2010)', () => {
  it('is in the catalogue for the edge family, every parameter with help', () => {
    expect(findSolver('edge', 'ga')).toBe(solver);
    expect(solver.family).toBe('edge');
    for (const [name, spec] of Object.entries(gaParams)) expect(spec.help.length, name).toBeGreaterThan(10);
  });

  it('counts evaluations as the thesis does: the first population, then population size per generation', () => {
    const { puzzle } = generatePuzzle(5, 5, 1, 2, 3);
    const run = solver.create(puzzle, { population: 50, repairThreshold: 0 }, 1);
    expect(run.evaluations).toBe(50);
    expect(run.iteration).toBe(0);
    run.step(1);
    expect(run.iteration).toBeGreaterThanOrEqual(1);
    expect(run.evaluations).toBe(50 * (run.iteration + 1));
    expect(run.meanScore).toBeGreaterThan(0);
    expect(run.currentScore).toBeLessThanOrEqual(run.bestScore);
  });

  it('keeps every board of the population legal over many generations (fixed pieces, frame, each piece once)', () => {
    const { puzzle } = generatePuzzle(6, 5, 8, 2, 3, 2);
    for (const params of [
      {},
      ALL_OPS,
      { ...ALL_OPS, selection: 'ranking', elitism: 3, repairThreshold: 3, fitness: 'score' },
      { ...ALL_OPS, selection: 'roulette', tournamentReplacement: false },
    ]) {
      const run = solver.create(puzzle, { population: 20, ...params }, 4) as EdgeGa;
      for (let g = 0; g < 40; g++) {
        run.step(1);
        expectPopulationLegal(puzzle, run);
      }
    }
  });

  it('its best solution scores what it says and only ever improves', () => {
    const puzzle = clue1();
    const run = solver.create(puzzle, {}, 2);
    let last = run.bestScore;
    for (let k = 0; k < 30; k++) {
      run.step(2000);
      expect(run.bestScore).toBeGreaterThanOrEqual(last);
      last = run.bestScore;
      expect(scoreBoard(puzzle, solutionFromJson(puzzle, run.bestSolution()))).toBe(run.bestScore);
    }
  });

  it('returns from step right after a generation that found a new best', () => {
    const { puzzle } = generatePuzzle(6, 6, 3, 2, 4);
    const run = solver.create(puzzle, {}, 3);
    const before = run.bestScore;
    const g0 = run.iteration;
    run.step(1_000_000);
    // The first generations of a random population always improve on it.
    expect(run.bestScore).toBeGreaterThan(before);
    expect(run.iteration - g0).toBeLessThan(50);
  });

  it('solves a generated 4x4 (2 frame + 3 inner colours), fixed piece kept', () => {
    const { puzzle } = generatePuzzle(4, 4, 21, 2, 3, 1);
    const run = solver.create(puzzle, ALL_OPS, 5);
    runTo(run, 200_000, { target: maxScore(4, 4) });
    const best = solutionFromJson(puzzle, run.bestSolution());
    expect(run.bestScore).toBe(24);
    expect(isSolved(puzzle, best)).toBe(true);
  });

  // Clue 1 is not solved in a test-sized budget (50,000 evaluations, about a second): the thesis
  // GA converges early on 6x6. A strong score is asserted instead; the bench measures solving.
  it('reaches a strong score on e2_clue1_6x6 (50 of 60 within 50,000 evaluations)', () => {
    const puzzle = clue1();
    const run = solver.create(puzzle, ALL_OPS, 1);
    runTo(run, 50_000, { target: 60 });
    expect(run.bestScore).toBeGreaterThanOrEqual(50);
  });

  it('the same seed gives the same run; another seed another', () => {
    const puzzle = clue1();
    const [a, b, c] = runSeeds((seed) => solver.create(puzzle, ALL_OPS, seed), [7, 7, 8], 20_000);
    expect(snapshot(b)).toEqual(snapshot(a));
    expect(c.checkpoint()).not.toEqual(a.checkpoint());
  });

  it.each<Params>([{}, ALL_OPS, { ...ALL_OPS, selection: 'ranking', repairThreshold: 2, repairDecay: 0.5, tournamentReplacement: false }])(
    'checkpoint then restore continues identically (%o)',
    (params) => {
      const { puzzle } = generatePuzzle(6, 6, 12, 2, 4, 1);
      const full = { population: 60, ...params };
      expectResumesIdentically(solver.create(puzzle, full, 3), (cp) => solver.restore(puzzle, full, cp), [15_000, 40_000]);
    },
  );

  it('refuses a damaged checkpoint with a message', () => {
    const { puzzle } = generatePuzzle(4, 4, 2, 2, 3);
    const a = solver.create(puzzle, { population: 10 }, 1);
    const cp = JSON.parse(JSON.stringify(a.checkpoint()));
    expect(() => solver.restore(puzzle, { population: 12 }, cp)).toThrow(/population/);
    const dup = structuredClone(cp);
    dup.population[1] = dup.population[0];
    expect(() => solver.restore(puzzle, { population: 10 }, dup)).toThrow(/damaged/);
    expect(() => solver.restore(puzzle, { population: 10 }, { version: 2 })).toThrow(/damaged/);
  });

  it('stops after the given number of generations', () => {
    const { puzzle } = generatePuzzle(4, 4, 2, 2, 3);
    const run = solver.create(puzzle, { population: 10, generations: 7 }, 1);
    runTo(run, 1_000_000);
    expect(run.finished).toBe(true);
    expect(run.iteration).toBe(7);
  });

  it('runs on a set without a standard frame and on E2 with the starter piece fixed', () => {
    const { puzzle, solution } = generatePuzzle(5, 5, 1234);
    puzzle.fixed = [{ piece: solution.piece[0], row: 2, col: 2, rotation: 1 }];
    const odd = solver.create(puzzle, { population: 30, ...ALL_OPS }, 1) as EdgeGa;
    expect(odd.layout.standardFrame).toBe(false);
    runTo(odd, 5_000);
    expect(solutionFromJson(puzzle, odd.bestSolution()).piece[12]).toBe(solution.piece[0]);

    const e2 = piecesFormat.read(readInstance('eternity2_256.txt'), 'eternity2_256.txt').puzzle;
    e2.fixed = [{ piece: 138, row: 8, col: 7, rotation: 2 }];
    const run = solver.create(e2, { population: 50 }, 2);
    runTo(run, 5_000);
    const best = solutionFromJson(e2, run.bestSolution());
    expect([best.piece[8 * 16 + 7], best.rotation[8 * 16 + 7]]).toEqual([138, 2]);
    expect(illegal(e2, true, best)).toBeNull();
    expect(run.bestScore).toBeGreaterThan(60);
  });

  it('boardEvaluations counts boards bred as the thesis does; repair and search trials count in evaluations too', () => {
    const { puzzle } = generatePuzzle(5, 5, 9, 5, 5);
    const run = solver.create(puzzle, { population: 40, repairThreshold: 2, repairTrials: 500 }, 3) as EdgeGa;
    runTo(run, 30_000, { target: 40 });
    expect(run.boardEvaluations).toBe(40 * (run.iteration + 1));
    expect(run.repairs).toBeGreaterThan(0);
    expect(run.repairTrials).toBeGreaterThan(0);
    expect(run.evaluations).toBe(run.boardEvaluations + run.repairs + run.repairTrials);
    const m = memetic.create(puzzle, { searchMoves: 300 }, 3) as EdgeGa;
    m.step(1);
    expect(m.searchMoves).toBeGreaterThan(0);
    expect(m.evaluations).toBe(m.boardEvaluations + m.searchMoves);
  });

  // Table 9's boards: 5 patterns on every join of a 5x5 (frame and inner colours apart changes
  // nothing: border pieces only ever meet frame joins along the frame). The bench runs 10 of them.
  it('with the thesis settings solves a 5x5 board with 5 patterns (the deadlock-search repair finishes it)', () => {
    const { puzzle } = generatePuzzle(5, 5, 4, 5, 5);
    const run = solver.create(puzzle, {}, 4) as EdgeGa;
    runTo(run, 2_000_000, { target: 40 });
    expect(run.bestScore).toBe(40);
    expect(isSolved(puzzle, solutionFromJson(puzzle, run.bestSolution()))).toBe(true);
  });

  it('scrambles a stuck population: every board legal, top-left tiles kept, the best board kept apart', () => {
    const { puzzle } = generatePuzzle(5, 5, 6, 2, 3, 1);
    // No crossover, mutation or repair: nothing can improve, so the population is stuck at once.
    const run = solver.create(
      puzzle,
      { population: 12, crossoverRate: 0, mutationRate: 0, repairThreshold: 0, scrambleStuck: 2, scrambleKeep: 2 },
      5,
    ) as EdgeGa;
    const topLeft = new Set<number>();
    for (let i = 0; i < 12; i++) topLeft.add(run.population.piece[i * 25]);
    const best = run.bestScore;
    run.step(20 * 12);
    expect(run.scrambles).toBeGreaterThan(0);
    expectPopulationLegal(puzzle, run);
    for (let i = 0; i < run.population.size; i++) expect(topLeft.has(run.population.piece[i * 25])).toBe(true);
    expect(run.bestScore).toBeGreaterThanOrEqual(best);
    expect(scoreBoard(puzzle, solutionFromJson(puzzle, run.bestSolution()))).toBe(run.bestScore);
  });

  it('ga-memetic: in the catalogue with every parameter helped, keeps its boards legal, and solves a 6x6 with 7 patterns', () => {
    expect(findSolver('edge', 'ga-memetic')).toBe(memetic);
    for (const [name, spec] of Object.entries(memeticParams)) expect(spec.help.length, name).toBeGreaterThan(10);
    const { puzzle } = generatePuzzle(6, 6, 8, 2, 3, 2);
    for (const params of [{}, { searchKind: 'focused', searchMoves: 200 }, { searchKeep: 'last', replacement: 'generational', ...ALL_OPS }] as Params[]) {
      const run = memetic.create(puzzle, { searchMoves: 300, ...params }, 4) as EdgeGa;
      for (let g = 0; g < 10; g++) {
        run.step(1);
        expectPopulationLegal(puzzle, run);
        expect(scoreBoard(puzzle, solutionFromJson(puzzle, run.bestSolution()))).toBe(run.bestScore);
      }
    }
    const { puzzle: six } = generatePuzzle(6, 6, 2, 7, 7);
    const run = memetic.create(six, {}, 2);
    runTo(run, 5_000_000, { target: 60 });
    expect(run.bestScore).toBe(60);
  });

  it('with crowding a board is only ever replaced by a child at least as fit', () => {
    const { puzzle } = generatePuzzle(6, 6, 11, 3, 5);
    const run = solver.create(puzzle, { population: 16, replacement: 'crowding', mutationRate: 0.5, mutRotate: 1, mutSwap: 1 }, 6) as EdgeGa;
    for (let g = 0; g < 30; g++) {
      const before = Array.from(run.population.fit).sort((a, b) => a - b);
      run.step(1);
      const after = Array.from(run.population.fit).sort((a, b) => a - b);
      // Slot by slot a child never loses to its parent, so the sorted fitnesses only rise.
      for (let i = 0; i < before.length; i++) expect(after[i]).toBeGreaterThanOrEqual(before[i] - 1e-12);
    }
  });

  it.each<[string, Params]>([
    ['ga, reinsert repair and scrambling', { deadlockRepair: 'reinsert', repairThreshold: 2, scrambleStuck: 5, scrambleKeep: 1 }],
    ['ga, crowding', { replacement: 'crowding', repairThreshold: 3, repairTrials: 300 }],
    ['ga-memetic', { searchMoves: 200 }],
    ['ga-memetic, focused search', { searchMoves: 200, searchKind: 'focused', scrambleStuck: 3 }],
  ])('checkpoint then restore continues identically (%s)', (name, params) => {
    const def = name.startsWith('ga-memetic') ? memetic : solver;
    const { puzzle } = generatePuzzle(6, 6, 13, 2, 4, 1);
    const full = { population: 10, ...params };
    expectResumesIdentically(def.create(puzzle, full, 3), (cp) => def.restore(puzzle, full, cp), [8_000, 30_000]);
  });

  it('ga-memetic: the same seed gives the same run', () => {
    const puzzle = clue1();
    const [a, b, c] = runSeeds((seed) => memetic.create(puzzle, {}, seed), [7, 7, 8], 200_000);
    expect(snapshot(b)).toEqual(snapshot(a));
    expect(c.checkpoint()).not.toEqual(a.checkpoint());
  });

  it('restores a checkpoint written before the repair search (no repairTrials, scrambles, searchMoves)', () => {
    const { puzzle } = generatePuzzle(4, 4, 2, 2, 3);
    const a = solver.create(puzzle, { population: 10 }, 1);
    runTo(a, 200);
    const cp = JSON.parse(JSON.stringify(a.checkpoint()));
    delete cp.repairTrials;
    delete cp.scrambles;
    delete cp.searchMoves;
    const b = solver.restore(puzzle, { population: 10 }, cp) as EdgeGa;
    expect(b.repairTrials).toBe(0);
    expect(b.evaluations).toBe(a.evaluations);
    cp.scrambles = 'x';
    expect(() => solver.restore(puzzle, { population: 10 }, cp)).toThrow(/scrambles/);
  });
});
