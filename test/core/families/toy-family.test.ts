/**
 * Issue 22 item 3: a family is its folders. A test-only family ("toy lights") is added through
 * the registration seams alone and then read, sniffed, scored, solved, checked, resumed, written
 * and seeded by the program's own services, with no edit to any shared list.
 *
 * Every file this family touched, all of them new:
 */
export const TOUCHED = ['test/fixtures/families/toy/family.ts', 'test/fixtures/families/toy/solver.ts', 'test/core/families/toy-family.test.ts'] as const;

import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerFamily, getFamily, allFamilies } from '../../../src/core/families';
import { findSolver, registerSolvers } from '../../../src/core/catalogue/catalogue';
import { detectFormat, listFormats, readPuzzleFile } from '../../../src/core/document/read-file';
import { documentFromText, documentToText, makeDocument } from '../../../src/core/document/document';
import { improvementCheck } from '../../../src/core/families/verify';
import { drive } from '../../../src/core/engine/driver';
import type { Improvement } from '../../../src/core/engine/run-types';
import { bundledSamples } from '../../../src/main/services/samples';
import { toyFamily } from '../../fixtures/families/toy/family';
import { toySolvers } from '../../fixtures/families/toy/solver';

beforeAll(() => {
  registerFamily(toyFamily);
  registerSolvers(toySolvers);
});

const FILE = '# toy grid: lights\n2 3\n0 1 0\n0 0 1\n';

describe('a family registered through the seams alone', () => {
  it('is listed after the built-in families, with its format', () => {
    expect(allFamilies().map((f) => f.id)).toEqual(['edge', 'jump', 'parity', 'toy']);
    expect(listFormats().map((f) => [f.family, f.id])).toContainEqual(['toy', 'toy-grid']);
    expect(() => registerFamily(toyFamily)).toThrow(/already registered/);
  });

  it('has its files recognised by extension and by its own sniffer, and built-in files still read as before', () => {
    expect(detectFormat('lights.toy', '2 3\n')).toBe('toy-grid');
    expect(detectFormat('lights.txt', FILE)).toBe('toy-grid');
    expect(detectFormat('grid.txt', '4 4\n1 1 1 1\n1 0 1 1\n1 1 0 1\n1 1 1 1\n')).toBe('grid');
    expect(detectFormat('maze.txt', '3\n1 2 1\n2 1 1\n1 1 0\n')).toBe('maze');
  });

  it('reads a file, scores it, solves a few steps (each improvement re-checked), resumes and writes', async () => {
    const read = readPuzzleFile('lights.txt', FILE);
    expect(read).toMatchObject({ family: 'toy', format: 'toy-grid', name: 'lights' });
    const family = getFamily('toy');
    expect(family.evaluate(read.puzzle, read.solution)).toEqual({ score: 2, maxScore: 6, solved: false });

    const def = findSolver('toy', 'light-one');
    const check = improvementCheck('toy', family.puzzleToJson(read.puzzle));
    const run = def.create(read.puzzle, {}, 7);
    const seen: Improvement[] = [];
    let checkpoint: unknown = null;
    let clock = 0;
    await drive(
      run,
      { seconds: null, evaluations: 4, target: null },
      {
        now: () => clock++,
        pause: async () => {},
        stopRequested: () => false,
        onProgress: () => {},
        onImprovement: (i) => seen.push(i),
        onCheckpoint: (c) => void (checkpoint = c.state),
      },
      { elapsedMs: 0, maxScore: family.maxScore(read.puzzle), progressIntervalMs: 1e9, checkpointIntervalMs: 0 },
    );
    expect(seen.length).toBeGreaterThan(0);
    for (const i of seen) expect(check(i.solution, i.score)).toBeNull();
    expect(check(seen[0]!.solution, seen[0]!.score + 1)).toMatch(/its board scores/);

    // Resumed from its checkpoint it goes on to light every cell, deterministically.
    const again = def.restore(read.puzzle, {}, checkpoint);
    while (!again.finished) again.step(100);
    expect(again.bestScore).toBe(6);
    const board = family.solutionFromJson(read.puzzle, again.bestSolution());
    expect(family.evaluate(read.puzzle, board).solved).toBe(true);

    const text = family.formats[0]!.write(read.puzzle, board)!;
    expect(readPuzzleFile('out.txt', text).solution).toEqual(board);
    const doc = makeDocument('toy', 'lights', read.puzzle, board);
    expect(documentFromText(documentToText(doc), 'lights.json').doc.family).toBe('toy');
  });

  it('builds from a size and lists its bundled samples, which main seeds without knowing it', () => {
    expect(toyFamily.fromSize!.build({ rows: 2, cols: 2 }, {})).toEqual({ name: 'toy 2x2', puzzle: { rows: 2, cols: 2 } });
    const resources = mkdtempSync(join(tmpdir(), 'toy-res-'));
    mkdirSync(join(resources, 'instances'));
    writeFileSync(join(resources, 'instances', 'four.toy'), '2 2\n1 0\n0 1\n');
    const samples = bundledSamples(resources);
    expect(samples.map((s) => [s.id, s.family, s.source])).toEqual([['four.toy', 'toy', 'bundled: four.toy']]);
  });
});
