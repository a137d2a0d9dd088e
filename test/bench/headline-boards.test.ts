/**
 * Every board a headline stands on is re-scored here, with the recorder's own check: the plateau
 * boards (bench/results/boards/, the score in each name) on the bundled Eternity II with the
 * starter piece, and the best board of every run file kept under bench/results (the overnight
 * runs behind the README's record row, the from-empty bench's runs at its last target).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { puzzleOfFile, rescore, runFileBest } from '../../bench/records';
import { piecesFormat, readBoardText } from '../../src/core/families/edge/files';
import { solutionToJson } from '../../src/core/families/edge/model/json';

const RESULTS = 'bench/results';
const BOARDS = join(RESULTS, 'boards');
const STARTER = 'resources/studies/puzzles/eternity2_starter.txt';

const runFiles = (readdirSync(RESULTS, { recursive: true }) as string[]).filter((f) => f.endsWith('.run.json')).map((f) => join(RESULTS, f));
const boards = readdirSync(BOARDS).filter((f) => /^[\w-]+-\d+\.txt$/.test(f));

describe('headline boards', () => {
  it('finds the boards and run files it re-scores', () => {
    expect(boards.length).toBeGreaterThanOrEqual(4);
    expect(runFiles.length).toBeGreaterThanOrEqual(5);
  });

  it.each(boards)('%s gives the score in its name on Eternity II with the starter piece', (name) => {
    const puzzle = piecesFormat.read(readFileSync(STARTER, 'utf8'), STARTER).puzzle;
    const file = join(BOARDS, name);
    const board = solutionToJson(readBoardText(readFileSync(file, 'utf8'), file, puzzle));
    const score = Number(/-(\d+)\.txt$/.exec(name)![1]);
    expect(rescore(puzzleOfFile(STARTER), board, score)).toBeNull();
  });

  it.each(runFiles)('%s: its best board gives the score it claims', (file) => {
    const best = runFileBest(file);
    expect(rescore(best.ref, best.board, best.score)).toBeNull();
    // The Eternity II runs' figures are about the bundled puzzle: their own copy must be it.
    if (/edge-e2-|from-empty/.test(file)) expect(JSON.stringify(best.ref.puzzle)).toBe(JSON.stringify(puzzleOfFile(STARTER).puzzle));
  });
});
