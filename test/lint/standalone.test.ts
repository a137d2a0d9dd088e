/**
 * A clone stands alone: nothing the repository runs or prints may reach for a folder beside it
 * (the developers' `../shared` is not in a person's clone). CI also runs the suite from a copy with
 * nothing beside it (.ci/run); this test names the offending line at once.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/cli';

// Paths that climb out of the repository into a sibling folder, written as a path or as join() parts.
const OUTSIDE = [/\.\.\/shared\b/, /\/work\/shared\b/, /'\.\.',\s*'shared'/, /\bshared\/(instances|papers|literature)/];
const CHECKED = /^(src|test|bench|scripts|resources|\.ci|bin)\/|^[^/]+\.(ts|js|mjs|json|md)$/;
const SELF = 'test/lint/standalone.test.ts';

function trackedFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: repoRoot, encoding: 'utf8' });
  return out.split('\n').filter((f) => f && f !== SELF && CHECKED.test(f) && !f.startsWith('bench/results/'));
}

describe('the repository stands alone', () => {
  it('names no folder outside itself in code, tests, benches, scripts or docs', () => {
    const hits: string[] = [];
    for (const f of trackedFiles()) {
      let text: string;
      try {
        text = readFileSync(join(repoRoot, f), 'utf8');
      } catch {
        continue; // deleted in the working tree
      }
      text.split('\n').forEach((line, i) => {
        if (OUTSIDE.some((re) => re.test(line))) hits.push(`${f}:${i + 1}: ${line.trim().slice(0, 120)}`);
      });
    }
    expect(hits).toEqual([]);
  });
});
