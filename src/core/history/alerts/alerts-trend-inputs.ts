import type { AlertScope } from '../../../shared/alerts/types';
import { stmt, type StoreContext } from '../connection';
import type { MonitorRunRef } from './alerts-inputs';

// What the trend rule reads about a monitor's last runs: per run, each engine × location's
// answers and the tracked brands they name, from the Visibility roll-ups kept at ingest
// (vis_cell, vis_brand_day: one row per day × run × engine × location), never the answers; and
// the moves already reported over those runs (the rule's quiet period): trend alerts, and the
// run-to-run mention alerts (a pooled one for the monitor, a cell's for its engine × location).

export interface RunSliceCounts {
  runId: string;
  engine: string;
  loc: string;
  answers: number;
  /** Tracked brand id → answers naming it. */
  mentioned: Map<string, number>;
}

export interface RaisedTrend {
  scope: AlertScope;
  engine: string | null;
  loc: string | null;
  brandName: string | null;
  /** The direction of the slide: -1 down, 1 up. */
  direction: -1 | 1;
  runId: string;
}

export interface AlertTrendInputsApi {
  /** The monitor's completed runs up to and including this one, the newest `limit`, oldest first. */
  recentMonitorRuns(runId: string, limit: number): MonitorRunRef[];
  /** Per run and engine × location: answers and mentions per tracked brand (runs without answers: none). */
  runSliceCounts(runIds: readonly string[]): RunSliceCounts[];
  /** Brand moves these runs of the monitor reported: trend and run-to-run mention alerts. */
  reportedMoves(monitorId: string, runIds: readonly string[]): RaisedTrend[];
}

export function createAlertTrendInputsApi(ctx: StoreContext): AlertTrendInputsApi {
  const { db } = ctx;
  const sliceRows = (runId: string): RunSliceCounts[] => {
    const span = stmt(
      db,
      `SELECT v.id AS run, min(f.day) AS first, max(f.day) AS last FROM vis_runs v
       JOIN vis_result f ON f.run = v.id WHERE v.run_id = ?`,
    ).get(runId) as { run: number | null; first: number | null; last: number | null };
    if (span.run === null || span.first === null || span.last === null) return [];
    const slices = new Map<string, RunSliceCounts>();
    const cells = stmt(
      db,
      `SELECT engine, loc, sum(answers) AS answers FROM vis_cell
       WHERE day BETWEEN @first AND @last AND run = @run GROUP BY engine, loc`,
    ).all(span) as Array<{ engine: string; loc: string; answers: number }>;
    for (const c of cells) slices.set(`${c.engine}\u0000${c.loc}`, { runId, ...c, mentioned: new Map() });
    const brands = stmt(
      db,
      `SELECT d.engine, d.loc, b.brand_id AS brand, sum(d.mentioned) AS mentioned FROM vis_brand_day d
       JOIN vis_brands b ON b.id = d.brand
       WHERE d.day BETWEEN @first AND @last AND d.run = @run GROUP BY d.engine, d.loc, d.brand`,
    ).all(span) as Array<{ engine: string; loc: string; brand: string; mentioned: number }>;
    for (const b of brands) slices.get(`${b.engine}\u0000${b.loc}`)?.mentioned.set(b.brand, b.mentioned);
    return [...slices.values()];
  };
  return {
    recentMonitorRuns(runId, limit) {
      const rows = stmt(
        db,
        `SELECT p.id, p.monitor_id, p.created_at, p.finished_at FROM runs r
         JOIN runs p ON p.monitor_id = r.monitor_id
           AND (p.created_at < r.created_at OR (p.created_at = r.created_at AND p.id <= r.id))
         WHERE r.id = ? AND p.status = 'completed'
         ORDER BY p.created_at DESC, p.id DESC LIMIT ?`,
      ).all(runId, limit) as Array<{
        id: string;
        monitor_id: string;
        created_at: number;
        finished_at: number | null;
      }>;
      return rows.reverse().map((r) => ({
        runId: r.id,
        monitorId: r.monitor_id,
        createdAt: r.created_at,
        finishedAt: r.finished_at,
      }));
    },
    runSliceCounts(runIds) {
      return runIds.flatMap(sliceRows);
    },
    reportedMoves(monitorId, runIds) {
      const select = stmt(
        db,
        `SELECT CASE WHEN kind = 'trend' OR scope = 'monitor' THEN scope ELSE 'slice' END AS scope,
           engine, loc, brand_name, before_json ->> 'value' AS before,
           after_json ->> 'value' AS after, run_id FROM alerts
         WHERE run_id = ? AND monitor_id = ? AND kind IN ('trend', 'brand-entered', 'brand-dropped',
           'competitor-appeared', 'competitor-disappeared')`,
      );
      return runIds.flatMap((runId) =>
        (
          select.all(runId, monitorId) as Array<{
            scope: AlertScope;
            engine: string | null;
            loc: string | null;
            brand_name: string | null;
            before: number;
            after: number;
            run_id: string;
          }>
        ).map((r) => ({
          scope: r.scope,
          engine: r.engine,
          loc: r.loc,
          brandName: r.brand_name,
          direction: r.after < r.before ? -1 : 1,
          runId: r.run_id,
        })),
      );
    },
  };
}
