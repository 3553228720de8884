// Which docs examples run inside the test's process (tests/support/cli-in-process.ts: the CLI's
// own runCli, the same parser and command code as the bin), and which run as the reader would
// type them, through /bin/sh and the real bin. An example is about the process when it waits
// for a signal (`sandbox`, stopped by Ctrl-C) or speaks over stdin (`mcp`); a line the shell
// would do more with than split words (a pipe, a redirect, a variable, a glob) needs the shell.
// BIN_EXAMPLES keep a real child each, so the bin itself (its start, the built bundle's lazy
// command loading, exit codes through the process) stays covered by the docs too.

/** Commands that are about the process: they run as children. */
const PROCESS_COMMANDS = new Set(['sandbox', 'mcp']);

/**
 * Lines (as written, `npx ` dropped) that run through the real bin whatever they do: the
 * quick start's run, a read, a global option before the command, and the exit code 3 of
 * `--fail-on-alert` (process.exitCode through bin/parallax.mjs). examples.test.ts fails when
 * one is no longer in the docs, so this list never silently covers nothing.
 */
export const BIN_EXAMPLES: readonly string[] = [
  'parallax run --sandbox --prompt "best running shoes" --countries US,DE,FR --yes',
  'parallax history',
  'parallax --workspace globex history',
  'parallax monitors run --fail-on-alert',
];

/** Characters the shell gives a meaning to outside quotes (beyond splitting words). */
const SHELL_SYNTAX = /[|&;<>()$`\\*?[\]{}!#"']/;

/**
 * The words of a `parallax …` line as /bin/sh would split them, without `parallax`; null when
 * the line needs more of the shell than quotes and a leading `~/`. `home` is the `~`.
 */
export function shellWords(command: string, home: string): string[] | null {
  const words: string[] = [];
  let word: string | null = null;
  for (let i = 0; i < command.length; i++) {
    const ch = command[i] as string;
    if (ch === ' ' || ch === '\t') {
      if (word !== null) words.push(word);
      word = null;
    } else if (ch === "'" || ch === '"') {
      const end = command.indexOf(ch, i + 1);
      if (end < 0) return null;
      const quoted = command.slice(i + 1, end);
      // Inside double quotes the shell still expands $, ` and \ .
      if (ch === '"' && /[$`\\]/.test(quoted)) return null;
      word = (word ?? '') + quoted;
      i = end;
    } else if (ch === '~' && word === null && /^~(?:\/|\s|$)/.test(command.slice(i))) {
      word = home;
    } else if (SHELL_SYNTAX.test(ch)) {
      return null;
    } else {
      word = (word ?? '') + ch;
    }
  }
  if (word !== null) words.push(word);
  return words[0] === 'parallax' ? words.slice(1) : null;
}

/**
 * The argv to run in-process for a line (`written` as in the docs, `resolved` as the test runs
 * it, `sub` its command word), or null for a real child.
 */
export function inProcessArgv(
  written: string,
  resolved: string,
  sub: string | null,
  home: string,
): string[] | null {
  if (sub === null || PROCESS_COMMANDS.has(sub)) return null;
  if (BIN_EXAMPLES.includes(written.replace(/^npx\s+/, ''))) return null;
  return shellWords(resolved, home);
}
