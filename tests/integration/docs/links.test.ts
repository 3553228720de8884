import { existsSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docFiles, readDoc, ROOT } from './markdown';

// Every relative link, image and #anchor in README.md, CHANGELOG.md and docs/**/*.md resolves:
// the file (or folder) exists inside the repository, and an anchor names a heading of the page
// it points to, as GitHub makes heading ids. External links (http, https, mailto) are not
// fetched: tests never touch the network.

/**
 * Pages another branch writes, linked before they land. A link to one is accepted while the file
 * is missing, and checked like any other (anchors too) once it exists; drop the entry then.
 */
const PENDING_PAGES = new Set<string>([]);

const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

/** The problem with one link of `page`, or null when it resolves. */
function problemOf(page: string, url: string): string | null {
  if (EXTERNAL.test(url)) return null;
  const hash = url.indexOf('#');
  const pathPart = decodeURIComponent(hash === -1 ? url : url.slice(0, hash));
  const anchor = hash === -1 ? null : decodeURIComponent(url.slice(hash + 1));
  const target =
    pathPart === ''
      ? page
      : normalize(join(dirname(page), pathPart))
          .split(sep)
          .join('/');
  if (target.startsWith('..') || relative(ROOT, join(ROOT, target)).startsWith('..'))
    return `${url}: points outside the repository`;
  if (!existsSync(join(ROOT, target))) {
    return PENDING_PAGES.has(target) ? null : `${url}: ${target} does not exist`;
  }
  if (anchor === null) return null;
  if (!target.endsWith('.md') || statSync(join(ROOT, target)).isDirectory())
    return `${url}: an anchor into ${target}, which is not a Markdown page`;
  const slugs = readDoc(target).headings.map((h) => h.slug);
  return slugs.includes(anchor)
    ? null
    : `${url}: no heading of ${target} has the id "${anchor}" (ids: ${slugs.join(', ')})`;
}

describe('links in the docs', () => {
  for (const path of docFiles()) {
    it(`${path}: every relative link, image and anchor resolves`, () => {
      const page = readDoc(path);
      const problems = page.links
        .map((link) => ({ link, problem: problemOf(page.path, link.url) }))
        .filter((p) => p.problem !== null)
        .map((p) => `${page.path}:${p.link.line} ${p.link.kind} ${p.problem}`);
      expect(problems).toEqual([]);
    });
  }

  it('finds the links it checks (a parser that saw none would pass everything)', () => {
    const readme = readDoc('README.md');
    expect(readme.links.some((l) => l.kind === 'image' && l.url === 'docs/images/visibility.png')).toBe(true);
    expect(readme.links.some((l) => l.url === 'docs/reference/cli.md#exit-codes')).toBe(true);
    expect(problemOf('README.md', 'docs/reference/cli.md#no-such-heading')).toMatch(/no heading/);
    expect(problemOf('README.md', 'docs/no-such-page.md')).toMatch(/does not exist/);
    expect(problemOf('docs/guides/alerts.md', '../../../outside.md')).toMatch(/outside the repository/);
  });
});
