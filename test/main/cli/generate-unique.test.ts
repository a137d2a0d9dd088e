import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempDb } from '../../helpers/cli';

describe('workbench generate --unique / --difficulty (issue 51, item 2)', () => {
  it('writes a board with exactly one solution in the band asked for, and analyze agrees', () => {
    const db = tempDb();
    const out = join(db, '..', 'tv-unique.txt');
    const r = cli(['generate', '--tetravex', '--size', '4x4', '--colours', '6', '--difficulty', 'medium', '--seed', '3', '--out', out, '--db', db]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^exactly one solution \(the exact count says so, .*\); rating [\d.]+: medium \(3 to 5, .*\); found at try \d+\n$/);
    const a = cli(['analyze', out, '--probes', '50', '--db', db]);
    expect(a.stdout).toMatch(/^4x4: unique: exactly one solution/);
    const e = cli(['generate', '--size', '4x4', '--frame-colours', '2', '--inner-colours', '4', '--unique', '--seed', '1', '--db', db]);
    expect(e.code).toBe(0);
    expect(e.stdout).toMatch(/^# generated E2-style 4x4, 2 frame \+ 4 inner colours, seed \d+, exactly one solution\n/);
  });

  it('refuses a band the size never reaches in one line, and an unknown band', () => {
    const db = tempDb();
    const r = cli(['generate', '--tetravex', '--size', '3x3', '--colours', '3', '--difficulty', 'hard', '--attempts', '20', '--seed', '1', '--db', db]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/no 3x3 Tetravex with 3 colours gave a unique hard board \(rating 5 or more\) in 20 tries/);
    const bad = cli(['generate', '--size', '4x4', '--difficulty', 'brutal', '--db', db]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--difficulty must be easy, medium, hard, got brutal/);
  });

  it('makes a maze with one shortest path of a chosen length, and casse-tete grids with a chosen number of solutions', () => {
    const db = tempDb();
    const out = join(db, '..', 'maze-order.txt');
    const r = cli(['generate', '--family', 'jump', '--size', '6x6', '--length', '15', '--seed', '2', '--out', out, '--db', db]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^one shortest path of 15 moves \(the maze analysis says so\), seed 2\n$/);
    expect(cli(['analyze', out, '--db', db]).stdout).toMatch(/shortest path: 15 moves, unique/);
    const p = cli(['generate', '--family', 'parity', '--solutions', '6', '--db', db]);
    expect(p.stdout).toBe('n = 3, m = 3: 6 solutions, exact\n');
    const none = cli(['generate', '--family', 'parity', '--solutions', '7', '--db', db]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/no casse-tete from 2x2 to 12x12 has exactly 7 solutions; nearest: n = 3, m = 3 has 6; n = 3, m = 5 has 9/);
  });
});
