// `generate`: new edge-matching instances (E2-style or Tetravex) written as files or added to the library.
import { writeFileSync } from 'node:fs';
import { makeDocument } from '../../core/document/document';
import { randomSeed } from '../../core/rng/rng';
import { generateEdgePuzzle, generatedFiles } from '../../core/families/edge/generator';
import { generateTetravex, tetravexFormat } from '../../core/families/edge/tetravex';
import { boardFormat } from '../../core/families/edge/formats';
import { intOption, parse, seedOption, sizeOption, UsageError } from './args';
import { dbOption, open } from './commands';
import { DIFFICULTIES, type Difficulty } from '../../core/families/edge/design/difficulty';
import { OrderError, generateToOrder } from '../../core/families/edge/design/generate';
import type { EdgeBoard, EdgePuzzle } from '../../core/families/edge/model';
import { orderedText } from '../../core/text/analysis-text';

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
      unique: { type: 'boolean' },
      difficulty: { type: 'string' },
      attempts: { type: 'string' },
    },
    0,
  );
  if ((v.family ?? 'edge') !== 'edge') throw new UsageError('generate makes edge-matching instances only (--family edge)');
  const size = sizeOption(v.size);
  if (!size) throw new UsageError('generate needs --size RxC');
  const seed = seedOption(v.seed) ?? randomSeed();
  const difficulty = v.difficulty === undefined ? undefined : difficultyOption(v.difficulty);
  const unique = v.unique === true || difficulty !== undefined;
  // GNOME Tetravex style: tiles never turn, every number a colour (10 by default, as GNOME's).
  const colours = v.tetravex ? (intOption('colours', v.colours, 1) ?? 10) : 0;
  const frameColours = intOption('frame-colours', v['frame-colours'], 1) ?? 3;
  const innerColours = intOption('inner-colours', v['inner-colours'], 1) ?? 6;
  const kind = v.tetravex ? ({ type: 'tetravex', colours } as const) : ({ type: 'edge', frameColours, innerColours } as const);
  let made: { puzzle: EdgePuzzle; solution: EdgeBoard; seed: number };
  if (unique) {
    const attempts = intOption('attempts', v.attempts, 1, 1_000_000) ?? 200;
    let stop = false;
    const onInt = (): void => void (stop = true);
    process.once('SIGINT', onInt);
    const live = process.stderr.isTTY;
    try {
      const o = generateToOrder({
        rows: size.rows,
        cols: size.cols,
        kind,
        seed,
        difficulty,
        attempts,
        shouldStop: () => stop,
        onTry: live ? (t) => process.stderr.write(`\rtry ${t.tried} of ${attempts}, ${t.unique} with one solution\x1b[K`) : undefined,
      });
      if (live) process.stderr.write('\r\x1b[K');
      made = { puzzle: o.puzzle, solution: o.solution, seed: seed + o.tried - 1 };
      process.stderr.write(`${orderedText(o)}\n`);
    } catch (e) {
      if (live) process.stderr.write('\r\x1b[K');
      if (e instanceof OrderError) throw new UsageError(e.message);
      throw e;
    } finally {
      process.removeListener('SIGINT', onInt);
    }
  } else {
    const g =
      kind.type === 'tetravex'
        ? generateTetravex({ rows: size.rows, cols: size.cols, colours, seed })
        : generateEdgePuzzle({ rows: size.rows, cols: size.cols, frameColours, innerColours, seed });
    made = { ...g, seed };
  }
  const what =
    kind.type === 'tetravex'
      ? `Tetravex ${size.rows}x${size.cols}, ${colours} colours`
      : `E2-style ${size.rows}x${size.cols}, ${frameColours} frame + ${innerColours} inner colours`;
  const header = `# generated ${what}, seed ${made.seed}${unique ? ', exactly one solution' : ''}\n`;
  const text = header + (kind.type === 'tetravex' ? tetravexFormat.write(made.puzzle, undefined)! : generatedFiles(made).pieces);
  if (v.out) writeFileSync(v.out, text);
  else process.stdout.write(text);
  if (v.solution) writeFileSync(v.solution, boardFormat.write(made.puzzle, made.solution)!);
  if (v.import) {
    const wb = open(v.db);
    try {
      const name = kind.type === 'tetravex' ? `Tetravex ${size.rows}x${size.cols} seed ${made.seed}` : `generated ${size.rows}x${size.cols} seed ${made.seed}`;
      const rec = wb.createPuzzle(makeDocument('edge', name, made.puzzle), 'generate');
      process.stderr.write(`added to the library as puzzle ${rec.id}\n`);
    } finally {
      await wb.close();
    }
  }
  return 0;
}

function difficultyOption(text: string): Difficulty {
  if ((DIFFICULTIES as string[]).includes(text)) return text as Difficulty;
  throw new UsageError(`--difficulty must be ${DIFFICULTIES.join(', ')}, got ${text}`);
}
