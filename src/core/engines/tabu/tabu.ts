import type { LocalSearchProblem } from '../../engine/local-search';
import type { ParamSchema, Params } from '../../params/schema';
import { pickParams, resolveParams } from '../../params/schema';
import * as v from 'valibot';
import { count, damaged, int, rngState } from '../../engine/checkpoint';
import { Rng, type RngState } from '../../rng/rng';
import { LocalSearchRun, localSearchEntries, readCheckpoint } from '../local-search-run';

export const tabuParams = {
  candidates: {
    type: 'int',
    default: 40,
    min: 1,
    help: 'Random moves sampled per iteration; the best one that is not tabu is applied, even when it makes the score worse.',
  },
  tenure: {
    type: 'int',
    default: 20,
    min: 0,
    help: 'Iterations during which a move undoing an applied move is tabu (unless it would reach a new best: aspiration).',
  },
  restartAfter: {
    type: 'int',
    default: 0,
    min: 0,
    help: 'Restart from a random solution after this many iterations without a new best (0 = never restart).',
  },
} as const satisfies ParamSchema;

/** Tabu-list slots: a direct-mapped table, so looking a move up allocates nothing. */
const TABLE_BITS = 16;
const TABLE_SIZE = 1 << TABLE_BITS;

const tabuOwn = {
  sinceBest: count,
  restarts: count,
  /** Live tabu entries: [attribute, tabu until iteration]. */
  tabu: v.array(v.tuple([count, v.number()])),
  /**
   * A candidate scan cut by the end of a step: candidates proposed so far, the best delta and
   * attribute among them (JSON writes a best of -Infinity as null), and the random state just
   * before the kept move was proposed (proposing again from it on the same solution gives the same move back).
   */
  scan: v.optional(v.object({ done: int, best: v.nullable(v.number()), attr: int, kept: v.nullable(rngState) })),
};
type TabuOwn = v.InferOutput<v.ObjectSchema<typeof tabuOwn, undefined>>;
export const TabuCheckpoint = v.object({ ...localSearchEntries, ...tabuOwn });

export type TabuProblem = LocalSearchProblem & Required<Pick<LocalSearchProblem, 'moveAttribute' | 'keepMove' | 'applyKept'>>;

export function isTabuProblem(p: LocalSearchProblem): p is TabuProblem {
  return typeof p.moveAttribute === 'function' && typeof p.keepMove === 'function' && typeof p.applyKept === 'function';
}

function slot(attr: number): number {
  // Fold the high bits in so attributes above 2^32 spread too.
  const lo = attr >>> 0;
  const hi = Math.floor(attr / 4294967296) >>> 0;
  return Math.imul(lo ^ Math.imul(hi, 0x85ebca6b), 0x9e3779b1) >>> (32 - TABLE_BITS);
}

/**
 * Tabu search over sampled neighbourhoods: each iteration proposes `candidates` random moves and
 * applies the best one whose attribute is not tabu (a tabu move is still allowed when it beats
 * the best score). Applying a move makes its attribute (the move and its reverse) tabu for
 * `tenure` iterations. Two attributes sharing a table slot evict each other, which can only
 * free a move early, never forbid one wrongly.
 */
export class TabuSearch extends LocalSearchRun<TabuProblem, TabuOwn> {
  restarts = 0;
  private sinceBest = 0;
  private readonly p: ReturnType<typeof resolveParams<typeof tabuParams>>;
  private readonly keys = new Float64Array(TABLE_SIZE).fill(-1);
  private readonly until = new Float64Array(TABLE_SIZE);
  /** Candidates proposed so far in the iteration under way (0 = none started), and the best of them. */
  private scanned = 0;
  private scanBest = -Infinity;
  private scanAttr = -1;
  /** Random state before the kept move of a cut scan (only a scan longer than a step records it). */
  private keptRng: RngState | null = null;

  constructor(problem: TabuProblem, params: Params, rng: Rng, fresh: boolean) {
    const p = resolveParams(tabuParams, pickParams(tabuParams, params));
    super(problem, rng, fresh);
    this.p = p;
  }

  private isTabu(attr: number): boolean {
    const h = slot(attr);
    return this.keys[h] === attr && this.until[h] > this.iteration;
  }

