/**
 * Colours and dash patterns of chart lines. Colours are Okabe & Ito's colour-blind-safe set
 * (lib/palette.ts); when many runs are overlaid the dash pattern changes too, so no two lines
 * differ by colour alone.
 */
import { OKABE_ITO } from '../../lib/palette';

/** In the order they are handed out; bright enough on the dark background. */
// Neighbours in this order differ in lightness as well as hue (sky blue / vermillion / yellow /
// bluish green / orange / reddish purple / white), so lines stay apart for every kind of colour
// vision and in greyscale; a light blue that sat beside the sky blue was too close and is gone.
export const SERIES_COLOURS: readonly string[] = [
  OKABE_ITO.skyBlue,
  OKABE_ITO.vermillion,
  OKABE_ITO.yellow,
  OKABE_ITO.green,
  OKABE_ITO.orange,
  OKABE_ITO.purple,
  '#e6e7ea',
];

export const DASHES: readonly number[][] = [[], [7, 4], [2, 3], [10, 3, 2, 3]];

/** Line style of the i-th overlaid run. */
export function seriesStyle(i: number): { colour: string; dash: number[] } {
  const n = SERIES_COLOURS.length;
  return { colour: SERIES_COLOURS[i % n]!, dash: DASHES[Math.floor(i / n) % DASHES.length]! };
}

/** The three lines of one run on its own chart. */
export const RUN_LINE_STYLES = {
  best: { colour: OKABE_ITO.skyBlue as string, dash: [] as number[], width: 2.25 },
  current: { colour: OKABE_ITO.orange as string, dash: [] as number[], width: 1 },
  mean: { colour: OKABE_ITO.green as string, dash: [6, 4] as number[], width: 1.5 },
};

export const CHART_THEME = {
  grid: 'rgba(255,255,255,0.07)',
  axis: '#3a3d44',
  text: '#9a9ca4',
  cursor: '#e6e7ea',
  font: "system-ui, -apple-system, 'Segoe UI', Roboto, Ubuntu, sans-serif",
} as const;
