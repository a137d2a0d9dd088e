/**
 * The study templates whose puzzles are generated are written by scripts/study-templates.ts: a
 * template edited by hand and not in the script would be lost the next time the script runs.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/cli';

describe('scripts/study-templates.ts', { timeout: 60_000 }, () => {
  it('writes exactly the templates and puzzles kept in resources/studies', () => {
    const out = mkdtempSync(join(tmpdir(), 'study-templates-'));
    mkdirSync(join(out, 'puzzles'));
    const r = spawnSync(process.execPath, ['--import', 'tsx', join(repoRoot, 'scripts/study-templates.ts'), out], { cwd: repoRoot, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const written = [...readdirSync(out).filter((f) => f.endsWith('.json')), ...readdirSync(join(out, 'puzzles')).map((f) => `puzzles/${f}`)];
    expect(written.length).toBeGreaterThanOrEqual(5);
    for (const f of written) expect(readFileSync(join(out, f), 'utf8'), f).toBe(readFileSync(join(repoRoot, 'resources/studies', f), 'utf8'));
  });
});
