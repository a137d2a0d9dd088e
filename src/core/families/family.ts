/**
 * What every puzzle family provides to the rest of the program. A new family is one folder
 * that exports a `Family`, its id in `families/ids.ts` and its entry in `families/index.ts` (its
 * solvers in `catalogue/catalogue.ts`); every list of families is derived from those registries.
 * This contract imports no registry: the families import it, so it must not reach them back.
 */
import type { SolverPreset } from '../presets/preset';
import type { Reading } from '../document/readings';
import type { FamilyId } from './ids';

export { FAMILY_IDS, type FamilyId } from './ids';

export interface Evaluation {
  score: number;
  /** Best score possible, or null where it is unknown (jump mazes). */
  maxScore: number | null;
  solved: boolean;
}

/** A puzzle (and optionally a solution) read from a text file. */
export interface ParsedFile<P, S> {
  puzzle: P;
  solution?: S;
  /** What the reader worked out, by name (e.g. `order: top bottom left right`), for reports and previews. */
  info?: Record<string, string>;
  /** How the file was read where it was not plain, one line each (e.g. "read as top bottom left right"). */
  notes?: string[];
}

export interface TextFormat<P, S> {
  id: string;
  label: string;
  /** File endings this format is usually saved with (without the dot). */
  extensions: readonly string[];
  /** Throws FormatError naming the file, the line and what was expected. */
  read(text: string, fileName: string, options?: Readonly<Record<string, string>>): ParsedFile<P, S>;
  /** Every puzzle of a file that may hold several (a list of board URLs, several mazes), each with a name. */
  readAll?(text: string, fileName: string, options?: Readonly<Record<string, string>>): (ParsedFile<P, S> & { name: string })[];
  /** For formats that only make sense against a known puzzle (e.g. an edge board naming pieces by number). */
  readSolution?(text: string, fileName: string, puzzle: P): S;
  /** Null when the format cannot hold what is given (e.g. a board format without a solution). */
  write(puzzle: P, solution: S | undefined): string | null;
  /** Other programs' files, read but never written (export choices leave it out). */
  readOnly?: boolean;
  /** A note for the reader when a file was taken for this format without being named so (no `--format`). */
  guessedNote?(text: string): string | null;
  /**
   * Every plausible reading of the file in this format, each with its evidence and the options
   * that select it (see document/readings.ts); options given narrow the list. Throws FormatError
   * when none reads. Without it the format's one reading is `readAll` (or `read`).
   */
  readings?(text: string, fileName: string, options?: Readonly<Record<string, string>>): FormatReading<P, S>[];
}

/** One reading of a file in a format: the puzzles it makes (with names when several). */
export type FormatReading<P, S> = Reading<(ParsedFile<P, S> & { name: string })[]>;

/** What a host lets an analysis do besides its time, which the host keeps (edge: count and probe). */
export interface AnalysisSettings {
  /** Stop counting at this many solutions. */
  maxSolutions: number;
  /** Knuth probes for an estimate. */
  probes: number;
  seed: number;
}

/** Where an analysis is in its work: estimating, counting, or done. */
export type AnalysisPhase = 'estimate' | 'count' | 'done';

/**
 * An analysis as its host drives it: `step` in slices until `phase` is done, or until the host's
 * clock or a stop ends it (core has no clock). A family that answers at once is done after one step.
 */
export interface AnalysisJob<A> {
  readonly phase: AnalysisPhase;
  /** About `budget` nodes of work. */
  step(budget: number): void;
  progress(): { phase: AnalysisPhase; work: number; found: number };
  /** The analysis so far, given the CPU time spent in each phase and why the host stopped early (null = it ran to its end). */
  result(cpuMs: { estimate: number; count: number }, stopped: 'seconds' | 'stopped' | null): A;
}

/**
 * The designer's analysis of a puzzle (issue 25) and its words, typed by the family's own models.
 * `B`: figures a caller may set beside the analysis's own (edge: Eternity II's colour statistics);
 * a family with none leaves it `never`.
 */
export interface FamilyAnalysis<P, S, A, B = never> {
  /**
   * The analysis of a puzzle with the user's work and the known solution, where there are any.
   * Throws a one-line reason when the puzzle cannot be analysed as it is (a maze without cells).
   */
  start(p: P, given: { solution?: S; reference?: S }, settings: AnalysisSettings): AnalysisJob<A>;
  /**
   * The analysis in words: the lines the CLI prints and the Analyze panels show (core/text's
   * `analysisLines` asks the family the analysis names). A family writes them with
   * core/text/numbers.ts, the leaf that reaches no registry: core/text's other modules read the
   * registry, so a family importing them would close a cycle.
   */
  text(a: A, beside?: B | null): string[];
}

/**
 * An analysis that answers at once, as a job: done after its first step. `run` may throw; it does
 * so before the job exists, so a host sees the reason when it starts.
 */
export function immediateAnalysis<A>(run: () => A): AnalysisJob<A> {
  const a = run();
  return { phase: 'done', step: () => undefined, progress: () => ({ phase: 'done', work: 0, found: 0 }), result: () => a };
}