  /**
   * Proposes candidates of the scan under way until `count` more are done or the scan is whole;
   * false when the step's budget ended it first (the scan continues at the next step).
   */
  private scan(count: number): boolean {
    const { problem, rng } = this;
    const cur = problem.score();
    const n = Math.min(count, this.p.candidates - this.scanned);
    // A scan that may be cut records where its kept move came from, for a checkpoint.
    const mayCut = this.scanned > 0 || n < this.p.candidates;
    let best = this.scanBest;
    let bestAttr = this.scanAttr;
    for (let i = 0; i < n; i++) {
      const before = mayCut ? rng.getState() : null;
      const delta = problem.propose(rng);
      const attr = problem.moveAttribute();
      if (delta > best && (cur + delta > this.bestScore || !this.isTabu(attr))) {
        best = delta;
        bestAttr = attr;
        problem.keepMove();
        this.keptRng = before;
      }
    }
    this.evaluations += n;
    this.scanned += n;
    if (this.scanned < this.p.candidates) {
      this.scanBest = best;
      this.scanAttr = bestAttr;
      return false;
    }
    this.scanned = 0;
    this.scanBest = -Infinity;
    this.scanAttr = -1;
    this.keptRng = null;
    this.lastAttr = bestAttr;
    return true;
  }

  /** Attribute of the move chosen by the last whole scan (-1: none allowed). */
  private lastAttr = -1;

  step(budget: number): void {
    const { problem, rng } = this;
    const { tenure, restartAfter } = this.p;
    const end = this.evaluations + budget;
    while (this.evaluations < end) {
      // Scans are cut at the step's end: `candidates` may be far more than a step's budget.
      if (!this.scan(end - this.evaluations)) return;
      const bestAttr = this.lastAttr;
      this.iteration++;
      if (bestAttr >= 0) {
        problem.applyKept();
        const h = slot(bestAttr);
        this.keys[h] = bestAttr;
        this.until[h] = this.iteration + tenure;
        const s = problem.score();
        if (s > this.bestScore) {
          this.bestScore = s;
          this.sinceBest = 0;
          problem.saveBest();
          return;
        }
      }
      if (restartAfter > 0 && ++this.sinceBest >= restartAfter) {
        this.sinceBest = 0;
        this.restarts++;
        problem.randomize(rng);
        this.evaluations++;
      }
    }
  }

  protected ownState(): TabuOwn {
    const tabu: [number, number][] = [];
    for (let h = 0; h < TABLE_SIZE; h++) if (this.keys[h] >= 0 && this.until[h] > this.iteration) tabu.push([this.keys[h], this.until[h]]);
    const scan = this.scanned > 0 ? { done: this.scanned, best: this.scanBest, attr: this.scanAttr, kept: this.keptRng } : undefined;
    return { sinceBest: this.sinceBest, restarts: this.restarts, tabu, ...(scan ? { scan } : {}) };
  }

  static restore(problem: TabuProblem, params: Params, cp: unknown): TabuSearch {
    const { s, rng } = readCheckpoint('tabu', TabuCheckpoint, problem, cp);
    const t = new TabuSearch(problem, params, rng, false).resume(s);
    t.sinceBest = s.sinceBest;
    t.restarts = s.restarts;
    for (const e of s.tabu) {
      const h = slot(e[0]);
      t.keys[h] = e[0];
      t.until[h] = e[1];
    }
    const scan = s.scan;
    if (scan !== undefined) {
      if (!(scan.done > 0 && scan.done < t.p.candidates)) throw damaged('tabu', 'scan.done', `${scan.done} candidates of ${t.p.candidates}`);
      if (scan.attr !== -1 && (scan.kept === null || scan.best === null)) throw damaged('tabu', 'scan', 'a kept move without its random state or score');
      t.scanned = scan.done;
      t.scanAttr = scan.attr;
      // JSON turns -Infinity into null.
      t.scanBest = scan.attr === -1 || scan.best === null ? -Infinity : scan.best;
      if (scan.kept) {
        // The kept move again: the same random state on the same solution proposes the same move.
        problem.propose(new Rng(scan.kept));
        problem.keepMove();
        t.keptRng = scan.kept;
      }
    }
    return t;
  }
}
