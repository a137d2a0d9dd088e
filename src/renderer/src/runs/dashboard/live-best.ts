/**
 * The one best Live shows for a run: its best card, "Best found at", the chart's best line and the
 * best board all come from one snapshot, so they agree even while the run improves many times a
 * second. A snapshot is a chart series with the board of its best improvement; a series whose
 * best is new is published only once that board has arrived (the board the card's score is of).
 * Progress pushes are not used for the best: they carry the solver's claim, ahead of (or, for a
 * forged claim, above) the checked improvements the series and the board are made of.
 */
import type { ImprovementPoint, RunSeries } from '../../../../main/api/types';
import { bestFoundAt } from '../compare';

export interface LiveBest {
  /** The series the chart draws. */
  series: RunSeries;
  /** The first improvement that reached the run's best; null before any improvement. */
  best: ImprovementPoint | null;
  /** That improvement's board (JSON form); null before any improvement. */
  board: unknown | null;
}

/** The first improvement that reached the highest score in `improvements` (null when there is none). */
export function bestImprovement(improvements: readonly ImprovementPoint[]): ImprovementPoint | null {
  let top: number | null = null;
  for (const p of improvements) if (top === null || p.score > top) top = p.score;
  return bestFoundAt(improvements, top);
}

export class LiveBestFeed {
  #shown: LiveBest | null = null;
  #pending: RunSeries | null = null;
  #busy = false;
  /** Bumped by reset: a board asked for before it is dropped. */
  #generation = 0;

  constructor(
    private readonly fetchBoard: (runId: number, eventId: number) => Promise<unknown>,
    private readonly onChange: (best: LiveBest | null) => void,
  ) {}

  get current(): LiveBest | null {
    return this.#shown;
  }

  /** A new series of the followed run (null: another run, or none; everything is dropped). */
  offer(series: RunSeries | null): void {
    if (series === null || (this.#shown !== null && this.#shown.series.runId !== series.runId)) this.#reset();
    if (series === null) {
      this.onChange(null);
      return;
    }
    this.#pending = series;
    this.#pump();
  }

  #reset(): void {
    this.#generation++;
    this.#shown = null;
    this.#pending = null;
    this.#busy = false;
  }

  #publish(next: LiveBest): void {
    this.#shown = next;
    this.onChange(next);
  }

  /** Publish the newest pending series, fetching its best board first when that is new; one fetch at a time. */
  #pump(): void {
    if (this.#busy || this.#pending === null) return;
    const series = this.#pending;
    this.#pending = null;
    const best = bestImprovement(series.improvements);
    const shown = this.#shown;
    if (best === null) return this.#publish({ series, best: null, board: null });
    if (shown?.best?.eventId === best.eventId) return this.#publish({ series, best: shown.best, board: shown.board });
    this.#busy = true;
    const generation = this.#generation;
    this.fetchBoard(series.runId, best.eventId).then(
      (board) => {
        if (generation !== this.#generation) return;
        this.#busy = false;
        this.#publish({ series, best, board });
        this.#pump();
      },
      () => {
        if (generation !== this.#generation) return;
        this.#busy = false;
        // Kept for the next series to come (the next push): what is shown stays consistent meanwhile.
        this.#pending ??= series;
      },
    );
  }
}
