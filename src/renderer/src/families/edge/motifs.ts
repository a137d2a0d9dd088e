/**
 * Edge motifs: every edge colour of a puzzle is drawn as a fill colour AND a simple pattern, so
 * two colours never rely on hue alone (colour-blind safe). Colour 0 is the grey frame.
 *
 * Colour c >= 1 (k = c - 1) takes hue k mod 8 and pattern k mod 7; 8 and 7 are coprime, so the
 * first 56 colours are all different and neighbours in the numbering differ in both. Colours
 * 57..112 repeat that cycle in a darker shade; beyond, the cycle repeats (the colour number is
 * still shown in tooltips). The hues are the Okabe-Ito set, designed for colour vision deficiency.
 */

export type Pattern = 'plain' | 'dot' | 'stripe' | 'chevron' | 'ring' | 'pair' | 'cross';
export const PATTERNS: readonly Pattern[] = ['plain', 'dot', 'stripe', 'chevron', 'ring', 'pair', 'cross'];

/** Okabe-Ito (orange, sky blue, bluish green, yellow, blue, vermillion, reddish purple) plus off-white. */
export const HUES: readonly number[] = [0xe69f00, 0x56b4e9, 0x009e73, 0xf0e442, 0x0072b2, 0xd55e00, 0xcc79a7, 0xeeeeee];
export const HUE_NAMES: readonly string[] = ['orange', 'sky blue', 'green', 'yellow', 'blue', 'vermillion', 'purple', 'white'];

/** The frame colour (0). */
export const FRAME_FILL = 0x5a5e68;
/** Shown for a join not painted yet (design mode). */
export const UNPAINTED = -1;
export const UNPAINTED_FILL = 0x26282e;

export interface Motif {
  colour: number;
  fill: number;
  /** Colour of the pattern drawn over the fill: dark on light fills, light on dark ones. */
  ink: number;
  pattern: Pattern;
  /** For tooltips and screen readers: "3: green stripes". */
  label: string;
}

function luminance(c: number): number {
  const ch = (v: number): number => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * ch((c >> 16) & 255) + 0.7152 * ch((c >> 8) & 255) + 0.0722 * ch(c & 255);
}

function darker(c: number, f: number): number {
  const r = Math.round(((c >> 16) & 255) * f);
  const g = Math.round(((c >> 8) & 255) * f);
  const b = Math.round((c & 255) * f);
  return (r << 16) | (g << 8) | b;
}

const PATTERN_WORDS: Record<Pattern, string> = {
  plain: 'plain',
  dot: 'dot',
  stripe: 'stripe',
  chevron: 'chevron',
  ring: 'ring',
  pair: 'two dots',
  cross: 'cross',
};

const cache = new Map<number, Motif>();

export function motif(colour: number): Motif {
  const hit = cache.get(colour);
  if (hit) return hit;
  let m: Motif;
  if (colour === 0) m = { colour, fill: FRAME_FILL, ink: 0x8a8f9a, pattern: 'plain', label: '0: grey frame' };
  else if (colour < 0) m = { colour, fill: UNPAINTED_FILL, ink: 0x4a4d55, pattern: 'plain', label: 'not painted' };
  else {
    const k = colour - 1;
    const hue = k % HUES.length;
    const shade = Math.floor(k / (HUES.length * PATTERNS.length)) % 2;
    const fill = shade ? darker(HUES[hue], 0.62) : HUES[hue];
    const pattern = PATTERNS[k % PATTERNS.length];
    const ink = luminance(fill) > 0.3 ? 0x1b1c20 : 0xf4f4f6;
    m = { colour, fill, ink, pattern, label: `${colour}: ${shade ? 'dark ' : ''}${HUE_NAMES[hue]} ${PATTERN_WORDS[pattern]}` };
  }
  cache.set(colour, m);
  return m;
}

/** How many distinct motifs there are before they repeat. */
export const DISTINCT_MOTIFS = 2 * HUES.length * PATTERNS.length;
