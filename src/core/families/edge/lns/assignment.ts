/**
 * Maximum-weight perfect assignment on a k x k integer matrix, by the shortest-augmenting-path
 * form of the Hungarian method (Jonker-Volgenant style potentials), O(k^3). The workspace is
 * allocated once for the largest k, so the large-neighbourhood search solves one matrix per
 * iteration without allocating.
 */
export class Assignment {
  /** Row-major weights, w[i * stride + j]; fill rows 0..k-1, columns 0..k-1 before `solve`. */
  readonly weight: Int32Array;
  /** After `solve`: the column given to each row. */
  readonly colOf: Int32Array;
  private readonly u: Float64Array;
  private readonly v: Float64Array;
  private readonly rowOf: Int32Array;
  private readonly way: Int32Array;
  private readonly minv: Float64Array;
  private readonly used: Uint8Array;

  constructor(readonly stride: number) {
    this.weight = new Int32Array(stride * stride);
    this.colOf = new Int32Array(stride);
    this.u = new Float64Array(stride + 1);
    this.v = new Float64Array(stride + 1);
    this.rowOf = new Int32Array(stride + 1);
    this.way = new Int32Array(stride + 1);
    this.minv = new Float64Array(stride + 1);
    this.used = new Uint8Array(stride + 1);
  }

  /** Solve for the first k rows and columns; returns the total weight of the best assignment. */
  solve(k: number): number {
    if (k > this.stride) throw new Error(`assignment of ${k} exceeds its workspace of ${this.stride}`);
    const { weight: w, stride, u, v, rowOf, way, minv, used } = this;
    // Minimise cost = -weight. Indices are 1-based inside; column 0 is the virtual start.
    u.fill(0, 0, k + 1);
    v.fill(0, 0, k + 1);
    rowOf.fill(0, 0, k + 1);
    for (let i = 1; i <= k; i++) {
      rowOf[0] = i;
      let j0 = 0;
      minv.fill(Infinity, 0, k + 1);
      used.fill(0, 0, k + 1);
      do {
        used[j0] = 1;
        const i0 = rowOf[j0];
        const base = (i0 - 1) * stride - 1;
        const ui = u[i0];
        let delta = Infinity;
        let j1 = 0;
        for (let j = 1; j <= k; j++) {
          if (used[j]) continue;
          const cur = -w[base + j] - ui - v[j];
          if (cur < minv[j]) {
            minv[j] = cur;
            way[j] = j0;
          }
          if (minv[j] < delta) {
            delta = minv[j];
            j1 = j;
          }
        }
        for (let j = 0; j <= k; j++) {
          if (used[j]) {
            u[rowOf[j]] += delta;
            v[j] -= delta;
          } else minv[j] -= delta;
        }
        j0 = j1;
      } while (rowOf[j0] !== 0);
      do {
        const j1 = way[j0];
        rowOf[j0] = rowOf[j1];
        j0 = j1;
      } while (j0 !== 0);
    }
    let total = 0;
    for (let j = 1; j <= k; j++) {
      const i = rowOf[j] - 1;
      this.colOf[i] = j - 1;
      total += w[i * stride + j - 1];
    }
    return total;
  }
}
