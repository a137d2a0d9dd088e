/**
 * Colour-blind-safe colours. Categorical: Okabe & Ito (2008). Sequential: viridis (perceptually
 * uniform, readable with every common colour-vision deficiency and in greyscale).
 * Meaning is never carried by colour alone: views add text, patterns or marks.
 */
export const OKABE_ITO = {
  orange: '#E69F00',
  skyBlue: '#56B4E9',
  green: '#009E73',
  yellow: '#F0E442',
  blue: '#0072B2',
  vermillion: '#D55E00',
  purple: '#CC79A7',
  black: '#000000',
} as const;

/** Meanings used across views. */
export const STATUS_COLOURS = {
  /** Something wrong / to fix (odd line, mismatch, unreachable). */
  problem: OKABE_ITO.orange,
  /** Fine / done. */
  good: OKABE_ITO.skyBlue,
  /** A path, a selection. */
  path: '#FFFFFF',
} as const;

// viridis at 9 evenly spaced stops.
const VIRIDIS = ['#440154', '#472d7b', '#3b528b', '#2c728e', '#21918c', '#28ae80', '#5ec962', '#addc30', '#fde725'];

function hexToRgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function rgbToHex([r, g, b]: readonly number[]): string {
  return `#${[r, g, b].map((v) => Math.round(v!).toString(16).padStart(2, '0')).join('')}`;
}

/** Viridis at t in [0, 1] (clamped), as #rrggbb. */
export function viridis(t: number): string {
  const x = Math.min(1, Math.max(0, Number.isFinite(t) ? t : 0)) * (VIRIDIS.length - 1);
  const i = Math.min(VIRIDIS.length - 2, Math.floor(x));
  const f = x - i;
  const a = hexToRgb(VIRIDIS[i]!);
  const b = hexToRgb(VIRIDIS[i + 1]!);
  return rgbToHex([0, 1, 2].map((k) => a[k]! + (b[k]! - a[k]!) * f));
}

/** Relative luminance (WCAG) of #rrggbb. */
export function luminance(hex: string): number {
  const lin = hexToRgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * lin[0]! + 0.7152 * lin[1]! + 0.0722 * lin[2]!;
}

/** Black or white, whichever reads better on `background`. */
export function textOn(background: string): '#000000' | '#ffffff' {
  const l = luminance(background);
  // Contrast with black (l + 0.05) / 0.05 against white 1.05 / (l + 0.05).
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000000' : '#ffffff';
}

// Edge colours and motifs live in one place, edge/motifs.ts, for the board, the trays and the PNG export alike.
