import { stmt, type StoreContext } from '../connection';

// Which process drives a run (migration 005). The engine claims a run when it starts driving
// it, refreshes the heartbeat every few seconds and releases it when it stops; a row left
// behind names a process that died. Whether that process is alive is the engine's call
// (src/core/runs/engine/run-owner.ts): the store only keeps the facts.

/** The process that claimed a run, as recorded. */
export interface RunOwner {
  runId: string;
  pid: number;
  host: string;
  claimedAt: number;
  heartbeatAt: number;
}

/** Names one process: its pid on its host. */
export interface OwnerIdentity {
  pid: number;
  host: string;
}

export interface RunOwnersApi {
  /** Records this process as the run's driver (replacing whatever row was there). */
  claimRun(runId: string, owner: OwnerIdentity): void;
  /** Refreshes the heartbeat of every run this process holds; returns how many. */
  heartbeatRuns(owner: OwnerIdentity): number;
  /** Removes the claim if this process holds it. */
  releaseRun(runId: string, owner: OwnerIdentity): void;
  /** The recorded owners of these runs (runs without one are absent from the map). */
  runOwners(runIds: readonly string[]): Map<string, RunOwner>;
}

interface OwnerRow {
  run_id: string;
  pid: number;
  host: string;
  claimed_at: number;
  heartbeat_at: number;
}

export function createRunOwnersApi(ctx: StoreContext): RunOwnersApi {
  const { db } = ctx;
  return {
    claimRun(runId, owner) {
      const now = ctx.now();
      stmt(
        db,
        `INSERT INTO run_owners (run_id, pid, host, claimed_at, heartbeat_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (run_id) DO UPDATE SET pid = excluded.pid, host = excluded.host,
           claimed_at = excluded.claimed_at, heartbeat_at = excluded.heartbeat_at`,
      ).run(runId, owner.pid, owner.host, now, now);
    },
    heartbeatRuns(owner) {
      return stmt(db, 'UPDATE run_owners SET heartbeat_at = ? WHERE pid = ? AND host = ?').run(
        ctx.now(),
        owner.pid,
        owner.host,
      ).changes;
    },
    releaseRun(runId, owner) {
      stmt(db, 'DELETE FROM run_owners WHERE run_id = ? AND pid = ? AND host = ?').run(
        runId,
        owner.pid,
        owner.host,
      );
    },
    runOwners(runIds) {
      const rows = stmt(db, 'SELECT * FROM run_owners WHERE run_id IN (SELECT value FROM json_each(?))').all(
        JSON.stringify(runIds),
      ) as OwnerRow[];
      return new Map(
        rows.map((r) => [
          r.run_id,
          { runId: r.run_id, pid: r.pid, host: r.host, claimedAt: r.claimed_at, heartbeatAt: r.heartbeat_at },
        ]),
      );
    },
  };
}
