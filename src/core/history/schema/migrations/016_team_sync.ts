// Migration team-sync (016): what a history needs to sync with a team's PostgreSQL history
// (src/core/team/sync, docs/internals/team.md#sync).
//
// - sync_outbox: what changed here and is not on the team server yet, one row per object (kind
//   + key: 'run' + its id, 'page' + result seq:index…). Triggers on the synced tables add or
//   touch the row; a push reads a kind's rows in id order (indexed: never a scan of the synced
//   tables), sends them, and deletes each row only if it was not touched meanwhile. `id` is
//   the row's first change, so a run's row always comes before its jobs' rows, whatever
//   changed since. `deleted` marks a deletion (sent as a tombstone).
//   The triggers fire only while meta holds 'sync.capture' (set when the history is first
//   synced, with every existing object enqueued then), so a history that never syncs pays one
//   lookup per write and keeps no outbox; a pull applies the team's rows with the key removed
//   inside its own transaction, so what comes from the team is never sent back.
// - sync_cursors: per team table, the (xid, seq) of the last row pulled (src/core/team/server/changes.ts).
// - sync_versions: the team's version of each configuration object as this history last saw
//   it; a push updates the team's row only if it still has that version (else a teammate
//   changed it first: the team's row wins and the local edit becomes a draft).
// - sync_drafts: those local edits that lost (content as the team schema's columns, or NULL
//   for a deletion), until the analyst applies or discards them.
// - sync_pulled_runs: runs that came from the team (driven by another desktop or a runner):
//   this desktop never resumes them at start-up nor checks them for alerts (their alerts,
//   webhooks and reports belong to whoever ran them).

/** The outbox's upsert, as a trigger statement. */
function enqueue(kind: string, key: string, deleted = 0): string {
  return `INSERT INTO sync_outbox (kind, key, deleted) VALUES ('${kind}', ${key}, ${deleted})
    ON CONFLICT (kind, key) DO UPDATE SET touched = touched + 1, deleted = excluded.deleted;`;
}

const CAPTURING = "EXISTS (SELECT 1 FROM meta WHERE key = 'sync.capture')";

/** A trigger that enqueues (kind, key) after `event` on `table`, while capturing. */
function captureTrigger(
  name: string,
  event: string,
  table: string,
  kind: string,
  key: string,
  options: { deleted?: boolean; when?: string } = {},
): string {
  const when = options.when ? `${CAPTURING} AND (${options.when})` : CAPTURING;
  return `CREATE TRIGGER sync_${name} AFTER ${event} ON ${table} WHEN ${when} BEGIN
  ${enqueue(kind, key, options.deleted ? 1 : 0)}
END;`;
}

/** Insert, update and delete of a table whose rows are objects of their own. */
function objectTriggers(table: string, kind: string, keyColumn: string, updateOf = ''): string {
  return [
    captureTrigger(`${table}_insert`, 'INSERT', table, kind, `new.${keyColumn}`),
    captureTrigger(
      `${table}_update`,
      `UPDATE${updateOf ? ` OF ${updateOf}` : ''}`,
      table,
      kind,
      `new.${keyColumn}`,
    ),
    captureTrigger(`${table}_delete`, 'DELETE', table, kind, `old.${keyColumn}`, { deleted: true }),
  ].join('\n');
}

/** A child list (tags, items) changes its parent object, unless the parent itself is being deleted. */
function childTriggers(table: string, kind: string, parentTable: string, parentColumn: string): string {
  return [
    captureTrigger(`${table}_insert`, 'INSERT', table, kind, `new.${parentColumn}`),
    captureTrigger(`${table}_delete`, 'DELETE', table, kind, `old.${parentColumn}`, {
      when: `EXISTS (SELECT 1 FROM ${parentTable} WHERE id = old.${parentColumn})`,
    }),
  ].join('\n');
}

export const sql = /* sql */ `
CREATE TABLE sync_outbox (
  id      INTEGER PRIMARY KEY,
  kind    TEXT NOT NULL,
  key     TEXT NOT NULL,
  touched INTEGER NOT NULL DEFAULT 0,
  deleted INTEGER NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1)),
  UNIQUE (kind, key)
) STRICT;
CREATE INDEX sync_outbox_by_kind ON sync_outbox (kind, id);

CREATE TABLE sync_cursors (
  team_table TEXT PRIMARY KEY,
  xid        TEXT NOT NULL,
  seq        TEXT NOT NULL
) STRICT, WITHOUT ROWID;

CREATE TABLE sync_versions (
  kind    TEXT NOT NULL,
  key     TEXT NOT NULL,
  version INTEGER NOT NULL,
  PRIMARY KEY (kind, key)
) STRICT, WITHOUT ROWID;

CREATE TABLE sync_drafts (
  id             INTEGER PRIMARY KEY,
  kind           TEXT NOT NULL,
  key            TEXT NOT NULL,
  label          TEXT NOT NULL,
  draft_json     TEXT CHECK (draft_json IS NULL OR json_valid(draft_json)),
  team_version   INTEGER,
  changed_by     TEXT,
  reason         TEXT NOT NULL,
  created_at     INTEGER NOT NULL,
  UNIQUE (kind, key)
) STRICT;

CREATE TABLE sync_pulled_runs (
  run_id TEXT PRIMARY KEY REFERENCES runs (id) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;

${objectTriggers('runs', 'run', 'id')}
${captureTrigger('run_tags_insert', 'INSERT', 'run_tags', 'run', 'new.run_id')}
${captureTrigger('run_prompts_insert', 'INSERT', 'run_prompts', 'run_prompts', 'new.run_id')}
${captureTrigger('jobs_insert', 'INSERT', 'jobs', 'job', 'new.id')}
${captureTrigger('jobs_update', 'UPDATE', 'jobs', 'job', 'new.id')}
${captureTrigger('results_insert', 'INSERT', 'results', 'result', 'new.id')}
${captureTrigger('results_update', 'UPDATE OF ingested_at', 'results', 'result', 'new.id')}
${captureTrigger('pages_insert', 'INSERT', 'page_archive', 'page', "new.result_seq || ':' || new.page_index", { when: "new.state IN ('archived', 'failed')" })}
${captureTrigger('pages_update', 'UPDATE OF state', 'page_archive', 'page', "new.result_seq || ':' || new.page_index", { when: "new.state IN ('archived', 'failed')" })}
${captureTrigger('run_sessions_insert', 'INSERT', 'run_sessions', 'session', 'new.id')}
${captureTrigger('run_sessions_update', 'UPDATE', 'run_sessions', 'session', 'new.id')}

${objectTriggers('brands', 'brand', 'id')}
${objectTriggers('monitors', 'monitor', 'id', 'name, spec_json, cadence, enabled')}
${objectTriggers('monitor_options', 'monitor_options', 'monitor_id')}
${objectTriggers('prompts', 'prompt', 'id')}
${childTriggers('prompt_tags', 'prompt', 'prompts', 'prompt_id')}
${objectTriggers('prompt_sets', 'prompt_set', 'id')}
${childTriggers('prompt_set_items', 'prompt_set', 'prompt_sets', 'set_id')}
${childTriggers('prompt_set_tags', 'prompt_set', 'prompt_sets', 'set_id')}
${captureTrigger('tags_insert', 'INSERT', 'tags', 'tag', 'new.name')}
${objectTriggers('disc_decisions', 'discovery', 'key')}
${objectTriggers('settings', 'setting', 'key')}
`;
