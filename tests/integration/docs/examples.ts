import type { DocFence, DocPage } from './markdown';

// The CLI examples of the docs, as the examples test runs them. The rules, documented for
// writers in docs/internals/testing.md:
// - An example is a line of a ```sh (or bash, shell) fence that calls `parallax` or
//   `npx parallax` (at the start, or after a pipe or &&). Other lines (npm, printf alone…) are
//   not run. A line ending in `\` continues on the next.
// - It must exit 0, unless its comment promises another code: `# exit 3 when an alert fired`.
// - The fence's info string may carry markers: `needs=<what>` skips the fence with the reason
//   NEEDS gives (a keychain, a PostgreSQL server…), `history=empty` runs it on an empty history
//   instead of the demo one. Any other marker fails the test, so a typo never disables a fence.

const SHELLS = new Set(['sh', 'bash', 'shell']);

/** What a `needs=` marker stands for, and why the test cannot provide it. */
export const NEEDS: Readonly<Record<string, string>> = {
  keychain:
    'an OS keychain: saving a key writes to the Secret Service, which the keychain suite (npm run test:keychain-session) provides, not this test',
  postgres: 'a PostgreSQL server',
  service: 'the real answer monitoring service and a real key',
  google:
    "a Google account and Google's API (tests/integration/outcomes/google-connect.test.ts runs connect against a stand-in of them)",
};

export type HistoryKind = 'demo' | 'empty';

export interface FenceMarkers {
  needs: string | null;
  history: HistoryKind;
}

export interface Example {
  page: string;
  /** Line of the example in its page (1-based). */
  line: number;
  /** The command as written (continuations joined). */
  command: string;
  expectedCode: number;
  history: HistoryKind;
}

export interface SkippedFence {
  page: string;
  line: number;
  reason: string;
  commands: string[];
}

/** `needs=keychain history=empty` → markers; throws on an unknown marker or value. */
export function parseMarkers(meta: string | null, where: string): FenceMarkers {
  const markers: FenceMarkers = { needs: null, history: 'demo' };
  for (const token of (meta ?? '').split(/\s+/).filter(Boolean)) {
    const [key, value] = token.split('=', 2);
    if (key === 'needs' && value !== undefined && value in NEEDS) markers.needs = value;
    else if (key === 'history' && (value === 'empty' || value === 'demo')) markers.history = value;
    else
      throw new Error(
        `${where}: unknown fence marker "${token}" (known: needs=${Object.keys(NEEDS).join('|')}, history=empty|demo)`,
      );
  }
  return markers;
}

/** Index of the line's comment (`#` after whitespace, outside quotes), or -1. */
export function commentStart(line: string): number {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"') i++;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '\\') i++;
    else if (c === '#' && (i === 0 || /\s/.test(line[i - 1] as string))) return i;
  }
  return -1;
}

const CALLS_PARALLAX = /(?:^|[|&;(]\s*)(?:npx\s+)?parallax(?=\s|$)/;
const EXIT_PROMISE = /\bexit (\d+)\b/;

/** The lines of a shell fence with their comments, continuations joined. */
function logicalLines(fence: DocFence): Array<{ offset: number; code: string; comment: string }> {
  const out: Array<{ offset: number; code: string; comment: string }> = [];
  const raw = fence.value.split('\n');
  for (let i = 0; i < raw.length; i++) {
    const offset = i;
    let text = raw[i] as string;
    while (text.endsWith('\\') && i + 1 < raw.length) text = `${text.slice(0, -1)} ${raw[++i]}`;
    const hash = commentStart(text);
    out.push({
      offset,
      code: (hash === -1 ? text : text.slice(0, hash)).trim(),
      comment: hash === -1 ? '' : text.slice(hash + 1),
    });
  }
  return out;
}

/** The examples of one page, and the fences it skips with their reasons. */
export function examplesOf(page: DocPage): { examples: Example[]; skipped: SkippedFence[] } {
  const examples: Example[] = [];
  const skipped: SkippedFence[] = [];
  for (const fence of page.fences) {
    if (!fence.lang || !SHELLS.has(fence.lang)) continue;
    const where = `${page.path}:${fence.line}`;
    const markers = parseMarkers(fence.meta, where);
    const lines = logicalLines(fence).filter((l) => CALLS_PARALLAX.test(l.code));
    if (markers.needs) {
      const reason = `needs ${NEEDS[markers.needs]}`;
      skipped.push({ page: page.path, line: fence.line, reason, commands: lines.map((l) => l.code) });
      continue;
    }
    for (const l of lines) {
      const promised = EXIT_PROMISE.exec(l.comment);
      examples.push({
        page: page.path,
        // The fence's first line is the line after the opening ```.
        line: fence.line + 1 + l.offset,
        command: l.code,
        expectedCode: promised ? Number(promised[1]) : 0,
        history: markers.history,
      });
    }
  }
  return { examples, skipped };
}
