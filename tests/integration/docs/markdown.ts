import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import GithubSlugger from 'github-slugger';
import type { Code, Heading, Nodes, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toString } from 'mdast-util-to-string';
import { gfm } from 'micromark-extension-gfm';

// The user-facing Markdown as GitHub reads it: parsed with micromark's GFM extension (tables,
// autolinks), so a link inside a table cell is a link, and a `#` inside a code fence is not a
// heading. Anchors are made by github-slugger, the slugger GitHub's own heading ids follow.

export const ROOT = join(import.meta.dirname, '..', '..', '..');

/** Every page the docs tests cover: README.md, CHANGELOG.md and docs/**\/*.md, relative to ROOT. */
export function docFiles(): string[] {
  const pages = ['README.md', 'CHANGELOG.md'];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) pages.push(path);
    }
  };
  walk('docs');
  return pages.sort();
}

export interface DocLink {
  /** As written: a URL, a relative path, `#anchor` or `path#anchor`. */
  url: string;
  /** 1-based line in the page. */
  line: number;
  kind: 'link' | 'image' | 'definition';
}

export interface DocHeading {
  depth: number;
  text: string;
  /** GitHub's id for it (duplicates get -1, -2… in page order). */
  slug: string;
  line: number;
}

export interface DocFence {
  /** The info string's first word: sh, json, text… */
  lang: string | null;
  /** The rest of the info string: `needs=keychain`, `history=empty`. */
  meta: string | null;
  value: string;
  /** 1-based line of the opening fence. */
  line: number;
}

export interface DocPage {
  /** Relative to ROOT, with forward slashes. */
  path: string;
  text: string;
  root: Root;
  links: DocLink[];
  headings: DocHeading[];
  fences: DocFence[];
}

const parsed = new Map<string, DocPage>();

/** Parses one page (cached: every test file reads the same pages). */
export function readDoc(path: string): DocPage {
  const cached = parsed.get(path);
  if (cached) return cached;
  const text = readFileSync(join(ROOT, path), 'utf8');
  const root = fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  const page: DocPage = {
    path: relative(ROOT, join(ROOT, path)).split('\\').join('/'),
    text,
    root,
    links: [],
    headings: [],
    fences: [],
  };
  const slugger = new GithubSlugger();
  const visit = (node: Nodes): void => {
    const line = node.position?.start.line ?? 0;
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition') {
      page.links.push({ url: node.url, line, kind: node.type });
    } else if (node.type === 'heading') {
      const heading = node as Heading;
      const text = toString(heading);
      page.headings.push({ depth: heading.depth, text, slug: slugger.slug(text), line });
    } else if (node.type === 'code') {
      const code = node as Code;
      page.fences.push({ lang: code.lang ?? null, meta: code.meta ?? null, value: code.value, line });
    }
    if ('children' in node) for (const child of node.children) visit(child as Nodes);
  };
  visit(root);
  parsed.set(path, page);
  return page;
}
