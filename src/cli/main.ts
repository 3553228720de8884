import { runCli } from './program';

// Entry of `npx parallax`: real process streams, real exit code.

// `parallax history | head` closes stdout early: that is the reader's choice, not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

const code = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
  json: false,
});
process.exitCode = code;