/**
 * `A`: the family's analysis result (every family has one, and its words: a family without them
 * fails to compile); `B`: what its analysis text may set beside it (see `FamilyAnalysis`).
 */
export interface Family<P, S, A = unknown, B = never> {
  id: FamilyId;
  label: string;
  /** The family's badge colours (lists, filters): a translucent fill and a text colour readable on it. */
  colour: { fill: string; text: string };
  /**
   * What this puzzle is called where the family's label would be too broad (a Tetravex among edge
   * puzzles). Default: the family's label. Lists and badges show it through `kindLabel` in core/text.
   */
  kindLabel?(p: P): string;
  /** Validate a puzzle given as plain JSON (from a document, IPC or the CLI). Throws FormatError. */
  puzzleFromJson(x: unknown, where?: string): P;
  puzzleToJson(p: P): unknown;
  solutionFromJson(p: P, x: unknown, where?: string): S;
  solutionToJson(p: P, s: S): unknown;
  evaluate(p: P, s: S): Evaluation;
  /**
   * Why a solution (already read by `solutionFromJson`) breaks a rule of the puzzle that its JSON
   * form does not (a fixed piece moved, a grid removing the wrong count), or null. Every stored
   * improvement is checked with it, so no solver's word alone makes a record.
   */
  illegal?(p: P, s: S): string | null;
  maxScore(p: P): number | null;
  /** Compact cell list for `solve --json`: see README. */
  cells(p: P, s: S): unknown;
  /** Grid size, for lists and file names. */
  size(p: P): { rows: number; cols: number };
  /** Fatal problems are errors; merely unusual things are warnings. */
  validate(p: P): { errors: string[]; warnings: string[] };
  formats: readonly TextFormat<P, S>[];
  /**
   * The same text for the same puzzle however its file was laid out (e.g. edge pieces listed in
   * another order or turned), to find duplicates in the library. Default: its JSON form.
   */
  contentKey?(p: P): string;
  /** The solver (and preset) that does best on this puzzle: the launch form's and CLI's default. */
  recommend(p: P): SolverChoice;
  /**
   * How to tell this family's text files by their content when the extension does not decide
   * (see `detectFormat`); the registry runs every family's sniffers by rank, first answer wins.
   */
  sniffers?: readonly Sniffer[];
  /** The bundled samples of this family found among the resource files (main copies and seeds them). */
  samples?(files: SampleFiles): SampleSpec<P, S>[];
  /** Named settings of the family's solvers (papers' settings first), in the launch form's order. */
  presets?: readonly SolverPreset[];
  /** A puzzle made from a size alone (`solve --family X --size N`); absent = the family needs a file. */
  fromSize?: SizeBuild<P>;
  /**
   * What a cell may hold, for a family whose solutions are cells: their JSON form is `{ cells }`,
   * whole numbers row-major over `size(p)` (as jump's and casse-tête's). A view with none of the
   * family's code (the renderer's generic grid, for a family added with `registerFamily`) shows and
   * edits its solutions from this and the JSON alone. Absent: no such view can edit them.
   */
  cellValues?(p: P): CellValues;
  /** The designer's analysis and its words. */
  analysis: FamilyAnalysis<P, S, A, B>;
}

/** The whole numbers a cell may hold, `min` to `max` (see `Family.cellValues`). */
export interface CellValues {
  min: number;
  max: number;
}

/** A text file as the sniffers see it. */
export interface TextShape {
  text: string;
  /** Non-empty lines without comments (`#`, `//`) or DIMACS `c` lines, split into tokens. */
  lines: readonly (readonly string[])[];
  /** Every comment of the file, lower case, joined by spaces: what the file says it is. */
  said: string;
}

/**
 * One rule of format detection. Ranks order the rules of all families: below 100 = a marker in the
 * content that beats the extension; 200–299 = what the comments say; 300 and up = the shape of the
 * lines (the built-in families' ranks keep the order the rules were written in).
 */
export interface Sniffer {
  rank: number;
  /** The id of one of the family's formats, or null when the text is not one. */
  test(shape: TextShape): string | null;
}

/** The bundled resource files (`resources/instances/`), read by main on the family's behalf. */
export interface SampleFiles {
  /** File names, sorted. */
  readonly names: readonly string[];
  read(name: string): string;
}

export interface SampleSpec<P, S> {
  /** Stable id (usually the file name), remembered once offered to a library. */
  id: string;
  name: string;
  /** The file it comes from, for the library's Source column. */
  file: string;
  puzzle: P;
  solution?: S;
}

export interface SizeBuild<P> {
  /** Whole-number options the family needs besides the size (parity: `remove`), each with what it means. */
  options: readonly { name: string; what: string }[];
  /** The puzzle and its default name; throws with a one-line reason (a parity grid is square). */
  build(size: { rows: number; cols: number }, options: Readonly<Record<string, number>>): { name: string; puzzle: P };
}

export interface SolverChoice {
  solver: string;
  preset?: string;
}

/** A family with its types erased, as the registry and services see it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- variance: families are stored side by side
export type AnyFamily = Family<any, any, any, any>;
