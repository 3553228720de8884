import type { PulledResult, ReplicaRow } from '../../history';
import { readNormalized } from './normalized';

// A team result row as the store's ingest takes it, and what the judge is told of its job: read
// the same way by a pull on this thread and by its read-ahead thread (read-ahead-thread.ts).

/** A result as read from the team: its raw JSON always with it. */
export type ReadResult = PulledResult & { rawJson: string };

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

/** The request's language of each job (what the judge is told), as the history reads it. */
export function languagesOf(jobs: readonly ReplicaRow[]): Map<string, string | null> {
  return new Map(
    jobs.map((job) => {
      const request = JSON.parse(String(job['request_json'] ?? 'null')) as { hl?: string } | null;
      return [String(job['id']), request?.hl ?? null];
    }),
  );
}
