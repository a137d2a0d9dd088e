import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/cli';

const bench = (...args: string[]): ReturnType<typeof spawnSync> =>
  spawnSync(process.execPath, ['--import', 'tsx', 'bench/index.ts', ...args], { cwd: repoRoot, encoding: 'utf8' });

describe('npm run bench', { timeout: 60_000 }, () => {
  it('offers the modules that have a run, not their helpers', () => {
    const usage = String(bench().stderr);
    const names = usage.match(/<([^>]+)>/)?.[1]?.split('|') ?? [];
    expect(names).toEqual(expect.arrayContaining(['edge-e2', 'from-empty', 'plateau', 'tops']));
    for (const helper of ['util', 'records', 'rate', 'kept-runs', 'index']) expect(names).not.toContain(helper);
  });

  it('refuses a helper named as a bench, with the list', () => {
    const r = bench('rate');
    expect(r.status).toBe(2);
    expect(String(r.stderr)).toMatch(/^usage: npm run bench -- </);
  });
});
