// The columns a history shares with the team schema (src/core/team/server/migrations), table by table.
// The team tables mirror the local ones (same names, millisecond timestamps), so one
// description serves both sides: the store reads and writes local rows with it, and sync
// builds its PostgreSQL statements and converts values with it.
//
// A row crosses between the two as a ReplicaRow: local values (JSON as text, booleans as 0/1,
// numbers as numbers) plus, for the team's list columns, string arrays.

export type ColumnType = 'text' | 'int' | 'bigint' | 'real' | 'bool' | 'json' | 'text[]' | 'bytea';

export type ReplicaValue = string | number | null | string[] | Uint8Array;

/** One row as it crosses between the history and the team schema. */
export type ReplicaRow = Record<string, ReplicaValue>;

export interface ReplicaTable {
  /** The team table (parallax.<table>). */
  table: string;
  /** Its key after workspace_id. */
  key: readonly string[];
  /** What a push sends and a pull applies (workspace_id, the change columns and tombstones apart). */
  columns: Readonly<Record<string, ColumnType>>;
  /** Configuration: versioned rows with tombstones (a draft when the team's changed first). */
  versioned?: boolean;
  /** The columns that say what the object is (compared to tell a real conflict from an echo). */
  content?: readonly string[];
}

const TIMES = { created_at: 'bigint', updated_at: 'bigint' } as const;

export const RUNS: ReplicaTable = {
  table: 'runs',
  key: ['id'],
  columns: {
    id: 'text',
    name: 'text',
    status: 'text',
    mode: 'text',
    priority: 'int',
    engines_json: 'json',
    countries_json: 'json',
    states_json: 'json',
    repeats: 'int',
    prompt_count: 'int',
    engine_options_json: 'json',
    budget: 'bigint',
    webhook_url: 'text',
    key_label: 'text',
    base_url: 'text',
    sandbox: 'bool',
    cost_estimate: 'real',
    summary_json: 'json',
    monitor_id: 'text',
    tags: 'text[]',
    created_at: 'bigint',
    started_at: 'bigint',
    finished_at: 'bigint',
    updated_at: 'bigint',
  },
};

export const RUN_PROMPTS: ReplicaTable = {
  table: 'run_prompts',
  key: ['run_id', 'idx'],
  columns: { run_id: 'text', idx: 'int', text: 'text', prompt_id: 'text' },
};

export const JOBS: ReplicaTable = {
  table: 'jobs',
  key: ['id'],
  columns: {
    id: 'text',
    run_id: 'text',
    prompt_index: 'int',
    engine: 'text',
    country: 'text',
    us_state: 'text',
    repeat: 'int',
    request_json: 'json',
    job_state: 'text',
    attempts: 'int',
    request_id: 'text',
    task_id: 'text',
    idempotency_key: 'text',
    http_status: 'int',
    error_code: 'text',
    error_message: 'text',
    error_details_json: 'json',
    latency_ms: 'int',
    credits_charged: 'real',
    created_at: 'bigint',
    started_at: 'bigint',
    finished_at: 'bigint',
    updated_at: 'bigint',
  },
};

export const RESULTS: ReplicaTable = {
  table: 'results',
  key: ['id', 'fetched_at'],
  columns: {
    id: 'text',
    job_id: 'text',
    run_id: 'text',
    fetched_at: 'bigint',
    ingested_at: 'bigint',
    model: 'text',
    shape: 'text',
    answer_text: 'text',
    normalized_json: 'json',
    raw_json: 'text',
  },
};

export const PAGES: ReplicaTable = {
  table: 'pages',
  key: ['result_id', 'page_index'],
  columns: {
    result_id: 'text',
    page_index: 'int',
    url: 'text',
    state: 'text',
    reason_code: 'text',
    reason: 'text',
    content_type: 'text',
    page_bytes: 'int',
    stored_bytes: 'int',
    html_zstd: 'bytea',
    archived_at: 'bigint',
  },
};

export const CREDIT_SESSIONS: ReplicaTable = {
  table: 'credit_sessions',
  key: ['run_id', 'started_at'],
  columns: {
    run_id: 'text',
    started_at: 'bigint',
    ended_at: 'bigint',
    cut: 'bool',
    balance_start: 'bigint',
    balance_end: 'bigint',
    recorded_start: 'real',
    reconciled_at: 'bigint',
    reconcile_state: 'text',
    unreceived_credits: 'bigint',
    interrupted_jobs: 'int',
    reconcile_note: 'text',
  },
};

