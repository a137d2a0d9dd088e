/**
 * A name made safe as the start of a file name, for every export (app downloads, the CLI, run and
 * study files): `Eternity II (copy)` → `Eternity_II_copy`. No path separators, no leading dots (so
 * `../x` cannot climb and no hidden file is made), at most 120 characters.
 */
export function safeFileName(name: string, fallback = 'puzzle'): string {
  return (
    name
      .replace(/[^\w.-]+/g, '_')
      .replace(/^[_.]+|_+$/g, '')
      .slice(0, 120) || fallback
  );
}
