import type { WebhookDeliveryView } from '../../../shared/alerts/types';
import { stmt, type StoreContext } from '../connection';

// The outbox of the per-monitor webhook (webhook_deliveries). A delivery is written with the
// alerts it carries; the deliverer picks due rows, and each attempt is recorded before the next
// is planned, so a crash or a quit leaves pending rows the next open delivers.

export interface WebhookDeliveryRow extends WebhookDeliveryView {
  payload: string;
}

export interface WebhookAttemptOutcome {
  state: WebhookDeliveryView['state'];
  status: number | null;
  error: string | null;
  /** When to try again (state 'pending'); null otherwise. */
  nextAttemptAt: number | null;
}

export interface WebhookOutboxApi {
  enqueueWebhook(input: { monitorId: string; runId: string; payload: unknown }): number;
  /** Pending deliveries due at `now`, oldest first. */
  dueWebhooks(now: number, limit?: number): WebhookDeliveryRow[];
  /** The earliest next attempt of a pending delivery (null when none is pending). */
  nextWebhookAttemptAt(): number | null;
  countPendingWebhooks(runIds?: readonly string[]): number;
  recordWebhookAttempt(id: number, outcome: WebhookAttemptOutcome): void;
  getWebhookDelivery(id: number): WebhookDeliveryView | null;
  /** Each monitor's latest delivery, keyed by monitor id. */
  lastWebhookDeliveries(): Map<string, WebhookDeliveryView>;
}

interface DeliveryRow {
  id: number;
  monitor_id: string | null;
  run_id: string;
  payload_json: string;
  state: WebhookDeliveryView['state'];
  attempts: number;
  last_error: string | null;
  last_status: number | null;
  next_attempt_at: number | null;
  created_at: number;
  updated_at: number;
}

function toView(row: DeliveryRow): WebhookDeliveryView {
  return {
    id: row.id,
    monitorId: row.monitor_id,
    runId: row.run_id,
    state: row.state,
    attempts: row.attempts,
    lastStatus: row.last_status,
    lastError: row.last_error,
    nextAttemptAt: row.next_attempt_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function createWebhookOutboxApi(ctx: StoreContext): WebhookOutboxApi {
  const { db } = ctx;
  return {
    enqueueWebhook(input) {
      const now = ctx.now();
      const info = stmt(
        db,
        `INSERT INTO webhook_deliveries (monitor_id, run_id, payload_json, state, attempts,
           next_attempt_at, created_at, updated_at)
         VALUES (?, ?, ?, 'pending', 0, ?, ?, ?)`,
      ).run(input.monitorId, input.runId, JSON.stringify(input.payload), now, now, now);
      return Number(info.lastInsertRowid);
    },
    dueWebhooks(now, limit = 20) {
      return (
        stmt(
          db,
          `SELECT * FROM webhook_deliveries WHERE state = 'pending' AND next_attempt_at <= ?
           ORDER BY next_attempt_at, id LIMIT ?`,
        ).all(now, limit) as DeliveryRow[]
      ).map((row) => ({ ...toView(row), payload: row.payload_json }));
    },
    nextWebhookAttemptAt() {
      const row = stmt(
        db,
        `SELECT min(next_attempt_at) AS at FROM webhook_deliveries WHERE state = 'pending'`,
      ).get() as { at: number | null };
      return row.at;
    },
    countPendingWebhooks(runIds) {
      if (runIds === undefined) {
        return (
          stmt(db, `SELECT count(*) AS n FROM webhook_deliveries WHERE state = 'pending'`).get() as {
            n: number;
          }
        ).n;
      }
      const count = stmt(
        db,
        `SELECT count(*) AS n FROM webhook_deliveries WHERE state = 'pending' AND run_id = ?`,
      );
      return runIds.reduce((sum, runId) => sum + (count.get(runId) as { n: number }).n, 0);
    },
    recordWebhookAttempt(id, outcome) {
      stmt(
        db,
        `UPDATE webhook_deliveries SET state = ?, attempts = attempts + 1, last_status = ?, last_error = ?,
           next_attempt_at = ?, updated_at = ? WHERE id = ?`,
      ).run(outcome.state, outcome.status, outcome.error, outcome.nextAttemptAt, ctx.now(), id);
    },
    getWebhookDelivery(id) {
      const row = stmt(db, 'SELECT * FROM webhook_deliveries WHERE id = ?').get(id) as
        DeliveryRow | undefined;
      return row ? toView(row) : null;
    },
    lastWebhookDeliveries() {
      const rows = stmt(
        db,
        `SELECT * FROM webhook_deliveries WHERE id IN
           (SELECT max(id) FROM webhook_deliveries WHERE monitor_id IS NOT NULL GROUP BY monitor_id)`,
      ).all() as DeliveryRow[];
      return new Map(
        rows.filter((r) => r.monitor_id !== null).map((r) => [r.monitor_id as string, toView(r)]),
      );
    },
  };
}
