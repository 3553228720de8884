import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Comments say why the code is as it is, not which issue asked for it: an issue number sends a
// reader to a tracker they may not have, and goes stale as the code moves on. The history
// belongs in the CHANGELOG and docs/internals/. Fixtures are data (labelled answers may well
// say "issue 3"), so they are not read.

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const CODE = /\.(ts|tsx|mts|mjs|cjs|js)$/;
const ISSUE_NUMBER = /\bissues? #?\d+(?:\.\d+)?\b/i;

/** `file:line: text` for each line of the files that names an issue. */
function linesNamingAnIssue(files: readonly string[], read: (file: string) => string): string[] {
  const found: string[] = [];
  for (const file of files) {
    read(file)
      .split('\n')
      .forEach((line, i) => {
        if (ISSUE_NUMBER.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
      });
  }
  return found;
}

function trackedCode(): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--', 'src', 'tests', 'scripts', 'bin', '.ci'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const self = 'tests/unit/foundation/comment-history.test.ts';
  return out
    .split('\0')
    .filter((f) => (CODE.test(f) || f.startsWith('.ci/')) && !f.startsWith('tests/fixtures/') && f !== self);
}

describe('comments carry no issue numbers', () => {
  it('finds an issue number where one is written', () => {
    const files: Record<string, string> = {
      'a.ts': '// Exports say what became of each page (issue 14.3): a run …\nconst x = 1;',
      'b.ts': '/** Added after the page columns (issue #30). */',
      'c.ts': '// Issues 5 and 15: the store benchmarks.',
      'd.ts': "// the brand ranked #1, not an issue\nconst id = 'issue-tracker';",
    };
    expect(linesNamingAnIssue(Object.keys(files), (f) => files[f]!)).toEqual([
      'a.ts:1: // Exports say what became of each page (issue 14.3): a run …',
      'b.ts:1: /** Added after the page columns (issue #30). */',
      'c.ts:1: // Issues 5 and 15: the store benchmarks.',
    ]);
  });

  it('finds none in the sources, tests, scripts and CI', () => {
    const files = trackedCode();
    expect(files.length).toBeGreaterThan(500);
    const found = linesNamingAnIssue(files, (f) => readFileSync(join(ROOT, f), 'utf8'));
    expect(found, `comments naming an issue:\n${found.join('\n')}`).toEqual([]);
  });
});
