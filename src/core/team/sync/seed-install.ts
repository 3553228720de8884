import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { zstdDecompressSync } from 'node:zlib';
import { openHistory, PRIVATE_FILE_MODE } from '../../history';
import type { TeamSession } from '../server';
import { checkCanceled } from './errors';
import { copiedBytea, newestSeed, removeHistoryFile, type SeedInfo, type SeedProgress } from './seed-files';
import { foreignSchema } from './seed-schema';
import { grantedWorkspace, TEAM_LINK_META, WORKSPACE_LINK_META } from './target';

// A new desktop's first sync of a workspace starts from the workspace's newest seed
// (004-seeds.ts, seed-publish.ts) when the team has one of this version's schema: the file is
// downloaded beside where the history goes, checked (its size and SHA-256 as published, the
// schema's triggers and views those of a new history, seed-schema.ts; a history of this team's
// workspace), made a desktop of its own (a new origin: a copied
// origin would make each of two desktops skip the other's rows as its own), and only then moved
// into place; the sync that follows pulls what is newer than the seed. Anything wrong leaves no
// file behind, and the sync pulls everything as it would without a seed.

export interface InstallSeedOptions {
  /** Where the history goes: no file may be there yet. */
  path: string;
  /** The team workspace's short name. */
  workspace: string;
  signal?: AbortSignal;
  onProgress?: (progress: SeedProgress) => void;
}

export interface InstallSeedReport {
  seedId: string;
  createdAt: number;
  answers: number;
  bytes: number;
  ms: number;
}

/** Why a seed was not installed (the sync then pulls everything itself). */
export class SeedRefused extends Error {
  override readonly name = 'SeedRefused';
}

/** Chunk `n` of the seed, compressed as stored. */
async function fetchChunk(
  session: TeamSession,
  seed: SeedInfo,
  workspaceId: string,
  n: number,
): Promise<Buffer> {
  const { client } = session;
  const packed = copiedBytea(
    await client.copyOut(
      `COPY (SELECT data FROM parallax.workspace_seed_chunks
        WHERE seed_id = ${client.literal(seed.id)} AND workspace_id = ${client.literal(workspaceId)} AND n = ${n})
        TO STDOUT (FORMAT binary)`,
    ),
  );
  if (!packed) throw new SeedRefused(`its chunk ${n} is missing`);
  return packed;
}

/**
 * Downloads the seed into `to`. The next chunk comes over the wire while this one is
 * decompressed, hashed and written (the write on the thread pool): 20 chunks of 16 MiB took
 * 1.1–1.4 s here against 2.0–2.2 s one after the other.
 */
async function download(
  session: TeamSession,
  seed: SeedInfo,
  workspaceId: string,
  to: string,
  opts: InstallSeedOptions,
): Promise<void> {
  const hash = createHash('sha256');
  let written = 0;
  const file = await open(to, 'wx', PRIVATE_FILE_MODE);
  let next: Promise<Buffer> | null = null;
  try {
    for (let n = 0; n < seed.chunks; n++) {
      checkCanceled(opts.signal);
      const packed = await (next ?? fetchChunk(session, seed, workspaceId, n));
      next = n + 1 < seed.chunks ? fetchChunk(session, seed, workspaceId, n + 1) : null;
      // Awaited at the loop's next turn; this keeps a failure meanwhile from going unhandled.
      next?.catch(() => undefined);
      // On this thread: zlib's asynchronous zstd took about 1.5 times as long (it streams
      // through the thread pool in pieces).
      const chunk = zstdDecompressSync(packed);
      hash.update(chunk);
      for (let at = 0; at < chunk.length;)
        at += (await file.write(chunk, at, chunk.length - at, written + at)).bytesWritten;
      written += chunk.length;
      opts.onProgress?.({ phase: 'download', done: written, total: seed.bytes });
    }
    await file.sync();
  } finally {
    // The connection is left with no COPY under way.
    await next?.catch(() => undefined);
    await file.close();
  }
  if (written !== seed.bytes || hash.digest('hex') !== seed.sha256)
    throw new SeedRefused('the file downloaded is not the one published (size or SHA-256)');
}

/** Downloads the seed beside `opts.path`, checks and adopts it, then moves it there; nothing stays when it fails. */
async function downloadInto(
  session: TeamSession,
  seed: SeedInfo,
  workspaceId: string,
  opts: InstallSeedOptions,
): Promise<void> {
  mkdirSync(dirname(opts.path), { recursive: true, mode: 0o700 });
  const temp = join(dirname(opts.path), `.${basename(opts.path)}.seed-${seed.id}`);
  removeHistoryFile(temp);
  try {
    await download(session, seed, workspaceId, temp, opts);
    // A cancel during the file's last write still counts.
    checkCanceled(opts.signal);
    adopt(temp, session, workspaceId);
    // Closed by the only connection, SQLite moved its log into the file: nothing else to move.
    if (existsSync(`${temp}-wal`)) throw new SeedRefused('its log was left open');
    renameSync(temp, opts.path);
  } finally {
    removeHistoryFile(temp);
  }
}

/** Checks the downloaded file's schema, opens it as a history, checks whose it is, gives it a new origin. */
function adopt(path: string, session: TeamSession, workspaceId: string): void {
  const foreign = foreignSchema(path, `${path}-check`);
  if (foreign) throw new SeedRefused(foreign);
  const store = openHistory({ path });
  try {
    if (
      store.getMeta(TEAM_LINK_META) !== session.teamId ||
      store.getMeta(WORKSPACE_LINK_META) !== workspaceId
    )
      throw new SeedRefused("it is not this team's workspace");
    if (!store.replica.becomeNewDesktop())
      throw new SeedRefused('it holds changes its publisher had not sent');
  } finally {
    store.close();
  }
}

/**
 * Installs the workspace's newest seed at `opts.path`; null when the team has none of this
 * version's schema. Throws SeedRefused when one was found but could not be used (nothing left behind),
 * SyncError('canceled') when stopped, and TeamError when the server fails.
 */
export async function installSeed(
  session: TeamSession,
  opts: InstallSeedOptions,
): Promise<InstallSeedReport | null> {
  const started = performance.now();
  if (existsSync(opts.path)) throw new SeedRefused(`a history is already at ${opts.path}`);
  const { id: workspaceId } = await grantedWorkspace(session, opts.workspace);
  // The seed found and its chunks read in one snapshot: a newer seed completed meanwhile deletes
  // this one's rows, which the snapshot still reads to the end (the new seed is for the next desktop).
  const seed = await session.client.snapshot(async () => {
    const newest = await newestSeed(session.client, workspaceId);
    if (newest) await downloadInto(session, newest, workspaceId, opts);
    return newest;
  });
  if (!seed) return null;
  return {
    seedId: seed.id,
    createdAt: seed.createdAt,
    answers: seed.answers,
    bytes: seed.bytes,
    ms: Math.round(performance.now() - started),
  };
}
