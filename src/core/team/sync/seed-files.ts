import { rmSync } from 'node:fs';
import { companionPaths, MIGRATIONS } from '../../history';
import type { TeamClient } from '../server';

// The pieces of workspace seeds (team schema version 4, 004-seeds.ts) that are not one step's
// own: a seed is a history file cut into chunks of SEED_CHUNK_BYTES, each compressed with zstd;
// the newest one is listed, its chunks read out of COPY's binary output, a download or scratch
// file removed with SQLite's companions.

/** A chunk's size in the file (the last one is shorter). */
export const SEED_CHUNK_BYTES = 16 * 1024 * 1024;
/** zstd's level for the chunks: most of an answer is compressed already (its document). */
export const SEED_ZSTD_LEVEL = 3;

export interface SeedProgress {
  /** pull: the seed's replica is brought up to date; upload / download: the file's bytes. */
  phase: 'pull' | 'upload' | 'download';
  done: number;
  total: number;
}

/** A complete seed as the team lists it. */
export interface SeedInfo {
  id: string;
  createdAt: number;
  schemaVersion: number;
  bytes: number;
  sha256: string;
  chunks: number;
  answers: number;
}

/** Removes a history file a seed step made (a download, a scratch copy) with SQLite's companions. */
export function removeHistoryFile(path: string): void {
  for (const p of [path, ...companionPaths(path)]) rmSync(p, { force: true });
}

/**
 * The workspace's newest complete seed of this Parallax's schema (the only one it takes:
 * seed-schema.ts), or null.
 */
export async function newestSeed(client: TeamClient, workspaceId: string): Promise<SeedInfo | null> {
  const { rows } = await client.query<{
    id: string;
    created_ms: string;
    schema_version: number;
    bytes: string;
    sha256: string;
    chunks: number;
    answers: string;
  }>(
    `SELECT id::text, (extract(epoch FROM created_at) * 1000)::bigint AS created_ms, schema_version,
        bytes, sha256, chunks, answers
      FROM parallax.workspace_seeds
      WHERE workspace_id = $1 AND complete AND schema_version = $2
      ORDER BY created_at DESC LIMIT 1`,
    [workspaceId, MIGRATIONS.length],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    createdAt: Number(row.created_ms),
    schemaVersion: row.schema_version,
    bytes: Number(row.bytes),
    sha256: row.sha256,
    chunks: row.chunks,
    answers: Number(row.answers),
  };
}

/** COPY's binary format opens with this signature, then 4 bytes of flags and a header extension's length. */
const COPY_SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/**
 * The one value of a `COPY (SELECT bytea_column …) TO STDOUT (FORMAT binary)` that returned one
 * row, or null when it returned none (or the value is NULL). Throws on anything else: a chunk is
 * never taken from output it does not understand.
 */
export function copiedBytea(out: Buffer): Buffer | null {
  if (out.length < 21 || !out.subarray(0, COPY_SIGNATURE.length).equals(COPY_SIGNATURE))
    throw new Error('COPY output is not in the binary format');
  let at = COPY_SIGNATURE.length + 4;
  at += 4 + out.readUInt32BE(at);
  const fields = out.readInt16BE(at);
  if (fields === -1) return null;
  if (fields !== 1) throw new Error(`COPY output has ${fields} columns, not 1`);
  const length = out.readInt32BE(at + 2);
  if (length === -1) return null;
  const start = at + 6;
  const end = start + length;
  if (end + 2 !== out.length || out.readInt16BE(end) !== -1)
    throw new Error('COPY output holds more than one row, or was cut');
  return out.subarray(start, end);
}
