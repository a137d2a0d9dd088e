import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseDocument } from '../../../src/core/document/document';
import { edgeAt } from '../../../src/core/families/edge/model/model';
import { scoreBoard } from '../../../src/core/families/edge/model/score';
import type { EdgeBoard, EdgePuzzle } from '../../../src/core/families/edge/model/model';
import { evaluateMaze, type JumpMaze, type JumpPuzzle } from '../../../src/core/families/jump';
import type { WorkerSpawner } from '../../../src/main/runs/worker-host';
import { bundledSamples, findResourcesDir, seedLibrary, SAMPLES_SETTING } from '../../../src/main/services/samples';
import { createBackend } from '../../../src/main/services/backend';
import { Workbench } from '../../../src/main/services/workbench';
import { repoRoot } from '../../helpers/cli';

const noWorkers: WorkerSpawner = () => {
  throw new Error('no workers in this test');
};
const resources = path.join(repoRoot, 'resources');
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('bundled samples', () => {
  it('finds the resources folder from the services module', () => {
    expect(findResourcesDir()).toBe(resources);
  });

  it('lists every bundled family with valid documents', () => {
    const samples = bundledSamples(resources);
    const byFamily = (f: string): number => samples.filter((s) => s.family === f).length;
    expect(byFamily('edge')).toBeGreaterThanOrEqual(10);
    expect(byFamily('jump')).toBeGreaterThanOrEqual(3);
    expect(byFamily('parity')).toBeGreaterThanOrEqual(3);
    expect(new Set(samples.map((s) => s.id)).size).toBe(samples.length);
    for (const s of samples) expect(() => parseDocument(s.document, s.id)).not.toThrow();
    expect(samples.map((s) => s.name)).toEqual(expect.arrayContaining(['META 2010 10×10', 'Eternity II', 'Eternity II clue puzzle 1']));
  });

  it('fixes the E2 starter piece (139 at row 9 col 8, turned twice) and the 4 hints in a second variant', () => {
    const samples = bundledSamples(resources);
    const e2 = samples.find((s) => s.id === 'eternity2_256.txt#starter')!;
    const { puzzle } = parseDocument(e2.document);
    const p = puzzle as EdgePuzzle;
    expect(p.fixed).toEqual([{ piece: 138, row: 8, col: 7, rotation: 2 }]);
    expect([0, 1, 2, 3].map((side) => edgeAt(p, 138, 2, side))).toEqual([8, 9, 9, 12]);
    const hints = parseDocument(samples.find((s) => s.id === 'eternity2_256.txt#hints')!.document).puzzle as EdgePuzzle;
    expect(hints.fixed).toHaveLength(5);
    // Cell colours from resources/instances/SOURCES.md.
    const shown = (f: (typeof hints.fixed)[number]): number[] => [0, 1, 2, 3].map((side) => edgeAt(hints, f.piece, f.rotation, side));
    expect(hints.fixed.slice(1).map(shown)).toEqual([
      [20, 9, 21, 12],
      [22, 11, 12, 13],
      [16, 21, 15, 17],
      [22, 18, 22, 20],
    ]);
  });

  it("carries Blackwood's 470 board as a solution scoring 470", () => {
    const s = bundledSamples(resources).find((x) => x.id === 'eternity2_best470_board_blackwood.txt')!;
    const { puzzle, solution } = parseDocument(s.document);
    expect(scoreBoard(puzzle as EdgePuzzle, solution as EdgeBoard)).toBe(470);
  });

  it("keeps the CS 440 report's mazes with the fitness the report gives", () => {
    const fit = (id: string): number => {
      const { puzzle, solution } = parseDocument(bundledSamples(resources).find((x) => x.id === id)!.document);
      return evaluateMaze(puzzle as JumpPuzzle, (solution as JumpMaze).cells).fitness;
    };
    expect(fit('cs440_hill_climbing_5x5.maze')).toBe(21);
    expect(fit('cs440_hill_climbing_7x7.maze')).toBe(33);
    expect(fit('cs440_hill_climbing_9x9.maze')).toBe(56);
    expect(fit('cs440_genetic_9x9.maze')).toBe(68);
    expect(fit('cs440_genetic_20x20.maze')).toBe(323);
  });
});

