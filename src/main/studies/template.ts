/**
 * Study files as JSON before they are read: a template made shorter for a first look (fewer
 * seeds, fewer seconds) or cut down to some of its puzzles and solvers (the benches' --instances
 * and --solvers), its published figures following their cells.
 */
import { countNoun } from '../../core/text/plural';

type Json = Record<string, unknown>;

/**
 * `seeds` runs per cell instead of the file's, `seconds` per run instead of its time limits (the
 * puzzles' own limits too). The name says so.
 */
export function shortenStudy(json: Json, over: { seeds?: number; seconds?: number }): Json {
  const out: Json = { ...json };
  const notes: string[] = [];
  if (over.seeds !== undefined) {
    out.seeds = over.seeds;
    notes.push(countNoun(over.seeds, 'seed'));
  }
  if (over.seconds !== undefined) {
    out.stop = { ...(json.stop as object), seconds: over.seconds };
    if (Array.isArray(json.puzzles))
      out.puzzles = json.puzzles.map((p: unknown) => {
        if (typeof p !== 'object' || p === null || !('stop' in p)) return p;
        const q = p as { stop?: Json };
        return q.stop && q.stop.seconds !== undefined ? { ...q, stop: { ...q.stop, seconds: over.seconds } } : p;
      });
    notes.push(`${over.seconds} s per run`);
  }
  if (notes.length > 0 && typeof json.name === 'string') out.name = `${json.name} (${notes.join(', ')})`;
  return out;
}

/**
 * Keep the puzzles and solvers whose index passes `keepPuzzle` / `keepSolver`; published cells
 * of dropped ones go, the others are renumbered.
 */
export function selectFromStudy(json: Json, keepPuzzle: (p: unknown, i: number) => boolean, keepSolver: (s: unknown, i: number) => boolean): Json {
  const puzzles = Array.isArray(json.puzzles) ? json.puzzles : [];
  const solvers = Array.isArray(json.solvers) ? json.solvers : [];
  const renumber = (list: unknown[], keep: (x: unknown, i: number) => boolean): Map<number, number> => {
    const map = new Map<number, number>();
    list.forEach((x, i) => {
      if (keep(x, i)) map.set(i, map.size);
    });
    return map;
  };
  const pMap = renumber(puzzles, keepPuzzle);
  const sMap = renumber(solvers, keepSolver);
  const kept = puzzles.filter((_, i) => pMap.has(i));
  const groups = new Set(kept.map((p) => (typeof p === 'object' && p !== null && 'group' in p ? (p as { group: unknown }).group : undefined)));
  const out: Json = { ...json, puzzles: kept, solvers: solvers.filter((_, i) => sMap.has(i)) };
  const published = json.published as { source: string; cells: { puzzle?: number; solver: number; group?: string }[] } | undefined;
  if (published && Array.isArray(published.cells)) {
    const cells = published.cells
      .filter((c) => sMap.has(c.solver) && (c.puzzle === undefined || pMap.has(c.puzzle)) && (c.group === undefined || groups.has(c.group)))
      .map((c) => ({ ...c, solver: sMap.get(c.solver)!, ...(c.puzzle !== undefined ? { puzzle: pMap.get(c.puzzle)! } : {}) }));
    out.published = { ...published, cells };
  }
  return out;
}
