/** The edge editors' own board keys (play and design); the shortcut registry (lib/shortcuts.ts) finds them by name. */
export const EDGE_KEYS = {
  turn: 'r',
  turnBack: 'shift+r',
  fix: 'f',
  fits: 'h',
  /** Focus the tray / the board (play). */
  toTray: 't',
  toBoard: 'b',
  /** Design: paint with a colour, the next / previous one, the eraser, the tool. */
  colour: ['1', '2', '3', '4', '5', '6', '7', '8', '9'],
  colourNext: ']',
  colourPrev: '[',
  eraser: 'e',
  tool: 'p',
} as const;
