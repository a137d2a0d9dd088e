/** The board's measures and mark colours, shared by its layers. */

/** World units per cell. */
export const CELL = 64;
/** The board's frame is drawn this far (world units) around the cells. */
export const FRAME_MARGIN = CELL * 0.12;

export const ACCENT = 0x6ea8fe;
export const WHITE = 0xffffff;
export const DARK = 0x0d0e10;
export const REFUSED = 0xff7b72;

export const css = (rgb: number, alpha = 1): string => `rgba(${(rgb >> 16) & 255},${(rgb >> 8) & 255},${rgb & 255},${alpha})`;
