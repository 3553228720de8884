import type { Readable, Writable } from 'node:stream';

/** What every CLI command gets: its streams and environment, injected so tests can drive it. */
export interface CliContext {
  stdout: Writable & { isTTY?: boolean };
  stderr: Writable;
  stdin: Readable & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };
  env: NodeJS.ProcessEnv;
  /** Set by the global --json flag: print one JSON document on stdout instead of text. */
  json: boolean;
}

/** Exit codes: 0 all jobs succeeded, 1 some jobs failed, 2 bad usage or bad input. */
export const EXIT_OK = 0;
export const EXIT_JOBS_FAILED = 1;
export const EXIT_USAGE = 2;
/** Exit code after an interruption (128 + SIGINT), as shells expect: Ctrl-C or SIGTERM. */
export const EXIT_INTERRUPTED = 130;

/** Bad usage or bad input: printed with its reason, exit code 2. */
export class CliUsageError extends Error {
  override readonly name = 'CliUsageError';
}

/** A command that finished but wants a specific exit code (for example 1: some jobs failed). */
export class CliExit extends Error {
  override readonly name = 'CliExit';
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}

export function writeLine(stream: Writable, text = ''): void {
  stream.write(`${text}\n`);
}

export function writeJson(ctx: CliContext, value: unknown): void {
  ctx.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}
