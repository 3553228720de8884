import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

/** What a page's parse gives besides its tree (the tree is parsed again only when asked for). */
type Outline = Pick<DocPage, 'links' | 'headings' | 'fences'>;

/**
 * Outlines already parsed, by the page's text, this file and the lock file (the parser's
 * version): every docs test file parses the same pages (some 2 s of CPU for all of them), each
 * in its own worker, in every run. Outlines not written for three days are removed.
 */
const OUTLINES = join(ROOT, 'node_modules', '.cache', 'parallax-docs-outlines');
const PARSER = createHash('sha256')
  .update(readFileSync(import.meta.filename))
  .update(readFileSync(join(ROOT, 'package-lock.json')))
  .digest('hex');
const KEEP_MS = 3 * 24 * 60 * 60 * 1000;

function removeOldOutlines(): void {
  for (const name of readdirSync(OUTLINES)) {
    const file = join(OUTLINES, name);
    const changed = statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
    if (Date.now() - changed > KEEP_MS) rmSync(file, { force: true });
  }
}

function parseTree(text: string): Root {
  return fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
}

function outlineOf(root: Root): Outline {
  const outline: Outline = { links: [], headings: [], fences: [] };
  const slugger = new GithubSlugger();
  const visit = (node: Nodes): void => {
    const line = node.position?.start.line ?? 0;
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition') {
      outline.links.push({ url: node.url, line, kind: node.type });
    } else if (node.type === 'heading') {
      const heading = node as Heading;
      const text = toString(heading);
      outline.headings.push({ depth: heading.depth, text, slug: slugger.slug(text), line });
    } else if (node.type === 'code') {
      const code = node as Code;
      outline.fences.push({ lang: code.lang ?? null, meta: code.meta ?? null, value: code.value, line });
    }
    if ('children' in node) for (const child of node.children) visit(child as Nodes);
  };
  visit(root);
  return outline;
}

/** The page's outline from the cache, else parsed (its tree kept) and cached. */
function cachedOutline(text: string): { outline: Outline; root: Root | null } {
  const file = join(OUTLINES, `${createHash('sha256').update(PARSER).update(text).digest('hex')}.json`);
  try {
    return { outline: JSON.parse(readFileSync(file, 'utf8')) as Outline, root: null };
  } catch {
    const root = parseTree(text);
    const outline = outlineOf(root);
    mkdirSync(OUTLINES, { recursive: true });
    removeOldOutlines();
    // Written whole, then renamed: a reader in another worker sees all of it or none.
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, JSON.stringify(outline));
    renameSync(partial, file);
    return { outline, root };
  }
}

/** Parses one page (cached: every test file reads the same pages). */
export function readDoc(path: string): DocPage {
  const cached = parsed.get(path);
  if (cached) return cached;
  const text = readFileSync(join(ROOT, path), 'utf8');
  const { outline, root } = cachedOutline(text);
  let tree = root;
  const page: DocPage = {
    path: relative(ROOT, join(ROOT, path)).split('\\').join('/'),
    text,
    get root() {
      return (tree ??= parseTree(text));
    },
    ...outline,
  };
  parsed.set(path, page);
  return page;
}
