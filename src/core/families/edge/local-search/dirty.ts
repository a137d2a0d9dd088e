import { damaged } from '../../../engine/checkpoint';
/**
 * Cells whose moves may have changed value since the board was last a local optimum of every
 * VND neighbourhood. A move's delta depends only on its cells and their neighbours, so a move
 * touching no dirty cell is still not improving and the VND never needs to look at it: after a
 * shake of a few moves it scans a few cells' moves instead of the whole neighbourhood, and finds
 * exactly the improving moves a full scan would.
 */
export class DirtyCells {
  /** Cells in the order they became dirty. */
  readonly list: Int32Array;
  /** Position of a dirty cell in `list`, -1 when clean. */
  readonly rank: Int32Array;
  count = 0;

  constructor(
    cells: number,
    private readonly nbr: Int32Array,
  ) {
    this.list = new Int32Array(cells);
    this.rank = new Int32Array(cells).fill(-1);
  }

  private add(c: number): void {
    if (this.rank[c] >= 0) return;
    this.rank[c] = this.count;
    this.list[this.count++] = c;
  }

  /** Cell c changed: its moves and its neighbours' moves may now improve. */
  touch(c: number): void {
    this.add(c);
    const n = 4 * c;
    for (let s = 0; s < 4; s++) {
      const q = this.nbr[n + s];
      if (q >= 0) this.add(q);
    }
  }

  all(): void {
    for (let c = 0; c < this.rank.length; c++) this.add(c);
  }

  clear(): void {
    for (let i = 0; i < this.count; i++) this.rank[this.list[i]] = -1;
    this.count = 0;
  }

  toJson(): number[] {
    return Array.from(this.list.subarray(0, this.count));
  }

  /** `cells` as `toJson` wrote them (whole numbers, read with the checkpoint's schema). */
  fromJson(cells: readonly number[]): void {
    this.clear();
    for (const c of cells) {
      if (c < 0 || c >= this.rank.length) throw damaged('edge search', 'dirty', `no cell ${c}`);
      this.add(c);
    }
  }
}