describe('seeding the library', () => {
  it('adds the samples once; deleted samples stay deleted; new samples still arrive', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'workbench-seed-'));
    dirs.push(dir);
    const db = path.join(dir, 'wb.db');
    const total = bundledSamples(resources).length;

    let wb = Workbench.open({ dbPath: db, spawn: noWorkers });
    let events = 0;
    wb.subscribe(() => events++);
    expect(seedLibrary(wb, resources)).toEqual({ added: total, failed: [] });
    expect(events).toBe(1);
    const list = wb.store.listPuzzles({});
    expect(list).toHaveLength(total);
    // The default order (recently updated) shows them in the bundled order.
    expect(list[0]!.name).toBe(bundledSamples(resources)[0]!.name);
    const meta = list.find((p) => p.name === 'META 2010 10×10')!;
    expect(meta).toMatchObject({ family: 'edge', rows: 10, cols: 10, source: 'bundled: meta2010_10x10.txt' });
    wb.deletePuzzle(meta.id);
    expect(seedLibrary(wb, resources).added).toBe(0);
    void wb.dispose();

    // Pretend a later version bundles one more sample: only it arrives.
    wb = Workbench.open({ dbPath: db, spawn: noWorkers });
    const seen = wb.store.getSetting(SAMPLES_SETTING) as string[];
    wb.store.setSetting(
      SAMPLES_SETTING,
      seen.filter((x) => x !== 'cs440_hill_climbing_5x5.maze'),
    );
    expect(seedLibrary(wb, resources)).toEqual({ added: 1, failed: [] });
    expect(wb.store.countPuzzles()).toBe(total);
    expect(wb.store.listPuzzles({ search: 'meta2010_10x10' })).toEqual([]);
    void wb.dispose();
  });

  it('does nothing without a resources folder', () => {
    const wb = Workbench.open({ dbPath: ':memory:', spawn: noWorkers });
    expect(seedLibrary(wb, null)).toEqual({ added: 0, failed: [] });
    expect(wb.store.countPuzzles()).toBe(0);
  });

  it('createBackend seeds a fresh database, unless told not to', async () => {
    const b = await createBackend({ dbPath: ':memory:', workerHost: noWorkers });
    expect(await b.handlers.listPuzzles({})).toHaveLength(bundledSamples(resources).length);
    await b.dispose();
    const bare = await createBackend({ dbPath: ':memory:', workerHost: noWorkers, resourcesDir: null });
    expect(await bare.handlers.listPuzzles({})).toEqual([]);
    await bare.dispose();
  });
});

describe('undoing a delete', () => {
  it('brings the puzzle back with its id, dates and runs', () => {
    const wb = Workbench.open({ dbPath: ':memory:', spawn: noWorkers });
    const p = wb.importPuzzle('m.maze', '3\n1 2 1\n1 1 1\n2 1 0\n');
    wb.store.touchPuzzle(p.id);
    const before = wb.store.getPuzzle(p.id)!;
    const run = wb.store.createRun({
      puzzleId: p.id,
      puzzleName: p.name,
      family: 'jump',
      solver: 'hill-climb',
      params: {},
      seed: 1,
      stop: { seconds: 1, evaluations: null, target: null },
      puzzle: { rows: 3, cols: 3 },
      maxScore: null,
    });
    wb.deletePuzzle(p.id);
    expect(wb.store.getRun(run.id)!.puzzleId).toBeNull();
    const back = wb.createPuzzle(before.document, 'ignored', p.id);
    expect(back).toEqual(before);
    expect(wb.store.getRun(run.id)!.puzzleId).toBe(p.id);
    // A second undo of the same delete adds a copy rather than failing.
    const again = wb.createPuzzle(before.document, 'm.maze', p.id);
    expect(again.id).not.toBe(p.id);
  });
});
