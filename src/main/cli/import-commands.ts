import { documentFromText, parseDocument } from '../../core/document/document';
import { checkFileSize, checkLineLength } from '../../core/document/limits';
import { detectFormat } from '../../core/document/read-file';
import { getFamily } from '../../core/families';
import { isBoardUrlText, readBoardUrls, boardOnItsOwn, boardScore, type BoardScore } from '../../core/families/edge/files';
import { isEdgeRead } from '../../core/families/edge/model';
import { nodeWorkerSpawner } from '../runs/node-host';
import { dbFile } from './db-file';
import { prepareImport, readPiecesAndBoards, storeImports, type ImportResult } from '../services/imports';
import { isRunFileText } from '../services/run-file';
import { solverInfos, Workbench } from '../services/workbench';
import { Studies } from '../studies/studies';
import type { RunRecord } from '../store/types';
import { intOption, parse, UsageError } from './args';
import { readerOptions, readerOptionsOf } from './reader-options';
import { readText } from './commands';
import { printNotes, scoreText } from './output';
import { displayText, escapeControls } from '../../core/text/display';
import { solverLabel } from '../../core/text/run-text';
import { countText } from '../../core/text/numbers';
import { canResume } from '../../core/engine/run-types';
import { countNoun } from '../../core/text/plural';

/** `import` and `score`: files as people have them, boards read against their piece sets. */

export async function importFiles(argv: string[]): Promise<number> {
  const { values: v, positionals } = parse(
    argv,
    { db: { type: 'string' }, json: { type: 'boolean' }, ...readerOptions, pieces: { type: 'string' }, into: { type: 'string' }, study: { type: 'string' } },
    1000,
  );
  if (positionals.length === 0) throw new UsageError('missing FILE to import');
  if (v.pieces && v.into) throw new UsageError('give either --pieces FILE (a new puzzle) or --into ID (a library puzzle), not both');
  const into = intOption('into', v.into, 1);
  const study = intOption('study', v.study, 1);
  const options = readerOptionsOf(v);
  // Of several files, any refused (missing, unreadable, bad) stores none: the message says so.
  const noneImported = <T>(work: () => T): T => {
    try {
      return work();
    } catch (e) {
      if (positionals.length > 1 && e instanceof Error) e.message += ' (nothing imported)';
      throw e;
    }
  };
  const pieces = v.pieces ? noneImported(() => ({ fileName: v.pieces!, text: readText(v.pieces!) })) : undefined;
  const texts = positionals.map((f) => noneImported(() => ({ f, text: readText(f) })));
  const runFiles = texts.filter(({ text }) => isRunFileText(text));
  if (runFiles.length > 0 && runFiles.length < texts.length) throw new UsageError('import run files on their own, not with puzzle files');
  if (study !== undefined && runFiles.length === 0) throw new UsageError('--study ID takes run files (export --format run), not puzzle files');
  const forPuzzles = ['pieces', 'into', ...Object.keys(readerOptions)].find((k) => v[k as keyof typeof v] !== undefined);
  if (runFiles.length > 0 && forPuzzles !== undefined)
    throw new UsageError(`--${forPuzzles} is for puzzle files: a run file holds its puzzle (run files take --study and --json)`);
  const wb = Workbench.open({ dbPath: dbFile(v.db, 'make'), spawn: nodeWorkerSpawner(), concurrency: 1 });
  try {
    if (runFiles.length > 0) return importRuns(wb, runFiles, v.json === true, study);
    // Every file read and checked first, then all stored in one transaction: a bad file (or Ctrl+C,
    // which ends the process before the transaction commits) stores nothing.
    const prepared = texts.map(({ f, text }) =>
      noneImported(() => {
        if (!pieces && into === undefined && detectFormat(f, text) === 'board')
          throw new UsageError(
            `${escapeControls(f)}: a board names pieces by number: give its piece set with --pieces FILE, or a library puzzle with --into ID`,
          );
        return prepareImport(wb, { fileName: f, text, format: v.format, options, pieces, into, source: f }, undefined, progressLine(f));
      }),
    );
    const count = prepared.reduce((a, p) => a + p.items.length, 0);
    if (count >= PROGRESS_FROM) process.stderr.write(`storing ${countText(count)} puzzles\n`);
    const results: ImportResult[] = storeImports(wb, prepared);
    const added = results.flatMap((r) => r.added);
    const updated = results.flatMap((r) => r.updated);
    if (v.json) {
      const row = (p: (typeof added)[number]): Record<string, unknown> => ({ id: p.id, name: p.name, family: p.family, rows: p.rows, cols: p.cols });
      process.stdout.write(
        `${JSON.stringify({
          added: added.map(row),
          updated: updated.map(row),
          duplicates: results.flatMap((r) => r.duplicates),
          notes: results.flatMap((r) => r.notes),
          warnings: results.flatMap((r) => r.warnings),
        })}\n`,
      );
      return 0;
    }
    for (const r of results) {
      for (const line of importedLines(r)) process.stdout.write(`${line}\n`);
      printNotes(r.notes, r.warnings);
    }
    return 0;
  } finally {
    await wb.dispose();
  }
}

