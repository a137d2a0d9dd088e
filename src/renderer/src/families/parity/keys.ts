/** The casse-tête editor's own board keys: remove or restore the token (as Space). */
export const PARITY_KEYS = {
  toggle: 'x',
} as const;
