/** The generic grid editor's own board key: type a cell's value (Space steps to the next one, Delete clears it). */
export const GRID_KEYS = {
  cellValue: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'],
} as const;
