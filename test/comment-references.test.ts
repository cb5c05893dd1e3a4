import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Comments explain the code by pointing at what a reader can open: docs/product.md's sections, a
// decision or a docs page (decision 030). "Spec 4" or "issue 20" named documents outside the repository.
const root = join(import.meta.dirname, '..');
const sourceFile = /\.(?:[cm]?[jt]sx?|css|html)$/;

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    if (['node_modules', 'dist', 'data', 'drizzle'].includes(entry.name) || entry.name.startsWith('.'))
      continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (sourceFile.test(entry.name)) yield path;
  }
}

/** The comment text of each line: after `//` or `/*`, or all of a line inside a block comment. */
function commentLines(text: string): { line: number; comment: string }[] {
  const found: { line: number; comment: string }[] = [];
  let inBlock = false;
  text.split('\n').forEach((line, index) => {
    const trimmed = line.trimStart();
    const start =
      inBlock || /^(?:\*|\/\/|\/\*|\{\/\*)/.test(trimmed) ? 0 : line.search(/(?<![:"'`\w])\/\/ |\/\*/);
    if (start >= 0) found.push({ line: index + 1, comment: line.slice(start) });
    const opens = line.lastIndexOf('/*');
    const closes = line.lastIndexOf('*/');
    if (opens > closes) inBlock = true;
    else if (closes > -1) inBlock = false;
  });
  return found;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');
}

const outsideReference = /\b(?:spec(?:ification)?(?:'s)?(?: section| §)? ?\d|issue #?\d)/i;

describe('references in comments', () => {
  it('no comment in apps/ or packages/ cites a spec section or an issue by number', () => {
    const cited: string[] = [];
    for (const dir of ['apps', 'packages'])
      for (const file of sourceFiles(dir))
        for (const { line, comment } of commentLines(readFileSync(join(root, file), 'utf8')))
          if (outsideReference.test(comment)) cited.push(`${file}:${line}: ${comment.trim()}`);
    expect(cited, 'point these at docs/product.md#… or the decision / docs page instead').toEqual([]);
  });

  it('every docs/product.md#anchor and docs page the code cites exists', () => {
    const product = readFileSync(join(root, 'docs/product.md'), 'utf8');
    const anchors = new Set([...product.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1]!)));
    const broken: string[] = [];
    let checked = 0;
    for (const dir of ['apps', 'packages', 'e2e', 'bench', 'scripts'])
      for (const file of sourceFiles(dir)) {
        const text = readFileSync(join(root, file), 'utf8');
        for (const [, page, anchor] of text.matchAll(/\b(docs\/[\w./-]+?\.md)(?:#([\w-]+))?/g)) {
          checked += 1;
          if (!existsSync(join(root, page!))) broken.push(`${file}: ${page}`);
          else if (anchor && page === 'docs/product.md' && !anchors.has(anchor))
            broken.push(`${file}: ${page}#${anchor}`);
        }
      }
    expect(anchors.has('reddit-posting')).toBe(true);
    expect(checked).toBeGreaterThan(0);
    expect(broken).toEqual([]);
  });
});
