/**
 * A figure of one run read through the API: once when the run is shown, and again every few
 * seconds while it runs (a spread run's workers, a run's passes by score). What was read is kept
 * with the run it belongs to, so another run's figures never show under this one, and the figures
 * stay while the run ends (blanking them then made a section leave the page for a moment).
 */
export class RunPoll<T> {
  #got = $state<{ id: number; value: T | null } | null>(null);

  constructor(
    private readonly read: (id: number) => Promise<T | null>,
    private readonly everyMs: number,
  ) {}

  /** What was last read of run `id`, or null (not read yet, or nothing to show). */
  of(id: number): T | null {
    return this.#got?.id === id ? this.#got.value : null;
  }

  /**
   * For an effect: read run `id` now and, while it runs, every `everyMs`; returns what stops it.
   * The effect should read its props through `$derived` values: read directly, it ran again on
   * every update of the shown run (its summary object changes), each time reading at once and
   * starting a new timer.
   */
  follow(id: number, running: boolean): () => void {
    let live = true;
    const read = (): void => {
      this.read(id).then(
        (value) => {
          if (live) this.#got = { id, value };
        },
        () => {},
      );
    };
    read();
    const timer = running ? setInterval(read, this.everyMs) : undefined;
    return () => {
      live = false;
      clearInterval(timer);
    };
  }
}
