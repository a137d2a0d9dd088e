// The icon set's paths (drawn by Icon.svelte), in a module of its own so plain TypeScript can name icons.
export const ICONS = {
  back: ['M10.5 3 5.5 8l5 5'],
  undo: ['M5.5 3.5 2.5 6.5l3 3', 'M2.8 6.5H10a3.5 3.5 0 0 1 0 7H7'],
  redo: ['m10.5 3.5 3 3-3 3', 'M13.2 6.5H6a3.5 3.5 0 0 0 0 7h3'],
  solve: ['M5 3.2v9.6L12.6 8z'],
  stop: ['M4.5 4.5h7v7h-7z'],
  image: ['M2.5 3.5h11v9h-11z', 'm2.5 10.5 3.5-3.5 3 3 1.5-1.5 3 3', 'M10.5 6.2h.01'],
  download: ['M8 2.5v8', 'm4.5 7 3.5 3.5L11.5 7', 'M3 13.5h10'],
  help: ['M6.2 6.2a1.9 1.9 0 1 1 2.6 1.7c-.5.2-.8.6-.8 1.1v.5', 'M8 11.6h.01', 'M8 14.5a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13z'],
  more: ['M3.5 8h.01', 'M8 8h.01', 'M12.5 8h.01'],
  close: ['m4 4 8 8', 'm12 4-8 8'],
  check: ['m3.5 8.5 3 3 6-7'],
  warning: ['M8 2.5 14 13H2z', 'M8 6.5v3', 'M8 11.3h.01'],
  offline: ['m2.5 2.5 11 11', 'M5.7 5.2A7.6 7.6 0 0 0 2 7.2', 'M10.6 5.3A7.6 7.6 0 0 1 14 7.2', 'M4.5 9.6a5 5 0 0 1 2.4-1.3', 'M8 12.5h.01'],
  panel: ['M2.5 3.5h11v9h-11z', 'M10 3.5v9'],
  trash: ['M3 4.5h10M6.5 4.5V3h3v1.5M4.5 4.5l.7 8.5h5.6l.7-8.5'],
  search: ['M10.4 10.4 14 14', 'M6.8 11.6a4.8 4.8 0 1 0 0-9.6 4.8 4.8 0 0 0 0 9.6z'],
  rename: ['M3 13h2.5L13 5.5 10.5 3 3 10.5z', 'm9 4.5 2.5 2.5'],
  duplicate: ['M5.5 5.5h8v8h-8z', 'M10.5 3.5v-.5a1 1 0 0 0-1-1h-6a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h.5'],
  again: ['M13 8a5 5 0 1 1-1.6-3.7', 'M12.5 1.8v3h-3'],
  first: ['M4 3v10', 'M13 3 6 8l7 5z'],
  last: ['M12 3v10', 'M3 3l7 5-7 5z'],
  play: ['M4.5 2.5v11l9-5.5z'],
  pause: ['M4.5 3h2.5v10H4.5z', 'M9 3h2.5v10H9z'],
  plus: ['M8 3.5v9', 'M3.5 8h9'],
  minus: ['M3.5 8h9'],
  sortUp: ['m4.5 10 3.5-3.5 3.5 3.5'],
  sortDown: ['m4.5 6.5 3.5 3.5 3.5-3.5'],
  eraser: ['M9.5 2.8 13.2 6.5l-6 6H4.8l-2-2z', 'm6 6.3 3.7 3.7', 'M7.2 12.5h6'],
} as const;
/** Icons drawn as solid shapes rather than lines. */
export const FILLED: ReadonlySet<string> = new Set(['solve', 'play', 'pause', 'first', 'last']);
export type IconName = keyof typeof ICONS;
