import type { TeamClient } from '../server';
import { nextDueAt, parseCadence } from '../../runs';

// Claiming due monitors on the team's PostgreSQL, so any number of runners run each due slot
// of a monitor exactly once (docs/internals/runner.md):
// - a due monitor is a monitor_schedule row with next_due_at <= the server's now; a runner locks
//   the rows it takes with FOR UPDATE SKIP LOCKED (others skip them instead of waiting), writes
//   a runner_claims row per slot and moves next_due_at to the next slot, in one short
//   transaction. The claim's key (workspace, monitor, due_at) makes "once per slot" a
//   constraint, whatever the race;
// - the holder moves its lease forward with each heartbeat; a claim still 'running' whose lease
//   has passed belongs to a runner that died, and another takes it over (same run id);
// - times are the server's, so runners' clocks decide nothing.

/** Who claims: written on each claim row (logs and queries say which process holds a slot). */
export interface RunnerIdentity {
  id: string;
  host: string;
  pid: number;
}

/** One monitor's due slot held by this runner. */
export interface Claim {
  workspaceId: string;
  monitorId: string;
  dueAt: number;
  /** The run driving this slot: null until started (a takeover may find one already). */
  runId: string | null;
  /** 0 for a fresh claim; 1+ when taken over from a runner whose lease passed. */
  takeovers: number;
}

export interface ClaimOptions {
  runner: RunnerIdentity;
  workspaceIds: readonly string[];
  leaseMs: number;
  limit: number;
}

/** The server's clock in ms (the unit of next_due_at). */
const SERVER_NOW = `(extract(epoch FROM clock_timestamp()) * 1000)::bigint`;

interface DueRow {
  workspace_id: string;
  monitor_id: string;
  next_due_at: string;
  cadence: string;
  now: string;
}

interface ClaimRow {
  workspace_id: string;
  monitor_id: string;
  due_at: string;
  run_id: string | null;
  takeovers: number;
}

const toClaim = (r: ClaimRow): Claim => ({
  workspaceId: r.workspace_id,
  monitorId: r.monitor_id,
  dueAt: Number(r.due_at),
  runId: r.run_id,
  takeovers: r.takeovers,
});

/** The next slot after `now`: a monitor whose cadence cannot be read is not run again (null). */
function nextSlot(cadence: string, now: number): number | null {
  const checked = parseCadence(cadence);
  return checked.ok ? nextDueAt(checked.cadence, now) : null;
}

/**
 * Gives every live monitor of these workspaces a schedule row: a monitor first seen by a runner
 * is due at its first slot after its creation (so a daily monitor made yesterday runs now).
 */
export async function ensureSchedules(client: TeamClient, workspaceIds: readonly string[]): Promise<number> {
  const { rows } = await client.query<{
    workspace_id: string;
    id: string;
    cadence: string;
    created_at: string;
  }>(
    `SELECT m.workspace_id::text, m.id, m.cadence, m.created_at FROM parallax.monitors m
      WHERE m.workspace_id = ANY ($1::uuid[]) AND m.deleted_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM parallax.monitor_schedule s
                         WHERE s.workspace_id = m.workspace_id AND s.monitor_id = m.id)`,
    [workspaceIds],
  );
  let added = 0;
  for (const m of rows) {
    const due = nextSlot(m.cadence, Number(m.created_at));
    const inserted = await client.query(
      `INSERT INTO parallax.monitor_schedule (workspace_id, monitor_id, next_due_at) VALUES ($1, $2, $3)
        ON CONFLICT DO NOTHING`,
      [m.workspace_id, m.id, due],
    );
    added += inserted.rowCount ?? 0;
  }
  return added;
}

/**
 * Claims up to `limit` due slots in one transaction: rows other runners hold locked are skipped,
 * each slot taken gets its claim row and its schedule moves to the next slot.
 */
export async function claimDue(client: TeamClient, options: ClaimOptions): Promise<Claim[]> {
  const { runner } = options;
  return client.transaction(async () => {
    const { rows } = await client.query<DueRow>(
      `SELECT s.workspace_id::text, s.monitor_id, s.next_due_at, m.cadence, ${SERVER_NOW} AS now
        FROM parallax.monitor_schedule s
        JOIN parallax.monitors m ON m.workspace_id = s.workspace_id AND m.id = s.monitor_id
        WHERE s.workspace_id = ANY ($1::uuid[]) AND s.next_due_at <= ${SERVER_NOW}
          AND m.enabled AND m.deleted_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM parallax.settings p WHERE p.workspace_id = s.workspace_id
                           AND p.key = 'monitors.paused' AND p.deleted_at IS NULL AND p.value_json = 'true'::jsonb)
        ORDER BY s.next_due_at
        LIMIT $2
        FOR UPDATE OF s SKIP LOCKED`,
      [options.workspaceIds, options.limit],
    );
    const claims: Claim[] = [];
    for (const due of rows) {
      const dueAt = Number(due.next_due_at);
      const inserted = await client.query<ClaimRow>(
        `INSERT INTO parallax.runner_claims
            (workspace_id, monitor_id, due_at, runner, host, pid, state, lease_until)
          VALUES ($1, $2, $3, $4, $5, $6, 'running', now() + $7 * interval '1 millisecond')
          ON CONFLICT DO NOTHING
          RETURNING workspace_id::text, monitor_id, due_at, run_id, takeovers`,
        [due.workspace_id, due.monitor_id, dueAt, runner.id, runner.host, runner.pid, options.leaseMs],
      );
      // Counted from the claim, not from the slot: a monitor missed for a week runs once.
      await client.query(
        `UPDATE parallax.monitor_schedule SET next_due_at = $3, last_due_at = $4
          WHERE workspace_id = $1 AND monitor_id = $2`,
        [due.workspace_id, due.monitor_id, nextSlot(due.cadence, Number(due.now)), dueAt],
      );
      const claim = inserted.rows[0];
      if (claim) claims.push(toClaim(claim));
    }
    return claims;
  });
}

