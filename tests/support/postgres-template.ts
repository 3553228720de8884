import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withFileLock } from './file-lock';
import { pgProgram } from './postgres-binaries';

// The cluster every test server starts from (tests/support/postgres.ts). `initdb` (bootstrap,
// template1, the catalogs) is most of a test server's start-up CPU and is the same for every
// file, so it runs once per machine (per PostgreSQL install and OS user) into a template kept in
// the OS temp folder, and each server starts on a COPY of it (`cp -a`: owner and modes kept, a
// few milliseconds): the same cluster initdb would have made, a fresh one per server. Worker
// processes that need it at once build it once (the others wait on its lock).

/** Not the servers' prefix (parallax-pg-): the orphan sweep never takes it for a dead server. */
const PREFIX = 'parallax-pgtemplate-';
export const ADMIN_NAME = 'parallax_test_admin';

export interface Owner {
  uid: number;
  gid: number;
}

export type RunAs = (program: string, args: string[], owner: Owner | null) => Promise<void>;

export interface ClusterTemplate {
  /** The initdb'd data folder (copy it, never start it). */
  dataDir: string;
  /** The password of ADMIN_NAME, the cluster's bootstrap superuser. */
  adminPassword: string;
}

/** The template for this PostgreSQL install and server user, made on first use. */
export async function clusterTemplate(
  binDir: string,
  owner: Owner | null,
  run: RunAs,
): Promise<ClusterTemplate> {
  const key = createHash('sha256')
    .update(`${binDir}\n${owner?.uid ?? process.getuid?.() ?? ''}`)
    .digest('hex')
    .slice(0, 12);
  const dir = join(tmpdir(), `${PREFIX}${key}`);
  const template = (): ClusterTemplate => ({
    dataDir: join(dir, 'data'),
    adminPassword: readFileSync(join(dir, 'admin.password'), 'utf8'),
  });
  if (existsSync(join(dir, 'admin.password'))) return template();
  await withFileLock(`${dir}.lock`, async () => {
    if (existsSync(join(dir, 'admin.password'))) return;
    const building = mkdtempSync(join(tmpdir(), `${PREFIX}building-`));
    try {
      await initCluster(binDir, owner, run, building);
      rmSync(dir, { recursive: true, force: true });
      renameSync(building, dir);
    } catch (error) {
      rmSync(building, { recursive: true, force: true });
      throw error;
    }
  });
  return template();
}

/**
 * initdb into `folder`/data: the bootstrap superuser is the test's admin; password logins over
 * TCP (scram), and the socket (in a folder only the server's user can enter) for nothing but
 * pg_ctl. admin.password is written last: its presence means the template is whole.
 */
async function initCluster(binDir: string, owner: Owner | null, run: RunAs, folder: string): Promise<void> {
  if (owner) chownSync(folder, owner.uid, owner.gid);
  const password = randomBytes(18).toString('base64url');
  const pwfile = join(folder, 'pwfile');
  writeFileSync(pwfile, password, { mode: 0o600 });
  if (owner) chownSync(pwfile, owner.uid, owner.gid);
  await run(
    pgProgram(binDir, 'initdb'),
    [
      '-D',
      join(folder, 'data'),
      '-U',
      ADMIN_NAME,
      `--pwfile=${pwfile}`,
      '--auth-host=scram-sha-256',
      '--auth-local=scram-sha-256',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
      '--no-instructions',
    ],
    owner,
  );
  rmSync(pwfile);
  writeFileSync(join(folder, 'admin.password'), password, { mode: 0o600 });
}

/** A copy of the template's data folder at `to` (its owner and modes kept, as PostgreSQL requires). */
export function copyCluster(template: ClusterTemplate, to: string): Promise<void> {
  mkdirSync(join(to, '..'), { recursive: true });
  return new Promise((resolve, reject) =>
    execFile('cp', ['-a', template.dataDir, to], (error, _stdout, stderr) =>
      error ? reject(new Error(`cp -a ${template.dataDir} ${to} failed: ${stderr}`)) : resolve(),
    ),
  );
}
