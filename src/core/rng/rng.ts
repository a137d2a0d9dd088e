/**
 * Seeded PRNG (sfc32) whose whole state is four 32-bit words, so a run can be
 * checkpointed mid-stream and resumed on exactly the same sequence.
 * sfc32 passes PractRand/BigCrush and needs only 32-bit integer ops, which V8 keeps unboxed.
 */
export type RngState = [number, number, number, number];

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number | RngState = 1) {
    if (Array.isArray(seed)) {
      [this.a, this.b, this.c, this.d] = seed.map((x) => x >>> 0) as RngState;
      return;
    }
    // splitmix32 spreads any integer seed (including 0 and negatives) over the four words.
    let s = (Math.trunc(seed) >>> 0) ^ 0x9e3779b9;
    const mix = (): number => {
      s = (s + 0x9e3779b9) | 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = mix();
    this.b = mix();
    this.c = mix();
    this.d = mix() | 1;
    for (let i = 0; i < 12; i++) this.u32();
  }

  /** Uniform 32-bit unsigned integer. */
  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform float in [0, 1). */
  next(): number {
    return this.u32() / 4294967296;
  }

  /** Uniform integer in [0, n). n must be >= 1 and < 2^32. */
  int(n: number): number {
    // Multiply-shift is unbiased enough for n << 2^32 and avoids a modulo.
    return Math.floor(this.next() * n);
  }

  /** Uniform integer in [lo, hi] inclusive. */
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /**
   * Failures before the first success of a coin with probability p (geometric): the gap to the
   * next hit when every item of a sequence is hit with probability p, in one draw instead of one
   * per item. p >= 1 gives 0; p <= 0 gives Infinity.
   */
  failures(p: number): number {
    if (p >= 1) return 0;
    if (p <= 0) return Infinity;
    // 1 - next() lies in (0, 1], so the logarithm is finite.
    return Math.floor(Math.log(1 - this.next()) / Math.log1p(-p));
  }

  /** Fisher-Yates shuffle in place (works on plain and typed arrays). */
  shuffle<T extends { length: number; [i: number]: unknown }>(arr: T): T {
    for (let i = arr.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const t = arr[i];
      arr[i] = arr[j];
      arr[j] = t;
    }
    return arr;
  }

  getState(): RngState {
    return [this.a >>> 0, this.b >>> 0, this.c >>> 0, this.d >>> 0];
  }

  setState(s: RngState): void {
    [this.a, this.b, this.c, this.d] = s.map((x) => x >>> 0) as RngState;
  }

  static isState(x: unknown): x is RngState {
    return Array.isArray(x) && x.length === 4 && x.every((v) => Number.isInteger(v) && v >= 0 && v < 2 ** 32);
  }
}

/** A fresh seed when the user gives none (the only non-deterministic call; runs record it). */
export function randomSeed(): number {
  return Math.floor(Math.random() * 2 ** 31);
}
