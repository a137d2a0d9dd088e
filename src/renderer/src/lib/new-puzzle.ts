/**
 * Documents for the "New puzzle" dialog. Every family's rules come from core; this module only
 * decides what a fresh puzzle of each family starts as:
 * - edge: an empty `rows x cols` board with no pieces yet (`pieces: []`), for the edge editor
 *   to draw and cut;
 * - jump: a random legal maze (the goal reachable when one of a few hundred draws manages it)
 *   or every cell 1;
 * - parity: `(n, m)` with the full grid (every token kept) as its starting grid.
 */
import { makeDocument, type PuzzleDocument } from '../../../core/document/document';
import type { FamilyId } from '../../../core/families/family';
import { bfsFitness, createBfsWorkspace, maxJumps, type JumpMaze, type JumpPuzzle } from '../../../core/families/jump';
import { parityFeasible, type ParityFeasibility } from '../../../core/families/parity';
import { Rng } from '../../../core/rng/rng';

/** Sizes the editors handle comfortably. */
export const NEW_LIMITS = {
  edge: { min: 2, max: 32 },
  jump: { min: 2, max: 40 },
  parity: { min: 1, max: 40 },
} as const;

export type JumpStart = 'random' | 'ones';

export interface NewPuzzleSpec {
  family: FamilyId;
  /** Blank = a default name from the size. */
  name: string;
  /** edge, jump */
  rows: number;
  cols: number;
  /** parity */
  n: number;
  m: number;
  jumpStart: JumpStart;
  seed: number;
}

export function defaultSpec(family: FamilyId = 'jump'): NewPuzzleSpec {
  return { family, name: '', rows: family === 'edge' ? 6 : 7, cols: family === 'edge' ? 6 : 7, n: 6, m: 6, jumpStart: 'random', seed: 1 };
}

export function defaultName(spec: NewPuzzleSpec): string {
  switch (spec.family) {
    case 'edge':
      return `Edge ${spec.rows}×${spec.cols}`;
    case 'jump':
      return `Jump maze ${spec.rows}×${spec.cols}`;
    case 'parity':
      return `Casse-tête ${spec.n}×${spec.n}, remove ${spec.m}`;
  }
}

export interface SpecProblem {
  field: 'name' | 'rows' | 'cols' | 'n' | 'm';
  message: string;
}

function whole(v: number, lo: number, hi: number, what: string, field: SpecProblem['field']): SpecProblem | null {
  if (!Number.isInteger(v)) return { field, message: `${what} must be a whole number` };
  if (v < lo || v > hi) return { field, message: `${what} must be ${lo} to ${hi}` };
  return null;
}

/** Every problem with the spec (empty = it can be created). Infeasible parity (n, m) is allowed (see `parityNote`). */
export function specProblems(spec: NewPuzzleSpec): SpecProblem[] {
  const out: (SpecProblem | null)[] = [];
  if (spec.name.length > 200) out.push({ field: 'name', message: 'the name is longer than 200 characters' });
  if (spec.family === 'parity') {
    const { min, max } = NEW_LIMITS.parity;
    const n = whole(spec.n, min, max, 'n', 'n');
    out.push(n);
    if (!n) out.push(whole(spec.m, 0, spec.n * spec.n, 'm', 'm'));
  } else {
    const { min, max } = NEW_LIMITS[spec.family];
    out.push(whole(spec.rows, min, max, 'Rows', 'rows'), whole(spec.cols, min, max, 'Columns', 'cols'));
  }
  return out.filter((p): p is SpecProblem => p !== null);
}

/** Core's verdict on (n, m) for the parity fields, or null while they are not numbers yet. */
export function parityNote(spec: NewPuzzleSpec): ParityFeasibility | null {
  if (!Number.isInteger(spec.n) || !Number.isInteger(spec.m) || spec.n < 1) return null;
  return parityFeasible(spec.n, spec.m);
}

/** A maze of random legal lengths: each cell uniform in 1..its largest jump, the goal 0. */
export function randomMaze(p: JumpPuzzle, rng: Rng): JumpMaze {
  const max = maxJumps(p);
  const cells = new Int32Array(max.length);
  for (let i = 0; i < cells.length; i++) cells[i] = max[i]! > 0 ? rng.range(1, max[i]!) : 0;
  return { cells };
}

/** Random legal mazes until one reaches the goal (at most `tries`; else the best found). */
export function randomWorkingMaze(p: JumpPuzzle, seed: number, tries = 300): JumpMaze {
  const rng = new Rng(seed);
  const work = createBfsWorkspace(p);
  let best: JumpMaze | null = null;
  let bestFit = -Infinity;
  for (let t = 0; t < tries; t++) {
    const m = randomMaze(p, rng);
    const f = bfsFitness(p, m.cells, work);
    if (f > bestFit) {
      best = m;
      bestFit = f;
    }
    if (f > 0) break;
  }
  return best!;
}

export function onesMaze(p: JumpPuzzle): JumpMaze {
  const cells = new Int32Array(p.rows * p.cols).fill(1);
  cells[cells.length - 1] = 0;
  return { cells };
}

/** The document to create; throws the first problem if the spec has any. */
export function newPuzzleDocument(spec: NewPuzzleSpec): PuzzleDocument {
  const problems = specProblems(spec);
  if (problems.length > 0) throw new Error(problems[0]!.message);
  const name = spec.name.trim() || defaultName(spec);
  switch (spec.family) {
    case 'edge':
      // No pieces yet: the edge editor draws the board and cuts it into pieces.
      return { format: 'puzzle-workbench', version: 1, family: 'edge', name, puzzle: { rows: spec.rows, cols: spec.cols, pieces: [] } };
    case 'jump': {
      const p: JumpPuzzle = { rows: spec.rows, cols: spec.cols };
      return makeDocument('jump', name, p, spec.jumpStart === 'ones' ? onesMaze(p) : randomWorkingMaze(p, spec.seed));
    }
    case 'parity': {
      const p = { n: spec.n, m: spec.m };
      return makeDocument('parity', name, p, { cells: new Uint8Array(spec.n * spec.n).fill(1) });
    }
  }
}
