import { mkdirSync } from 'node:fs';
import { Readable, Writable } from 'node:stream';
import { runCli } from '../../src/cli/program';
import { useBundledWorkers } from '../../src/cli/worker-source';
import type { CliEnv, CliExit } from './cli-child';
import { bundledWorkersDir } from './worker-scripts';

// The CLI run inside the test's own process: `runCli` (src/cli/program.ts) is what
// `bin/parallax.mjs` runs from the sources (src/cli/main.ts hands it the real streams,
// environment and exit code), so the argv parser and the command code are the product's. What a
// child process adds (Node's start, loading the bundle, real signals, stdin and pipes) is not
// what most CLI tests are about, and on two cores it was most of their cost. Tests about the
// process itself (signals, Ctrl-C, a closed pipe, stdin, `mcp` over stdio, exit codes through
// the bin, the bundle) keep a real child (tests/support/cli-child.ts), and so do
// commands whose libraries read the process's own environment, not the command's: a team
// server's (node-postgres reads PGPASSWORD, the keychain's native module the session bus).
//
// Runs go one at a time: the working folder is the process's (relative paths in argv such as
// `--out report.html` resolve against it, as they would in a shell), so each run changes into
// its folder and back. Everything else a run uses is its own: the environment is a copy, the
// streams are captured, and process.exitCode is put back.
//
// The worker threads a command starts (an export's, the judge's) are the bundle's builds of them
// while out/cli is current, as for the tests' own threads (./worker-scripts.ts): checked once,
// when this module loads.

useBundledWorkers(bundledWorkersDir());

export interface InProcessRun {
  /** The command's environment (PARALLAX_USER_DATA_DIR, the key...); copied, never process.env. */
  env: NodeJS.ProcessEnv;
  /** The working folder relative paths resolve against. */
  cwd: string;
}

export interface InProcessOutcome {
  code: number;
  stdout: string;
  stderr: string;
}

let last: Promise<unknown> = Promise.resolve();

/** `parallax ARGV` in this process; resolves with its exit code and what it printed. */
export function runCliInProcess(argv: string[], opts: InProcessRun): Promise<InProcessOutcome> {
  const run = last.then(() => runNow(argv, opts));
  last = run.catch(() => undefined);
  return run;
}

/** A stream that keeps what is written to it, as text. */
function capture(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, done) {
      chunks.push(typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
}

async function runNow(argv: string[], { env, cwd }: InProcessRun): Promise<InProcessOutcome> {
  const stdout = capture();
  const stderr = capture();
  const before = { cwd: process.cwd(), exitCode: process.exitCode };
  process.chdir(cwd);
  try {
    const code = await runCli(argv, {
      stdout: stdout.stream,
      stderr: stderr.stream,
      // As a child with stdin from /dev/null: no TTY, nothing to read.
      stdin: Readable.from([]),
      env: { ...env },
      json: false,
    });
    return { code, stdout: stdout.text(), stderr: stderr.text() };
  } finally {
    process.chdir(before.cwd);
    process.exitCode = before.exitCode;
  }
}

/**
 * `parallax ARGS` in this process with PARALLAX_USER_DATA_DIR=userDataDir and no key from the
 * environment (as tests/support/cli-child.ts runs the bin), working in userDataDir; `extra` adds
 * to (or overrides) that environment, as a child's `env` would.
 */
export function runCliAt(
  args: string[],
  userDataDir: string,
  extra: NodeJS.ProcessEnv = {},
): Promise<InProcessOutcome> {
  mkdirSync(userDataDir, { recursive: true });
  return runCliInProcess(args, {
    env: { ...process.env, PARALLAX_USER_DATA_DIR: userDataDir, PARALLAX_API_KEY: '', ...extra },
    cwd: userDataDir,
  });
}

/**
 * `parallax ARGS` in this process with the environment cli-child.ts gives a child (the key from
 * `apiKey` only, a fast progress line, `extra`), working in the user data folder: what a test
 * that ran the bin to its end with runCliToEnd runs in-process instead.
 */
export async function runCliToEndInProcess(args: string[], env: CliEnv): Promise<CliExit> {
  const out = await runCliAt(args, env.userDataDir, {
    PARALLAX_API_KEY: env.apiKey ?? '',
    PARALLAX_PROGRESS_INTERVAL_MS: '100',
    ...env.extra,
  });
  return { ...out, signal: null };
}
