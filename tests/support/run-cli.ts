import { execFile } from 'node:child_process';
import { join } from 'node:path';

// The real `parallax` binary as a child process, for the CLI tests: a clean user data folder
// and no key from the environment, so a test never touches the developer's own history or key.

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'parallax.mjs');

export interface CliOut {
  code: number;
  stdout: string;
  stderr: string;
}

/** How long a command may take before it is stopped (SIGTERM), unless the test gives its own. */
const DEFAULT_TIMEOUT_MS = 60_000;

/**
 * Runs `parallax ARGS` with PARALLAX_USER_DATA_DIR=userDataDir; resolves with its exit code and
 * output. A command still running after `timeoutMs` is sent SIGTERM (the CLI then exits 130, as
 * on Ctrl-C), and its stderr ends with a line saying so: an exit 130 in a failed assertion is then
 * told apart from a command that stopped by itself. A test whose command builds something large
 * gives a longer timeout (its own test timeout stays longer still).
 */
export function runCli(
  args: string[],
  userDataDir: string,
  options: { timeoutMs?: number } = {},
): Promise<CliOut> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      {
        env: { ...process.env, PARALLAX_USER_DATA_DIR: userDataDir, PARALLAX_API_KEY: '' },
        timeout: timeoutMs,
      },
      (err, stdout, stderr) => {
        const code =
          err && typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : 0;
        const killed = err !== null && (err as { killed?: boolean }).killed === true;
        const note = killed ? `\n[runCli: stopped with SIGTERM after its ${timeoutMs / 1000} s timeout]` : '';
        resolve({ code, stdout, stderr: stderr + note });
      },
    );
  });
}
