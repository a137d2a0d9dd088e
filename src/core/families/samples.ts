/** What the families' `samples` share: a file's own title and the "every file with this ending, smallest first" rule. */
import type { SampleFiles, SampleSpec, TextFormat } from './family';

/** `# name: …` on a comment line (the .maze and .grid samples carry one). */
export function titleOf(text: string): string | null {
  const m = /^\s*#\s*name:\s*(.+?)\s*$/m.exec(text);
  return m ? m[1]! : null;
}

/** The file name without its ending. */
export const stem = (file: string): string => file.replace(/\.[^.]+$/, '');

/** Every file ending in `.ending`, read with `format`, named by its title (else its stem), fewest cells first. */
export function samplesByEnding<P, S>(files: SampleFiles, ending: string, format: TextFormat<P, S>, cellsOf: (p: P) => number): SampleSpec<P, S>[] {
  const suffix = `.${ending.toLowerCase()}`;
  return files.names
    .filter((f) => f.toLowerCase().endsWith(suffix))
    .map((file) => {
      const text = files.read(file);
      const read = format.read(text, file);
      const spec: SampleSpec<P, S> = { id: file, name: titleOf(text) ?? stem(file), file, puzzle: read.puzzle };
      if (read.solution !== undefined) spec.solution = read.solution;
      return { spec, cells: cellsOf(read.puzzle) };
    })
    .sort((a, b) => a.cells - b.cells)
    .map((x) => x.spec);
}
