/**
 * What the study page shows of one study, kept current: its detail (table, progress), its curves
 * and its statistics. Runs of the study changing reload the detail at most once a second, the
 * curves and statistics at most every three seconds (and whenever a run's state changes).
 */
import type { StudyAnalysisDetail, StudyCurve, StudyDetail, WorkbenchApi } from '../../../main/api/types';
import { messageOf } from '../lib/format';

/** The part of the API the study page reads. */
export type StudyApi = Pick<WorkbenchApi, 'getStudy' | 'studyCurves' | 'studyAnalysis' | 'subscribe'>;

const DETAIL_EVERY_MS = 1000;
const CURVES_EVERY_MS = 3000;

export class StudyData {
  readonly #api: StudyApi;
  readonly #id: number;
  #study = $state.raw<StudyDetail | null>(null);
  #curves = $state.raw<StudyCurve[]>([]);
  #analysis = $state.raw<StudyAnalysisDetail | null>(null);
  #error = $state<string | null>(null);
  #lastCurves = 0;
  /** The study's runs, to tell its events from others'. */
  readonly #runIds = $derived(new Set(this.#study?.runs.flat().map((r) => r.runId) ?? []));

  constructor(api: StudyApi, id: number) {
    this.#api = api;
    this.#id = id;
  }

  get study(): StudyDetail | null {
    return this.#study;
  }

  get curves(): StudyCurve[] {
    return this.#curves;
  }

  get analysis(): StudyAnalysisDetail | null {
    return this.#analysis;
  }

  /** Why the study could not be read (the last attempt). */
  get error(): string | null {
    return this.#error;
  }

  /** Read the study again (and its curves and statistics unless `withCurves` is false). */
  load(withCurves = true): void {
    this.#api.getStudy({ id: this.#id }).then(
      (s) => {
        this.#study = s;
        this.#error = null;
      },
      (e: unknown) => (this.#error = messageOf(e)),
    );
    if (!withCurves) return;
    this.#lastCurves = Date.now();
    this.#api.studyCurves({ id: this.#id }).then(
      (c) => (this.#curves = c),
      () => {},
    );
    this.#api.studyAnalysis({ id: this.#id }).then(
      (a) => (this.#analysis = a),
      () => {},
    );
  }

  /** Load now and keep current as the study's runs change; returns the way to stop. */
  watch(): () => void {
    this.load();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const off = this.#api.subscribe((e) => {
      const ids = this.#runIds;
      const mine = (e.type === 'run-updated' && ids.has(e.run.id)) || (e.type === 'run-progress' && ids.has(e.runId)) || e.type === 'runs-deleted';
      if (!mine) return;
      timer ??= setTimeout(() => {
        timer = null;
        this.load(Date.now() - this.#lastCurves > CURVES_EVERY_MS || e.type !== 'run-progress');
      }, DETAIL_EVERY_MS);
    });
    return () => {
      off();
      if (timer) clearTimeout(timer);
    };
  }
}
