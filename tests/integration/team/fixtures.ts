import pg from 'pg';
import { applyTeamMigrations } from '../../../src/core/team/server/migrate';
import { openTeamClient, type TeamClient } from '../../../src/core/team/server/client';
import { parseTeamUrl } from '../../../src/core/team/server/team-url';
import type { TestPostgres, TestRole } from '../../support/postgres';

// Rows of every table of the team schema, for the access tests: one statement per table,
// $1 = the workspace id, $2 = a suffix that makes the ids unique. In dependency order (a job
// needs its run), so running them all in a workspace fills every table.

/** 2026-05-14 and 2026-06-02 (UTC), in ms: two months of results. */
export const MAY = 1778716800000;
export const JUNE = 1780358400000;

export const TABLE_ROWS: ReadonlyArray<{ table: string; sql: string }> = [
  {
    table: 'runs',
    sql: `INSERT INTO parallax.runs (workspace_id, id, status, mode, priority, engines_json, countries_json, states_json,
      repeats, prompt_count, engine_options_json, base_url, sandbox, cost_estimate, created_at, updated_at)
      VALUES ($1, 'run-' || $2, 'completed', 'sync', 5, '["assistant-a"]', '["US"]', '[]', 1, 1, '{}',
      'http://127.0.0.1', true, 1, 0, 0)`,
  },
  {
    table: 'run_prompts',
    sql: `INSERT INTO parallax.run_prompts (workspace_id, run_id, idx, text) VALUES ($1, 'run-' || $2, 0, 'best shoes ' || $2)`,
  },
  {
    table: 'jobs',
    sql: `INSERT INTO parallax.jobs (workspace_id, id, run_id, prompt_index, engine, country, repeat, job_state, created_at, updated_at)
      VALUES ($1, 'job-' || $2, 'run-' || $2, 0, 'assistant-a', 'US', 1, 'succeeded', 0, 0)`,
  },
  {
    table: 'results',
    sql: `INSERT INTO parallax.results (workspace_id, id, job_id, run_id, fetched_at, ingested_at, answer_text, normalized_json, raw_json)
      VALUES ($1, 'result-' || $2, 'job-' || $2, 'run-' || $2, ${MAY}, ${MAY}, 'answer ' || $2, '{"text": "answer"}', '{"raw": true}')`,
  },
  {
    table: 'pages',
    sql: `INSERT INTO parallax.pages (workspace_id, result_id, page_index, url, state, reason_code, reason)
      VALUES ($1, 'result-' || $2, 0, 'https://example.com/' || $2, 'failed', 'expired', 'expired')`,
  },
  {
    table: 'credit_sessions',
    sql: `INSERT INTO parallax.credit_sessions (workspace_id, run_id, started_at, recorded_start) VALUES ($1, 'run-' || $2, 1, 0)`,
  },
  {
    table: 'brands',
    sql: `INSERT INTO parallax.brands (workspace_id, id, name, kind, variants_json, created_at, updated_at)
      VALUES ($1, 'brand-' || $2, 'Veloxa ' || $2, 'brand', '[]', 0, 0)`,
  },
  {
    table: 'monitors',
    sql: `INSERT INTO parallax.monitors (workspace_id, id, name, spec_json, cadence, created_at, updated_at)
      VALUES ($1, 'monitor-' || $2, 'Daily ' || $2, '{}', '0 6 * * *', 0, 0)`,
  },
  {
    table: 'monitor_options',
    sql: `INSERT INTO parallax.monitor_options (workspace_id, monitor_id, rules_json, updated_at) VALUES ($1, 'monitor-' || $2, '{}', 0)`,
  },
  {
    table: 'monitor_schedule',
    sql: `INSERT INTO parallax.monitor_schedule (workspace_id, monitor_id, next_due_at) VALUES ($1, 'monitor-' || $2, 0)`,
  },
  {
    table: 'runner_claims',
    sql: `INSERT INTO parallax.runner_claims (workspace_id, monitor_id, due_at, runner, state) VALUES ($1, 'monitor-' || $2, 0, 'r1', 'running')`,
  },
  {
    table: 'prompts',
    sql: `INSERT INTO parallax.prompts (workspace_id, id, text, created_at, updated_at) VALUES ($1, 'prompt-' || $2, 'p', 0, 0)`,
  },
  {
    table: 'prompt_sets',
    sql: `INSERT INTO parallax.prompt_sets (workspace_id, id, name, prompt_ids, created_at, updated_at)
      VALUES ($1, 'set-' || $2, 'Set ' || $2, ARRAY['prompt-' || $2], 0, 0)`,
  },
  { table: 'tags', sql: `INSERT INTO parallax.tags (workspace_id, name) VALUES ($1, 'tag-' || $2)` },
  {
    table: 'discovery_decisions',
    sql: `INSERT INTO parallax.discovery_decisions (workspace_id, key, decision, decided_at) VALUES ($1, 'acme' || $2, 'dismissed', 0)`,
  },
  {
    table: 'settings',
    sql: `INSERT INTO parallax.settings (workspace_id, key, value_json, updated_at) VALUES ($1, 'judge.' || $2, '{"model": "x"}', 0)`,
  },
];

/** Every table of the schema with a workspace_id (result_keys is filled by the results trigger). */
export const WORKSPACE_TABLES = [...TABLE_ROWS.map((r) => r.table), 'result_keys', 'members'];

/** A fresh database with the team schema, created by the test's superuser (the team owner). */
export async function teamDatabase(server: TestPostgres): Promise<{ database: string; owner: TeamClient }> {
  const database = await server.createDatabase('team');
  const owner = await openTeamClient(parseTeamUrl(server.url(database, undefined, { sslmode: 'disable' })));
  await applyTeamMigrations(owner);
  return { database, owner };
}

/** A plain node-postgres client logged in as `role` (hand-written SQL, as a member could type it). */
export async function loginAs(server: TestPostgres, database: string, role: TestRole): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: server.url(database, role) });
  await client.connect();
  return client;
}

/** Fills every table of a workspace with one row each (the owner bypasses row security). */
export async function seedWorkspace(owner: TeamClient, workspaceId: string, suffix: string): Promise<void> {
  for (const row of TABLE_ROWS) await owner.query(row.sql, [workspaceId, suffix]);
}
