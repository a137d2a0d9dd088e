/**
 * A puzzle document drawn as a picture (for "Export as PNG"): a header with the name and the
 * score, then the board. Plain Canvas 2D, so it needs no Pixi and works on any canvas-like context.
 * Scores come from core (edge scoreBoard, jump analysis, parity status).
 */
import { parseDocument, type PuzzleDocument } from '../../../core/document/document';
import { edgeAt, maxScore as edgeMaxScore, pieceCount, type EdgeBoard, type EdgePuzzle } from '../../../core/families/edge/model';
import { mismatches, scoreBoard } from '../../../core/families/edge/score';
import { drawEdgeFaceColours } from '../edge/faces';
import { canvasPainter, cssColor, slotColor } from '../board/painter';
import { drawJoinMark } from '../board/join-mark';
import type { JumpMaze, JumpPuzzle } from '../../../core/families/jump';
import type { ParityGrid, ParityPuzzle } from '../../../core/families/parity';
import { analyse, depthColour } from '../jump/maze-editor';
import { lineCounts, parityStatus } from '../parity/grid-editor';
import { STATUS_COLOURS, textOn } from './palette';
import { familyLabel } from './format';

export interface ImageLayout {
  width: number;
  height: number;
  cell: number;
  margin: number;
  header: number;
  rows: number;
  cols: number;
}

