import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  acceptorFor,
  GreedyAcceptor,
  type Acceptor,
  MetropolisAcceptor,
  RandomWalkAcceptor,
  RecordToRecordAcceptor,
  TabulatedMetropolisAcceptor,
} from '../../../../src/core/engines/acceptance/acceptor';
import { Rng } from '../../../../src/core/rng/rng';

/** How many numbers `accept` drew from a stream. */
function draws(accept: (rng: Rng) => boolean): { taken: boolean; drawn: number } {
  const rng = new Rng(5);
  const taken = accept(rng);
  const twin = new Rng(5);
  let drawn = 0;
  while (twin.getState().join() !== rng.getState().join() && drawn < 3) {
    twin.next();
    drawn++;
  }
  return { taken, drawn };
}

describe('acceptors', () => {
  it('take every move that is not worse without drawing', () => {
    const all: Acceptor[] = [
      new GreedyAcceptor(),
      new RandomWalkAcceptor(0.5),
      new MetropolisAcceptor(1),
      new MetropolisAcceptor(0, false),
      new RecordToRecordAcceptor(2),
      Object.assign(new TabulatedMetropolisAcceptor(4), { temperature: 1 }),
    ];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50 }), fc.integer({ min: -100, max: 100 }), (delta, current) => {
        for (const a of all) expect(draws((rng) => a.accept(delta, current, current + 10, rng))).toEqual({ taken: true, drawn: 0 });
      }),
    );
  });

  it('greedy refuses every worse move; a random walk of 0 too, without drawing', () => {
    expect(draws((rng) => (new GreedyAcceptor() as Acceptor).accept(-1, 5, 5, rng))).toEqual({ taken: false, drawn: 0 });
    expect(draws((rng) => new RandomWalkAcceptor(0).accept(-1, 5, 5, rng))).toEqual({ taken: false, drawn: 0 });
    expect(draws((rng) => new RandomWalkAcceptor(1).accept(-9, 5, 5, rng))).toEqual({ taken: true, drawn: 1 });
  });

  it('annealing takes a loss of d with probability exp(-d/T): one draw against it', () => {
    const a = new MetropolisAcceptor(2);
    for (let seed = 1; seed < 200; seed++) {
      const u = new Rng(seed).next();
      expect(a.accept(-3, 0, 0, new Rng(seed))).toBe(u < Math.exp(-3 / 2));
    }
    let taken = 0;
    const rng = new Rng(1);
    for (let i = 0; i < 20_000; i++) if (a.accept(-2, 0, 0, rng)) taken++;
    expect(taken / 20_000).toBeCloseTo(Math.exp(-1), 1);
  });

  it('a frozen walk (T = 0) takes no loss; frozen by default it draws nothing, otherwise it draws once', () => {
    expect(draws((rng) => new MetropolisAcceptor(0).accept(-1, 0, 0, rng))).toEqual({ taken: false, drawn: 0 });
    expect(draws((rng) => new MetropolisAcceptor(0, false).accept(-1, 0, 0, rng))).toEqual({ taken: false, drawn: 1 });
  });

  it('the tabulated rule decides as the exact one for whole losses up to its bound, and never beyond', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.double({ min: 0.05, max: 5, noNaN: true }), fc.integer({ min: 1, max: 1000 }), (loss, t, seed) => {
        const table = new TabulatedMetropolisAcceptor(6);
        table.temperature = t;
        expect(table.accept(-loss, 0, 0, new Rng(seed))).toBe(new MetropolisAcceptor(t).accept(-loss, 0, 0, new Rng(seed)));
      }),
    );
    const table = new TabulatedMetropolisAcceptor(3);
    table.temperature = 1e9;
    expect(draws((rng) => table.accept(-4, 0, 0, rng))).toEqual({ taken: false, drawn: 0 });
  });

  it('record-to-record takes any move that stays within the deviation of the best', () => {
    const a: Acceptor = new RecordToRecordAcceptor(3);
    expect(a.accept(-2, 10, 11, new Rng(1))).toBe(true); // 8 >= 11 - 3
    expect(a.accept(-3, 10, 11, new Rng(1))).toBe(false); // 7 < 8
  });

  it('Metropolis asked for a threshold before scoring decides as accept does after, for whole scores', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -60, max: 60 }),
        fc.integer({ min: -1000, max: 1000 }),
        fc.oneof(fc.constant(0), fc.double({ min: 0.01, max: 40, noNaN: true })),
        fc.boolean(),
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        (delta, current, t, frozen, seed) => {
          const a = new MetropolisAcceptor(t, frozen);
          const floor = a.threshold(current, current + 5, new Rng(seed));
          expect(current + delta >= floor).toBe(a.accept(delta, current, current + 5, new Rng(seed)));
        },
      ),
      { numRuns: 2000 },
    );
    expect(draws((rng) => new MetropolisAcceptor(0).threshold(4, 4, rng) === 4)).toEqual({ taken: true, drawn: 1 });
  });

  it('acceptorFor builds the rule a parameter names', () => {
    const o = { temperature: 0.5, deviation: 2 };
    expect(acceptorFor('greedy', o)).toBeInstanceOf(GreedyAcceptor);
    expect(acceptorFor('anneal', o)).toBeInstanceOf(MetropolisAcceptor);
    expect(acceptorFor('record', o)).toBeInstanceOf(RecordToRecordAcceptor);
  });
});