export const BRANDS: ReplicaTable = {
  table: 'brands',
  key: ['id'],
  columns: { id: 'text', name: 'text', kind: 'text', variants_json: 'json', ...TIMES },
  versioned: true,
  content: ['name', 'kind', 'variants_json'],
};

export const MONITORS: ReplicaTable = {
  table: 'monitors',
  key: ['id'],
  columns: { id: 'text', name: 'text', spec_json: 'json', cadence: 'text', enabled: 'bool', ...TIMES },
  versioned: true,
  content: ['name', 'spec_json', 'cadence', 'enabled'],
};

export const MONITOR_OPTIONS: ReplicaTable = {
  table: 'monitor_options',
  key: ['monitor_id'],
  columns: {
    monitor_id: 'text',
    rules_json: 'json',
    webhook_url: 'text',
    report_dir: 'text',
    report_days: 'int',
    updated_at: 'bigint',
  },
  versioned: true,
  content: ['rules_json', 'webhook_url', 'report_dir', 'report_days'],
};

export const PROMPTS: ReplicaTable = {
  table: 'prompts',
  key: ['id'],
  columns: { id: 'text', text: 'text', tags: 'text[]', ...TIMES },
  versioned: true,
  content: ['text', 'tags'],
};

export const PROMPT_SETS: ReplicaTable = {
  table: 'prompt_sets',
  key: ['id'],
  columns: { id: 'text', name: 'text', prompt_ids: 'text[]', tags: 'text[]', ...TIMES },
  versioned: true,
  content: ['name', 'prompt_ids', 'tags'],
};

export const TAGS: ReplicaTable = {
  table: 'tags',
  key: ['name'],
  columns: { name: 'text' },
  versioned: true,
  content: ['name'],
};

export const DISCOVERY_DECISIONS: ReplicaTable = {
  table: 'discovery_decisions',
  key: ['key'],
  columns: { key: 'text', decision: 'text', decided_at: 'bigint' },
  versioned: true,
  content: ['decision'],
};

export const SETTINGS: ReplicaTable = {
  table: 'settings',
  key: ['key'],
  columns: { key: 'text', value_json: 'json', updated_at: 'bigint' },
  versioned: true,
  content: ['value_json'],
};

/** The configuration kinds (outbox kind → team table), in the order they are pushed and pulled. */
export const CONFIG_KINDS = {
  brand: BRANDS,
  prompt: PROMPTS,
  prompt_set: PROMPT_SETS,
  monitor: MONITORS,
  monitor_options: MONITOR_OPTIONS,
  tag: TAGS,
  discovery: DISCOVERY_DECISIONS,
  setting: SETTINGS,
} as const satisfies Record<string, ReplicaTable>;

export type ConfigKind = keyof typeof CONFIG_KINDS;

export const CONFIG_KIND_NAMES = Object.keys(CONFIG_KINDS) as ConfigKind[];

/** The recorded kinds (outbox kind → team table), in the order they are pushed. */
export const RECORDED_KINDS = {
  run: RUNS,
  run_prompts: RUN_PROMPTS,
  job: JOBS,
  result: RESULTS,
  page: PAGES,
  session: CREDIT_SESSIONS,
} as const satisfies Record<string, ReplicaTable>;

export type RecordedKind = keyof typeof RECORDED_KINDS;

export const RECORDED_KIND_NAMES = Object.keys(RECORDED_KINDS) as RecordedKind[];

export type SyncKind = ConfigKind | RecordedKind;

/** A row's key as one string (the outbox's and the drafts' key): the key columns joined by a tab. */
export function keyOf(table: ReplicaTable, row: ReplicaRow): string {
  return table.key.map((column) => String(row[column] ?? '')).join('\t');
}

/** JSON with object keys sorted: equal for equal values, whatever order a side wrote them in. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** Whether two rows of a configuration table say the same thing (JSON compared by value). */
export function sameContent(table: ReplicaTable, a: ReplicaRow, b: ReplicaRow): boolean {
  return (table.content ?? Object.keys(table.columns)).every((column) => {
    const type = table.columns[column];
    const [x, y] = [a[column] ?? null, b[column] ?? null];
    if (type === 'json') return canonicalJson(parseOrNull(x)) === canonicalJson(parseOrNull(y));
    if (type === 'text[]') return JSON.stringify(x ?? []) === JSON.stringify(y ?? []);
    return x === y;
  });
}

function parseOrNull(value: ReplicaValue): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}
