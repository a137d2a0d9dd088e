import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 52: no source file over 500 lines unless its first comment says why (a newcomer reads a
 * file whole; a long one must say what keeps it together).
 */
const LIMIT = 500;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|svelte)$/.test(name) ? [path] : [];
  });
}

/** The first comment of a file: a `/** ... *\/` block or `//` lines, or a Svelte file's leading `<!-- -->` or the same inside its first script. */
function firstComment(text: string): string {
  const html = /^\s*<!--([\s\S]*?)-->/.exec(text);
  if (html) return html[1]!;
  const body = text.replace(/^\s*<script[^>]*>/, '');
  const block = /^\s*\/\*([\s\S]*?)\*\//.exec(body);
  if (block) return block[1]!;
  const lines = /^(\s*\/\/.*\n)+/.exec(body);
  return lines ? lines[0] : '';
}

describe('source file sizes', () => {
  it(`every file over ${LIMIT} lines says why in its first comment`, () => {
    const long = sources('src')
      .map((path) => ({ path, text: readFileSync(path, 'utf8') }))
      .filter(({ text }) => text.split('\n').length > LIMIT)
      .filter(({ text }) => !/over 500 lines/i.test(firstComment(text)))
      .map(({ path, text }) => `${path}: ${text.split('\n').length} lines`);
    expect(long).toEqual([]);
  });

  it('reads the first comment of a TypeScript and a Svelte file, and nothing further down', () => {
    expect(firstComment('/**\n * Over 500 lines on purpose: x\n */\nimport a;')).toMatch(/Over 500 lines/);
    expect(firstComment('<script lang="ts">\n  // Over 500 lines on purpose: y\n  let a = 1;')).toMatch(/Over 500 lines/);
    expect(firstComment('<!--\n  Over 500 lines on purpose: z\n-->\n<script>')).toMatch(/Over 500 lines/);
    expect(firstComment('import a;\n/** Over 500 lines */')).toBe('');
  });
});
