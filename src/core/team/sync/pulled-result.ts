import type { PulledResult, ReplicaRow } from '../../history';
import { normalizedFault, readNormalized } from './normalized';

// A team result row as the store's ingest takes it, and what the judge is told of its job: read
// the same way by a pull on this thread and by its read-ahead thread (read-ahead-thread.ts).

/** A result as read from the team: its raw JSON always with it. */
export type ReadResult = PulledResult & { rawJson: string };

/** A team row a pull could not read: skipped, named in the sync's report and kept here (raw). */
export interface QuarantinedRow {
  table: string;
  id: string;
  reason: string;
  /** The row as the server sent it, as JSON (bytes as { base64 }). */
  raw?: string;
}

/** A row as JSON text, whatever its values (jsonb read as objects, bytea as bytes). */
export function rawRow(row: Record<string, unknown>): string {
  const plain = Object.entries(row).map(([key, value]) => [
    key,
    value instanceof Uint8Array ? { base64: Buffer.from(value).toString('base64') } : value,
  ]);
  return JSON.stringify(Object.fromEntries(plain));
}

/** A team result row as the store's ingest takes it; null for a row it cannot read. */
export function toResult(row: Record<string, unknown>): ReadResult | null {
  const normalized = readNormalized(row['normalized_json'], '');
  if (normalized === null || typeof row['raw_json'] !== 'string') return null;
  return {
    id: String(row['id']),
    jobId: String(row['job_id']),
    fetchedAt: Number(row['fetched_at']),
    normalized,
    rawJson: row['raw_json'],
  };
}

/** Why toResult cannot read this row. */
function resultFault(row: Record<string, unknown>): string {
  if (typeof row['raw_json'] !== 'string') return 'its raw_json is not a text';
  return normalizedFault(row['normalized_json']) ?? 'its normalized_json cannot be read';
}

/**
 * The rows' answers as the store's ingest takes them, and the rows that cannot be read, named:
 * one stored malformed by a member (before the server refused such rows) must not stop the pull
 * of every other answer of the workspace, on every teammate's desktop.
 */
export function readResults(rows: ReadonlyArray<Record<string, unknown>>): {
  results: ReadResult[];
  quarantined: QuarantinedRow[];
} {
  const results: ReadResult[] = [];
  const quarantined: QuarantinedRow[] = [];
  for (const row of rows) {
    const result = toResult(row);
    if (result) results.push(result);
    else
      quarantined.push({
        table: 'results',
        id: String(row['id']),
        reason: resultFault(row),
        raw: rawRow(row),
      });
  }
  return { results, quarantined };
}

/** The request's language of one job: null when it has none, or its request cannot be read. */
function languageOf(job: ReplicaRow): string | null {
  try {
    const request = JSON.parse(String(job['request_json'] ?? 'null')) as unknown;
    const hl: unknown = typeof request === 'object' && request !== null ? Reflect.get(request, 'hl') : null;
    return typeof hl === 'string' ? hl : null;
  } catch {
    return null;
  }
}

/** The request's language of each job (what the judge is told), as the history reads it. */
export function languagesOf(jobs: readonly ReplicaRow[]): Map<string, string | null> {
  return new Map(jobs.map((job) => [String(job['id']), languageOf(job)]));
}
