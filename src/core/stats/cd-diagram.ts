/**
 * Demšar's critical-difference diagram (Demšar 2006, as Orange and autorank draw it) as a
 * standalone SVG document: an axis of average ranks with the best (rank 1) at the left; each
 * setting a line from its rank down to its label, the better half labelled on the left, the
 * worse half on the right; thick bars joining settings whose ranks lie within the critical
 * difference (no significant difference between them); the CD drawn to scale above the axis.
 *
 * Text only (no DOM): the same string serves the app, the exports and the CLI. Label widths are
 * estimated from a character count (no font metrics here), generously, and long labels are cut
 * with an ellipsis so they never run off the page.
 */
import { displayText } from '../text/display';

export interface CdDiagramInput {
  labels: readonly string[];
  averageRanks: readonly number[];
  cd: number | null;
  cliques: readonly (readonly number[])[];
  title?: string;
}

const FONT = 'Helvetica, Arial, sans-serif';
const FONT_SIZE = 12;
/** Estimated advance of one character at FONT_SIZE: Helvetica averages about 0.5 em, DejaVu Sans (a common stand-in) 0.6; the wider, so labels fit in either. */
const CHAR_WIDTH = 0.6 * FONT_SIZE;
const ROW = 20;
const CLIQUE_STEP = 9;
const TICK_BIG = 8;
const TICK_SMALL = 4;
const MARGIN = 10;
const MIN_WIDTH = 320;

