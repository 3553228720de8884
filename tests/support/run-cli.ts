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

/** Runs `parallax ARGS` with PARALLAX_USER_DATA_DIR=userDataDir; resolves with its exit code and output. */
export function runCli(args: string[], userDataDir: string): Promise<CliOut> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { env: { ...process.env, PARALLAX_USER_DATA_DIR: userDataDir, PARALLAX_API_KEY: '' }, timeout: 60_000 },
      (err, stdout, stderr) => {
        const code =
          err && typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
