/**
 * The run history's state: a page of runs (loaded when the filter, the sort or the page change,
 * late answers dropped), the filter lists, the cursor row, and the operations on ticked runs. The
 * filter, sort, page and selection belong to the runs view (they survive a visit to a run's page)
 * and reach the manager as accessors. Create it while a component initialises.
 */
import type { RunFacets, RunSortKey, RunSummary, SortDir, WorkbenchApi } from '../../../../main/api/types';
import { connection } from '../../lib/connection.svelte';
import { Loader } from '../../lib/loader.svelte';
import { Latest } from '../../lib/latest';
import { messageOf } from '../../lib/format';
import { downloadText } from '../../lib/download';
import { refreshOnEvents } from '../../lib/push-events';
import { gatherProgress, withProgress } from './live-rows';
import { EMPTY_FILTER, filterArgs, filterErrors, isFiltered, nextSort, type HistoryFilter } from '../history-filter';
import { countText } from '../format';
import { canResume } from '../../../../core/engine/run-types';

/** The view state the runs view keeps (bound props). */
export interface HistoryState {
  filter: HistoryFilter;
  sort: { sort: RunSortKey; dir: SortDir };
  page: { offset: number; size: number };
  selected: number[];
}

interface RunPage {
  runs: RunSummary[];
  total: number;
}

export class HistoryManager {
  readonly #api: WorkbenchApi;
  readonly #s: HistoryState;
  readonly #message: (text: string, kind?: 'info' | 'error') => void;
  readonly #page = new Loader<RunPage>({ runs: [], total: 0 });
  #facets = $state<RunFacets | null>(null);
  #refresh = $state(0);
  #cursor = $state(0);
  #tookMs = $state<number | null>(null);
  #searchText = $state('');
  /** The runs the delete dialog asks about (null: closed). */
  #confirmDelete = $state<number[] | null>(null);

  constructor(api: WorkbenchApi, state: HistoryState, message: (text: string, kind?: 'info' | 'error') => void) {
    this.#api = api;
    this.#s = state;
    this.#message = message;
    this.#searchText = state.filter.search;

    // Typing in the search box: debounced into the filter.
    $effect(() => {
      const t = this.#searchText;
      const h = setTimeout(() => {
        if (t !== this.#s.filter.search) {
          this.#s.filter = { ...this.#s.filter, search: t };
          this.#s.page = { ...this.#s.page, offset: 0 };
        }
      }, 180);
      return () => clearTimeout(h);
    });

    // Load a page whenever the filter, the sort or the page change; late answers are dropped.
    $effect(() => {
      const { filter, sort, page } = this.#s;
      const args = { ...filterArgs(filter), sort: sort.sort, dir: sort.dir, limit: page.size, offset: page.offset };
      void this.#refresh;
      void connection.epoch;
      const t0 = performance.now();
      void this.#page
        .load(() => api.queryRuns(args))
        .then((p) => {
          if (!p) return;
          this.#tookMs = performance.now() - t0;
          this.#cursor = Math.min(this.#cursor, Math.max(0, p.runs.length - 1));
          // A page past the end (after deletes): go to the last one.
          if (p.runs.length === 0 && p.total > 0 && page.offset > 0)
            this.#s.page = { ...page, offset: Math.max(0, Math.floor((p.total - 1) / page.size) * page.size) };
        });
    });

    // The filter lists (solvers, puzzles, counts) scan every run: asked for just after the rows, so
    // the first page is not kept waiting behind them.
    const facetLoads = new Latest();
    $effect(() => {
      void this.#refresh;
      const mine = facetLoads.begin();
      const t = setTimeout(() =>
        api.runFacets({}).then(
          (f) => {
            if (facetLoads.isCurrent(mine)) this.#facets = f;
          },
          () => {},
        ),
      );
      return () => {
        facetLoads.cancel();
        clearTimeout(t);
      };
    });

    // Runs change under us (progress, new runs, deletes elsewhere): refresh, at most twice a second.
    $effect(() => {
      const off = refreshOnEvents(
        api,
        (e) => e.type !== 'run-progress' && e.type !== 'puzzles-changed',
        500,
        () => this.#refresh++,
      );
      return () => {
        off();
        this.#page.cancel();
      };
    });

    // Progress pushes (not a reason to query) move the running rows' time and evaluations, twice a second at most.
    $effect(() =>
      gatherProgress(api, 500, (progress) => {
        const page = this.#page.value;
        const runs = page ? withProgress(page.runs, progress) : null;
        if (page && runs) this.#page.set({ ...page, runs });
      }),
    );
  }

  // ---- the page ------------------------------------------------------------------------------------

