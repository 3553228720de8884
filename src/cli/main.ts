import { runCli } from './program';

// Entry of `npx parallax`: real process streams, real exit code.
const code = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
  json: false,
});
process.exitCode = code;
