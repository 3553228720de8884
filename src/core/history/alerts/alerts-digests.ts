import { digestHeadline } from '../../../shared/alerts/digest';
import { compareAlerts } from '../../../shared/alerts/registry';
import type { AlertDigest, AlertDigestPage, AlertFilter } from '../../../shared/alerts/types';
import { pluck, stmt, type StoreContext } from '../connection';
import { ALERT_SELECT, toAlert, whereOf, type AlertRow } from './alerts-rows';

// Alerts one digest per monitor run ("3 changes in Buying guides"), newest run first: each
// digest's counts are over every alert of the run matching the filter, its list the first
// `perDigest` of them in the digest's order (severity, the wider figure, the stronger change).

export interface AlertDigestsApi {
  listAlertDigests(filter?: AlertFilter & { perDigest?: number }): AlertDigestPage;
}

interface DigestRow {
  run_id: string;
  at: number;
  total: number;
  unread: number;
  high: number;
  medium: number;
  low: number;
}

/** Alerts read per run to rank them (a run raising more is ranked on its first this many by SQL's order). */
const RANK_WINDOW = 2000;

export function createAlertDigestsApi(ctx: StoreContext): AlertDigestsApi {
  const { db } = ctx;
  const countUnread = pluck(db, 'SELECT count(*) FROM alerts WHERE read_at IS NULL');
  return {
    listAlertDigests(filter = {}) {
      const where = whereOf({ ...filter, runId: undefined });
      const limit = Math.max(1, Math.min(filter.limit ?? 50, 500));
      const offset = Math.max(0, filter.offset ?? 0);
      const perDigest = Math.max(1, Math.min(filter.perDigest ?? 50, RANK_WINDOW));
      const rows = stmt(
        db,
        `SELECT a.run_id, max(a.created_at) AS at, count(*) AS total, sum(a.read_at IS NULL) AS unread,
           sum(a.severity = 'high') AS high, sum(a.severity = 'medium') AS medium,
           sum(a.severity = 'low') AS low
         FROM alerts a ${where.sql} GROUP BY a.run_id ORDER BY at DESC, a.run_id LIMIT @limit OFFSET @offset`,
      ).all({ ...where.params, limit, offset }) as DigestRow[];
      const total = pluck(db, `SELECT count(DISTINCT a.run_id) FROM alerts a ${where.sql}`).get(
        where.params,
      ) as number;
      const runWhere = whereOf({ ...filter, runId: '' });
      const ofRun = stmt(
        db,
        `${ALERT_SELECT} ${runWhere.sql}
         ORDER BY CASE a.severity WHEN 'high' THEN 0 WHEN 'medium' THEN 1 ELSE 2 END,
           CASE a.scope WHEN 'monitor' THEN 0 WHEN 'slice' THEN 1 ELSE 2 END, a.id
         LIMIT ${RANK_WINDOW}`,
      );
      const digests = rows.map((r): AlertDigest => {
        const alerts = (ofRun.all({ ...runWhere.params, runId: r.run_id }) as AlertRow[]).map(toAlert);
        alerts.sort(compareAlerts);
        const first = alerts[0];
        return {
          runId: r.run_id,
          prevRunId: first?.prevRunId ?? '',
          monitorId: first?.monitorId ?? null,
          monitorName: first?.monitorName ?? '',
          createdAt: r.at,
          headline: digestHeadline(r.total, first?.monitorName ?? ''),
          total: r.total,
          unread: r.unread,
          bySeverity: { high: r.high, medium: r.medium, low: r.low },
          alerts: alerts.slice(0, perDigest),
        };
      });
      return { digests, total, unread: countUnread.get() as number };
    },
  };
}
