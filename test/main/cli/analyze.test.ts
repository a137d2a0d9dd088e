import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateEdgePuzzle, generatedFiles } from '../../../src/core/families/edge/design/generator';
import { cli, instances, tempDb } from '../../helpers/cli';

describe('workbench analyze', () => {
  it('counts an edge puzzle exactly, with the estimate and the colour statistics beside Eternity II', () => {
    const db = tempDb();
    const file = join(db, '..', 'gen-4x4.txt');
    writeFileSync(file, generatedFiles(generateEdgePuzzle({ rows: 4, cols: 4, frameColours: 1, innerColours: 2, seed: 1 })).pieces);
    const r = cli(['analyze', file, '--probes', '500', '--db', db]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^4x4: 10 solutions \(the exact search finished in .*\)\n/);
    expect(r.stdout).toContain('each solution is counted once, not four times');
    expect(r.stdout).toMatch(/Knuth estimate \(500 probes, .* CPU\)/);
    expect(r.stdout).toMatch(/Eternity II: 4, 56, 196/);
    const j = JSON.parse(cli(['analyze', file, '--probes', '100', '--json', '--db', db]).stdout) as {
      analysis: { family: string; count: { solutions: number; boards: number; end: string }; solutions: unknown[] };
      eternity2: { inners: number } | null;
    };
    expect(j.analysis.family).toBe('edge');
    expect(j.analysis.count).toMatchObject({ solutions: 10, boards: 40, end: 'exhausted' });
    expect(j.analysis.solutions).toHaveLength(2);
    expect(j.eternity2?.inners).toBe(196);
  });

  it('stops at the solution limit and says at least', () => {
    const db = tempDb();
    const r = cli(['analyze', join(instances, 'e2_clue1_6x6.txt'), '--max-solutions', '5', '--probes', '50', '--db', db]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^6x6: at least \d+ solutions found in .* \(stopped at the solution limit\); (no estimate|the estimate, .*)/);
  });

  it('proposes the fewest pieces to fix for one solution, writes the hinted puzzle, and that puzzle counts as unique', () => {
    const db = tempDb();
    const file = join(db, '..', 'gen-4x4-mu.txt');
    writeFileSync(file, generatedFiles(generateEdgePuzzle({ rows: 4, cols: 4, frameColours: 1, innerColours: 2, seed: 1 })).pieces);
    const out = join(db, '..', 'gen-4x4-unique.json');
    const r = cli(['analyze', file, '--make-unique', '--out', out, '--db', db]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^4x4: 10 solutions \(40 boards with the whole board's turns, which a fixed piece tells apart\); fix (\d) pieces? of one solution to leave exactly one board \(the fewest that do: every solution's pieces were tried; confirmed by an exact count/,
    );
    const hints = Number(/fix (\d) piece/.exec(r.stdout)![1]);
    expect(r.stdout.match(/^ {2}piece \d+ at row \d, column \d/gm)).toHaveLength(hints);
    const again = cli(['analyze', out, '--probes', '50', '--db', db]);
    expect(again.stdout).toMatch(/^4x4: unique: exactly one solution/);
    const json = JSON.parse(cli(['analyze', file, '--make-unique', '--json', '--db', db]).stdout) as { outcome: string; hints: unknown[] };
    expect(json).toMatchObject({ outcome: 'proposed' });
    expect(json.hints).toHaveLength(hints);
    const colours = cli(['analyze', file, '--make-unique', '--recolour', '--out', out, '--db', db]);
    expect(colours.stdout).toMatch(/^4x4: 10 solutions; give \d joins? of one solution a colou?r of (its|their) own to leave exactly one/);
    expect(cli(['analyze', out, '--probes', '50', '--db', db]).stdout).toMatch(/^4x4: unique: exactly one solution/);
    expect(cli(['analyze', file, '--recolour', '--db', db]).stderr).toMatch(/--recolour makes a puzzle unique by colours: give it with --make-unique/);
    const maze = cli(['analyze', join(instances, 'cs440_hill_climbing_5x5.maze'), '--make-unique', '--db', db]);
    expect(maze.code).toBe(2);
    expect(maze.stderr).toMatch(/--make-unique works on edge-matching puzzles/);
  });

  it('analyses a maze and a casse-tete, and refuses bad input in one line', () => {
    const db = tempDb();
    const maze = cli(['analyze', join(instances, 'cs440_genetic_9x9.maze'), '--db', db]);
    expect(maze.stdout).toMatch(/^9x9 maze: score \d+\n {2}reachable cells: \d+ of 81/);
    expect(maze.stdout).toMatch(/shortest path: \d+ moves, (unique|\d+ distinct shortest paths)/);
    const parity = cli(['analyze', '--size', '4', '--remove', '4', '--db', db]);
    expect(parity.stdout).toMatch(/^casse-tete n = 4, m = 4: \d+ solutions, exact/);
    const bad = cli(['analyze', '--size', '4', '--db', db]);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
  });
});
