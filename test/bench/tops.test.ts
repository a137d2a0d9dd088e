import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { run, runFileBoards, steps } from '../../bench/tops';

describe('where the records came from', () => {
  it('counts the cells each record changed and the first row among them', () => {
    const imp = (score: number, pieces: number[]) => ({ score, elapsedMs: score * 1000, pieces });
    expect(steps([imp(1, [0, 1, 2, 3]), imp(2, [0, 1, 3, 2]), imp(3, [1, 0, 3, 2])], 2)).toEqual([
      { from: 1, to: 2, atMs: 2000, changed: 2, firstRow: 1 },
      { from: 2, to: 3, atMs: 3000, changed: 2, firstRow: 0 },
    ]);
  });

  it('reads a run file, re-scoring every board, and refuses one whose board does not give its score', () => {
    const file = 'bench/results/edge-e2-overnight-seed4.run.json';
    const text = readFileSync(file, 'utf8');
    const run = runFileBoards(text, file);
    expect(run.improvements.at(-1)?.score).toBe(466);
    expect(run.clock).toBe('CPU, 2 threads');
    const json = JSON.parse(text) as { events: { kind: string; score?: number }[] };
    const last = json.events.filter((e) => e.kind === 'improvement').at(-1)!;
    last.score = 467;
    expect(() => runFileBoards(JSON.stringify(json), 'forged.run.json')).toThrow(/forged\.run\.json: an improvement claims 467/);
  });

  /** Runs `tops` with ARGS (DIR stands for a fresh folder) and gives what it wrote to DIR/tops.md. */
  async function tops(args: (dir: string) => string[], before?: (dir: string) => void): Promise<string> {
    const dir = mkdtempSync(join(tmpdir(), 'tops-'));
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      before?.(dir);
      await run([...args(dir), '--out', join(dir, 'tops.md')]);
      return readFileSync(join(dir, 'tops.md'), 'utf8');
    } finally {
      out.mockRestore();
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('reads a run file named by its absolute path, wherever it lies', async () => {
    const written = await tops(
      (dir) => ['--runs', join(dir, 'kept.run.json')],
      (dir) => copyFileSync('bench/results/edge-e2-overnight-seed4.run.json', join(dir, 'kept.run.json')),
    );
    expect(written).toContain('| 465 -> 466 | 3562 |');
  });

  it('prints the records of runs named by hand and leaves the kept table as it is', async () => {
    const kept = readFileSync('bench/results/tops.md', 'utf8');
    let printed = '';
    const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      printed += String(chunk);
      return true;
    });
    try {
      await run(['--runs', 'bench/results/edge-e2-overnight-seed4.run.json']);
    } finally {
      out.mockRestore();
    }
    expect(printed).toContain('| 465 -> 466 | 3562 |');
    expect(readFileSync('bench/results/tops.md', 'utf8')).toBe(kept);
  });

  it('wrote tops.md from the runs kept now, and the docs quote its count of records', async () => {
    const written = await tops(() => []);
    // The third line names the command and the machine; the table and the count must be the same.
    const body = (text: string) => text.split('\n').slice(3).join('\n');
    const kept = readFileSync('bench/results/tops.md', 'utf8');
    expect(body(kept)).toBe(body(written));
    const total = /of (\d+) records had first rows/.exec(kept)?.[1];
    expect(total).toBeDefined();
    const docs = [
      'README.md',
      ...readdirSync('docs')
        .filter((f) => f.endsWith('.md'))
        .map((f) => join('docs', f)),
    ];
    const quoted = docs.flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/(\d+) records of 463 or more/g)].map((m) => `${f}: ${m[1]}`));
    expect(quoted.length).toBeGreaterThanOrEqual(3);
    expect(quoted.filter((q) => !q.endsWith(`: ${total}`))).toEqual([]);
  });
});
