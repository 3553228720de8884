import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

// Where this machine's PostgreSQL server programs (initdb, pg_ctl) are. Debian keeps them out of
// PATH, in /usr/lib/postgresql/<major>/bin (pg_config --bindir names that folder); Homebrew and
// Postgres.app put them on PATH or in their own folders; the EDB installer on Windows in
// C:\Program Files\PostgreSQL\<major>\bin. PARALLAX_PG_BINDIR overrides the search.

const EXE = process.platform === 'win32' ? '.exe' : '';

function hasInitdb(dir: string): boolean {
  return existsSync(join(dir, `initdb${EXE}`)) && existsSync(join(dir, `pg_ctl${EXE}`));
}

/** Folders under `root` named by a major version, newest first. */
function versionDirs(root: string, bin: (version: string) => string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((name) => /^\d+(\.\d+)?$/.test(name))
    .sort((a, b) => Number(b) - Number(a))
    .map(bin);
}

function fromPgConfig(): string | null {
  try {
    return execFileSync('pg_config', ['--bindir'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}

function fromPath(): string | null {
  for (const dir of (process.env['PATH'] ?? '').split(process.platform === 'win32' ? ';' : ':')) {
    if (dir && hasInitdb(dir)) return dir;
  }
  return null;
}

/** The first folder that holds initdb and pg_ctl, or null. */
export function findPostgresBinDir(env: NodeJS.ProcessEnv = process.env): string | null {
  const candidates = [
    env['PARALLAX_PG_BINDIR'],
    fromPgConfig(),
    ...versionDirs('/usr/lib/postgresql', (v) => `/usr/lib/postgresql/${v}/bin`),
    fromPath(),
    '/opt/homebrew/bin',
    '/usr/local/bin',
    '/Applications/Postgres.app/Contents/Versions/latest/bin',
    ...versionDirs('C:\\Program Files\\PostgreSQL', (v) => `C:\\Program Files\\PostgreSQL\\${v}\\bin`),
  ];
  for (const dir of candidates) if (dir && hasInitdb(dir)) return dir;
  return null;
}

export const POSTGRES_INSTALL_HELP =
  'The team tests start their own PostgreSQL server and need its programs (initdb, pg_ctl): ' +
  'on Debian/Ubuntu `apt-get install postgresql`, on macOS `brew install postgresql@16` or Postgres.app, ' +
  'on Windows the EDB installer; or set PARALLAX_PG_BINDIR to the folder holding initdb (see docs/guides/team.md).';

export function requirePostgresBinDir(): string {
  const dir = findPostgresBinDir();
  if (!dir) throw new Error(POSTGRES_INSTALL_HELP);
  return dir;
}

export function pgProgram(binDir: string, name: string): string {
  return join(binDir, `${name}${EXE}`);
}
