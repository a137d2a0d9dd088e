/**
 * Checks of the project's markdown pages: every relative link (and image) points to a file that
 * exists, with its `#anchor` a heading of that page when it is markdown, and no table cell is
 * longer than a reader can take in (issue 52 item 6: the README is a door, details live in docs/).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const MAX_CELL = 600;

/** The pages checked: README.md, ARCHITECTURE.md and every docs/*.md under `root`. */
export function markdownPages(root: string): string[] {
  const docs = join(root, 'docs');
  const pages = existsSync(docs)
    ? readdirSync(docs)
        .filter((f) => f.endsWith('.md'))
        .map((f) => join(docs, f))
    : [];
  return [join(root, 'README.md'), join(root, 'ARCHITECTURE.md'), ...pages];
}

/** The text outside fenced code blocks, each line kept in its place (code lines become empty). */
function outsideFences(text: string): string[] {
  let fence: string | null = null;
  return text.split('\n').map((line) => {
    const m = /^\s*(`{3,}|~{3,})/.exec(line);
    if (m) {
      if (fence === null) fence = m[1]![0]!;
      else if (m[1]![0] === fence) fence = null;
      return '';
    }
    return fence === null ? line : '';
  });
}

/** A line without its inline code spans, so `[a](b)` written as code is not taken for a link. */
function withoutCode(line: string): string {
  return line.replace(/(`+)[^`]*?\1/g, '');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
export function headingAnchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of outsideFences(text)) {
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const visible = m[1]!.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1');
    const base = visible
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** The cells of a markdown table row (`| a | b |`), split on pipes that are not escaped. */
export function cells(row: string): string[] {
  const inner = row.trim().replace(/^\|/, '').replace(/\|$/, '');
  return inner.split(/(?<!\\)\|/).map((c) => c.trim());
}

/** Every problem of one page, one line each (empty when the page is fine). */
export function pageProblems(file: string, root: string): string[] {
  const text = readFileSync(file, 'utf8');
  const name = relative(root, file);
  const problems: string[] = [];
  outsideFences(text).forEach((line, i) => {
    const where = `${name}:${i + 1}`;
    if (/^\s*\|/.test(line)) {
      // A header's separator row is as wide as the widest cell, which is checked itself.
      for (const cell of cells(line).filter((c) => !/^:?-+:?$/.test(c))) {
        if (cell.length > MAX_CELL) problems.push(`${where}: a table cell of ${cell.length} characters (at most ${MAX_CELL}): ${cell.slice(0, 60)}…`);
      }
    }
    for (const m of withoutCode(line).matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = m[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      const [path, anchor] = target.split('#', 2) as [string, string | undefined];
      const dest = path === '' ? file : resolve(dirname(file), decodeURIComponent(path));
      if (!existsSync(dest)) {
        problems.push(`${where}: ${target} points to ${relative(root, dest)}, which does not exist`);
        continue;
      }
      if (anchor !== undefined && dest.endsWith('.md') && statSync(dest).isFile() && !headingAnchors(readFileSync(dest, 'utf8')).has(anchor)) {
        problems.push(`${where}: ${target}: ${relative(root, dest)} has no heading #${anchor}`);
      }
    }
  });
  return problems;
}
