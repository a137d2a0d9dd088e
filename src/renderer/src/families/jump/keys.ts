/** The jump-maze editor's own board keys: type a length; next / previous length; put the start / the goal on the cursor cell. */
export const JUMP_KEYS = {
  digit: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'],
  more: ['+', '='],
  less: ['-', '_'],
  start: 's',
  goal: 'g',
} as const;
