/**
 * The selected cell of the jump maze editor, whether its list of lengths is open, and the digits
 * typed into it so far (quick digits build one number: 1 then 2 is 12; a pause starts afresh).
 */
import { typeDigit } from './maze-editor';

/** A pause this long between digits starts a new number, ms. */
export const DIGIT_PAUSE_MS = 900;

export class MazeSelection {
  #cursor = $state(0);
  #pickerOpen = $state(false);
  #digits = '';
  #timer: ReturnType<typeof setTimeout> | undefined;

  get cursor(): number {
    return this.#cursor;
  }

  /** The list of lengths of the selected cell is open. */
  get pickerOpen(): boolean {
    return this.#pickerOpen;
  }

  /** Select cell `i` (a new number starts there), with its list of lengths open or closed. */
  select(i: number, openPicker = false): void {
    this.#cursor = i;
    this.#digits = '';
    this.#pickerOpen = openPicker;
  }

  /** Point at cell `i` without closing its list or forgetting the digits (the wheel). */
  point(i: number): void {
    this.#cursor = i;
  }

  closePicker(): void {
    this.#pickerOpen = false;
  }

  /** A digit typed on the selected cell (lengths 1..max): the length to set, or null for none yet. */
  type(key: string, max: number): number | null {
    if (max === 0) return null;
    const t = typeDigit(this.#digits, key, max);
    this.#digits = t.buffer;
    clearTimeout(this.#timer);
    if (this.#digits) this.#timer = setTimeout(() => (this.#digits = ''), DIGIT_PAUSE_MS);
    return t.value;
  }

  /** The editor closes: no pending timer. */
  dispose(): void {
    clearTimeout(this.#timer);
  }
}
