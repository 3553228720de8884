import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { pgProgram, requirePostgresBinDir } from './postgres-binaries';
import { ADMIN_NAME, clusterTemplate, copyCluster, type Owner } from './postgres-template';
import { isAlive } from './process-alive';

// A throwaway PostgreSQL server for one test file: a copy of a cluster initdb made once
// (postgres-template.ts) in a temp folder, pg_ctl start on a
// free port bound to 127.0.0.1 with its Unix socket in that folder, a superuser role for the
// test, and everything stopped and removed after (also when the test process exits without
// cleaning up; a server left by a killed process is removed by the next start). One server per
// file keeps the suites fast; each test takes a database of its own (createDatabase).
//
// PostgreSQL refuses to run as root: when the tests run as root (CI), the server's programs run
// as the `postgres` OS user (Debian's package creates it) and the folder is handed to it.

const PREFIX = 'parallax-pg-';
const SERVER_USER = 'postgres';

export interface TestPostgresOptions {
  /** Turn TLS on with this certificate chain and key (PEM). */
  tls?: { cert: string; key: string };
}

export interface TestRole {
  name: string;
  password: string;
}

export interface TestPostgres {
  readonly host: string;
  readonly port: number;
  /** The test's superuser. */
  readonly admin: TestRole;
  /** postgres://role:password@127.0.0.1:port/database (the admin when no role is given). */
  url(database: string, role?: TestRole, params?: Record<string, string>): string;
  /** A new empty database with a unique name (prefix + counter); returns its name. */
  createDatabase(prefix?: string): Promise<string>;
  /** A new login role (no superuser, no createrole) with a random password. */
  createRole(name: string): Promise<TestRole>;
  /** Runs SQL as the superuser in `database` (default postgres). */
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    sql: string,
    params?: unknown[],
    database?: string,
  ): Promise<pg.QueryResult<R>>;
  /** Stops the server (fast shutdown); start() brings it back on the same port and data. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and removes its folder. */
  close(): Promise<void>;
}