/** Board side in cells for each family. */
function gridSize(doc: PuzzleDocument, puzzle: unknown): { rows: number; cols: number } {
  if (doc.family === 'parity') {
    const p = puzzle as ParityPuzzle;
    return { rows: p.n, cols: p.n };
  }
  const p = puzzle as { rows: number; cols: number };
  return { rows: p.rows, cols: p.cols };
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

/** The part of CanvasRenderingContext2D this module uses (so tests can pass a recorder). */
export type Ctx = Pick<
  CanvasRenderingContext2D,
  | 'fillStyle' | 'strokeStyle' | 'lineWidth' | 'font' | 'textAlign' | 'textBaseline' | 'lineJoin' | 'lineCap'
  | 'fillRect' | 'strokeRect' | 'beginPath' | 'moveTo' | 'lineTo' | 'closePath' | 'fill' | 'stroke' | 'arc'
  | 'fillText' | 'save' | 'restore' | 'clip' | 'setLineDash' | 'rect' | 'strokeText' | 'measureText'
>;

const BG = '#141518';
const PANEL = '#1b1c20';
const TEXT = '#e6e7ea';
const DIM = '#9a9ca4';
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Ubuntu, sans-serif";

export interface Drawn {
  layout: ImageLayout;
  /** The header's second line, e.g. "Jump maze · 9×9 · fitness 56". */
  subtitle: string;
}

/** Draw a document (any family). Throws a one-line error if the document is not valid. */
export function drawDocument(ctx: Ctx, document: unknown, layout?: ImageLayout): Drawn {
  const { doc, puzzle, solution } = parseDocument(document, 'the puzzle');
  const { rows, cols } = gridSize(doc, puzzle);
  const L = layout ?? imageLayout(rows, cols);
  ctx.fillStyle = BG;
  ctx.fillRect(0, 0, L.width, L.height);
  ctx.fillStyle = PANEL;
  ctx.fillRect(0, 0, L.width, L.header);
  const ox = Math.round((L.width - cols * L.cell) / 2);
  const oy = L.header + L.margin;
  let subtitle = `${familyLabel(doc.family)} · ${rows}×${cols}`;
  if (doc.family === 'edge') subtitle += drawEdge(ctx, puzzle as EdgePuzzle, solution as EdgeBoard | undefined, ox, oy, L.cell);
  else if (doc.family === 'jump') subtitle += drawJump(ctx, puzzle as JumpPuzzle, solution as JumpMaze | undefined, ox, oy, L.cell);
  else subtitle += drawParity(ctx, puzzle as ParityPuzzle, solution as ParityGrid | undefined, ox, oy, L.cell);

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

function emptyCell(ctx: Ctx, x: number, y: number, s: number, colour = 0x202227): void {
  ctx.fillStyle = cssColor(colour);
  ctx.fillRect(x, y, s, s);
  ctx.strokeStyle = '#34373e';
  ctx.lineWidth = 1;
  ctx.strokeRect(x + 0.5, y + 0.5, s - 1, s - 1);
}

function drawEdge(ctx: Ctx, p: EdgePuzzle, board: EdgeBoard | undefined, ox: number, oy: number, s: number): string {
  const n = pieceCount(p);
  const cells = p.rows * p.cols;
  for (let i = 0; i < cells; i++) {
    const x = ox + (i % p.cols) * s;
    const y = oy + Math.floor(i / p.cols) * s;
    // With a placement: the board. Without: the piece set in its file order, unturned.
    const piece = board ? board.piece[i]! : i < n ? i : -1;
    const rot = board ? board.rotation[i]! : 0;
    // The board's own tile painter (edge/faces.ts): same palette, motifs and seams as on screen.
    if (piece < 0) emptyCell(ctx, x, y, s, slotColor(Math.floor(i / p.cols), i % p.cols, p.rows, p.cols));
    else drawEdgeFaceColours(canvasPainter(ctx, x, y), [0, 1, 2, 3].map((side) => edgeAt(p, piece, rot, side)), s);
  }
  if (n === 0) return ' · no pieces yet';
  if (!board) return ` · ${n} pieces (unplaced)`;
  const bad = mismatches(p, board);
  const marks = canvasPainter(ctx, ox, oy);
  for (const m of bad) drawJoinMark(marks, m.col * s, m.row * s, m.dir, s, Math.max(0.5, s / 64));
  return ` · score ${scoreBoard(p, board)} / ${edgeMaxScore(p.rows, p.cols)}${bad.length ? ` · ${bad.length} mismatched` : ''}`;
}

function drawJump(ctx: Ctx, p: JumpPuzzle, maze: JumpMaze | undefined, ox: number, oy: number, s: number): string {
  if (!maze) {
    for (let i = 0; i < p.rows * p.cols; i++) emptyCell(ctx, ox + (i % p.cols) * s, oy + Math.floor(i / p.cols) * s, s);
    return ' · no maze yet';
  }
  const a = analyse(p, maze.cells);
  const centre = (i: number): [number, number] => [ox + (i % p.cols) * s + s / 2, oy + Math.floor(i / p.cols) * s + s / 2];
  const bgOf = (i: number): string => (a.depth[i]! < 0 ? '#2a2c31' : depthColour(a.depth[i]!, a.maxDepth));
  for (let i = 0; i < maze.cells.length; i++) {
    const x = ox + (i % p.cols) * s;
    const y = oy + Math.floor(i / p.cols) * s;
    ctx.fillStyle = bgOf(i);
    ctx.fillRect(x, y, s, s);
    if (a.depth[i]! < 0) {
      ctx.save();
      ctx.beginPath();
      ctx.rect(x, y, s, s);
      ctx.clip();
      ctx.strokeStyle = 'rgba(230,159,0,0.45)';
      ctx.lineWidth = 1;
      ctx.beginPath();
      for (let k = -s; k < 2 * s; k += 6) {
        ctx.moveTo(x + k, y);
        ctx.lineTo(x + k + s, y + s);
      }
      ctx.stroke();
      ctx.restore();
    }
    ctx.strokeStyle = BG;
    ctx.lineWidth = 1;
    ctx.strokeRect(x + 0.5, y + 0.5, s - 1, s - 1);
  }
  // The path under the numbers: a thin white line with a dark casing.
  if (a.path && a.path.length > 1) {
    ctx.lineJoin = 'round';
    ctx.lineCap = 'round';
    for (const [w, colour] of [
      [Math.max(2.5, s / 12), 'rgba(0,0,0,0.5)'],
      [Math.max(1, s / 28), 'rgba(255,255,255,0.9)'],
    ] as const) {
      ctx.strokeStyle = colour;
      ctx.lineWidth = w;
      ctx.beginPath();
      a.path.forEach((cell, k) => {
        const [cx, cy] = centre(cell);
        if (k === 0) ctx.moveTo(cx, cy);
        else ctx.lineTo(cx, cy);
      });
      ctx.stroke();
    }
  }
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.font = `650 ${Math.round(s * 0.42)}px ${FONT}`;
  ctx.lineJoin = 'round';
  for (let i = 0; i < maze.cells.length; i++) {
    const [cx, cy] = centre(i);
    const bg = bgOf(i);
    const label = i === maze.cells.length - 1 ? 'G' : String(maze.cells[i]);
    ctx.strokeStyle = bg;
    ctx.lineWidth = Math.max(2, s / 12);
    ctx.strokeText(label, cx, cy + 1);
    ctx.fillStyle = a.depth[i]! < 0 ? TEXT : textOn(bg);
    ctx.fillText(label, cx, cy + 1);
  }
  return a.fitness > 0 ? ` · fitness ${a.fitness} (goal in ${a.fitness} moves)` : ` · fitness ${a.fitness} (${a.unreachable} cells unreachable)`;
}

function drawParity(ctx: Ctx, p: ParityPuzzle, grid: ParityGrid | undefined, ox: number, oy: number, s: number): string {
  const cells = grid?.cells ?? new Uint8Array(p.n * p.n).fill(1);
  const lines = lineCounts(p.n, cells);
  for (let r = 0; r < p.n; r++)
    for (let c = 0; c < p.n; c++) {
      const x = ox + c * s;
      const y = oy + r * s;
      const odd = lines.rows[r]! % 2 === 1 || lines.cols[c]! % 2 === 1;
      ctx.fillStyle = odd ? 'rgba(230,159,0,0.22)' : '#202227';
      ctx.fillRect(x, y, s, s);
      ctx.strokeStyle = '#34373e';
      ctx.lineWidth = 1;
      ctx.strokeRect(x + 0.5, y + 0.5, s - 1, s - 1);
      ctx.beginPath();
      ctx.arc(x + s / 2, y + s / 2, s * 0.32, 0, Math.PI * 2);
      if (cells[r * p.n + c]) {
        ctx.fillStyle = STATUS_COLOURS.good;
        ctx.fill();
      } else {
        ctx.setLineDash([3, 3]);
        ctx.strokeStyle = '#6c6f78';
        ctx.stroke();
        ctx.setLineDash([]);
      }
    }
  const st = parityStatus(p, cells);
  return ` · remove ${p.m} · ${st.solved ? 'solved' : `${st.removed} removed, ${st.oddRows + st.oddCols} odd lines`}`;
}

/** The document as a PNG. */
export async function documentPng(document: unknown): Promise<Blob> {
  const { doc, puzzle } = parseDocument(document, 'the puzzle');
  const { rows, cols } = gridSize(doc, puzzle);
  const canvas = window.document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('this window cannot draw images (no 2D canvas)');
  // Wide enough for the title (measured before sizing the canvas, which resets the context).
  ctx.font = `600 18px ${FONT}`;
  const L = imageLayout(rows, cols, 1600, ctx.measureText(doc.name || 'Untitled').width + 48);
  canvas.width = L.width;
  canvas.height = L.height;
  drawDocument(ctx, document, L);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the image could not be made'))), 'image/png'));
}
