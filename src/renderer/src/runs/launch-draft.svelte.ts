/**
 * The launch being drafted in "Solve…": the solvers offered for the puzzle, the form of the one on
 * show, the others chosen with their own parameters, and what is wrong with them. One form holds
 * the stop criteria, seed and count every chosen solver shares; each solver keeps its own preset
 * and parameter values while another is on show. The checks are launch-form.ts's; this holds the
 * state they read.
 */
import { untrack } from 'svelte';
import type { RunSummary, SolverInfo } from '../../../main/api/types';
import type { FamilyId, SolverChoice } from '../../../core/families/family';
import { presetsFor as corePresets } from '../../../core/presets/presets';
import { hasFamily } from '../../../core/families';

/** A solver's presets; none for a family core knows in the backend alone (added there with registerFamily). */
const presetsFor = (family: FamilyId, solver: string): ReturnType<typeof corePresets> => (hasFamily(family) ? corePresets(family, solver) : []);
import {
  applyPreset,
  changedFields,
  checkLaunch,
  defaultForm,
  defaultValues,
  formFromRun,
  presetMatching,
  type FieldValue,
  type LaunchForm,
  type SolverSettings,
  type StartRunsArgs,
} from './launch-form';

/** The puzzle of a launch, as the dialog shows it. */
export interface LaunchPuzzle {
  id: number;
  name: string;
  family: FamilyId;
  kind: string;
  rows: number;
  cols: number;
}

/** The settings of an earlier run to start from. */
export type LaunchFrom = Pick<RunSummary, 'family' | 'solver' | 'params' | 'stop' | 'seed'>;

export class LaunchDraft {
  #puzzle = $state.raw<LaunchPuzzle | null>(null);
  #offered = $state.raw<readonly SolverInfo[]>([]);
  /** The family's strongest solver for this puzzle (core decides: Family.recommend). */
  #recommended = $state.raw<SolverChoice | null>(null);
  /** The form of the solver on show; its stop criteria, seed and count are every chosen solver's. */
  #form = $state<LaunchForm | null>(null);
  /** The solvers of this launch, in order (the one on show included). */
  #chosen = $state.raw<readonly string[]>([]);
  /** Parameters and preset of the chosen solvers not on show. */
  #settings = $state.raw<Readonly<Record<string, SolverSettings>>>({});
  /** Problems are shown once a launch was tried. */
  #touched = $state(false);

