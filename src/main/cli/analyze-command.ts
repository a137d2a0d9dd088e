/** `workbench analyze`: the designer's analysis of a puzzle file (issue 25). */
import { basename } from 'node:path';
import { readPuzzleFile } from '../../core/document/read-file';
import { getFamily } from '../../core/families';
import { documentToText, makeDocument } from '../../core/document/document';
import { makeUnique, fewestRecolourings } from '../../core/families/edge/analysis';
import { solutionToJson, type EdgePuzzle, isEdgeRead } from '../../core/families/edge/model';
import { makeUniqueLines, recolourLines } from '../../core/families/edge/analysis/text';
import { analysisLines } from '../../core/text/analysis-text';
import { countText, durationText } from '../../core/text/run-text';
import { countNoun } from '../../core/text/plural';
import { runAnalysis, DEFAULT_LIMITS, type AnalysisTarget } from '../services/analysis-run';
import { cliStop } from './stop-signal';
import { ANALYSIS_MAX } from '../api/system';
import { cpuSecondsOption, intOption, parse, seedOption, sizeOption, UsageError } from './args';
import { readerOptionsOf } from './reader-options';
import { outFile, writeOut } from './out-file';
import { readText } from './commands';
import { printNotes } from './output';

export async function analyze(argv: string[]): Promise<number> {
  const { values: v, positionals } = parse(
    argv,
    {
      db: { type: 'string' },
      json: { type: 'boolean' },
      format: { type: 'string' },
      order: { type: 'string' },
      rotation: { type: 'string' },
      frame: { type: 'string' },
      size: { type: 'string' },
      remove: { type: 'string' },
      seconds: { type: 'string' },
      'max-solutions': { type: 'string' },
      probes: { type: 'string' },
      seed: { type: 'string' },
      'make-unique': { type: 'boolean' },
      recolour: { type: 'boolean' },
      out: { type: 'string' },
    },
    1,
  );
  const seconds = cpuSecondsOption(v.seconds) ?? DEFAULT_LIMITS.seconds;
  const limits = {
    seconds,
    maxSolutions: intOption('max-solutions', v['max-solutions'], 1, ANALYSIS_MAX.maxSolutions) ?? DEFAULT_LIMITS.maxSolutions,
    probes: intOption('probes', v.probes, 1, ANALYSIS_MAX.probes) ?? DEFAULT_LIMITS.probes,
    seed: seedOption(v.seed) ?? DEFAULT_LIMITS.seed,
  };
  const size = sizeOption(v.size);
  const file = positionals[0];
  let target: AnalysisTarget;
  let notes: string[] = [];
  if (file === undefined) {
    if (!size || v.remove === undefined) throw new UsageError('analyze needs a FILE (edge pieces, a maze, a grid) or --size N --remove M for a casse-tete');
    if (size.rows !== size.cols) throw new UsageError('a casse-tete grid is square: give --size N');
    const m = intOption('remove', v.remove, 0);
    target = { family: 'parity', puzzle: getFamily('parity').puzzleFromJson({ n: size.rows, m }, '--size/--remove') };
  } else {
    const options = readerOptionsOf(v);
    const read = readPuzzleFile(file, readText(file), { format: v.format, options });
    const { errors } = getFamily(read.family).validate(read.puzzle);
    if (errors.length > 0) throw new UsageError(`${file}: ${errors[0]}${errors.length > 1 ? ` (and ${errors.length - 1} more problems)` : ''}`);
    notes = read.notes;
    target = { family: read.family, puzzle: read.puzzle, solution: read.solution ?? undefined };
  }
  if (v.recolour && !v['make-unique']) throw new UsageError('--recolour makes a puzzle unique by colours: give it with --make-unique');
  if (v['make-unique']) return makeUniqueCommand(target, file, seconds, v.json === true, outFile('out', v.out), notes, v.recolour === true);
  if (v.out !== undefined) throw new UsageError('--out writes the puzzle --make-unique proposes: give --make-unique');
  const stop = cliStop();
  const live = process.stderr.isTTY && !v.json;
  try {
    const out = await runAnalysis(target, limits, {
      stopRequested: stop.shouldStop,
      pause: () => new Promise((r) => setImmediate(r)),
      onProgress: live
        ? (p) =>
            process.stderr.write(
              `\r${p.phase === 'estimate' ? `probes ${countText(p.work)}` : `nodes ${countText(p.work)}, solutions ${countText(p.found)}`} · ${durationText(p.cpuMs)} CPU\x1b[K`,
            )
        : undefined,
    });
    if (live) process.stderr.write('\r\x1b[K');
    if (v.json) process.stdout.write(`${JSON.stringify({ file: file === undefined ? null : basename(file), ...out })}\n`);
    else process.stdout.write(`${analysisLines(out.analysis, out.eternity2).join('\n')}\n`);
    printNotes(notes, []);
    return stop.interrupted() ? 130 : 0;
  } finally {
    stop.release();
  }
}

/** `analyze FILE --make-unique [--out FILE]`: the fewest fixed pieces that leave one solution (issue 51). */
function makeUniqueCommand(
  target: AnalysisTarget,
  file: string | undefined,
  seconds: number,
  json: boolean,
  out: string | undefined,
  notes: string[],
  byColours: boolean,
): number {
  if (!isEdgeRead(target) || file === undefined) throw new UsageError('--make-unique works on edge-matching puzzles (and Tetravex): give an edge piece file');
  const puzzle = target.puzzle;
  const stop = cliStop(seconds);
  if (byColours) {
    try {
      const r = fewestRecolourings(puzzle, { shouldStop: stop.shouldStop });
      const { puzzle: changed, ...rest } = r;
      if (json) process.stdout.write(`${JSON.stringify({ file: basename(file), ...rest })}\n`);
      else process.stdout.write(`${recolourLines(r, puzzle.rows, puzzle.cols, stop.stoppedBy()).join('\n')}\n`);
      if (out !== undefined) {
        if (r.outcome !== 'proposed' || !changed) throw new UsageError(`${basename(file)}: nothing written to ${out}: no confirmed proposal`);
        writeOut('out', out, documentToText(makeDocument('edge', `${basename(file)} (unique by colours)`, changed)));
        if (!json) process.stdout.write(`wrote ${out}: the puzzle with ${countNoun(r.changes.length, 'join')} recoloured\n`);
      }
      printNotes(notes, []);
      return stop.interrupted() ? 130 : r.outcome === 'stopped' ? 1 : 0;
    } finally {
      stop.release();
    }
  }
  try {
    const r = makeUnique(puzzle, { shouldStop: stop.shouldStop });
    if (json) process.stdout.write(`${JSON.stringify({ file: basename(file), ...r, reference: r.reference ? solutionToJson(r.reference) : null })}\n`);
    else process.stdout.write(`${makeUniqueLines(r, puzzle.rows, puzzle.cols, stop.stoppedBy()).join('\n')}\n`);
    if (out !== undefined) {
      if (r.outcome !== 'proposed') throw new UsageError(`${basename(file)}: nothing written to ${out}: no confirmed proposal`);
      const hinted: EdgePuzzle = { ...puzzle, fixed: [...puzzle.fixed, ...r.hints] };
      writeOut('out', out, documentToText(makeDocument('edge', `${basename(file)} (unique)`, hinted, r.reference)));
      if (!json) process.stdout.write(`wrote ${out}: the puzzle with the ${countNoun(r.hints.length, 'piece')} fixed\n`);
    }
    printNotes(notes, []);
    return stop.interrupted() ? 130 : r.outcome === 'stopped' ? 1 : 0;
  } finally {
    stop.release();
  }
}
