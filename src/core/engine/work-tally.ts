/**
 * A run's units of work counted by score, read from its checkpoint: a long run's events keep only
 * its records, and a second find of its best score, or how often its passes come near it, shows
 * nowhere else. A solver that counts its work says how (`SolverDef.tally`; `workTallyOf` in
 * shards.ts reads it over a run's threads); the views print the table as it is, knowing no solver.
 */
export interface WorkTally {
  /** What is counted, plural, as a heading reads: "passes at the top width". */
  what: string;
  /** The kinds of unit, one column each: "full passes", "suffix passes", "of them above their board". */
  kinds: string[];
  /** Highest scores first: a row's label ("466", "463 or less") and the units of each kind. */
  rows: { label: string; counts: number[] }[];
  /** Units of each kind in all. */
  totals: number[];
  /** Units in all (a kind may be part of another: "of them above their board"). */
  all: number;
  /** Where the count is not the whole run's, why; else null. */
  partial: string | null;
  /** What a reader must know to read the kinds right, as a sentence; else null. */
  legend: string | null;
}
