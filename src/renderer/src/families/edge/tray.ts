/** The tray of unplaced pieces: filters by kind and by colour. */
import { pieceClass, type EdgePuzzle, type PieceClass } from '../../../../core/families/edge/model';

export interface TrayItem {
  piece: number;
  /** Rotation the piece is shown (and dragged) in. */
  rotation: number;
  /** A small badge (e.g. "2 ways"). */
  badge?: string;
}

export type KindFilter = 'all' | 'corner' | 'side' | 'inner';

export interface TrayFilter {
  kind: KindFilter;
  /** Pieces showing any of these colours (empty = no colour filter). */
  colours: number[];
}

export const NO_FILTER: TrayFilter = { kind: 'all', colours: [] };

export function pieceHasColour(p: EdgePuzzle, piece: number, colour: number): boolean {
  const i = 4 * piece;
  return p.edges[i] === colour || p.edges[i + 1] === colour || p.edges[i + 2] === colour || p.edges[i + 3] === colour;
}

export function matchesFilter(p: EdgePuzzle, piece: number, f: TrayFilter): boolean {
  if (f.kind !== 'all' && pieceClass(p, piece) !== f.kind) return false;
  if (f.colours.length > 0 && !f.colours.some((c) => pieceHasColour(p, piece, c))) return false;
  return true;
}

export function filterTray(p: EdgePuzzle, pieces: readonly number[], f: TrayFilter): number[] {
  if (f.kind === 'all' && f.colours.length === 0) return pieces.slice();
  return pieces.filter((pc) => matchesFilter(p, pc, f));
}

/** How many of the pieces are of each kind. */
export function kindCounts(p: EdgePuzzle, pieces: readonly number[]): Record<KindFilter, number> {
  const out: Record<KindFilter, number> = { all: pieces.length, corner: 0, side: 0, inner: 0 };
  for (const pc of pieces) {
    const k: PieceClass = pieceClass(p, pc);
    if (k !== 'other') out[k]++;
  }
  return out;
}

/** Every colour the puzzle uses except grey, ascending. */
export function puzzleColours(p: EdgePuzzle): number[] {
  const s = new Set<number>();
  for (const e of p.edges) if (e !== 0) s.add(e);
  return [...s].sort((a, b) => a - b);
}

export function toggleColour(f: TrayFilter, colour: number): TrayFilter {
  const has = f.colours.includes(colour);
  return { kind: f.kind, colours: has ? f.colours.filter((c) => c !== colour) : [...f.colours, colour].sort((a, b) => a - b) };
}
