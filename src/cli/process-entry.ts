import type { CliContext } from './context';

/** Runs the CLI as this process: real streams, environment and exit code. */
export async function runAsProcess(run: (argv: string[], ctx: CliContext) => Promise<number>): Promise<void> {
  // `parallax history | head` closes stdout early: that is the reader's choice, not an error.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
  process.exitCode = await run(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    json: false,
  });
}
