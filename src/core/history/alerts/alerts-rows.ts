import { describeAlert } from '../../../shared/alerts/registry';
import {
  ALERT_KINDS,
  ALERT_SEVERITIES,
  type AlertBrandKind,
  type AlertData,
  type AlertFilter,
  type AlertKind,
  type AlertScope,
  type AlertSeverity,
  type AlertSide,
  type AlertView,
} from '../../../shared/alerts/types';
import { parseJson, parseObject } from '../connection';

// An alert row as the app reads it: sides, data and names parsed leniently (a value that no
// longer parses reads as empty, never as an error), and the sentence and statistics line written
// from the stored facts in the spec's engine labels (callers with a service profile re-word them:
// shared/alerts/registry.ts withLabels).

export interface AlertRow {
  id: string;
  kind: AlertKind;
  scope: AlertScope;
  monitor_id: string | null;
  monitor_name: string;
  run_id: string;
  prev_run_id: string;
  prompt: string | null;
  engine: string | null;
  loc: string | null;
  brand_name: string | null;
  brand_kind: AlertBrandKind;
  severity: AlertSeverity;
  before_json: string;
  after_json: string;
  data_json: string | null;
  before_seq: number | null;
  after_seq: number | null;
  summary: string;
  created_at: number;
  read_at: number | null;
  before_result_id: string | null;
  after_result_id: string | null;
}

/** Alerts with the public ids of their two example answers (Compare opens results by id). */
export const ALERT_SELECT = `SELECT a.*, rb.id AS before_result_id, ra.id AS after_result_id FROM alerts a
  LEFT JOIN results rb ON rb.seq = a.before_seq LEFT JOIN results ra ON ra.seq = a.after_seq`;

function toSide(text: string): AlertSide {
  const o = parseObject(text);
  const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  return { value: num(o.value), n: num(o.n), low: num(o.low), high: num(o.high) };
}

/** Stored kind-specific figures: only numbers, texts, lists of texts and nulls are kept. */
export function toData(text: string | null): AlertData | null {
  if (text === null) return null;
  const o = parseJson(text);
  if (typeof o !== 'object' || o === null || Array.isArray(o)) return null;
  const out: Record<string, number | string | string[] | null> = {};
  for (const [key, v] of Object.entries(o as Record<string, unknown>)) {
    if (v === null || typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v))) out[key] = v;
    else if (Array.isArray(v)) out[key] = v.filter((x): x is string => typeof x === 'string');
  }
  return out;
}

const known = (kind: string): kind is AlertKind => (ALERT_KINDS as readonly string[]).includes(kind);

export function toAlert(row: AlertRow): AlertView {
  const facts = {
    // A kind this version does not know (a newer app wrote it) reads as the nearest general one.
    kind: known(row.kind) ? row.kind : ('answer-changed' as const),
    scope: row.scope,
    prompt: row.prompt,
    engine: row.engine,
    loc: row.loc,
    brandName: row.brand_name,
    brandKind: row.brand_kind,
    before: toSide(row.before_json),
    after: toSide(row.after_json),
    data: toData(row.data_json),
  };
  return {
    id: row.id,
    ...facts,
    severity: (ALERT_SEVERITIES as readonly string[]).includes(row.severity) ? row.severity : 'low',
    monitorId: row.monitor_id,
    monitorName: row.monitor_name,
    runId: row.run_id,
    prevRunId: row.prev_run_id,
    beforeSeq: row.before_seq,
    afterSeq: row.after_seq,
    beforeResultId: row.before_result_id,
    afterResultId: row.after_result_id,
    summary: row.summary,
    ...describeAlert(facts),
    createdAt: row.created_at,
    readAt: row.read_at,
  };
}

/** WHERE clause and parameters for a filter (every column it names is indexed or selective). */
export function whereOf(filter: AlertFilter): { sql: string; params: Record<string, unknown> } {
  const terms: string[] = [];
  const params: Record<string, unknown> = {};
  const add = (sql: string, name: string, value: unknown): void => {
    terms.push(sql);
    params[name] = value;
  };
  const anyOf = (column: string, prefix: string, values: readonly string[]): void => {
    const names = values.map((v, i) => {
      params[`${prefix}${i}`] = v;
      return `@${prefix}${i}`;
    });
    terms.push(`${column} IN (${names.join(', ')})`);
  };
  if (filter.since !== undefined) add('a.created_at >= @since', 'since', filter.since);
  if (filter.until !== undefined) add('a.created_at < @until', 'until', filter.until);
  if (filter.unread) terms.push('a.read_at IS NULL');
  if (filter.monitorId !== undefined) add('a.monitor_id = @monitorId', 'monitorId', filter.monitorId);
  if (filter.kinds?.length) anyOf('a.kind', 'kind', filter.kinds);
  if (filter.severities?.length) anyOf('a.severity', 'severity', filter.severities);
  if (filter.engine !== undefined) add('a.engine = @engine', 'engine', filter.engine);
  if (filter.loc !== undefined) add('a.loc = @loc', 'loc', filter.loc);
  if (filter.runId !== undefined) add('a.run_id = @runId', 'runId', filter.runId);
  return { sql: terms.length ? `WHERE ${terms.join(' AND ')}` : '', params };
}
