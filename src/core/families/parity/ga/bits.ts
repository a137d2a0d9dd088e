/**
 * 0/1 cells as base64 of packed bits (cell i = bit i % 8 of byte i / 8), so a checkpoint of a
 * 10,000-individual population of 100 x 100 grids is ~17 MB of JSON rather than ~200 MB.
 * Written here because src/core cannot use Buffer or btoa.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DECODE = new Int16Array(128).fill(-1);
for (let i = 0; i < 64; i++) DECODE[ALPHABET.charCodeAt(i)] = i;

/** Packs cells[off .. off + count) (values 0/1). */
export function packBits(cells: Uint8Array, off: number, count: number): string {
  const bytes = new Uint8Array((count + 7) >> 3);
  for (let i = 0; i < count; i++) if (cells[off + i]) bytes[i >> 3] |= 1 << (i & 7);
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i];
    const b = i + 1 < bytes.length ? bytes[i + 1] : 0;
    const c = i + 2 < bytes.length ? bytes[i + 2] : 0;
    out += ALPHABET[a >> 2] + ALPHABET[((a & 3) << 4) | (b >> 4)];
    out += i + 1 < bytes.length ? ALPHABET[((b & 15) << 2) | (c >> 6)] : '=';
    out += i + 2 < bytes.length ? ALPHABET[c & 63] : '=';
  }
  return out;
}

/** Inverse of packBits into cells[off .. off + count); throws on a string of the wrong shape. */
export function unpackBits(text: unknown, cells: Uint8Array, off: number, count: number, what: string): void {
  const nBytes = (count + 7) >> 3;
  if (typeof text !== 'string' || text.length !== 4 * Math.ceil(nBytes / 3)) throw new Error(`${what}: expected ${count} packed cells`);
  const bytes = new Uint8Array(nBytes);
  let k = 0;
  for (let i = 0; i < text.length; i += 4) {
    const v = [0, 1, 2, 3].map((j) => {
      const ch = text.charCodeAt(i + j);
      return ch === 61 ? 0 : ch < 128 ? DECODE[ch] : -1;
    });
    if (v.some((x) => x < 0)) throw new Error(`${what}: not base64`);
    const triple = (v[0] << 18) | (v[1] << 12) | (v[2] << 6) | v[3];
    if (k < nBytes) bytes[k++] = triple >> 16;
    if (k < nBytes) bytes[k++] = (triple >> 8) & 255;
    if (k < nBytes) bytes[k++] = triple & 255;
  }
  for (let i = 0; i < count; i++) cells[off + i] = (bytes[i >> 3] >> (i & 7)) & 1;
}
