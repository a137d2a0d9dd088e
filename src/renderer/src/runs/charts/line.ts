/**
 * What a chart draws: lines of {x, y} points. Its own module, so the series that build lines
 * (series.ts) and the chart that draws them (chart.ts) both import it and neither the other.
 */
export interface XY {
  x: number;
  y: number;
}

export interface ChartLine {
  id: string;
  label: string;
  points: XY[];
  colour: string;
  dash?: number[];
  width?: number;
  /** Step line (best so far): the value holds until the next point. */
  stepped?: boolean;
  /** Shade from this line to the next one (`'+1'`): a spread band; `fillColour` is its colour. */
  fill?: '+1';
  fillColour?: string;
  /** Censored runs: a cross at each (hollow while the run still runs). */
  marks?: { x: number; y: number; live: boolean }[];
}
