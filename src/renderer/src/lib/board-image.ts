/**
 * A puzzle document drawn as a picture (for "Export as PNG"): a header with the name and the
 * score, then the board, which each family draws itself (families/<id>/view.ts) with the board's
 * own painters. Plain Canvas 2D, so it needs no Pixi and works on any canvas-like context.
 */
import { parseDocument } from '../../../core/document/document';
import { getFamily } from '../../../core/families';
import type { DrawBoard } from '../families/types';
import { BG, DIM, FONT, PANEL, TEXT, type Ctx } from './canvas-kit';
import { familyLabel } from './format';
import { isObject } from '../../../core/validate/is-object';

export interface ImageLayout {
  width: number;
  height: number;
  cell: number;
  margin: number;
  header: number;
  rows: number;
  cols: number;
}

/**
 * Cells as big as fit `maxSide` pixels (12..80 px each), a margin and a header band; at least
 * `minWidth` wide (e.g. the title's width).
 */
export function imageLayout(rows: number, cols: number, maxSide = 1600, minWidth = 360): ImageLayout {
  const margin = 24;
  const header = 64;
  const cell = Math.max(12, Math.min(80, Math.floor((maxSide - 2 * margin) / Math.max(rows, cols))));
  const width = Math.ceil(Math.max(cols * cell + 2 * margin, minWidth));
  return { width, height: rows * cell + 2 * margin + header, cell, margin, header, rows, cols };
}

export type { Ctx } from './canvas-kit';

export interface Drawn {
  layout: ImageLayout;
  /** The header's second line, e.g. "Jump maze · 9×9 · fitness 56". */
  subtitle: string;
}

/**
 * Draw a document (any family of core's) with its family's board drawer (its entry's `drawBoard`).
 * Throws a one-line error if the document is not valid.
 */
export function drawDocument(ctx: Ctx, document: unknown, draw: DrawBoard, layout?: ImageLayout): Drawn {
  const { doc, puzzle, solution } = parseDocument(document, 'the puzzle');
  const { rows, cols } = getFamily(doc.family).size(puzzle);
  const L = layout ?? imageLayout(rows, cols);
  let subtitle = `${familyLabel(doc.family)} · ${rows}×${cols}`;
  subtitle += drawBoardArea(ctx, puzzle, solution, cols, draw, L);

  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = TEXT;
  ctx.font = `600 18px ${FONT}`;
  ctx.fillText(doc.name || 'Untitled', L.margin, 28);
  ctx.fillStyle = DIM;
  ctx.font = `13px ${FONT}`;
  ctx.fillText(subtitle, L.margin, 48);
  return { layout: L, subtitle };
}

/** The picture's background, its header band (left blank) and the board centred below it; returns the drawer's subtitle tail. */
function drawBoardArea(ctx: Ctx, puzzle: unknown, solution: unknown, cols: number, draw: DrawBoard, L: ImageLayout): string {
  ctx.fillStyle = BG;
  ctx.fillRect(0, 0, L.width, L.height);
  ctx.fillStyle = PANEL;
  ctx.fillRect(0, 0, L.width, L.header);
  const ox = Math.round((L.width - cols * L.cell) / 2);
  const oy = L.header + L.margin;
  // The family draws its own board (families/<id>/view.ts): no family switch here.
  return draw(ctx, puzzle, solution, ox, oy, L.cell);
}

/*
 * A board of a family core knows in the backend alone (one added there with `registerFamily`, shown
 * by the generic grid view): core here cannot read it, but such a family's solutions are cells,
 * `{ cells }` row-major (core's `Family.cellValues`), so its JSON forms tell its shape.
 */

/**
 * Rows and columns of `count` cells: the puzzle JSON's `rows` and `cols` where they make `count`,
 * else as square as they come.
 */
export function gridShape(puzzleJson: unknown, count: number): { rows: number; cols: number } {
  const r = isObject(puzzleJson) ? puzzleJson.rows : undefined;
  const c = isObject(puzzleJson) ? puzzleJson.cols : undefined;
  if (typeof r === 'number' && typeof c === 'number' && r * c === count) return { rows: r, cols: c };
  const cols = Math.max(1, Math.ceil(Math.sqrt(count)));
  return { rows: Math.max(1, Math.ceil(count / cols)), cols };
}

/** A grid board's shape from its JSON forms (no cells, or cells that are not whole numbers: none). */
export function gridBoardShape(puzzleJson: unknown, solutionJson: unknown): { rows: number; cols: number } {
  const cells: unknown[] = isObject(solutionJson) && Array.isArray(solutionJson.cells) ? solutionJson.cells : [];
  return gridShape(puzzleJson, cells.every((c) => Number.isInteger(c)) ? cells.length : 0);
}

/**
 * Draw a grid board from its JSON forms (`solution` null or undefined: the bare puzzle) as
 * drawDocument draws a document's board, at a layout of its shape (gridBoardShape); no header text.
 */
export function drawGridBoard(ctx: Ctx, puzzleJson: unknown, solutionJson: unknown, draw: DrawBoard, layout: ImageLayout): void {
  drawBoardArea(ctx, puzzleJson, solutionJson ?? undefined, layout.cols, draw, layout);
}

/** The document as a PNG, its board drawn by its family's drawer (`drawOf` its family id; see drawDocument). */
export async function documentPng(document: unknown, drawOf: (family: string) => DrawBoard): Promise<Blob> {
  const { doc, puzzle } = parseDocument(document, 'the puzzle');
  const { rows, cols } = getFamily(doc.family).size(puzzle);
  const canvas = window.document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('this window cannot draw images (no 2D canvas)');
  // Wide enough for the title (measured before sizing the canvas, which resets the context).
  ctx.font = `600 18px ${FONT}`;
  const L = imageLayout(rows, cols, 1600, ctx.measureText(doc.name || 'Untitled').width + 48);
  canvas.width = L.width;
  canvas.height = L.height;
  drawDocument(ctx, document, drawOf(doc.family), L);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the image could not be made'))), 'image/png'));
}
