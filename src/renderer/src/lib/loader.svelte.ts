/**
 * An async load shown in a view: its value, its error line, whether it is loading and whether
 * anything ever arrived. A newer load (filters changed) or `cancel` (the view went away) drops a
 * late answer, so a slow old request never overwrites a newer one.
 */
import { Latest } from './latest';
import { messageOf } from './format';

export class Loader<T> {
  #value = $state.raw<T | undefined>(undefined);
  #error = $state<string | null>(null);
  #loading = $state(false);
  #loaded = $state(false);
  readonly #latest = new Latest();

  constructor(initial?: T) {
    this.#value = initial;
  }

  get value(): T | undefined {
    return this.#value;
  }

  get error(): string | null {
    return this.#error;
  }

  get loading(): boolean {
    return this.#loading;
  }

  /** Something (a value or an error) has arrived at least once. */
  get loaded(): boolean {
    return this.#loaded;
  }

  /** Replace the value by hand (an optimistic edit), as if it had been loaded. */
  set(value: T): void {
    this.#value = value;
  }

  /** Start a load; resolves with the value if it landed, undefined if it failed or went stale. */
  async load(fetch: () => Promise<T>): Promise<T | undefined> {
    this.#loading = true;
    try {
      const r = await this.#latest.run(fetch);
      if (r.stale) return undefined;
      this.#value = r.value;
      this.#error = null;
      this.#loading = false;
      this.#loaded = true;
      return r.value;
    } catch (err) {
      this.#error = messageOf(err);
      this.#loading = false;
      this.#loaded = true;
      return undefined;
    }
  }

  /** Drop any answer in flight (an effect's cleanup). */
  cancel(): void {
    this.#latest.cancel();
  }
}
