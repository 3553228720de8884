import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docFiles, readDoc, ROOT } from './markdown';

// The docs match the code: docs/README.md links every page under docs/, and the folder table of
// docs/internals/architecture.md names every room of the engine, only folders that exist, and the
// rooms in an order where each imports only rooms listed before it.

const ARCHITECTURE = 'docs/internals/architecture.md';

/** The pages docs/README.md links to, relative to ROOT. */
function indexedPages(): Set<string> {
  const index = readDoc('docs/README.md');
  return new Set(
    index.links
      .map((link) => link.url.split('#')[0] ?? '')
      .filter((url) => url !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(url))
      .map((url) => normalize(join('docs', url)).split('\\').join('/')),
  );
}

/** The backticked paths in the first cell of each row of the architecture page's tables. */
function tableFolders(): string[] {
  const text = readFileSync(join(ROOT, ARCHITECTURE), 'utf8');
  return [...text.matchAll(/^\| `(src\/[^`]+|tests\/[^`]+)`/gm)].map((m) => m[1] as string);
}

const ROOMS_DIR = join(ROOT, 'src', 'core');
const rooms = (): string[] =>
  readdirSync(ROOMS_DIR).filter((name) => statSync(join(ROOMS_DIR, name)).isDirectory());

/** The rooms each room's files import (relative imports that land in another room). */
function roomImports(room: string): Set<string> {
  const found = new Set<string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name)) {
        const text = readFileSync(path, 'utf8');
        for (const m of text.matchAll(/(?:from\s+|import\s*\(\s*)['"](\.[^'"?]*)/g)) {
          const target = normalize(join(dirname(path), m[1] as string));
          if (!target.startsWith(ROOMS_DIR + '/')) continue;
          const other = target.slice(ROOMS_DIR.length + 1).split('/')[0] as string;
          if (other !== room) found.add(other);
        }
      }
    }
  };
  walk(join(ROOMS_DIR, room));
  return found;
}

describe('the docs index', () => {
  it('docs/README.md links every page under docs/', () => {
    const linked = indexedPages();
    const pages = docFiles().filter((p) => p.startsWith('docs/') && p !== 'docs/README.md');
    expect(pages.length).toBeGreaterThan(30);
    expect(pages.filter((page) => !linked.has(page))).toEqual([]);
  });
});

describe('the architecture page', () => {
  it('names every room of src/core, and only folders that exist', () => {
    const listed = tableFolders();
    expect(
      rooms()
        .map((room) => `src/core/${room}`)
        .filter((room) => !listed.includes(room)),
    ).toEqual([]);
    const missing = listed.filter(
      (folder) => !folder.includes('{') && !statSync(join(ROOT, folder), { throwIfNoEntry: false }),
    );
    expect(missing).toEqual([]);
  });

  it('lists the rooms so that each imports only rooms listed before it', () => {
    const order = tableFolders()
      .filter((folder) => folder.startsWith('src/core/'))
      .map((folder) => folder.slice('src/core/'.length));
    const late = order.flatMap((room, i) =>
      [...roomImports(room)]
        .filter((other) => order.indexOf(other) > i)
        .map((other) => `${room} imports ${other}`),
    );
    expect(late).toEqual([]);
    // The check sees imports at all: the front door imports most rooms.
    expect(roomImports('app').size).toBeGreaterThan(5);
  });
});