/** The postgres OS user when running as root; null (run as ourselves) otherwise. */
function serverOwner(): Owner | null {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  const id = (flag: string): number =>
    Number(execFileSync('id', [flag, SERVER_USER], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    throw new Error(
      `The tests run as root and PostgreSQL refuses root: an OS user named "${SERVER_USER}" is needed (Debian's postgresql package creates it).`,
    );
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function run(program: string, args: string[], owner: Owner | null): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(owner ? { uid: owner.uid, gid: owner.gid } : {}),
      // The server must not inherit the tests' locale settings or a PGDATA of the developer's.
      env: { PATH: process.env['PATH'] ?? '', LANG: 'C', LC_ALL: 'C' },
      cwd: tmpdir(),
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${program} ${args.join(' ')} failed (${code}):\n${output}`)),
    );
  });
}

/** Servers whose test process died without stopping them (kill -9, a crashed worker). */
function removeOrphans(binDir: string, owner: Owner | null): void {
  for (const name of readdirSync(tmpdir()).filter((n) => n.startsWith(PREFIX))) {
    const dir = join(tmpdir(), name);
    let pid: number;
    try {
      pid = Number(readFileSync(join(dir, 'owner.pid'), 'utf8'));
    } catch {
      continue;
    }
    if (!Number.isInteger(pid) || pid <= 0 || isAlive(pid)) continue;
    stopSync(binDir, join(dir, 'data'), owner);
    rmSync(dir, { recursive: true, force: true });
  }
}

function stopSync(binDir: string, dataDir: string, owner: Owner | null): void {
  try {
    execFileSync(pgProgram(binDir, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop'], {
      stdio: 'ignore',
      ...(owner ? { uid: owner.uid, gid: owner.gid } : {}),
    });
  } catch {
    /* not running */
  }
}

/** Writes a file the server (its OS user) owns, private to it (a TLS key must be). */
function writeOwned(path: string, text: string, owner: Owner | null): void {
  writeFileSync(path, text, { mode: 0o600 });
  if (owner) chownSync(path, owner.uid, owner.gid);
}

export async function startTestPostgres(options: TestPostgresOptions = {}): Promise<TestPostgres> {
  const binDir = requirePostgresBinDir();
  const owner = serverOwner();
  removeOrphans(binDir, owner);
  const dir = mkdtempSync(join(tmpdir(), PREFIX));
  writeFileSync(join(dir, 'owner.pid'), String(process.pid));
  const dataDir = join(dir, 'data');
  const socketDir = join(dir, 'socket');
  mkdirSync(socketDir, { mode: 0o700 });
  if (owner) {
    chownSync(dir, owner.uid, owner.gid);
    chownSync(socketDir, owner.uid, owner.gid);
  }
  chmodSync(dir, 0o711);
  const exitHook = (): void => {
    stopSync(binDir, dataDir, owner);
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', exitHook);

  // A copy of the cluster initdb made once (tests/support/postgres-template.ts).
  const template = await clusterTemplate(binDir, owner, run);
  await copyCluster(template, dataDir);
  const admin: TestRole = { name: ADMIN_NAME, password: template.adminPassword };
  const conf = [
    `listen_addresses = '127.0.0.1'`,
    `unix_socket_directories = '${socketDir}'`,
    // A test server: durability traded for speed (the data is thrown away).
    'fsync = off',
    'synchronous_commit = off',
    'full_page_writes = off',
    'shared_buffers = 32MB',
    'max_connections = 60',
    // Nothing vacuums or analyses behind a test's back (its tables are minutes old and thrown
    // away; a background vacuum's locks and plan changes would only make runs differ), and WAL
    // only for crash recovery: no replica ever reads it.
    'autovacuum = off',
    'wal_level = minimal',
    'max_wal_senders = 0',
  ];
  if (options.tls) {
    writeOwned(join(dataDir, 'server.crt'), options.tls.cert, owner);
    writeOwned(join(dataDir, 'server.key'), options.tls.key, owner);
    conf.push('ssl = on', `ssl_cert_file = 'server.crt'`, `ssl_key_file = 'server.key'`);
  }
  writeFileSync(join(dataDir, 'postgresql.auto.conf'), `${conf.join('\n')}\n`, { flag: 'a' });

  let port = 0;
  const start = async (): Promise<void> => {
    // A port found free can be taken before the server binds it: try another.
    for (let attempt = 1; ; attempt++) {
      const candidate = port || (await freePort());
      try {
        await run(
          pgProgram(binDir, 'pg_ctl'),
          ['-D', dataDir, '-l', join(dir, 'server.log'), '-w', '-t', '60', '-o', `-p ${candidate}`, 'start'],
          owner,
        );
        port = candidate;
        return;
      } catch (error) {
        if (attempt >= 3 || port) throw error;
      }
    }
  };
  await start();

  const url = (database: string, role: TestRole = admin, params: Record<string, string> = {}): string => {
    const query = new URLSearchParams(params).toString();
    return `postgres://${encodeURIComponent(role.name)}:${encodeURIComponent(role.password)}@127.0.0.1:${port}/${encodeURIComponent(database)}${query ? `?${query}` : ''}`;
  };
  const query = async <R extends pg.QueryResultRow>(
    sql: string,
    params: unknown[] = [],
    database = 'postgres',
  ): Promise<pg.QueryResult<R>> => {
    const client = new pg.Client({ connectionString: url(database) });
    await client.connect();
    try {
      return await client.query<R>(sql, params);
    } finally {
      await client.end();
    }
  };
  let databases = 0;

  return {
    host: '127.0.0.1',
    get port() {
      return port;
    },
    admin,
    url,
    query,
    async createDatabase(prefix = 'db') {
      const name = `${prefix}_${++databases}_${randomBytes(3).toString('hex')}`;
      await query(`CREATE DATABASE "${name}"`);
      return name;
    },
    async createRole(name) {
      const role = { name, password: randomBytes(18).toString('base64url') };
      await query(`CREATE ROLE "${name}" LOGIN PASSWORD '${role.password}'`);
      return role;
    },
    async stop() {
      await run(pgProgram(binDir, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop'], owner);
    },
    start,
    async close() {
      process.removeListener('exit', exitHook);
      exitHook();
    },
  };
}
