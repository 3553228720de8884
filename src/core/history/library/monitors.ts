import type { RunSpec } from '../../../shared/domain/run-spec';
import type { MonitorView } from '../../../shared/ipc/channels/library';
import { parseJson, stmt, pluck, type StoreContext } from '../connection';

export interface MonitorInput {
  id?: string;
  name: string;
  spec: RunSpec;
  /** 'daily', 'weekly' or a five-field cron expression (the scheduler interprets it). */
  cadence: string;
  enabled?: boolean;
  /** When it is next due (ms); the scheduler computes it from the cadence. */
  nextDueAt?: number | null;
}

export interface MonitorsApi {
  listMonitors(): MonitorView[];
  getMonitor(id: string): MonitorView | null;
  saveMonitor(input: MonitorInput): MonitorView;
  deleteMonitor(id: string): boolean;
  /** Enabled monitors due at `now`, soonest first; empty while monitors are paused globally. */
  dueMonitors(now: number): MonitorView[];
  /** Records that a monitor started a run, and when it is due next. */
  recordMonitorRun(id: string, runId: string, nextDueAt: number | null): MonitorView | null;
  setMonitorNextDue(id: string, nextDueAt: number | null): void;
  monitorsPaused(): boolean;
  setMonitorsPaused(paused: boolean): void;
  getSetting(key: string): unknown;
  setSetting(key: string, value: unknown): void;
  getMeta(key: string): string | null;
  setMeta(key: string, value: string): void;
}

const PAUSED_KEY = 'monitors.paused';

interface MonitorRow {
  id: string;
  name: string;
  spec_json: string;
  cadence: string;
  enabled: number;
  next_due_at: number | null;
  last_run_id: string | null;
  last_run_at: number | null;
}

const MONITOR_SELECT = `SELECT m.*, r.created_at AS last_run_at FROM monitors m LEFT JOIN runs r ON r.id = m.last_run_id`;

function toMonitor(row: MonitorRow): MonitorView {
  return {
    id: row.id,
    name: row.name,
    spec: parseJson(row.spec_json) as RunSpec,
    cadence: row.cadence,
    enabled: row.enabled === 1,
    nextDueAt: row.next_due_at,
    lastRunId: row.last_run_id,
    lastRunAt: row.last_run_at,
  };
}

export function createMonitorsApi(ctx: StoreContext): MonitorsApi {
  const { db } = ctx;
  const selectOne = stmt(db, `${MONITOR_SELECT} WHERE m.id = ?`);
  const getSetting = pluck(db, 'SELECT value_json FROM settings WHERE key = ?');
  const setSetting = stmt(
    db,
    `INSERT INTO settings (key, value_json, updated_at) VALUES (?, ?, ?)
    ON CONFLICT (key) DO UPDATE SET value_json = excluded.value_json, updated_at = excluded.updated_at`,
  );

  const api: MonitorsApi = {
    listMonitors() {
      return (stmt(db, `${MONITOR_SELECT} ORDER BY m.name, m.id`).all() as MonitorRow[]).map(toMonitor);
    },
    getMonitor(id) {
      const row = selectOne.get(id) as MonitorRow | undefined;
      return row ? toMonitor(row) : null;
    },
    saveMonitor(input) {
      const now = ctx.now();
      const id = input.id ?? ctx.newId();
      stmt(
        db,
        `INSERT INTO monitors (id, name, spec_json, cadence, enabled, next_due_at, created_at, updated_at)
         VALUES (@id, @name, @spec, @cadence, @enabled, @nextDueAt, @now, @now)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, spec_json = excluded.spec_json,
           cadence = excluded.cadence, enabled = excluded.enabled,
           next_due_at = CASE WHEN @keepDue THEN monitors.next_due_at ELSE excluded.next_due_at END,
           updated_at = excluded.updated_at`,
      ).run({
        id,
        name: input.name,
        spec: JSON.stringify(input.spec),
        cadence: input.cadence,
        enabled: input.enabled === false ? 0 : 1,
        nextDueAt: input.nextDueAt ?? null,
        keepDue: input.nextDueAt === undefined ? 1 : 0,
        now,
      });
      return toMonitor(selectOne.get(id) as MonitorRow);
    },
    deleteMonitor(id) {
      return stmt(db, 'DELETE FROM monitors WHERE id = ?').run(id).changes > 0;
    },
    dueMonitors(now) {
      if (api.monitorsPaused()) return [];
      return (
        stmt(
          db,
          `${MONITOR_SELECT} WHERE m.enabled = 1 AND m.next_due_at <= ? ORDER BY m.next_due_at, m.id`,
        ).all(now) as MonitorRow[]
      ).map(toMonitor);
    },
    recordMonitorRun(id, runId, nextDueAt) {
      stmt(db, 'UPDATE monitors SET last_run_id = ?, next_due_at = ?, updated_at = ? WHERE id = ?').run(
        runId,
        nextDueAt,
        ctx.now(),
        id,
      );
      return api.getMonitor(id);
    },
    setMonitorNextDue(id, nextDueAt) {
      stmt(db, 'UPDATE monitors SET next_due_at = ?, updated_at = ? WHERE id = ?').run(
        nextDueAt,
        ctx.now(),
        id,
      );
    },
    monitorsPaused() {
      return api.getSetting(PAUSED_KEY) === true;
    },
    setMonitorsPaused(paused) {
      api.setSetting(PAUSED_KEY, paused);
    },
    getSetting(key) {
      const text = getSetting.get(key) as string | undefined;
      return text === undefined ? undefined : parseJson(text);
    },
    setSetting(key, value) {
      setSetting.run(key, JSON.stringify(value ?? null), ctx.now());
    },
    getMeta(key) {
      return (pluck(db, 'SELECT value FROM meta WHERE key = ?').get(key) as string | undefined) ?? null;
    },
    setMeta(key, value) {
      stmt(
        db,
        'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      ).run(key, value);
    },
  };
  return api;
}
