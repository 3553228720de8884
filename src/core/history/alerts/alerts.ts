import { clampSide } from '../../../shared/alerts/format';
import { severityOf } from '../../../shared/alerts/registry';
import type {
  AlertFacets,
  AlertFilter,
  AlertPage,
  AlertSide,
  AlertView,
  NewAlert,
} from '../../../shared/alerts/types';
import { pluck, stmt, type StoreContext } from '../connection';
import { createAlertDigestsApi, type AlertDigestsApi } from './alerts-digests';
import { ALERT_SELECT, toAlert, whereOf, type AlertRow } from './alerts-rows';
import { createAlertTrendInputsApi, type AlertTrendInputsApi } from './alerts-trend-inputs';

// Change alerts and the record of which monitor runs were compared (alert_checks). A run is
// checked once: recordAlertCheck stores its alerts and its check row in one transaction, so a
// crash leaves either both or neither, and a later catch-up finds the run unchecked.

export interface AlertCheckInput {
  runId: string;
  monitorId: string | null;
  monitorName: string;
  /** Null when the monitor had no earlier finished run (nothing to compare: no alerts). */
  prevRunId: string | null;
  alerts: readonly NewAlert[];
  /** When the change was seen (the run's finish time): the alerts' created_at. Default now. */
  observedAt?: number;
  /**
   * The monitor has a webhook: its payload for the stored alerts, queued in the same
   * transaction (a crash never keeps alerts whose delivery was lost). Not queued without alerts.
   */
  webhook?: (alerts: readonly AlertView[]) => unknown;
}

export interface AlertCheckResult {
  alerts: AlertView[];
  /** The queued webhook delivery, or null. */
  webhookDeliveryId: number | null;
}

export interface AlertCheckRecord {
  runId: string;
  monitorId: string | null;
  prevRunId: string | null;
  alertCount: number;
  checkedAt: number;
}

export interface AlertsApi extends AlertDigestsApi, AlertTrendInputsApi {
  /** Alerts matching the filter, newest first, with the filter's total and the unread count. */
  listAlerts(filter?: AlertFilter): AlertPage;
  getAlert(id: string): AlertView | null;
  /** Unread alerts over the whole history (the sidebar badge). */
  countUnreadAlerts(): number;
  /** The monitors, engines and locations that stored alerts name (the view's filter choices). */
  alertFacets(): AlertFacets;
  /** Marks these alerts (or, with 'all', every unread alert) read; returns how many changed. */
  markAlertsRead(ids: readonly string[] | 'all'): number;
  getAlertCheck(runId: string): AlertCheckRecord | null;
  /**
   * Stores a run's alerts, its check row and its webhook delivery in one transaction; returns
   * them, or null when the run was already checked (another caller got there first: nothing
   * is stored).
   */
  recordAlertCheck(input: AlertCheckInput): AlertCheckResult | null;
}

const side = (s: AlertSide): string => JSON.stringify({ value: s.value, n: s.n, low: s.low, high: s.high });

