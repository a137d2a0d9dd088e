import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/cli';
import { headingAnchors, markdownPages, pageProblems } from './markdown-check';

describe('the README, ARCHITECTURE.md and docs/', () => {
  const pages = markdownPages(repoRoot);

  it('are all there', () => {
    const names = pages.map((p) => relative(repoRoot, p));
    expect(names).toEqual(expect.arrayContaining(['README.md', 'ARCHITECTURE.md', join('docs', 'cli.md'), join('docs', 'solvers.md')]));
  });

  it.each(pages.map((p) => [relative(repoRoot, p), p]))('%s: every relative link resolves and no table cell is over 600 characters', (_name, page) => {
    expect(pageProblems(page, repoRoot)).toEqual([]);
  });
});

describe('the check itself', () => {
  /** A little tree of pages: README.md and docs/a.md, with what each holds. */
  function tree(readme: string, a: string): string {
    const root = mkdtempSync(join(tmpdir(), 'docs-check-'));
    mkdirSync(join(root, 'docs'));
    writeFileSync(join(root, 'README.md'), readme);
    writeFileSync(join(root, 'docs', 'a.md'), a);
    return root;
  }

  it('finds a link to a missing file, a missing anchor and a long cell; passes good links and code', () => {
    const root = tree(
      [
        '[a](docs/a.md) [b](docs/a.md#the-part) [gone](docs/gone.md) [anchor](docs/a.md#nothing) [web](https://example.org/x)',
        '`[code](nowhere.md)`',
        '```',
        '[fenced](nowhere.md)',
        '```',
        '| a | b |',
        '| --- | --- |',
        `| short | ${'x'.repeat(601)} |`,
        `| short | ${'y'.repeat(600)} |`,
      ].join('\n'),
      '# A\n\n## The part\n\n[up](../README.md) [up wrongly](README.md)\n',
    );
    const readme = pageProblems(join(root, 'README.md'), root);
    expect(readme).toHaveLength(3);
    expect(readme[0]).toMatch(/^README\.md:1: docs\/gone\.md points to docs\/gone\.md, which does not exist$/);
    expect(readme[1]).toMatch(/^README\.md:1: docs\/a\.md#nothing: docs\/a\.md has no heading #nothing$/);
    expect(readme[2]).toMatch(/^README\.md:8: a table cell of 601 characters/);
    expect(pageProblems(join(root, 'docs', 'a.md'), root)).toEqual(['docs/a.md:5: README.md points to docs/README.md, which does not exist']);
  });

  it('makes anchors as GitHub does', () => {
    const anchors = headingAnchors('# Runs\n## More memory for a run\n### `board` (edge solution)\n## Runs\n```\n# not a heading\n```\n## Casse-tête\n');
    expect([...anchors]).toEqual(['runs', 'more-memory-for-a-run', 'board-edge-solution', 'runs-1', 'casse-tête']);
  });
});