/** Demšar's critical-difference diagram as a standalone SVG document (text; every label XML-escaped; fixed fonts; width 640 by default). */
export function cdDiagramSvg(input: CdDiagramInput, requestedWidth = 640): string {
  const k = input.averageRanks.length;
  if (input.labels.length !== k) throw new RangeError(`the diagram needs one label per setting; got ${input.labels.length} labels for ${k} ranks`);
  if (!input.averageRanks.every(Number.isFinite)) throw new RangeError('the diagram needs a finite average rank for every setting');
  // Narrower than this the axis and two label columns cannot all be read.
  const width = Math.max(MIN_WIDTH, Number.isFinite(requestedWidth) ? requestedWidth : 640);
  const order = input.averageRanks.map((_, i) => i).sort((a, b) => input.averageRanks[a]! - input.averageRanks[b]! || a - b);
  const lowRank = Math.min(1, ...input.averageRanks.map(Math.floor));
  const highRank = Math.max(k, ...input.averageRanks.map(Math.ceil));
  const leftCount = Math.ceil(k / 2);

  // The axis keeps at least 32 % of the width and room for its numbers; each side's label area
  // fits its longest label and rank within the rest, and longer labels are cut.
  const axisMin = Math.max(0.32 * width, 16 * (highRank - lowRank));
  const sideMax = Math.max(60, (width - axisMin) / 2);
  const rankOf = (i: number): string => input.averageRanks[i]!.toFixed(2);
  // The lead's stub and the gap before the text take 10 px; "(12.34)" and its space take 8 characters.
  const maxChars = Math.max(4, Math.floor((sideMax - 2 * MARGIN - 10) / CHAR_WIDTH) - 8);
  const shown = input.labels.map((l) => displayText(l, maxChars));
  const sideWidth = (ids: readonly number[]): number => Math.max(0, ...ids.map((i) => (shown[i]!.length + rankOf(i).length + 1) * CHAR_WIDTH + 10));
  const textSpace = Math.min(sideMax, Math.max(60, sideWidth(order.slice(0, leftCount)), sideWidth(order.slice(leftCount))) + 2 * MARGIN);
  const axisLeft = textSpace;
  const axisRight = width - textSpace;
  const x = (rank: number): number => axisLeft + ((axisRight - axisLeft) * (rank - lowRank)) / Math.max(1, highRank - lowRank);

  const out: string[] = [];
  let y = MARGIN;
  if (input.title) {
    y += FONT_SIZE;
    const title = displayText(input.title, Math.floor((width - 2 * MARGIN) / (CHAR_WIDTH * 1.1)));
    out.push(`<text class="title" x="${f(width / 2)}" y="${f(y)}" text-anchor="middle" font-weight="bold">${escapeXml(title)}</text>`);
    y += 16;
  }

  // The critical difference, drawn to scale from rank 1 (cut at the axis end if it is longer).
  if (input.cd !== null && Number.isFinite(input.cd) && input.cd > 0) {
    y += FONT_SIZE + 4;
    const begin = x(lowRank);
    const end = Math.min(x(lowRank + input.cd), axisRight);
    out.push(`<text class="cd-label" x="${f((begin + end) / 2)}" y="${f(y)}" text-anchor="middle">CD = ${escapeXml(input.cd.toFixed(2))}</text>`);
    y += 8;
    out.push(
      `<g class="cd" stroke="#000" stroke-width="1">`,
      line(begin, y, end, y),
      line(begin, y - TICK_BIG / 2, begin, y + TICK_BIG / 2),
      line(end, y - TICK_BIG / 2, end, y + TICK_BIG / 2),
      `</g>`,
    );
    y += 12;
  }

  // The axis: a tick at every half rank, numbered at the whole ones.
  y += FONT_SIZE + TICK_BIG / 2;
  const axisY = y;
  out.push(`<g class="axis" stroke="#000" stroke-width="1">`, line(axisLeft, axisY, axisRight, axisY));
  for (let r = lowRank; r <= highRank; r += 0.5) {
    const tick = Number.isInteger(r) ? TICK_BIG : TICK_SMALL;
    out.push(line(x(r), axisY - tick, x(r), axisY));
  }
  out.push(`</g>`);
  for (let r = lowRank; r <= highRank; r++) out.push(`<text class="tick-label" x="${f(x(r))}" y="${f(axisY - TICK_BIG - 3)}" text-anchor="middle">${r}</text>`);

  // The cliques below the axis, one bar per group, each a little lower.
  const cliqueTop = axisY + 14;
  out.push(`<g class="cliques" stroke="#000" stroke-width="3.5" stroke-linecap="round">`);
  input.cliques.forEach((group, g) => {
    const ranks = group.map((i) => input.averageRanks[i]!);
    const cy = cliqueTop + g * CLIQUE_STEP;
    out.push(line(x(Math.min(...ranks)) - 4, cy, x(Math.max(...ranks)) + 4, cy, 'clique'));
  });
  out.push(`</g>`);

  // Labels: the better half on the left, best at the top; the worse half on the right, worst at the top,
  // so that no two lines cross.
  const firstRow = cliqueTop + Math.max(2, input.cliques.length) * CLIQUE_STEP + 12;
  const rows = Math.max(leftCount, k - leftCount);
  out.push(`<g class="settings">`);
  order.forEach((i, pos) => {
    const left = pos < leftCount;
    const rowY = firstRow + (left ? pos : k - 1 - pos) * ROW;
    const rx = x(input.averageRanks[i]!);
    const endX = left ? axisLeft - 6 : axisRight + 6;
    out.push(`<polyline class="lead" points="${f(rx)},${f(axisY)} ${f(rx)},${f(rowY)} ${f(endX)},${f(rowY)}" fill="none" stroke="#000" stroke-width="1"/>`);
    const label = escapeXml(shown[i]!);
    // A gap by dx, not a space: renderers differ on keeping a space at the edge of a tspan.
    const rank = `<tspan fill="#555"${left ? ' dx="4"' : ''}>(${rankOf(i)})</tspan>`;
    const name = left ? label : `<tspan dx="4">${label}</tspan>`;
    const textX = left ? endX - 4 : endX + 4;
    out.push(
      `<text class="label" x="${f(textX)}" y="${f(rowY + FONT_SIZE / 3)}" text-anchor="${left ? 'end' : 'start'}">${left ? name + rank : rank + name}</text>`,
    );
  });
  out.push(`</g>`);

  const height = firstRow + (rows - 1) * ROW + MARGIN + 4;
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${f(width)}" height="${f(height)}" viewBox="0 0 ${f(width)} ${f(height)}" font-family="${FONT}" font-size="${FONT_SIZE}">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    ...out,
    `</svg>`,
    '',
  ].join('\n');
}

function line(x1: number, y1: number, x2: number, y2: number, cls?: string): string {
  return `<line${cls ? ` class="${cls}"` : ''} x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}"/>`;
}

/** A coordinate with at most two decimals. */
function f(v: number): string {
  return String(Math.round(v * 100) / 100);
}

/** Text safe inside an XML element or attribute: the five specials as entities, and the code points XML 1.0 forbids (lone surrogates, U+FFFE, U+FFFF) as U+FFFD. */
export function escapeXml(text: string): string {
  return text
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|[\uFFFE\uFFFF]/g, '\uFFFD')
    .replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
