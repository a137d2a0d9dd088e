/**
 * Only the latest of overlapping requests counts: each `begin` returns a token, and an answer is
 * kept only while its token is still current (a newer request, or `cancel`, makes it stale).
 */
export class Latest {
  #seq = 0;

  begin(): number {
    return ++this.#seq;
  }

  isCurrent(token: number): boolean {
    return token === this.#seq;
  }

  /** Make every answer in flight stale. */
  cancel(): void {
    this.#seq++;
  }

  /** Run `fetch`; resolve with its answer while current, with `stale` when a newer request overtook it. Failures reject only while current. */
  async run<T>(fetch: () => Promise<T>): Promise<{ stale: true } | { stale: false; value: T }> {
    const token = this.begin();
    try {
      const value = await fetch();
      return this.isCurrent(token) ? { stale: false, value } : { stale: true };
    } catch (err) {
      if (this.isCurrent(token)) throw err;
      return { stale: true };
    }
  }
}
