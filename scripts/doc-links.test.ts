import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every link into docs/ resolves: Markdown links between the docs and from the README, and the
 * `docs/<file>.md#<anchor>` references code comments make, so a reader who follows one lands on
 * the section it names.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SKIP = new Set(['node_modules', 'dist', '.git', '.chdb', 'test-results', 'playwright-report']);

function files(dir: string, match: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIP.has(name)) return [];
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path, match) : match.test(name) ? [path] : [];
  });
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function anchors(markdown: string): Set<string> {
  const found = new Set<string>();
  for (const [, heading = ''] of markdown.matchAll(/^#{1,6}\s+(.+)$/gm))
    found.add(
      heading
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/\s/g, '-'),
    );
  return found;
}

/** Why `target` (a path, maybe with #anchor) does not resolve from `from`, or null. */
function broken(from: string, target: string): string | null {
  const [path = '', anchor] = target.split('#');
  const file = path ? resolve(dirname(from), path) : from;
  if (!existsSync(file)) return `no file ${relative(root, file)}`;
  if (anchor && file.endsWith('.md') && !anchors(readFileSync(file, 'utf8')).has(anchor))
    return `no heading #${anchor} in ${relative(root, file)}`;
  return null;
}

describe('links into docs/', () => {
  it('every Markdown link of the docs and the README resolves', () => {
    const problems: string[] = [];
    for (const file of [join(root, 'README.md'), ...files(join(root, 'docs'), /\.md$/)]) {
      const text = readFileSync(file, 'utf8');
      for (const [, target = ''] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target) || target.startsWith('/')) continue;
        const why = broken(file, target);
        if (why) problems.push(`${relative(root, file)} → ${target}: ${why}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('every docs/… reference in the code names a file and a section that exist', () => {
    const problems: string[] = [];
    const sources = ['apps', 'packages', 'e2e', 'bench', 'scripts'].flatMap((dir) =>
      files(join(root, dir), /\.(ts|tsx|mjs)$/),
    );
    for (const file of sources) {
      const text = readFileSync(file, 'utf8');
      for (const [target = ''] of text.matchAll(/\bdocs\/[a-z-]+\.md(#[a-z0-9-]+)?/g)) {
        const why = broken(join(root, 'README.md'), target);
        if (why) problems.push(`${relative(root, file)} → ${target}: ${why}`);
      }
    }
    expect(sources.length).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  });
});