/**
 * One line per puzzle an import added or updated, with the library puzzle each duplicates. The
 * duplicates are looked up by id in a map: a file of 100,000 copies of one puzzle has as many
 * duplicates as puzzles, and a search of the list per puzzle made the printing quadratic.
 */
export function importedLines(r: Pick<ImportResult, 'added' | 'updated' | 'duplicates'>): string[] {
  const sameAs = new Map(r.duplicates.map((d) => [d.id, d.sameAs]));
  const lines = r.added.map((p) => {
    const same = sameAs.get(p.id);
    return `puzzle ${p.id}: ${displayText(p.name)} (${p.family} ${p.rows}x${p.cols})${placementText(p.document)}${same ? `, the same puzzle as ${same.id} (${displayText(same.name)})` : ''}`;
  });
  for (const p of r.updated) lines.push(`puzzle ${p.id}: ${displayText(p.name)}: placement replaced${placementText(p.document)}`);
  return lines;
}

/**
 * Run files (see services/run-file.ts), all stored or none; with `study`, each fills the cell of
 * that study that is exactly its own (Studies.adopt), as if the study had run it here.
 */
function importRuns(wb: Workbench, files: { f: string; text: string }[], json: boolean, study?: number): number {
  let runs: { run: RunRecord; seed: number | null }[];
  try {
    runs =
      study === undefined ? wb.store.core.tx(() => files.map(({ f, text }) => ({ run: wb.importRunFile(f, text), seed: null }))) : adoptAll(wb, study, files);
  } catch (e) {
    if (files.length > 1 && e instanceof Error) e.message += ' (nothing imported)';
    throw e;
  }
  if (json) {
    process.stdout.write(
      `${JSON.stringify(runs.map(({ run: r, seed }) => ({ id: r.id, status: r.status, bestScore: r.bestScore, puzzleId: r.puzzleId, ...(study !== undefined ? { study, seed } : {}) })))}\n`,
    );
    return 0;
  }
  for (const { run: r, seed } of runs) {
    const next = canResume(r.status)
      ? study !== undefined
        ? ` (workbench study run ${study} goes on with it)`
        : ` (workbench resume ${r.id} goes on with it)`
      : '';
    process.stdout.write(
      `run ${r.id}: ${solverLabel(solverInfos(), r)} on ${displayText(r.puzzleName)}, ${r.status}, best ${scoreText(r.bestScore, r.maxScore)}${seed !== null ? `, in study ${study} (seed ${seed})` : ''}${next}\n`,
    );
  }
  return 0;
}

/** The runs of `files`, each in the cell of study `id` that is exactly its own, all or none. */
function adoptAll(wb: Workbench, id: number, files: { f: string; text: string }[]): { run: RunRecord; seed: number }[] {
  return new Studies(wb)
    .adoptFiles(
      id,
      files.map(({ f, text }) => ({ name: f, text })),
    )
    .map(({ run, cell }) => ({ run, seed: cell.seed }));
}

