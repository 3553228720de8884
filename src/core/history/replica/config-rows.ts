import type Database from 'better-sqlite3';
import { parseAlertRules } from '../../../shared/alerts/rules';
import type { RunSpec } from '../../../shared/domain/run-spec';
import type { MonitorOptionsApi } from '../alerts';
import { parseJson, parseObject, pluck, stmt } from '../connection';
import type { DiscoveryReadApi } from '../discovery';
import { ensureTagIds, type LibraryApi, type MonitorsApi } from '../library';
import type { ConfigKind, ReplicaRow } from './columns';

// The configuration objects one by one, as the team schema's rows: read for a push or a draft,
// applied from a pull or a draft, removed for a tombstone. Applying goes through the same store
// calls as an edit in the app (a brand's re-analysis, a prompt's tags), so a teammate's change
// has the same effects here as one's own.

export interface ConfigStoreDeps {
  library: LibraryApi;
  monitors: MonitorsApi;
  monitorOptions: MonitorOptionsApi;
  discovery: Pick<DiscoveryReadApi, 'setNameDismissed'>;
}

export interface ConfigRows {
  /** The object as the team schema's row; null when it is not here. */
  read(key: string): ReplicaRow | null;
  /** Creates or replaces the object here. */
  apply(row: ReplicaRow): void;
  /** Deletes it here; false when it was not here. */
  remove(key: string): boolean;
  /** What the analyst calls it ("Brand Veloxa"). */
  label(key: string, row: ReplicaRow | null): string;
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

const json = (value: unknown): unknown => (typeof value === 'string' ? parseJson(value) : value);

function clip(text: string, max = 40): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Reads one row of a table by its key column and maps it (null when absent). */
function reader(db: Database.Database, sql: string, map: (row: ReplicaRow) => ReplicaRow = (r) => r) {
  return (key: string): ReplicaRow | null => {
    const row = stmt(db, sql).get(key) as ReplicaRow | undefined;
    return row ? map(row) : null;
  };
}

const withTags = (row: ReplicaRow, ...lists: string[]): ReplicaRow => {
  const out: ReplicaRow = { ...row };
  for (const list of lists) {
    out[list] = JSON.parse(String(row[`${list}_json`])) as string[];
    delete out[`${list}_json`];
  }
  return out;
};

export function createConfigRows(
  db: Database.Database,
  deps: ConfigStoreDeps,
): Record<ConfigKind, ConfigRows> {
  const { library, monitors } = deps;
  const nameOf = (sql: string, key: string): string | undefined =>
    pluck(db, sql).get(key) as string | undefined;
  return {
    brand: {
      read: reader(
        db,
        'SELECT id, name, kind, variants_json, created_at, updated_at FROM brands WHERE id = ?',
      ),
      apply(row) {
        const variants = parseObject(String(row['variants_json']));
        library.saveBrand({
          id: String(row['id']),
          name: String(row['name']),
          kind: row['kind'] === 'competitor' ? 'competitor' : 'brand',
          aliases: strings(variants['aliases']),
          domains: strings(variants['domains']),
        });
      },
      remove: (key) => library.deleteBrand(key),
      label: (key, row) =>
        `Brand ${String(row?.['name'] ?? nameOf('SELECT name FROM brands WHERE id = ?', key) ?? key)}`,
    },
    prompt: {
      read: reader(
        db,
        `SELECT p.id, p.text, (SELECT json_group_array(name) FROM (SELECT t.name FROM prompt_tags pt
           JOIN tags t ON t.id = pt.tag_id WHERE pt.prompt_id = p.id ORDER BY t.name)) AS tags_json,
           p.created_at, p.updated_at FROM prompts p WHERE p.id = ?`,
        (row) => withTags(row, 'tags'),
      ),
      apply: (row) =>
        void library.savePrompt({
          id: String(row['id']),
          text: String(row['text']),
          tags: strings(row['tags']),
        }),
      remove: (key) => library.deletePrompt(key),
      label: (key, row) =>
        `Prompt “${clip(String(row?.['text'] ?? nameOf('SELECT text FROM prompts WHERE id = ?', key) ?? key))}”`,
    },
    prompt_set: {
      read: reader(
        db,
        `SELECT s.id, s.name,
           (SELECT json_group_array(prompt_id) FROM (SELECT prompt_id FROM prompt_set_items WHERE set_id = s.id
              ORDER BY position)) AS prompt_ids_json,
           (SELECT json_group_array(name) FROM (SELECT t.name FROM prompt_set_tags st JOIN tags t ON t.id = st.tag_id
              WHERE st.set_id = s.id ORDER BY t.name)) AS tags_json,
           s.created_at, s.updated_at FROM prompt_sets s WHERE s.id = ?`,
        (row) => withTags(row, 'prompt_ids', 'tags'),
      ),
      apply(row) {
        // A prompt of the set that is not here (deleted meanwhile) is left out.
        const known = pluck(db, 'SELECT 1 FROM prompts WHERE id = ?');
        library.savePromptSet({
          id: String(row['id']),
          name: String(row['name']),
          promptIds: strings(row['prompt_ids']).filter((id) => known.get(id) !== undefined),
          tags: strings(row['tags']),
        });
      },
      remove: (key) => library.deletePromptSet(key),
      label: (key, row) =>
        `Prompt set ${String(row?.['name'] ?? nameOf('SELECT name FROM prompt_sets WHERE id = ?', key) ?? key)}`,
    },
    monitor: {
      read: reader(
        db,
        'SELECT id, name, spec_json, cadence, enabled, created_at, updated_at FROM monitors WHERE id = ?',
      ),
      apply(row) {
        // A monitor new here is not due here (next_due_at stays NULL): whoever runs it for the
        // team (the desktop that made it, or a runner) keeps running it.
        monitors.saveMonitor({
          id: String(row['id']),
          name: String(row['name']),
          spec: json(row['spec_json']) as RunSpec,
          cadence: String(row['cadence']),
          enabled: row['enabled'] !== 0,
        });
      },
      remove: (key) => monitors.deleteMonitor(key),
      label: (key, row) =>
        `Monitor ${String(row?.['name'] ?? nameOf('SELECT name FROM monitors WHERE id = ?', key) ?? key)}`,
    },
    monitor_options: {
      read: reader(
        db,
        'SELECT monitor_id, rules_json, webhook_url, report_dir, report_days, updated_at FROM monitor_options WHERE monitor_id = ?',
      ),
      apply(row) {
        const monitorId = String(row['monitor_id']);
        if (pluck(db, 'SELECT 1 FROM monitors WHERE id = ?').get(monitorId) === undefined) return;
        deps.monitorOptions.saveMonitorOptions(monitorId, {
          rules: parseAlertRules(json(row['rules_json'])),
          webhookUrl: (row['webhook_url'] as string | null) ?? null,
          reportDir: (row['report_dir'] as string | null) ?? null,
          reportDays: (row['report_days'] as number | null) ?? null,
        });
      },
      remove: (key) => stmt(db, 'DELETE FROM monitor_options WHERE monitor_id = ?').run(key).changes > 0,
      label: (key) =>
        `Alert options of monitor ${nameOf('SELECT name FROM monitors WHERE id = ?', key) ?? key}`,
    },
    tag: {
      read: reader(db, 'SELECT name FROM tags WHERE name = ?'),
      apply: (row) => void ensureTagIds(db, [String(row['name'])]),
      // Tags are pruned here when nothing uses them: a teammate's tombstone changes nothing.
      remove: () => false,
      label: (key) => `Tag ${key}`,
    },
    discovery: {
      read: reader(db, 'SELECT key, decision, decided_at FROM disc_decisions WHERE key = ?'),
      apply: (row) =>
        void deps.discovery.setNameDismissed(String(row['key']), row['decision'] === 'dismissed'),
      remove: (key) => deps.discovery.setNameDismissed(key, false),
      label: (key) => `Discovery decision on ${key}`,
    },
    setting: {
      read: reader(db, 'SELECT key, value_json, updated_at FROM settings WHERE key = ?'),
      apply: (row) => monitors.setSetting(String(row['key']), json(row['value_json'])),
      remove: (key) => stmt(db, 'DELETE FROM settings WHERE key = ?').run(key).changes > 0,
      label: (key) => `Setting ${key}`,
    },
  };
}
