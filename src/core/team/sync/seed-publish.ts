import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { constants as zlib, zstdCompressSync } from 'node:zlib';
import { AppError } from '../../platform';
import { openHistory } from '../../history';
import type { TeamClient, TeamSession } from '../server';
import type { AheadJudge } from './context';
import { checkCanceled, SyncError } from './errors';
import { newestSeed, SEED_CHUNK_BYTES, SEED_ZSTD_LEVEL, type SeedProgress } from './seed-files';
import { syncWithSession } from './sync';
import { grantedWorkspace } from './target';

// `parallax team seed`: a workspace's seed for new desktops (004-seeds.ts). The publisher keeps a
// replica of its own that only pulls (never a history anyone runs prompts in, so the seed holds
// nothing but the team's rows and what ingest derived from them), brings it up to date with the
// same sync as any desktop (so each publication pulls only what is new since the last), copies
// it consistently with SQLite's backup API, and uploads the copy in compressed chunks. The seed
// is visible to desktops only once complete, which deletes the workspace's older seeds.
//
// One publisher at a time per workspace (a server's timer and a runner, or two runners): the
// first one to complete would delete the other's seed in the middle of its upload. A session
// advisory lock keyed by the workspace says who publishes; it goes with the connection, so a
// publisher that dies frees it. The others skip, as a publication whose workspace already has
// a seed younger than `ifOlderThanMs` does (a runner's or a cron's periodic publication).

export interface PublishSeedOptions {
  /** The seed's replica (created if missing): a history that only pulls this workspace. */
  replicaPath: string;
  /** The team workspace's short name. */
  workspace: string;
  /** Parallax's version, recorded with the seed. */
  appVersion: string;
  judge?: AheadJudge;
  signal?: AbortSignal;
  onProgress?: (progress: SeedProgress) => void;
  /** The chunks' size in the file (default SEED_CHUNK_BYTES; tests cut small files in several). */
  chunkBytes?: number;
  /** Publish only when the workspace's newest seed (of this version's schema) is older than this. */
  ifOlderThanMs?: number;
  /** The clock the newest seed's age is taken with (default Date.now). */
  now?: () => number;
}

export interface PublishSeedReport {
  seedId: string;
  workspace: string;
  answers: number;
  /** The history file's size, and what its compressed chunks took. */
  bytes: number;
  uploadedBytes: number;
  chunks: number;
  /** Answers the replica pulled for this publication. */
  pulled: number;
  pullMs: number;
  uploadMs: number;
}

/** A publication that did not run: another publisher holds the workspace, or its seed is fresh. */
export interface SeedSkipped {
  skipped: 'busy' | 'fresh';
  workspace: string;
  /** The newest seed's time (ms) when it was fresh enough. */
  newestAt: number | null;
}

interface ReplicaCopy {
  path: string;
  answers: number;
  schemaVersion: number;
  pulled: number;
}

/** Brings the replica up to date and copies it beside itself; the copy is the caller's to delete. */
async function syncedCopy(session: TeamSession, opts: PublishSeedOptions): Promise<ReplicaCopy> {
  const store = openHistory({ path: opts.replicaPath });
  try {
    if (store.replica.localWork() > 0) {
      throw new AppError(
        'SEED_REPLICA_NOT_PURE',
        `${opts.replicaPath} holds changes of its own not sent to the team: a seed is made from a history that only pulls. Give another --db (a new file is made).`,
      );
    }
    const report = await syncWithSession(
      session,
      { store, workspace: opts.workspace },
      {
        push: false,
        ...(opts.judge ? { judge: opts.judge } : {}),
        ...(opts.signal ? { signal: opts.signal } : {}),
        onProgress: (p) => opts.onProgress?.({ phase: 'pull', done: p.done, total: p.total }),
      },
    );
    if (report.canceled)
      throw new SyncError(
        'canceled',
        'Seed not published: stopped while its replica was brought up to date.',
      );
    const path = join(dirname(opts.replicaPath), `.${basename(opts.replicaPath)}.seed-copy`);
    rmSync(path, { force: true });
    await store.backup(path);
    return {
      path,
      answers: store.replica.answerCount(),
      schemaVersion: store.schemaVersion,
      pulled: report.pulled['result'] ?? 0,
    };
  } finally {
    store.close();
  }
}

/** Reads the file's chunk `n` of `chunkBytes` (the last one shorter). */
function readChunk(fd: number, n: number, chunkBytes: number, size: number): Buffer {
  const at = n * chunkBytes;
  const buffer = Buffer.allocUnsafe(Math.min(chunkBytes, size - at));
  let read = 0;
  while (read < buffer.length) read += readSync(fd, buffer, read, buffer.length - read, at + read);
  return buffer;
}

