import { ENGINE_NAMES, type EngineName } from '../../../shared/api/engines';
import { JOB_STATES, type JobState, type RunSpec, type RunStatus } from '../../../shared/domain/run-spec';
import {
  HistoryStateError,
  parseJson,
  parseObject,
  parseStringArray,
  pluck,
  stmt,
  type StoreContext,
} from '../connection';
import type { RunSessionsApi, UnreceivedCredits } from './run-sessions';
import type { JobCounts, RunJobTotals, RunListItem, RunRecord } from './types';

// A run as its row in the runs table, and the records the store returns for it: the list item
// (with its jobs' totals and the credits not received) and the full record (spec, prompts, tags).

export interface RunRow {
  id: string;
  name: string | null;
  status: RunStatus;
  mode: 'sync' | 'async';
  priority: number;
  engines_json: string;
  countries_json: string;
  states_json: string;
  repeats: number;
  prompt_count: number;
  engine_options_json: string;
  budget: number | null;
  webhook_url: string | null;
  key_label: string | null;
  base_url: string;
  sandbox: number;
  cost_estimate: number;
  summary_json: string | null;
  monitor_id: string | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  updated_at: number;
}

export interface RunReader {
  findRun(runId: string): RunRow | undefined;
  /** The run's row; HistoryStateError not-found without one. */
  requireRun(runId: string): RunRow;
  /** Each run's jobs counted by state, with the credits they were charged. */
  totalsFor(runIds: readonly string[]): Map<string, RunJobTotals>;
  toListItems(rows: readonly RunRow[]): RunListItem[];
  toRecord(row: RunRow): RunRecord;
}

function emptyCounts(): JobCounts {
  return Object.fromEntries(JOB_STATES.map((s) => [s, 0])) as JobCounts;
}

function engines(text: string): EngineName[] {
  return parseStringArray(text).filter((e): e is EngineName =>
    (ENGINE_NAMES as readonly string[]).includes(e),
  );
}

const NO_UNRECEIVED: UnreceivedCredits = { creditsUnreceived: 0, creditsUnattributable: 0 };

function toListItem(
  row: RunRow,
  totals: RunJobTotals,
  unreceived: UnreceivedCredits,
  firstPrompt: string | null,
): RunListItem {
  return {
    id: row.id,
    name: row.name,
    firstPrompt,
    status: row.status,
    mode: row.mode,
    engines: engines(row.engines_json),
    countries: parseStringArray(row.countries_json),
    states: parseStringArray(row.states_json),
    promptCount: row.prompt_count,
    repeats: row.repeats,
    total: totals.total,
    counts: totals.counts,
    maxCredits: row.cost_estimate,
    creditsCharged: totals.creditsCharged,
    creditsUnreceived: unreceived.creditsUnreceived,
    creditsUnattributable: unreceived.creditsUnattributable,
    ...(totals.creditsEstimated ? { creditsEstimated: totals.creditsEstimated } : {}),
    sandbox: row.sandbox === 1,
    keyLabel: row.key_label,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}

export function createRunReader(ctx: StoreContext, sessions: RunSessionsApi): RunReader {
  const { db } = ctx;
  const selectRun = stmt(db, 'SELECT * FROM runs WHERE id = ?');
  const selectPrompts = stmt(db, 'SELECT text, prompt_id FROM run_prompts WHERE run_id = ? ORDER BY idx');
  const selectRunTags = pluck(
    db,
    'SELECT t.name FROM run_tags rt JOIN tags t ON t.id = rt.tag_id WHERE rt.run_id = ? ORDER BY t.name',
  );
  const countsOfRuns = stmt(
    db,
    `SELECT run_id, job_state, count(*) AS n, total(credits_charged) AS credits,
      total(CASE WHEN credits_estimated = 1 THEN credits_charged END) AS estimated
    FROM jobs WHERE run_id IN (SELECT value FROM json_each(?)) GROUP BY run_id, job_state`,
  );

  // The first prompt names a run that has no name (runTitle); one indexed row per run.
  const firstPromptsOf = stmt(
    db,
    `SELECT run_id, text FROM run_prompts WHERE idx = 0 AND run_id IN (SELECT value FROM json_each(?))`,
  );
  function firstPrompts(runIds: readonly string[]): Map<string, string> {
    const rows = firstPromptsOf.all(JSON.stringify(runIds)) as Array<{ run_id: string; text: string }>;
    return new Map(rows.map((r) => [r.run_id, r.text]));
  }

  function totalsFor(runIds: readonly string[]): Map<string, RunJobTotals> {
    const map = new Map<string, RunJobTotals>(
      runIds.map((id) => [id, { runId: id, total: 0, counts: emptyCounts(), creditsCharged: 0 }]),
    );
    const rows = countsOfRuns.all(JSON.stringify(runIds)) as Array<{
      run_id: string;
      job_state: JobState;
      n: number;
      credits: number;
      estimated: number;
    }>;
    for (const row of rows) {
      const t = map.get(row.run_id);
      if (!t) continue;
      t.counts[row.job_state] = row.n;
      t.total += row.n;
      t.creditsCharged += row.credits;
      t.creditsEstimated = (t.creditsEstimated ?? 0) + row.estimated;
    }
    return map;
  }

  function toRecord(row: RunRow): RunRecord {
    const totals = totalsFor([row.id]).get(row.id) as RunJobTotals;
    const promptRows = selectPrompts.all(row.id) as Array<{ text: string; prompt_id: string | null }>;
    const tags = selectRunTags.all(row.id) as string[];
    const item = toListItem(
      row,
      totals,
      sessions.unreceivedCredits([row.id]).get(row.id) ?? NO_UNRECEIVED,
      promptRows[0]?.text ?? null,
    );
    const engineOptions = parseObject(row.engine_options_json) as RunRecord['engineOptions'];
    const spec: RunSpec = {
      ...(row.name !== null ? { name: row.name } : {}),
      prompts: promptRows.map((p) => p.text),
      engines: item.engines,
      countries: item.countries,
      states: item.states,
      repeats: row.repeats,
      mode: row.mode,
      priority: row.priority,
      engineOptions,
      budget: row.budget,
      webhookUrl: row.webhook_url,
      tags,
    };
    return {
      ...item,
      spec,
      prompts: spec.prompts,
      tags,
      priority: row.priority,
      budget: row.budget,
      webhookUrl: row.webhook_url,
      engineOptions,
      baseUrl: row.base_url,
      promptIds: promptRows.map((p) => p.prompt_id),
      summary: parseJson(row.summary_json),
      monitorId: row.monitor_id,
      updatedAt: row.updated_at,
    };
  }

  return {
    findRun: (runId) => selectRun.get(runId) as RunRow | undefined,
    requireRun(runId) {
      const row = selectRun.get(runId) as RunRow | undefined;
      if (!row) throw new HistoryStateError('not-found', `No run with id ${runId}`);
      return row;
    },
    totalsFor,
    toListItems(rows) {
      const ids = rows.map((r) => r.id);
      const totals = totalsFor(ids);
      const unreceived = sessions.unreceivedCredits(ids);
      const first = firstPrompts(ids);
      return rows.map((r) =>
        toListItem(
          r,
          totals.get(r.id) as RunJobTotals,
          unreceived.get(r.id) ?? NO_UNRECEIVED,
          first.get(r.id) ?? null,
        ),
      );
    },
    toRecord,
  };
}