/** Takes over up to `limit` claims whose holder's lease has passed (that runner died). */
export async function takeOverExpired(client: TeamClient, options: ClaimOptions): Promise<Claim[]> {
  const { runner } = options;
  const { rows } = await client.query<ClaimRow>(
    `UPDATE parallax.runner_claims c
        SET runner = $2, host = $3, pid = $4, heartbeat_at = now(),
            lease_until = now() + $5 * interval '1 millisecond', takeovers = c.takeovers + 1
      FROM (SELECT workspace_id, monitor_id, due_at FROM parallax.runner_claims
             WHERE state = 'running' AND lease_until < now() AND workspace_id = ANY ($1::uuid[])
             ORDER BY lease_until LIMIT $6 FOR UPDATE SKIP LOCKED) expired
      WHERE c.workspace_id = expired.workspace_id AND c.monitor_id = expired.monitor_id
        AND c.due_at = expired.due_at
      RETURNING c.workspace_id::text, c.monitor_id, c.due_at, c.run_id, c.takeovers`,
    [options.workspaceIds, runner.id, runner.host, runner.pid, options.leaseMs, options.limit],
  );
  return rows.map(toClaim);
}

const KEY = 'workspace_id = $1 AND monitor_id = $2 AND due_at = $3 AND runner = $4';
const keyParams = (claim: Claim, runner: RunnerIdentity): unknown[] => [
  claim.workspaceId,
  claim.monitorId,
  claim.dueAt,
  runner.id,
];

/** Records the run driving a slot; false when the claim is no longer this runner's. */
export async function attachRun(
  client: TeamClient,
  claim: Claim,
  runner: RunnerIdentity,
  runId: string,
): Promise<boolean> {
  const { rowCount } = await client.query(
    `UPDATE parallax.runner_claims SET run_id = $5 WHERE ${KEY} AND state = 'running'`,
    [...keyParams(claim, runner), runId],
  );
  return (rowCount ?? 0) > 0;
}

/**
 * Moves the lease of each claim forward; returns the claims this runner has LOST (a stall past
 * its lease let another runner take them over): their runs must stop here.
 */
export async function heartbeat(
  client: TeamClient,
  claims: readonly Claim[],
  runner: RunnerIdentity,
  leaseMs: number,
): Promise<Claim[]> {
  const lost: Claim[] = [];
  for (const claim of claims) {
    const { rowCount } = await client.query(
      `UPDATE parallax.runner_claims SET heartbeat_at = now(), lease_until = now() + $5 * interval '1 millisecond'
        WHERE ${KEY} AND state = 'running'`,
      [...keyParams(claim, runner), leaseMs],
    );
    if ((rowCount ?? 0) === 0) lost.push(claim);
  }
  return lost;
}

export interface ClaimOutcome {
  state: 'finished' | 'failed';
  answers: number;
  credits: number;
  note: string | null;
}

/** Closes a slot: its run ended (finished) or cannot go on (failed, with why). */
export async function finishClaim(
  client: TeamClient,
  claim: Claim,
  runner: RunnerIdentity,
  outcome: ClaimOutcome,
): Promise<boolean> {
  return client.transaction(async () => {
    const { rowCount } = await client.query(
      `UPDATE parallax.runner_claims SET state = $5, finished_at = now(), answers = $6, credits = $7, note = $8
        WHERE ${KEY} AND state = 'running'`,
      [...keyParams(claim, runner), outcome.state, outcome.answers, outcome.credits, outcome.note],
    );
    if (claim.runId !== null) {
      await client.query(
        `UPDATE parallax.monitor_schedule SET last_run_id = $4
          WHERE workspace_id = $1 AND monitor_id = $2 AND last_due_at = $3`,
        [claim.workspaceId, claim.monitorId, claim.dueAt, claim.runId],
      );
    }
    return (rowCount ?? 0) > 0;
  });
}

/** Lets another runner take a slot over at once (a clean stop): the lease ends now. */
export async function releaseClaim(client: TeamClient, claim: Claim, runner: RunnerIdentity): Promise<void> {
  await client.query(
    `UPDATE parallax.runner_claims SET lease_until = now() - interval '1 millisecond', note = 'released by a stopping runner'
      WHERE ${KEY} AND state = 'running'`,
    keyParams(claim, runner),
  );
}