export function createAlertsApi(ctx: StoreContext): AlertsApi {
  const { db } = ctx;
  const countUnread = pluck(db, 'SELECT count(*) FROM alerts WHERE read_at IS NULL');
  const selectCheck = stmt(db, 'SELECT * FROM alert_checks WHERE run_id = ?');
  const insertCheck = stmt(
    db,
    `INSERT INTO alert_checks (run_id, monitor_id, prev_run_id, alert_count, checked_at)
     VALUES (@runId, @monitorId, @prevRunId, @count, @now) ON CONFLICT (run_id) DO NOTHING`,
  );
  const insertAlert = stmt(
    db,
    `INSERT INTO alerts (id, kind, scope, monitor_id, monitor_name, run_id, prev_run_id, prompt, engine,
       loc, brand_name, brand_kind, severity, before_json, after_json, data_json, before_seq, after_seq,
       summary, created_at, read_at)
     VALUES (@id, @kind, @scope, @monitorId, @monitorName, @runId, @prevRunId, @prompt, @engine,
       @loc, @brandName, @brandKind, @severity, @before, @after, @data, @beforeSeq, @afterSeq,
       @summary, @now, NULL)`,
  );

  const insertDelivery = stmt(
    db,
    `INSERT INTO webhook_deliveries (monitor_id, run_id, payload_json, state, attempts, next_attempt_at,
       created_at, updated_at) VALUES (?, ?, ?, 'pending', 0, ?, ?, ?)`,
  );

  const record = db.transaction((input: AlertCheckInput): AlertCheckResult | null => {
    const now = ctx.now();
    const inserted = insertCheck.run({
      runId: input.runId,
      monitorId: input.monitorId,
      prevRunId: input.prevRunId,
      count: input.prevRunId === null ? 0 : input.alerts.length,
      now,
    });
    if (inserted.changes === 0) return null;
    if (input.prevRunId === null) return { alerts: [], webhookDeliveryId: null };
    const ids: string[] = [];
    for (const alert of input.alerts) {
      const id = ctx.newId();
      ids.push(id);
      insertAlert.run({
        id,
        kind: alert.kind,
        scope: alert.scope,
        monitorId: input.monitorId,
        monitorName: input.monitorName,
        runId: input.runId,
        prevRunId: input.prevRunId,
        prompt: alert.prompt,
        engine: alert.engine,
        loc: alert.loc,
        brandName: alert.brandName,
        brandKind: alert.brandKind,
        severity: severityOf(alert),
        // Stored within what the metric allows (a rate 0–1, a place ≥ 1): never "−3 %".
        before: side(clampSide(alert.kind, alert.before)),
        after: side(clampSide(alert.kind, alert.after)),
        data: alert.data === null ? null : JSON.stringify(alert.data),
        beforeSeq: alert.beforeSeq,
        afterSeq: alert.afterSeq,
        summary: alert.summary,
        now: input.observedAt ?? now,
      });
    }
    const alerts = ids.map((id) => toAlert(stmt(db, `${ALERT_SELECT} WHERE a.id = ?`).get(id) as AlertRow));
    let webhookDeliveryId: number | null = null;
    if (input.webhook && alerts.length > 0) {
      const payload = JSON.stringify(input.webhook(alerts));
      webhookDeliveryId = Number(
        insertDelivery.run(input.monitorId, input.runId, payload, now, now, now).lastInsertRowid,
      );
    }
    return { alerts, webhookDeliveryId };
  });

  return {
    ...createAlertDigestsApi(ctx),
    ...createAlertTrendInputsApi(ctx),
    listAlerts(filter = {}) {
      const where = whereOf(filter);
      const limit = Math.max(1, Math.min(filter.limit ?? 200, 5000));
      const offset = Math.max(0, filter.offset ?? 0);
      const rows = stmt(
        db,
        `${ALERT_SELECT} ${where.sql} ORDER BY a.created_at DESC, a.id LIMIT @limit OFFSET @offset`,
      ).all({ ...where.params, limit, offset }) as AlertRow[];
      const total = pluck(db, `SELECT count(*) FROM alerts a ${where.sql}`).get(where.params) as number;
      return { alerts: rows.map(toAlert), total, unread: countUnread.get() as number };
    },
    getAlert(id) {
      const row = stmt(db, `${ALERT_SELECT} WHERE a.id = ?`).get(id) as AlertRow | undefined;
      return row ? toAlert(row) : null;
    },
    countUnreadAlerts() {
      return countUnread.get() as number;
    },
    alertFacets() {
      const monitors = stmt(
        db,
        `SELECT monitor_id AS id, max(monitor_name) AS name FROM alerts GROUP BY monitor_id ORDER BY name`,
      ).all() as Array<{ id: string | null; name: string }>;
      const distinct = (column: 'engine' | 'loc'): string[] =>
        pluck(
          db,
          `SELECT DISTINCT ${column} FROM alerts WHERE ${column} IS NOT NULL ORDER BY 1`,
        ).all() as string[];
      return { monitors, engines: distinct('engine'), locs: distinct('loc') };
    },
    markAlertsRead(ids) {
      const now = ctx.now();
      if (ids === 'all')
        return stmt(db, 'UPDATE alerts SET read_at = ? WHERE read_at IS NULL').run(now).changes;
      const mark = stmt(db, 'UPDATE alerts SET read_at = ? WHERE id = ? AND read_at IS NULL');
      return db.transaction(() => ids.reduce((sum, id) => sum + mark.run(now, id).changes, 0)).immediate();
    },
    getAlertCheck(runId) {
      const row = selectCheck.get(runId) as
        | {
            run_id: string;
            monitor_id: string | null;
            prev_run_id: string | null;
            alert_count: number;
            checked_at: number;
          }
        | undefined;
      return row
        ? {
            runId: row.run_id,
            monitorId: row.monitor_id,
            prevRunId: row.prev_run_id,
            alertCount: row.alert_count,
            checkedAt: row.checked_at,
          }
        : null;
    },
    recordAlertCheck(input) {
      return record.immediate(input);
    },
  };
}