async function upload(
  session: TeamSession,
  workspaceId: string,
  copy: ReplicaCopy,
  opts: PublishSeedOptions,
): Promise<{ seedId: string; bytes: number; uploadedBytes: number; chunks: number }> {
  const { client } = session;
  const bytes = statSync(copy.path).size;
  const chunkBytes = opts.chunkBytes ?? SEED_CHUNK_BYTES;
  const chunks = Math.ceil(bytes / chunkBytes);
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO parallax.workspace_seeds (workspace_id, schema_version, app_version, bytes, answers)
      VALUES ($1, $2, $3, $4, $5) RETURNING id::text AS id`,
    [workspaceId, copy.schemaVersion, opts.appVersion, bytes, copy.answers],
  );
  const seedId = (rows[0] as { id: string }).id;
  const hash = createHash('sha256');
  let uploadedBytes = 0;
  const fd = openSync(copy.path, 'r');
  try {
    for (let n = 0; n < chunks; n++) {
      checkCanceled(opts.signal);
      const chunk = readChunk(fd, n, chunkBytes, bytes);
      hash.update(chunk);
      const packed = zstdCompressSync(chunk, { params: { [zlib.ZSTD_c_compressionLevel]: SEED_ZSTD_LEVEL } });
      await client.query(
        'INSERT INTO parallax.workspace_seed_chunks (seed_id, workspace_id, n, data) VALUES ($1, $2, $3, $4)',
        [seedId, workspaceId, n, packed],
      );
      uploadedBytes += packed.length;
      opts.onProgress?.({ phase: 'upload', done: Math.min(bytes, (n + 1) * chunkBytes), total: bytes });
    }
  } finally {
    closeSync(fd);
  }
  // Visible to desktops from here, and the workspace's other seeds go.
  await client.query('SELECT parallax.complete_seed($1, $2, $3)', [seedId, hash.digest('hex'), chunks]);
  return { seedId, bytes, uploadedBytes, chunks };
}

export const seedSkipped = (r: PublishSeedReport | SeedSkipped): r is SeedSkipped => 'skipped' in r;

/** The publishers' advisory lock of a workspace: two keys, so no other use of locks collides. */
const LOCK_ARGS = "hashtext('parallax.workspace_seed'), hashtext($1)";

async function lockWorkspace(client: TeamClient, workspaceId: string): Promise<boolean> {
  const { rows } = await client.query<{ taken: boolean }>(
    `SELECT pg_try_advisory_lock(${LOCK_ARGS}) AS taken`,
    [workspaceId],
  );
  return rows[0]?.taken === true;
}

/**
 * Publishes a new seed of the workspace (see above), unless another publisher is publishing it
 * or (with ifOlderThanMs) its newest seed is fresh. A cut publication leaves no visible seed.
 */
export async function publishSeed(
  session: TeamSession,
  opts: PublishSeedOptions,
): Promise<PublishSeedReport | SeedSkipped> {
  const { id: workspaceId, access } = await grantedWorkspace(session, opts.workspace);
  if (access === 'viewer') {
    throw new AppError(
      'SEED_VIEWER',
      `${session.identity.user} may only read workspace "${opts.workspace}": publishing its seed takes member access.`,
    );
  }
  if (!(await lockWorkspace(session.client, workspaceId)))
    return { skipped: 'busy', workspace: opts.workspace, newestAt: null };
  try {
    if (opts.ifOlderThanMs !== undefined) {
      const newest = await newestSeed(session.client, workspaceId);
      if (newest && (opts.now ?? Date.now)() - newest.createdAt < opts.ifOlderThanMs)
        return { skipped: 'fresh', workspace: opts.workspace, newestAt: newest.createdAt };
    }
    return await publishLocked(session, workspaceId, opts);
  } finally {
    // A dead connection has freed it already; the caller learns of that from its own query.
    await session.client
      .query(`SELECT pg_advisory_unlock(${LOCK_ARGS})`, [workspaceId])
      .catch(() => undefined);
  }
}

async function publishLocked(
  session: TeamSession,
  workspaceId: string,
  opts: PublishSeedOptions,
): Promise<PublishSeedReport> {
  const pullStarted = performance.now();
  const copy = await syncedCopy(session, opts);
  const pullMs = performance.now() - pullStarted;
  try {
    const uploadStarted = performance.now();
    const sent = await upload(session, workspaceId, copy, opts);
    return {
      ...sent,
      workspace: opts.workspace,
      answers: copy.answers,
      pulled: copy.pulled,
      pullMs: Math.round(pullMs),
      uploadMs: Math.round(performance.now() - uploadStarted),
    };
  } finally {
    rmSync(copy.path, { force: true });
  }
}
