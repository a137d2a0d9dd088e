/**
 * The studies part of the typed API (issue 15, results view): templates, creating (from a
 * template, shortened, or from a file's text), starting, the results with the runs of each cell
 * and the curves, exports, stopping, and a clear one-line error for each bad request.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCall } from '../../../src/main/api/contract';
import { apiHandlers } from '../../../src/main/services/backend';
import { Workbench } from '../../../src/main/services/workbench';
import { repoRoot } from '../../helpers/cli';
import { inProcessSpawner } from '../runs/in-process';

/** Polls an async check until it gives a value. */
async function until<T>(fn: () => Promise<T | null>, ms: number, what: string): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== null) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const open: Workbench[] = [];
afterEach(async () => {
  for (const wb of open.splice(0)) await wb.dispose();
});

function api(concurrency = 2) {
  const wb = Workbench.open({
    dbPath: ':memory:',
    spawn: inProcessSpawner({ spawned: 0, handles: [] }),
    concurrency,
    checkpointIntervalMs: 20,
    progressIntervalMs: 20,
  });
  open.push(wb);
  return { wb, h: apiHandlers(wb, { resourcesDir: join(repoRoot, 'resources') }) };
}

const study = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    name: 'hc on mazes',
    puzzles: [
      { family: 'jump', puzzle: { rows: 5, cols: 5 } },
      { family: 'jump', puzzle: { rows: 6, cols: 6 } },
    ],
    solvers: [{ solver: 'hill-climb' }, { solver: 'sa' }],
    seeds: 2,
    stop: { evaluations: 2000 },
    ...over,
  });

