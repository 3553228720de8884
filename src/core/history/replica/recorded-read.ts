import type Database from 'better-sqlite3';
import { createResultsBatchReader } from '../answers';
import { stmt } from '../connection';
import type { ReplicaRow } from './columns';

// What a push sends of the recorded tables: local rows in the team schema's columns
// (src/core/history/replica/columns.ts), read by the keys the outbox names. A key whose row is
// gone (a run deleted since, with its jobs and results) is simply not returned.

export interface RecordedReadApi {
  /** Runs with their tags. */
  readRuns(ids: readonly string[]): ReplicaRow[];
  /** The prompts of these runs. */
  readRunPrompts(runIds: readonly string[]): ReplicaRow[];
  readJobs(ids: readonly string[]): ReplicaRow[];
  /** Results with their normalised document (JSON text) and raw JSON, rebuilt as the compare view reads them. */
  readResults(ids: readonly string[]): ReplicaRow[];
  /** Archived or failed pages by their outbox key (result seq:page index), with their result's id. */
  readPages(keys: readonly string[]): ReplicaRow[];
  /** Credit sessions by their local id. */
  readSessions(ids: readonly string[]): ReplicaRow[];
}

const IDS = 'SELECT value FROM json_each(?)';

export function createRecordedReadApi(db: Database.Database): RecordedReadApi {
  // One statement per list for the batch, not per answer (the push's read was most of its time).
  const readResultBatch = createResultsBatchReader(db);
  return {
    readRuns(ids) {
      const rows = stmt(
        db,
        `SELECT r.id, r.name, r.status, r.mode, r.priority, r.engines_json, r.countries_json, r.states_json,
           r.repeats, r.prompt_count, r.engine_options_json, r.budget, r.webhook_url, r.key_label, r.base_url,
           r.sandbox, r.cost_estimate, r.summary_json, r.monitor_id, r.created_at, r.started_at, r.finished_at,
           r.updated_at,
           (SELECT json_group_array(t.name) FROM run_tags rt JOIN tags t ON t.id = rt.tag_id
              WHERE rt.run_id = r.id) AS tags_json
         FROM runs r WHERE r.id IN (${IDS})`,
      ).all(JSON.stringify(ids)) as Array<ReplicaRow & { tags_json: string }>;
      return rows.map(({ tags_json, ...row }) => ({
        ...row,
        tags: (JSON.parse(tags_json) as string[]).sort(),
      }));
    },
    readRunPrompts(runIds) {
      return stmt(
        db,
        `SELECT run_id, idx, text, prompt_id FROM run_prompts WHERE run_id IN (${IDS}) ORDER BY run_id, idx`,
      ).all(JSON.stringify(runIds)) as ReplicaRow[];
    },
    readJobs(ids) {
      return stmt(
        db,
        `SELECT id, run_id, prompt_index, engine, country, us_state, repeat, request_json, job_state, attempts,
           request_id, task_id, idempotency_key, http_status, error_code, error_message, error_details_json,
           latency_ms, credits_charged, created_at, started_at, finished_at, updated_at
         FROM jobs WHERE id IN (${IDS})`,
      ).all(JSON.stringify(ids)) as ReplicaRow[];
    },
    readResults(ids) {
      const times = new Map(
        (
          stmt(db, `SELECT id, ingested_at FROM results WHERE id IN (${IDS})`).all(
            JSON.stringify(ids),
          ) as Array<{
            id: string;
            ingested_at: number;
          }>
        ).map((r) => [r.id, r.ingested_at]),
      );
      return readResultBatch(ids).map((r) => ({
        id: r.resultId,
        job_id: r.jobId,
        run_id: r.runId,
        fetched_at: r.fetchedAt,
        ingested_at: times.get(r.resultId) ?? r.fetchedAt,
        model: r.normalized.model,
        shape: r.normalized.shape,
        answer_text: r.normalized.text,
        normalized_json: JSON.stringify(r.normalized),
        raw_json: r.rawJson,
      }));
    },
    readPages(keys) {
      const pairs = keys.map((key) => key.split(':').map(Number));
      return stmt(
        db,
        `SELECT r.id AS result_id, p.page_index, p.url, p.state, p.reason_code, p.reason, p.content_type,
           p.page_bytes, p.stored_bytes, p.html_zstd, p.archived_at
         FROM json_each(?) k
           JOIN page_archive p ON p.result_seq = k.value ->> 0 AND p.page_index = k.value ->> 1
           JOIN results r ON r.seq = p.result_seq
         WHERE p.state IN ('archived', 'failed')`,
      ).all(JSON.stringify(pairs)) as ReplicaRow[];
    },
    readSessions(ids) {
      return stmt(
        db,
        `SELECT run_id, started_at, ended_at, cut, balance_start, balance_end, recorded_start, reconciled_at,
           reconcile_state, unreceived_credits, interrupted_jobs, reconcile_note
         FROM run_sessions WHERE id IN (${IDS})`,
      ).all(JSON.stringify(ids.map(Number))) as ReplicaRow[];
    },
  };
}
