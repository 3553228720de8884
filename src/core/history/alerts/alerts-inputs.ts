import { pluck, stmt, type StoreContext } from '../connection';

// What the change rules read about a monitor run: each answer's cell (prompt × engine ×
// location), the tracked brands it names with their first position, and the domains it cites,
// all from the Visibility index (vis_result*, kept at ingest), never the raw JSON. Answer texts
// are read only when the similarity rule is on, and only the text column.

export interface RunAnswerFacts {
  seq: number;
  prompt: string;
  engine: string;
  loc: string;
  /** Tracked brands named in the answer: brand id → first position among them (null: unranked). */
  brands: Map<string, number | null>;
  /** Registrable domains the answer cites. */
  domains: string[];
}

export interface MonitorRunRef {
  runId: string;
  monitorId: string;
  createdAt: number;
  finishedAt: number | null;
}

export interface AlertInputsApi {
  /** The run's answers with their brand and domain facts, in seq order. */
  runAnswerFacts(runId: string): RunAnswerFacts[];
  /** Answer texts of these results (seq → text). */
  answerTexts(seqs: readonly number[]): Map<number, string>;
  /** The monitor's latest completed run created before this one, or null. */
  previousMonitorRun(runId: string): MonitorRunRef | null;
  /** A monitor run by id (null when the run has no monitor). */
  monitorRun(runId: string): (MonitorRunRef & { status: string }) | null;
  /** Completed monitor runs never compared (no alert_checks row), oldest first. */
  uncheckedMonitorRuns(): MonitorRunRef[];
}

interface RunRow {
  id: string;
  monitor_id: string;
  created_at: number;
  finished_at: number | null;
  status: string;
}

const toRef = (row: RunRow): MonitorRunRef => ({
  runId: row.id,
  monitorId: row.monitor_id,
  createdAt: row.created_at,
  finishedAt: row.finished_at,
});

/** Text reads are chunked to stay under SQLite's bound-parameter limit. */
const TEXT_CHUNK = 500;

export function createAlertInputsApi(ctx: StoreContext): AlertInputsApi {
  const { db } = ctx;
  const visRun = pluck(db, 'SELECT id FROM vis_runs WHERE run_id = ?');
  return {
    runAnswerFacts(runId) {
      const run = visRun.get(runId) as number | undefined;
      if (run === undefined) return [];
      const answers = new Map<number, RunAnswerFacts>();
      const rows = stmt(
        db,
        `SELECT f.seq, f.engine, f.loc, ifnull(p.text, '') AS prompt FROM vis_result f
         LEFT JOIN run_prompts p ON p.id = f.prompt
         WHERE f.run = ? ORDER BY f.seq`,
      ).all(run) as Array<{ seq: number; engine: string; loc: string; prompt: string }>;
      for (const r of rows) {
        answers.set(r.seq, {
          seq: r.seq,
          prompt: r.prompt,
          engine: r.engine,
          loc: r.loc,
          brands: new Map(),
          domains: [],
        });
      }
      const brands = stmt(
        db,
        `SELECT f.seq, b.brand_id AS brand, rb.rank FROM vis_result f
         JOIN vis_result_brand rb ON rb.seq = f.seq
         JOIN vis_brands b ON b.id = rb.brand
         WHERE f.run = ? AND rb.mentioned = 1`,
      ).all(run) as Array<{ seq: number; brand: string; rank: number | null }>;
      for (const b of brands) answers.get(b.seq)?.brands.set(b.brand, b.rank);
      const domains = stmt(
        db,
        `SELECT f.seq, d.domain FROM vis_result f
         JOIN vis_result_domain rd ON rd.seq = f.seq
         JOIN vis_domains d ON d.id = rd.domain
         WHERE f.run = ? ORDER BY f.seq, rd.best`,
      ).all(run) as Array<{ seq: number; domain: string }>;
      for (const d of domains) answers.get(d.seq)?.domains.push(d.domain);
      return [...answers.values()];
    },
    answerTexts(seqs) {
      const texts = new Map<number, string>();
      for (let i = 0; i < seqs.length; i += TEXT_CHUNK) {
        const chunk = seqs.slice(i, i + TEXT_CHUNK);
        const rows = db
          .prepare(`SELECT seq, answer_text FROM results WHERE seq IN (${chunk.map(() => '?').join(',')})`)
          .all(...chunk) as Array<{ seq: number; answer_text: string }>;
        for (const r of rows) texts.set(r.seq, r.answer_text);
      }
      return texts;
    },
    previousMonitorRun(runId) {
      const row = stmt(
        db,
        `SELECT p.id, p.monitor_id, p.created_at, p.finished_at, p.status FROM runs r
         JOIN runs p ON p.monitor_id = r.monitor_id
           AND (p.created_at < r.created_at OR (p.created_at = r.created_at AND p.id < r.id))
         WHERE r.id = ? AND p.status = 'completed'
         ORDER BY p.created_at DESC, p.id DESC LIMIT 1`,
      ).get(runId) as RunRow | undefined;
      return row ? toRef(row) : null;
    },
    monitorRun(runId) {
      const row = stmt(
        db,
        'SELECT id, monitor_id, created_at, finished_at, status FROM runs WHERE id = ? AND monitor_id IS NOT NULL',
      ).get(runId) as RunRow | undefined;
      return row ? { ...toRef(row), status: row.status } : null;
    },
    uncheckedMonitorRuns() {
      return (
        stmt(
          db,
          `SELECT r.id, r.monitor_id, r.created_at, r.finished_at, r.status FROM runs r
           WHERE r.status = 'completed' AND r.monitor_id IS NOT NULL
             AND NOT EXISTS (SELECT 1 FROM alert_checks c WHERE c.run_id = r.id)
             -- A run pulled from the team was checked (alerts, webhook, report) where it ran.
             AND NOT EXISTS (SELECT 1 FROM sync_pulled_runs p WHERE p.run_id = r.id)
           ORDER BY r.created_at, r.id`,
        ).all() as RunRow[]
      ).map(toRef);
    },
  };
}