  get runs(): RunSummary[] {
    return this.#page.value?.runs ?? [];
  }
  get total(): number {
    return this.#page.value?.total ?? 0;
  }
  get loading(): boolean {
    return this.#page.loading || !this.#page.loaded;
  }
  get loadError(): string | null {
    return this.#page.error;
  }
  get tookMs(): number | null {
    return this.#tookMs;
  }
  get facets(): RunFacets | null {
    return this.#facets;
  }
  get cursor(): number {
    return this.#cursor;
  }
  set cursor(i: number) {
    this.#cursor = i;
  }
  /** The run the cursor is on: shown in the footer (a single click selects and shows). */
  get current(): RunSummary | null {
    return this.runs[this.#cursor] ?? null;
  }

  prevPage(): void {
    const page = this.#s.page;
    this.#s.page = { ...page, offset: Math.max(0, page.offset - page.size) };
  }
  nextPage(): void {
    const page = this.#s.page;
    if (page.offset + page.size < this.total) this.#s.page = { ...page, offset: page.offset + page.size };
  }
  setPageSize(size: number): void {
    this.#s.page = { offset: 0, size };
  }

  // ---- filter and sort ---------------------------------------------------------------------------------

  get searchText(): string {
    return this.#searchText;
  }
  set searchText(t: string) {
    this.#searchText = t;
  }
  get errors(): ReturnType<typeof filterErrors> {
    return filterErrors(this.#s.filter);
  }
  get filtered(): boolean {
    return isFiltered(this.#s.filter);
  }
  setFilter(next: HistoryFilter): void {
    this.#s.filter = next;
    this.#s.page = { ...this.#s.page, offset: 0 };
  }
  clearFilters(): void {
    this.#searchText = '';
    this.setFilter({ ...EMPTY_FILTER });
  }
  sortBy(key: RunSortKey): void {
    this.#s.sort = nextSort(this.#s.sort, key);
    this.#s.page = { ...this.#s.page, offset: 0 };
  }

  // ---- the ticked runs ------------------------------------------------------------------------------------

  isSelected(id: number): boolean {
    return this.#s.selected.includes(id);
  }
  toggle(id: number): void {
    const selected = this.#s.selected;
    this.#s.selected = selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id];
  }
  clearSelection(): void {
    this.#s.selected = [];
  }
  get allOnPage(): boolean {
    return this.runs.length > 0 && this.runs.every((r) => this.isSelected(r.id));
  }
  get someOnPage(): boolean {
    return this.runs.some((r) => this.isSelected(r.id));
  }
  togglePage(): void {
    const ids = this.runs.map((r) => r.id);
    if (this.allOnPage) this.#s.selected = this.#s.selected.filter((id) => !ids.includes(id));
    else this.#s.selected = [...new Set([...this.#s.selected, ...ids])];
  }

  async selectAllMatching(): Promise<void> {
    try {
      const ids = await this.#api.runIds(filterArgs(this.#s.filter));
      this.#s.selected = ids;
      this.#message(`Selected all ${countText(ids.length)} matching runs.`);
    } catch (err) {
      this.#message(`Could not select the runs — ${messageOf(err)}`, 'error');
    }
  }

  async exportSelected(format: 'csv' | 'json'): Promise<void> {
    const selected = this.#s.selected;
    const ids = selected.length ? selected : this.current ? [this.current.id] : [];
    if (ids.length === 0) return;
    try {
      const out = await this.#api.exportRuns({ ids, format });
      downloadText(out.text, out.fileName, format === 'csv' ? 'text/csv' : 'application/json');
      this.#message(`Exported ${ids.length === 1 ? 'run' : `${countText(ids.length)} runs`} as ${out.fileName}.`);
    } catch (err) {
      this.#message(`Could not export — ${messageOf(err)}`, 'error');
    }
  }

  /**
   * Run files (a run exported with its checkpoint on another machine) as new runs, one at a time so
   * one bad file leaves the others in. Returns the id of the last one imported, to open it.
   */
  async importRunFiles(files: readonly File[]): Promise<number | null> {
    let last: number | null = null;
    for (const f of files) {
      try {
        const run = await this.#api.importRunFile({ fileName: f.name, text: await f.text() });
        last = run.id;
        const resumable = canResume(run.status);
        this.#message(`Imported ${f.name} as run ${run.id}${resumable ? ': Resume goes on with it from its last checkpoint' : ''}.`);
      } catch (err) {
        this.#message(`Could not import ${f.name} — ${messageOf(err)}`, 'error');
      }
    }
    if (last !== null) this.#refresh++;
    return last;
  }

  get confirmDelete(): number[] | null {
    return this.#confirmDelete;
  }
  askDelete(ids: number[]): void {
    this.#confirmDelete = ids;
  }
  /** The delete dialog's answer; returns whether the runs are being deleted. */
  answerDelete(yes: boolean): boolean {
    const ids = this.#confirmDelete;
    this.#confirmDelete = null;
    if (!yes || !ids) return false;
    void this.#delete(ids);
    return true;
  }

  async #delete(ids: number[]): Promise<void> {
    try {
      const { deleted } = await this.#api.deleteRuns({ ids });
      this.#s.selected = this.#s.selected.filter((id) => !ids.includes(id));
      this.#message(`Deleted ${deleted === 1 ? 'one run' : `${countText(deleted)} runs`}.`);
      this.#refresh++;
    } catch (err) {
      this.#message(`Could not delete — ${messageOf(err)}`, 'error');
    }
  }
}