  readonly solver = $derived(this.#form ? (this.#offered.find((s) => s.id === this.#form!.solver) ?? null) : null);
  readonly presets = $derived(this.solver && this.#puzzle ? presetsFor(this.#puzzle.family, this.solver.id) : []);
  readonly preset = $derived(this.presets.find((p) => p.id === this.#form?.preset) ?? null);
  /** Every chosen solver checked: its problems by solver, and the API calls when there are none. */
  readonly checked = $derived(this.#form && this.#puzzle ? checkLaunch(this.#form, this.#chosen, this.#settings, this.#offered, this.#puzzle.id) : null);
  /** Problems of the solver on show, once shown. */
  readonly errors = $derived.by<Record<string, string>>(() => {
    const c = this.checked;
    if (!this.#touched || !c) return {};
    return c.errors[this.#form!.solver] ?? (this.#puzzle ? {} : { puzzle: 'Choose a puzzle' });
  });
  /** The other chosen solvers with problems, once shown. */
  readonly otherErrors = $derived(this.#touched && this.checked ? Object.keys(this.checked.errors).filter((id) => id !== this.#form?.solver) : []);
  readonly errorCount = $derived(this.checked ? Object.values(this.checked.errors).reduce((n, e) => n + Object.keys(e).length, 0) : 0);
  /** Parameters of the solver on show away from their defaults. */
  readonly changed = $derived(this.#form && this.solver ? changedFields(this.#form, this.solver) : new Set<string>());
  /** Runs per solver (the count, 1 while it is not a whole number). */
  readonly perSolver = $derived.by(() => {
    const n = Number(this.#form?.count);
    return Number.isInteger(n) && n >= 1 ? n : 1;
  });
  readonly totalRuns = $derived(this.#chosen.length * this.perSolver);

  get puzzle(): LaunchPuzzle | null {
    return this.#puzzle;
  }

  /** The solvers offered: the family's, less those that refuse the puzzle. */
  get offered(): readonly SolverInfo[] {
    return this.#offered;
  }

  get recommended(): SolverChoice | null {
    return this.#recommended;
  }

  /** The form on show (its fields are bound by the dialog). */
  get form(): LaunchForm | null {
    return this.#form;
  }

  get chosen(): readonly string[] {
    return this.#chosen;
  }

  get touched(): boolean {
    return this.#touched;
  }

  /**
   * The puzzle and the solvers it can take. The first time they are known (or when the solver on
   * show is no longer offered), the form starts from `from` when it is of this family, else from
   * the recommended solver and preset.
   */
  offer(puzzle: LaunchPuzzle | null, solvers: readonly SolverInfo[], recommended: SolverChoice | null, from: LaunchFrom | null): void {
    untrack(() => {
      this.#puzzle = puzzle;
      this.#offered = puzzle ? solvers.filter((s) => s.family === puzzle.family) : [];
      this.#recommended = recommended;
      const offered = this.#offered;
      if (!puzzle || offered.length === 0) return;
      if (this.#form && offered.some((s) => s.id === this.#form!.solver)) return;
      const f = from && from.family === puzzle.family ? offered.find((s) => s.id === from.solver) : undefined;
      this.#form = f && from ? formFromRun(f, from, presetsFor(puzzle.family, f.id)) : this.#firstForm(recommended?.solver ?? offered[0]!.id);
      this.#chosen = [this.#form.solver];
      this.#settings = {};
    });
  }

  /** Keep the settings of the solver on show, then show `id` (with its own settings). */
  show(id: string): void {
    const s = this.#offered.find((x) => x.id === id);
    const form = this.#form;
    if (!s || !form || form.solver === id) return;
    const own = this.#settings[id] ?? this.#startSettings(s);
    this.#settings = { ...this.#settings, [form.solver]: { preset: form.preset, values: form.values } };
    this.#form = { ...form, solver: s.id, preset: own.preset, values: own.values };
  }

  /** A click on a solver: use only this one. */
  chooseSolver(id: string): void {
    const s = this.#offered.find((x) => x.id === id);
    const form = this.#form;
    if (!s || !form) return;
    const own = form.solver === id ? { preset: form.preset, values: form.values } : (this.#settings[id] ?? this.#startSettings(s));
    this.#form = { ...form, solver: s.id, preset: own.preset, values: own.values };
    this.#chosen = [id];
    this.#settings = {};
  }

  /** The "+" of a solver: add it to this launch (and show it), or take it out. */
  toggleSolver(id: string): void {
    const form = this.#form;
    if (!form) return;
    if (this.#chosen.includes(id)) {
      if (this.#chosen.length === 1) return;
      const rest = this.#chosen.filter((x) => x !== id);
      if (form.solver === id) this.show(rest[0]!);
      this.#chosen = rest;
      const { [id]: _dropped, ...others } = this.#settings;
      this.#settings = others;
    } else {
      this.#chosen = [...this.#chosen, id];
      this.show(id);
    }
  }

  choosePreset(id: string): void {
    if (!this.#form || !this.solver) return;
    this.#form = applyPreset(this.#form, this.solver, this.presets.find((p) => p.id === id) ?? null);
  }

  setValue(name: string, v: FieldValue): void {
    const solver = this.solver;
    if (!this.#form || !solver) return;
    const next = { ...this.#form, values: { ...this.#form.values, [name]: v } };
    this.#form = { ...next, preset: presetMatching(next, solver, this.presets) };
  }

  resetValue(name: string): void {
    if (this.solver) this.setValue(name, defaultValues(this.solver)[name]!);
  }

  /**
   * A launch tried: its problems show from now on. Returns the API calls, or null when something
   * is wrong (and then a solver with a problem is on show).
   */
  attempt(): StartRunsArgs[] | null {
    this.#touched = true;
    const c = this.checked;
    if (c?.args) return c.args;
    const wrong = c ? Object.keys(c.errors) : [];
    if (this.#form && wrong.length > 0 && !wrong.includes(this.#form.solver)) this.show(wrong[0]!);
    return null;
  }

  /** A solver's starting settings: the recommended preset for the recommended solver, else the defaults. */
  #startSettings(s: SolverInfo): SolverSettings {
    const p = this.#recommendedPreset(s);
    return p ? { preset: p.id, values: applyPreset(defaultForm(s), s, p).values } : { preset: '', values: defaultValues(s) };
  }

  #firstForm(id: string): LaunchForm {
    const s = this.#offered.find((x) => x.id === id) ?? this.#offered[0]!;
    const p = this.#recommendedPreset(s);
    return p ? applyPreset(defaultForm(s), s, p) : defaultForm(s);
  }

  #recommendedPreset(s: SolverInfo): ReturnType<typeof presetsFor>[number] | undefined {
    const presetId = this.#recommended?.solver === s.id ? this.#recommended.preset : undefined;
    return presetId && this.#puzzle ? presetsFor(this.#puzzle.family, s.id).find((x) => x.id === presetId) : undefined;
  }
}
