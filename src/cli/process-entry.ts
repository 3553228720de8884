import type { CliContext } from './context';

/** Runs the CLI as this process: real streams, environment and exit code. */
export async function runAsProcess(run: (argv: string[], ctx: CliContext) => Promise<number>): Promise<void> {
  // `parallax history | head` closes stdout early: that is the reader's choice, not an error.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
  const code = await run(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    json: false,
  });
  process.exitCode = code;
  // The command is over and closed its history: whatever is still under way in the background
  // (a page download, a webhook delivery that hangs, a kept-alive socket) neither changes nor
  // delays its exit code. Unfinished work is pending in the history for the next start, and
  // the command said so (docs/reference/exit-codes.md).
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  process.exit(code);
}

/** Resolves once what was written to the stream has been handed to the system. */
function flushed(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    if (stream.destroyed || !stream.writable) return resolve();
    stream.write('', () => resolve());
  });
}
