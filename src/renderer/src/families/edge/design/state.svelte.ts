/**
 * The design view's tool state: the colour (0 = eraser), the tool (paint joins or mark hints), the
 * keyboard cursor, the join under the pointer and how many colours the palette shows.
 */
import { DISTINCT_MOTIFS } from '../motifs';

export type DesignTool = 'paint' | 'hint';
export interface SideRef {
  row: number;
  col: number;
  side: number;
}

export class DesignState {
  #colour = $state(1);
  #tool = $state<DesignTool>('paint');
  #cursor = $state(0);
  #hoverSide = $state.raw<SideRef | null>(null);
  #paletteSize = $state(22);

  /** The colour painted (0: the eraser). */
  get colour(): number {
    return this.#colour;
  }
  set colour(c: number) {
    this.#colour = c;
  }
  get tool(): DesignTool {
    return this.#tool;
  }
  set tool(t: DesignTool) {
    this.#tool = t;
  }
  get cursor(): number {
    return this.#cursor;
  }
  set cursor(cell: number) {
    this.#cursor = cell;
  }
  /** The join under the pointer (highlighted while painting joins). */
  get hoverSide(): SideRef | null {
    return this.#hoverSide;
  }
  set hoverSide(next: SideRef | null) {
    const h = this.#hoverSide;
    if (next?.row !== h?.row || next?.col !== h?.col || next?.side !== h?.side) this.#hoverSide = next;
  }
  /** Colours offered in the palette (1..paletteSize). */
  get paletteSize(): number {
    return this.#paletteSize;
  }

  nextColour(): void {
    this.#colour = (this.#colour + 1) % (this.#paletteSize + 1);
  }
  prevColour(): void {
    this.#colour = (this.#colour + this.#paletteSize) % (this.#paletteSize + 1);
  }
  toggleTool(): void {
    this.#tool = this.#tool === 'paint' ? 'hint' : 'paint';
  }
  /** Eight more colours in the palette. */
  morePalette(): void {
    this.#paletteSize = Math.min(DISTINCT_MOTIFS, this.#paletteSize + 8);
  }
  /** The palette grows to show every colour the drawing uses. */
  fitPalette(maxUsed: number): void {
    if (maxUsed > this.#paletteSize) this.#paletteSize = Math.min(DISTINCT_MOTIFS, maxUsed);
  }
}
