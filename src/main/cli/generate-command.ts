// `generate`: new edge-matching instances (E2-style or Tetravex) written as files or added to the library.
import { writeFileSync } from 'node:fs';
import { makeDocument } from '../../core/document/document';
import { randomSeed } from '../../core/rng/rng';
import { generateEdgePuzzle, generatedFiles } from '../../core/families/edge/generator';
import { generateTetravex, tetravexFormat } from '../../core/families/edge/tetravex';
import { boardFormat } from '../../core/families/edge/formats';
import { intOption, parse, seedOption, sizeOption, UsageError } from './args';
import { dbOption, open } from './commands';

export async function generate(argv: string[]): Promise<number> {
  const { values: v } = parse(
    argv,
    {
      ...dbOption,
      family: { type: 'string' },
      size: { type: 'string' },
      'frame-colours': { type: 'string' },
      'inner-colours': { type: 'string' },
      seed: { type: 'string' },
      out: { type: 'string' },
      solution: { type: 'string' },
      import: { type: 'boolean' },
      tetravex: { type: 'boolean' },
      colours: { type: 'string' },
    },
    0,
  );
  if ((v.family ?? 'edge') !== 'edge') throw new UsageError('generate makes edge-matching instances only (--family edge)');
  const size = sizeOption(v.size);
  if (!size) throw new UsageError('generate needs --size RxC');
  const seed = seedOption(v.seed) ?? randomSeed();
  if (v.tetravex) {
    // GNOME Tetravex style: tiles never turn, every number a colour (10 by default, as GNOME's).
    const colours = intOption('colours', v.colours, 1) ?? 10;
    const t = generateTetravex({ rows: size.rows, cols: size.cols, colours, seed });
    const text = `# generated Tetravex ${size.rows}x${size.cols}, ${colours} colours, seed ${seed}\n${tetravexFormat.write(t.puzzle, undefined)!}`;
    if (v.out) writeFileSync(v.out, text);
    else process.stdout.write(text);
    if (v.solution) writeFileSync(v.solution, boardFormat.write(t.puzzle, t.solution)!);
    if (v.import) {
      const wb = open(v.db);
      try {
        const rec = wb.createPuzzle(makeDocument('edge', `Tetravex ${size.rows}x${size.cols} seed ${seed}`, t.puzzle), 'generate');
        process.stderr.write(`added to the library as puzzle ${rec.id}\n`);
      } finally {
        await wb.close();
      }
    }
    return 0;
  }
  const g = generateEdgePuzzle({
    rows: size.rows,
    cols: size.cols,
    frameColours: intOption('frame-colours', v['frame-colours'], 1) ?? 3,
    innerColours: intOption('inner-colours', v['inner-colours'], 1) ?? 6,
    seed,
  });
  const files = generatedFiles(g);
  const header = `# generated E2-style ${size.rows}x${size.cols}, ${v['frame-colours'] ?? 3} frame + ${v['inner-colours'] ?? 6} inner colours, seed ${seed}\n`;
  if (v.out) writeFileSync(v.out, header + files.pieces);
  else process.stdout.write(header + files.pieces);
  if (v.solution) writeFileSync(v.solution, files.solution);
  if (v.import) {
    const wb = open(v.db);
    try {
      const name = `generated ${size.rows}x${size.cols} seed ${seed}`;
      const rec = wb.createPuzzle(makeDocument('edge', name, g.puzzle), 'generate');
      process.stderr.write(`added to the library as puzzle ${rec.id}\n`);
    } finally {
      await wb.close();
    }
  }
  return 0;
}