/** Boards read before progress is shown (smaller files are read in well under a second). */
const PROGRESS_FROM = 200;
const PROGRESS_EVERY_MS = 1000;

/** A progress reporter for reading FILE: a line on stderr at most once a second once the read is long. */
function progressLine(file: string): (done: number, total: number) => void {
  let last = Date.now();
  return (done, total) => {
    if (total < PROGRESS_FROM || Date.now() - last < PROGRESS_EVERY_MS) return;
    last = Date.now();
    process.stderr.write(`${displayText(file)}: ${countText(done)} of ${countText(total)} boards read\n`);
  };
}

/** ", placement 470/480" for a document with a placement. */
function placementText(document: unknown): string {
  try {
    const { doc, puzzle, solution } = parseDocument(document);
    if (solution === undefined) return '';
    const e = getFamily(doc.family).evaluate(puzzle, solution);
    return `, placement ${e.score}${e.maxScore === null ? '' : `/${e.maxScore}`}`;
  } catch {
    return '';
  }
}

type Scored = BoardScore & { notes: string[] };

function scoreLine(s: Scored, many: boolean): string {
  const head = `${many && s.name ? `${s.name}: ` : ''}${s.score}/${s.maxScore} joins, ${s.placed} of ${s.cells} cells placed, ${s.valid ? 'valid' : countNoun(s.problems.length, 'problem')}`;
  const shown = s.problems.slice(0, 10).map((p) => `  ${p}`);
  if (s.problems.length > 10) shown.push(`  ... ${s.problems.length - 10} more`);
  return [head, ...shown].join('\n');
}

export async function score(argv: string[]): Promise<number> {
  // No --format: a score's files are told apart by their content (pieces, then a board).
  const { format: _format, ...scoreOptions } = readerOptions;
  const { values: v, positionals } = parse(argv, { json: { type: 'boolean' }, ...scoreOptions }, 2);
  const [first, second] = positionals;
  if (!first) throw new UsageError('missing PIECES (and BOARD): score PIECES BOARD, or score URLFILE');
  const options = readerOptionsOf(v);
  const scored: Scored[] = [];
  if (second !== undefined) {
    const boards = readPiecesAndBoards({ fileName: first, text: readText(first) }, { fileName: second, text: readText(second) }, options, progressLine(second));
    for (const b of boards) scored.push({ ...boardScore(b.puzzle, b.board, b.name), notes: b.notes });
  } else {
    const text = readText(first);
    checkFileSize(text, first);
    if (isBoardUrlText(text)) {
      checkLineLength(text, first);
      for (const bt of readBoardUrls(text, first)) {
        const { puzzle, board } = boardOnItsOwn(bt, first);
        scored.push({ ...boardScore(puzzle, board, bt.name), notes: [] });
      }
    } else if (detectFormat(first, text) === 'json') {
      const { doc, puzzle, solution } = documentFromText(text, first);
      const read = { family: doc.family, puzzle, solution };
      if (!isEdgeRead(read)) throw new UsageError(`${escapeControls(first)}: score reads edge-matching boards; this is a ${doc.family} puzzle`);
      if (!read.solution) throw new UsageError(`${escapeControls(first)}: the document has no placement to score`);
      scored.push({ ...boardScore(read.puzzle, read.solution, doc.name), notes: [] });
    } else throw new UsageError(`${escapeControls(first)}: no board to score: give the board file too (score PIECES BOARD), or a URL with board_edges`);
  }
  if (v.json) {
    const plain = scored.map(({ name, notes, ...rest }) => (scored.length > 1 ? { name, ...rest, notes } : { ...rest, notes }));
    process.stdout.write(`${JSON.stringify(plain.length === 1 ? plain[0] : plain)}\n`);
    return 0;
  }
  for (const s of scored) process.stdout.write(`${scoreLine(s, scored.length > 1)}\n`);
  printNotes(
    scored.flatMap((s) => s.notes.map((n) => (scored.length > 1 && s.name ? `${s.name}: ${n}` : n))),
    [],
  );
  return 0;
}
