import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

// The real `parallax` binary as a child process that a test can signal while it runs: its
// output as it arrives, waits on what it prints, and its exit. A clean user data folder, the
// key from PARALLAX_API_KEY only, and a fast progress line on stderr (stdout is not a TTY).

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'parallax.mjs');

export interface CliExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface CliChild {
  readonly child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the first match of the pattern in stdout + stderr (rejects if the process ends first). */
  waitFor(pattern: RegExp): Promise<RegExpMatchArray>;
  /** Resolves once the progress line reports at least this many jobs done. */
  waitForDone(jobs: number): Promise<void>;
  exited: Promise<CliExit>;
}

export interface CliEnv {
  userDataDir: string;
  apiKey?: string;
  /** More environment variables (test seams such as PARALLAX_RESCORE_BATCH). */
  extra?: Record<string, string>;
}

export function spawnCli(args: string[], env: CliEnv, opts: { stdin?: 'ignore' | 'pipe' } = {}): CliChild {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: {
      ...process.env,
      PARALLAX_USER_DATA_DIR: env.userDataDir,
      PARALLAX_API_KEY: env.apiKey ?? '',
      PARALLAX_PROGRESS_INTERVAL_MS: '100',
      ...env.extra,
    },
    stdio: [opts.stdin ?? 'ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const waiters = new Set<() => void>();
  const changed = (): void => {
    for (const w of [...waiters]) w();
  };
  child.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
    changed();
  });
  child.stderr?.on('data', (d: Buffer) => {
    err += d.toString();
    changed();
  });
  const exited = new Promise<CliExit>((resolve) => {
    child.on('close', (code, signal) => {
      changed();
      resolve({ code, signal, stdout: out, stderr: err });
    });
  });
  let ended = false;
  void exited.then(() => (ended = true));

  const waitFor = (pattern: RegExp): Promise<RegExpMatchArray> =>
    new Promise((resolve, reject) => {
      const check = (): void => {
        const m = (out + err).match(pattern);
        if (m) {
          waiters.delete(check);
          resolve(m);
        } else if (ended) {
          waiters.delete(check);
          reject(new Error(`parallax ended before printing ${pattern}:\n${out}\n${err}`));
        }
      };
      waiters.add(check);
      void exited.then(check);
      check();
    });

  return {
    child,
    stdout: () => out,
    stderr: () => err,
    waitFor,
    async waitForDone(jobs) {
      const pattern = new RegExp(`progress: (\\d+)/`, 'g');
      for (;;) {
        const done = Math.max(0, ...[...err.matchAll(pattern)].map((m) => Number(m[1])));
        if (done >= jobs) return;
        if (ended) throw new Error(`parallax ended with ${done} jobs done:\n${out}\n${err}`);
        await new Promise<void>((resolve) => {
          const once = (): void => {
            waiters.delete(once);
            resolve();
          };
          waiters.add(once);
        });
      }
    },
    exited,
  };
}

/** Runs `parallax ARGS` to its end. */
export function runCliToEnd(args: string[], env: CliEnv): Promise<CliExit> {
  return spawnCli(args, env).exited;
}