describe('study API', () => {
  it('lists the templates of the papers and makes a shortened study of one', async () => {
    const { h } = api();
    const templates = await h.studyTemplates({});
    expect(templates.map((t) => t.id)).toEqual([
      'aspinall-table2',
      'casse-tete-almuhaideb',
      'cs440-hill-climbing',
      'eternity2-comparison',
      'msgvns-table1',
      'niang-table9',
    ]);
    expect(templates.find((t) => t.id === 'msgvns-table1')).toMatchObject({
      family: 'edge',
      grid: { puzzles: 4, solvers: 1, seeds: 30, runs: 120 },
      seconds: 3600,
      published: expect.stringMatching(/^MS-GVNS, META 2010/),
    });
    const made = await h.createStudy({ template: 'msgvns-table1', seeds: 2, seconds: 5 });
    expect(made).toMatchObject({ name: 'MS-GVNS table 1: META 2010 instances, 30 runs (2 seeds, 5 s per run)', status: 'new', grid: { runs: 8 } });
    const detail = await h.getStudy({ id: made.id });
    // The puzzles' own limits (1200 s ... 3600 s) give way to the shorter one, and the paper's figures stay.
    expect(detail.cells.map((c) => [c.puzzle, c.planned, c.published?.mean])).toEqual([
      ['META 10x10', 2, 165.67],
      ['META 12x12', 2, 238.93],
      ['META 14x14', 2, 320.77],
      ['META 16x16', 2, 419.57],
    ]);
    expect((await h.listStudies({})).map((s) => s.id)).toEqual([made.id]);
  });

  it('runs a study and gives its table, the runs of each cell, curves and exports', async () => {
    const { h } = api();
    const made = await h.createStudy({ text: study() });
    expect(await h.startStudy({ id: made.id })).toEqual({ queued: 8, created: 8, resumed: 0, elsewhere: 0 });
    const s = await until(
      async () => {
        const d = await h.getStudy({ id: made.id });
        // The in-process test worker can lose the race between its `done` and its exit on a busy
        // machine; the run is then interrupted, and starting the study again resumes it, as `study run` does.
        if (d.progress.interrupted > 0 && d.progress.running + d.progress.queued === 0) await h.startStudy({ id: made.id });
        return d.status === 'done' ? d : null;
      },
      30_000,
      'the study to finish',
    );
    expect(s.progress).toMatchObject({ planned: 8, done: 8 });
    expect(s.rows).toEqual(['jump 5x5', 'jump 6x6']);
    expect(s.cells.map((c) => [c.puzzle, c.solver, c.done])).toEqual([
      ['jump 5x5', 'hill-climb', 2],
      ['jump 5x5', 'sa', 2],
      ['jump 6x6', 'hill-climb', 2],
      ['jump 6x6', 'sa', 2],
    ]);
    expect(s.runs.map((r) => r.map((x) => x.seed))).toEqual([
      [1, 2],
      [1, 2],
      [1, 2],
      [1, 2],
    ]);
    expect(s.runs[0]!.every((r) => r.status === 'done' && r.bestScore !== null)).toBe(true);

    const curves = await h.studyCurves({ id: made.id, points: 10 });
    expect(curves.map((c) => [c.rowIndex, c.configIndex])).toEqual([
      [0, 0],
      [0, 1],
      [1, 0],
      [1, 1],
    ]);
    for (const [i, c] of curves.entries()) {
      expect(c.points.length).toBeGreaterThan(0);
      // The last point of a finished cell is the mean of its best scores.
      expect(c.points.at(-1)!.mean).toBeCloseTo(s.cells[i]!.mean!);
      expect(c.points.every((p, k) => k === 0 || p.t > c.points[k - 1]!.t)).toBe(true);
    }

    const csv = await h.exportStudy({ id: made.id, format: 'csv' });
    expect(csv.fileName).toBe(`study-${made.id}-hc_on_mazes.csv`);
    expect(csv.text.split('\n')).toHaveLength(6);
    const md = await h.exportStudy({ id: made.id, format: 'markdown' });
    expect(md.text).toMatch(/^## hc on mazes\n\njump; 2 puzzles x 2 solvers x 2 seeds = 8 runs\. 8\/8 done\./);
    expect(await h.stopStudy({ id: made.id })).toEqual({ stopped: 0 });
  });

  it('stops a running study, and starting it again continues it', async () => {
    const { h } = api(1);
    const made = await h.createStudy({ text: study({ stop: { evaluations: 50_000_000 } }) });
    await h.startStudy({ id: made.id });
    await until(async () => ((await h.getStudy({ id: made.id })).progress.running > 0 ? true : null), 20_000, 'a running run');
    const stopped = await h.stopStudy({ id: made.id });
    expect(stopped.stopped).toBe(8);
    const after = await h.getStudy({ id: made.id });
    expect(after).toMatchObject({ status: 'stopped', progress: { stopped: 8, running: 0, queued: 0 } });
    expect(await h.startStudy({ id: made.id })).toMatchObject({ resumed: 8, created: 0 });
    await h.stopStudy({ id: made.id });
  });

  it('refuses bad requests with one clear line', async () => {
    const { h } = api();
    const bad: [() => unknown, RegExp][] = [
      [() => h.createStudy({}), /give a template or the text of a study file, one of them/],
      [() => h.createStudy({ template: 'x', text: '{}' }), /one of them/],
      [() => h.createStudy({ template: '../../etc/passwd' }), /there is no study template "\.\.\/\.\.\/etc\/passwd" \(templates: aspinall-table2, /],
      [() => h.createStudy({ text: '{"name": ' }), /study\.json: not a JSON study file/],
      [
        () => h.createStudy({ text: study({ puzzles: ['maze.txt'] }) }),
        /puzzles\[0\]: a study sent to the app names its puzzles by library id or inline, not by file \(maze\.txt\)/,
      ],
      [() => h.getStudy({ id: 99 }), /there is no study 99 in /],
      [() => h.startStudy({ id: 99 }), /there is no study 99/],
      [() => h.exportStudy({ id: 99, format: 'csv' }), /there is no study 99/],
    ];
    for (const [call, message] of bad) {
      const err = await Promise.resolve()
        .then(call)
        .then(
          () => null,
          (e: unknown) => e as Error,
        );
      expect(err?.message).toMatch(message);
      expect(err?.message.includes('\n')).toBe(false);
    }
    expect(() => parseCall('exportStudy', { id: 1, format: 'xlsx' })).toThrow(/exportStudy\.format/);
    expect(() => parseCall('createStudy', { template: 'msgvns-table1', seeds: 0 })).toThrow(/createStudy\.seeds/);
    expect(() => parseCall('studyCurves', { id: 1, points: 1 })).toThrow(/studyCurves\.points/);
  });
});
