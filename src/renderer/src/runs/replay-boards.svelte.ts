/**
 * The boards of a run's improvements for its replay: fetched when first shown, kept for the
 * page's life, the next few fetched ahead while playing. A board arriving late is shown only if
 * its improvement is still the one wanted.
 */
import type { ImprovementPoint } from '../../../main/api/types';

export type FetchBoard = (runId: number, eventId: number) => Promise<unknown>;

export class ReplayBoards {
  readonly #fetch: FetchBoard;
  readonly #onError: (err: unknown) => void;
  readonly #cache = new Map<number, unknown>();
  #board = $state.raw<unknown>(null);
  #eventId = $state<number | null>(null);
  #runId: number | null = null;
  #wanted: number | null = null;

  constructor(fetch: FetchBoard, onError: (err: unknown) => void) {
    this.#fetch = fetch;
    this.#onError = onError;
  }

  /** The board shown (null before the first improvement or while it loads). */
  get board(): unknown {
    return this.#board;
  }

  /** The improvement event of the board shown. */
  get eventId(): number | null {
    return this.#eventId;
  }

  /** Forget every board (another run). */
  clear(runId: number): void {
    this.#cache.clear();
    this.#runId = runId;
    this.#wanted = null;
  }

  /** Show the board of `frame` (none: nothing), fetching `ahead` too. */
  show(runId: number, frame: ImprovementPoint | undefined, ahead: readonly ImprovementPoint[] = []): void {
    this.#runId = runId;
    if (!frame) {
      this.#wanted = null;
      this.#board = null;
      this.#eventId = null;
      return;
    }
    const id = frame.eventId;
    this.#wanted = id;
    if (this.#cache.has(id)) {
      this.#board = this.#cache.get(id);
      this.#eventId = id;
    } else
      this.#fetch(runId, id).then(
        (b) => {
          if (this.#runId !== runId) return;
          this.#cache.set(id, b);
          if (this.#wanted === id) {
            this.#board = b;
            this.#eventId = id;
          }
        },
        (err: unknown) => this.#onError(err),
      );
    for (const g of ahead)
      if (!this.#cache.has(g.eventId))
        this.#fetch(runId, g.eventId).then(
          (b) => {
            if (this.#runId === runId) this.#cache.set(g.eventId, b);
          },
          () => {},
        );
  }
}
