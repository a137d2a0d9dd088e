import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateEdgePuzzle } from '../../../src/core/families/edge/design/generator';
import { bucasFormat } from '../../../src/core/families/edge/files/formats';
import { cli, tempDb } from '../../helpers/cli';

const dir = mkdtempSync(join(tmpdir(), 'workbench-import-'));
const { puzzle, solution } = generateEdgePuzzle({ rows: 5, cols: 5, frameColours: 3, innerColours: 5, seed: 77 });

/** Pieces written top bottom left right (n s w e), no header: the scrambling case of issue 14. */
function nsweFile(): string {
  const lines: string[] = [];
  for (let i = 0; i < puzzle.edges.length; i += 4) lines.push([0, 2, 3, 1].map((s) => puzzle.edges[i + s]).join(' '));
  const f = join(dir, 'pieces_nswe.txt');
  writeFileSync(f, lines.join('\n') + '\n');
  return f;
}

function gridFile(anticlockwise: boolean): string {
  const rows: string[] = [];
  for (let r = 0; r < 5; r++) {
    const cells: string[] = [];
    for (let c = 0; c < 5; c++) {
      const i = r * 5 + c;
      const rot = anticlockwise ? (4 - solution.rotation[i]) & 3 : solution.rotation[i];
      cells.push(r === 2 && c === 2 ? '---/-' : `${solution.piece[i] + 1}/${rot}`);
    }
    rows.push(cells.join(' '));
  }
  const f = join(dir, `board_${anticlockwise ? 'acw' : 'cw'}.txt`);
  writeFileSync(f, rows.join('\n') + '\n');
  return f;
}

describe('workbench score', () => {
  it('scores a piece/rotation board against pieces in another edge order (partial: one empty cell)', () => {
    const r = cli(['score', nsweFile(), gridFile(true), '--json']);
    expect(r.code, r.stderr).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(s).toMatchObject({ score: 40 - 4, maxScore: 40, placed: 24, cells: 25, valid: true, problems: [] });
    expect(s.notes[0]).toMatch(/^read as top bottom left right, rotations anticlockwise/);
    const text = cli(['score', nsweFile(), gridFile(false)]);
    expect(text.stdout).toBe('36/40 joins, 24 of 25 cells placed, valid\n');
    expect(text.stderr).toMatch(/^note: read as top bottom left right/);
  });

  it('scores a URL on its own (several URLs: one result each), and names what is missing', () => {
    const url = bucasFormat.write(puzzle, solution)!.trim();
    const f = join(dir, 'urls.js');
    writeFileSync(f, `const boards = ["${url.replace('PuzzleWorkbench', 'a')}", "${url.replace('PuzzleWorkbench', 'b')}"];\n`);
    const r = cli(['score', f, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).map((x: { name: string; score: number }) => [x.name, x.score])).toEqual([
      ['a #1', 40],
      ['b #2', 40],
    ]);
    const lone = cli(['score', nsweFile()]);
    expect(lone.code).toBe(2);
    expect(lone.stderr).toMatch(/^workbench score: .*no board to score/);
  });
});

describe('workbench import', () => {
  it('reports the detected order, a board with --pieces becomes the placement (score in the listing), duplicates are named', () => {
    const db = tempDb();
    const a = cli(['import', nsweFile(), '--db', db]);
    expect(a.code, a.stderr).toBe(0);
    expect(a.stderr).toContain('note: read as top bottom left right');
    const b = cli(['import', gridFile(false), '--pieces', nsweFile(), '--db', db]);
    expect(b.code, b.stderr).toBe(0);
    expect(b.stdout).toMatch(/^puzzle 2: pieces_nswe board_cw \(edge 5x5\), placement 36\/40, the same puzzle as 1/);
    const list = JSON.parse(cli(['puzzles', '--json', '--db', db]).stdout) as { id: number; placement: { score: number } | null }[];
    expect(list.find((p) => p.id === 2)!.placement).toEqual({ score: 36, maxScore: 40 });
    expect(list.find((p) => p.id === 1)!.placement).toBeNull();
    // Into a library puzzle: its placement is replaced.
    const c = cli(['import', gridFile(true), '--into', '1', '--db', db]);
    expect(c.code, c.stderr).toBe(0);
    expect(c.stdout).toMatch(/^puzzle 1: .*placement replaced, placement 36\/40/);
    // A board alone is refused with what to do.
    const d = cli(['import', gridFile(false), '--db', db]);
    expect(d.code).toBe(2);
    expect(d.stderr).toMatch(/--pieces FILE/);
  });

  it('a file of several URLs imports every board, each named', () => {
    const db = tempDb();
    const url = bucasFormat.write(puzzle, solution)!.trim();
    const f = join(dir, 'many.txt');
    writeFileSync(f, `${url.replace('PuzzleWorkbench', 'one')}\n${url.replace('PuzzleWorkbench', 'two')}\n${url.replace('PuzzleWorkbench', 'three')}\n`);
    const r = cli(['import', f, '--json', '--db', db]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).added.map((p: { name: string }) => p.name)).toEqual(['many one #1', 'many two #2', 'many three #3']);
  });

  it('solve and import print validation warnings after the result, one line each', () => {
    const f = join(dir, 'dup_2x2.txt');
    writeFileSync(f, '2 2\n0 0 1 1\n0 0 1 1\n0 0 1 1\n0 0 1 1\n');
    const db = tempDb();
    const r = cli(['import', f, '--db', db]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^warning: .*dup_2x2\.txt: a board two cells wide/m);
    expect(r.stderr).toMatch(/^warning: .*duplicate piece/m);
    const s = cli(['solve', f, '--solver', 'backtrack', '--seconds', '5', '--db', db]);
    expect(s.code, s.stderr).toBe(0);
    const lines = s.stderr.trim().split('\n');
    expect(lines.every((l) => /^(warning|note): /.test(l))).toBe(true);
    expect(lines.filter((l) => l.startsWith('warning: '))).toHaveLength(2);
  });
});

describe('exports read back', () => {
  it('export --format text | bucas | json of a run imports again (text with its pieces), same score', () => {
    const db = tempDb();
    const g = generateEdgePuzzle({ rows: 4, cols: 4, frameColours: 2, innerColours: 3, seed: 5 });
    const pieces = join(dir, 'run_4x4.txt');
    const lines = ['4 4'];
    for (let i = 0; i < g.puzzle.edges.length; i += 4) lines.push(Array.from(g.puzzle.edges.slice(i, i + 4)).join(' '));
    writeFileSync(pieces, lines.join('\n') + '\n');
    const run = cli(['solve', pieces, '--solver', 'backtrack', '--seconds', '20', '--json', '--db', db]);
    expect(run.code, run.stderr).toBe(0);
    const { runId, score } = JSON.parse(run.stdout) as { runId: number; score: number };
    for (const format of ['text', 'bucas', 'json']) {
      const out = join(dir, `export.${format}`);
      const e = cli(['export', String(runId), '--format', format, '--out', out, '--db', db]);
      expect(e.code, e.stderr).toBe(0);
      const args = format === 'text' ? ['import', out, '--pieces', pieces, '--json', '--db', db] : ['import', out, '--json', '--db', db];
      const r = cli(args);
      expect(r.code, `${format}: ${r.stderr}`).toBe(0);
      const [added] = JSON.parse(r.stdout).added as { id: number }[];
      const list = JSON.parse(cli(['puzzles', '--json', '--db', db]).stdout) as { id: number; placement: { score: number } | null }[];
      expect(list.find((p) => p.id === added.id)!.placement!.score, format).toBe(score);
    }
  });
});
