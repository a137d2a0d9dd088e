// `generate`: new edge-matching instances (E2-style or Tetravex) written as files or added to the library.
import { makeDocument } from '../../core/document/document';
import { randomSeed } from '../../core/rng/rng';
import { generateEdgePuzzle, generatedFiles, DIFFICULTIES, type Difficulty, OrderError, generateToOrder, orderedText } from '../../core/families/edge/design';
import { generateTetravex, tetravexFormat, boardFormat } from '../../core/families/edge/files';
import { cpuSecondsOption, intOption, parse, seedOption, sizeOption, UsageError } from './args';
import { cliStop } from './stop-signal';
import { distinctOutFiles, outFile, writeOut } from './out-file';
import { dbOption, open } from './commands';
import type { EdgeBoard, EdgePuzzle } from '../../core/families/edge/model';
import { analyseMaze } from '../../core/families/jump/analysis';
import { MazeOrderError, mazeToOrder } from '../../core/families/jump/design';
import { jumpMazeFormat } from '../../core/families/jump/format';
import { jumpPuzzle, jumpPuzzleErrors } from '../../core/families/jump/model';
import { parityToOrder } from '../../core/families/parity/design';
import { parityGridFormat } from '../../core/families/parity/format';
import { ORDER_ATTEMPTS } from '../api/contract';
import { countNoun } from '../../core/text/plural';
import { countText } from '../../core/text/numbers';

/** Options every kind takes; the others by kind, so one that would be ignored is refused instead. */
const COMMON = ['db', 'family', 'out', 'import'];
const APPLIES = {
  edge: ['size', 'seed', 'frame-colours', 'inner-colours', 'solution', 'unique', 'difficulty', 'attempts', 'seconds'],
  tetravex: ['size', 'seed', 'tetravex', 'colours', 'solution', 'unique', 'difficulty', 'attempts', 'seconds'],
  jump: ['size', 'seed', 'length', 'attempts', 'seconds'],
  parity: ['size', 'solutions'],
} satisfies Record<string, readonly string[]> as Record<'edge' | 'tetravex' | 'jump' | 'parity', readonly string[]>;
const MODE_WORDS = { edge: 'an edge-matching puzzle', tetravex: 'a Tetravex puzzle', jump: 'a jump maze', parity: 'a casse-tete grid' } as const;

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
      length: { type: 'string' },
      solutions: { type: 'string' },
      seconds: { type: 'string' },
    },
    0,
  );
  outFile('out', v.out);
  outFile('solution', v.solution);
  distinctOutFiles({ name: 'out', path: v.out }, { name: 'solution', path: v.solution });
  const family = v.family ?? 'edge';
  if (family !== 'edge' && family !== 'jump' && family !== 'parity')
    throw new UsageError(`generate makes edge, jump or parity puzzles (--family edge|jump|parity), got ${family}`);
  const mode = family === 'edge' ? (v.tetravex ? 'tetravex' : 'edge') : family;
  const given = Object.keys(v).filter((k) => v[k as keyof typeof v] !== undefined && !COMMON.includes(k));
  const stray = given.find((k) => !APPLIES[mode].includes(k));
  if (stray !== undefined) throw new UsageError(`--${stray} does not apply to ${MODE_WORDS[mode]} (it takes ${APPLIES[mode].map((k) => `--${k}`).join(', ')})`);
  const bound = (['attempts', 'seconds'] as const).find((k) => v[k] !== undefined);
  if (bound !== undefined && mode !== 'jump' && v.unique !== true && v.difficulty === undefined)
    throw new UsageError(`--${bound} bounds the search for exactly one solution: give --unique or --difficulty`);
  if (family === 'jump') return generateMaze(v);
  if (family === 'parity') return generateParity(v);
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
    const attempts = intOption('attempts', v.attempts, 1, ORDER_ATTEMPTS.max) ?? ORDER_ATTEMPTS.default;
    // One count on a large board can run for hours: bounded by CPU time as a maze to order is, and Ctrl+C.
    const seconds = cpuSecondsOption(v.seconds) ?? ORDER_SECONDS;
    const stop = cliStop(seconds);
    const live = process.stderr.isTTY;
    try {
      const o = generateToOrder({
        rows: size.rows,
        cols: size.cols,
        kind,
        seed,
        difficulty,
        attempts,
        shouldStop: stop.shouldStop,
        onTry: live ? (t) => process.stderr.write(`\rtry ${t.tried} of ${attempts}, ${t.unique} with one solution\x1b[K`) : undefined,
      });
      if (live) process.stderr.write('\r\x1b[K');
      made = { puzzle: o.puzzle, solution: o.solution, seed: seed + o.tried - 1 };
      process.stderr.write(`${orderedText(o)}\n`);
    } catch (e) {
      if (live) process.stderr.write('\r\x1b[K');
      if (!(e instanceof OrderError)) throw e;
      if (e.stopped === undefined) throw new UsageError(e.message);
      const { tried, unique: found, nodes } = e.stopped;
      const how = stop.interrupted() ? 'stopped' : `stopped at --seconds ${seconds}`;
      const before = tried === 0 ? '' : `; ${countNoun(tried, 'try', 'tries')} before it counted to the end, ${found} with one solution`;
      throw new UsageError(
        `no ${size.rows}x${size.cols} board with exactly one solution${difficulty ? ` rated ${difficulty}` : ''} yet (${how}, in try ${tried + 1} of ${attempts}${before}; ${countText(nodes)} placements counted): give it more time or a smaller board`,
      );
    } finally {
      stop.release();
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
  if (v.out !== undefined) writeOut('out', v.out, text);
  else process.stdout.write(text);
  if (v.solution !== undefined) writeOut('solution', v.solution, boardFormat.write(made.puzzle, made.solution)!);
  if (v.import) {
    const wb = open(v.db, 'make');
    try {
      const name = kind.type === 'tetravex' ? `Tetravex ${size.rows}x${size.cols} seed ${made.seed}` : `generated ${size.rows}x${size.cols} seed ${made.seed}`;
      const rec = wb.createPuzzle(makeDocument('edge', name, made.puzzle), 'generate');
      process.stderr.write(`added to the library as puzzle ${rec.id}\n`);
    } finally {
      await wb.dispose();
    }
  }
  return 0;
}

