/** The keys the edge editor's help lists, per mode (the bindings themselves are the views'). */
import { shortcutLabel } from '../../../lib/keys';
import { keyLabel, SHORTCUTS } from '../../../lib/shortcuts';

export const PLAY_KEYS: [string, string][] = [
  ['Arrows', 'move the cursor'],
  ['Enter / Space', 'pick up or place'],
  ['R / Shift+R', 'turn the piece'],
  ['H', 'what fits the cursor cell'],
  ['Del', 'back to the tray'],
  ['F', 'fix as a hint'],
  ['T / B', 'tray / board'],
  ['+ / − / 0', 'zoom / fit'],
  ['Wheel, right click', 'turn a piece'],
  ['Ctrl+wheel, Shift+drag', 'zoom, pan'],
  [shortcutLabel(SHORTCUTS.tray), 'show or hide the tray'],
];
export const DESIGN_KEYS: [string, string][] = [
  ['Click / drag', 'paint joins (Shift: a whole tile, right button: erase)'],
  ['Alt+click', 'pick a colour'],
  ['Arrows / Shift+arrow', 'move / paint'],
  ['Space', 'paint the tile'],
  [`${keyLabel('apply')} in Rows, Columns`, 'resize'],
  ['Del', 'erase'],
  ['F', 'hint'],
  ['1–9, [ ]', 'colour'],
  ['E', 'eraser'],
  ['Ctrl+wheel, middle-drag', 'zoom, pan'],
];