function difficultyOption(text: string): Difficulty {
  if ((DIFFICULTIES as string[]).includes(text)) return text as Difficulty;
  throw new UsageError(`--difficulty must be ${DIFFICULTIES.join(', ')}, got ${text}`);
}

type Values = Record<string, string | boolean | undefined>;

/** CPU seconds a search to order (a maze, a board with one solution) may take unless --seconds says otherwise. */
const ORDER_SECONDS = 60;
const str = (x: string | boolean | undefined): string | undefined => (typeof x === 'string' ? x : undefined);

/** `generate --family jump --size RxC --length L`: a maze whose one shortest path has L moves. */
async function generateMaze(v: Values): Promise<number> {
  const size = sizeOption(str(v.size));
  if (!size) throw new UsageError('generate --family jump needs --size RxC');
  const length = intOption('length', str(v.length), 1);
  if (length === undefined) throw new UsageError('generate --family jump needs --length L: the moves of its one shortest path');
  const seed = seedOption(str(v.seed)) ?? randomSeed();
  const puzzle = jumpPuzzle(size.rows, size.cols);
  const errors = jumpPuzzleErrors(puzzle);
  if (errors.length) throw new UsageError(errors[0]!);
  const maxSteps = (intOption('attempts', str(v.attempts), 1, ORDER_ATTEMPTS.max) ?? ORDER_ATTEMPTS.default) * ORDER_ATTEMPTS.mazeChanges;
  // A large maze makes each change a full analysis: the search is bounded by CPU time too, and Ctrl+C.
  const seconds = cpuSecondsOption(str(v.seconds)) ?? ORDER_SECONDS;
  const stop = cliStop(seconds);
  let maze: Int32Array;
  try {
    maze = mazeToOrder(puzzle, { length, seed, maxSteps, shouldStop: stop.shouldStop }).cells;
  } catch (e) {
    if (!(e instanceof MazeOrderError)) throw e;
    if (stop.interrupted()) throw new UsageError(`${e.message} (stopped)`);
    if (e.stopped) throw new UsageError(`${e.message} (stopped at --seconds ${seconds}): ask for another length or give it more time`);
    throw new UsageError(`${e.message}: ask for another length or give more --attempts`);
  } finally {
    stop.release();
  }
  const a = analyseMaze(puzzle, maze);
  process.stderr.write(`one shortest path of ${a.shortest} moves (the maze analysis says so), seed ${seed}\n`);
  const text = jumpMazeFormat.write(puzzle, { cells: maze })!;
  if (typeof v.out === 'string') writeOut('out', v.out, text);
  else process.stdout.write(text);
  if (v.import)
    await addToLibrary(str(v.db), makeDocument('jump', `maze ${size.rows}x${size.cols}, one path of ${length}, seed ${seed}`, puzzle, { cells: maze }));
  return 0;
}

/** `generate --family parity --solutions K [--size N]`: the casse-tete grids with exactly K solutions. */
async function generateParity(v: Values): Promise<number> {
  const raw = str(v.solutions);
  if (raw === undefined || !/^\d{1,60}$/.test(raw)) throw new UsageError(`generate --family parity needs --solutions K (a whole number), got ${raw ?? 'none'}`);
  const size = sizeOption(str(v.size));
  if (size && size.rows !== size.cols) throw new UsageError('a casse-tete grid is square: give --size N');
  const sizes = size ? [size.rows] : Array.from({ length: 11 }, (_, i) => i + 2);
  if (sizes[0]! > 12) throw new UsageError('--solutions searches grids up to 12x12 (the exact counts stay fast there)');
  const order = parityToOrder(BigInt(raw), sizes);
  const where = size ? `${size.rows}x${size.rows}` : 'from 2x2 to 12x12';
  if (order.exact.length === 0) {
    const near = [order.below, order.above].filter((c) => c !== null).map((c) => `n = ${c.n}, m = ${c.m} has ${c.solutions}`);
    throw new UsageError(`no casse-tete ${where} has exactly ${raw} solutions${near.length ? `; nearest: ${near.join('; ')}` : ''}`);
  }
  for (const c of order.exact) process.stdout.write(`n = ${c.n}, m = ${c.m}: ${c.solutions} solutions, exact\n`);
  const first = order.exact[0]!;
  if (typeof v.out === 'string') writeOut('out', v.out, parityGridFormat.write({ n: first.n, m: first.m }, undefined)!);
  if (v.import)
    await addToLibrary(str(v.db), makeDocument('parity', `casse-tete ${first.n}x${first.n}, remove ${first.m} (${raw} solutions)`, { n: first.n, m: first.m }));
  return 0;
}

async function addToLibrary(db: string | undefined, doc: ReturnType<typeof makeDocument>): Promise<void> {
  const wb = open(db, 'make');
  try {
    const rec = wb.createPuzzle(doc, 'generate');
    process.stderr.write(`added to the library as puzzle ${rec.id}\n`);
  } finally {
    await wb.dispose();
  }
}
