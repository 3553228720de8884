import { hostname } from 'node:os';
import type { RunStatus } from '../../../shared/domain/run-spec';
import type { OwnerIdentity, RunOwner } from '../../history';

// Who drives a run, and whether a run can be resumed here. A process claims a run while it
// drives it and refreshes a heartbeat; a claim whose process is gone (kill -9, a crash) or
// whose heartbeat is stale (a reused pid, another machine that stopped) holds nothing.

/** How often a driving process refreshes its claims. */
export const HEARTBEAT_MS = 5_000;
/** A claim not refreshed for this long is taken as abandoned. */
export const STALE_AFTER_MS = 30_000;

export interface OwnerProbe {
  self: OwnerIdentity;
  /** Whether a process with this pid exists on this host. */
  isPidAlive(pid: number): boolean;
  now(): number;
}

export function currentProcessOwner(): OwnerIdentity {
  return { pid: process.pid, host: hostname() };
}

/** process.kill(pid, 0) tests existence without sending anything; EPERM means it exists. */
export function pidIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function defaultOwnerProbe(now: () => number = Date.now): OwnerProbe {
  return { self: currentProcessOwner(), isPidAlive: pidIsAlive, now };
}

/** True when another live process holds the run (this process's own claims never count). */
export function heldByAnotherProcess(owner: RunOwner | undefined | null, probe: OwnerProbe): boolean {
  if (!owner) return false;
  if (owner.pid === probe.self.pid && owner.host === probe.self.host) return false;
  if (probe.now() - owner.heartbeatAt > STALE_AFTER_MS) return false;
  if (owner.host !== probe.self.host) return true;
  return probe.isPidAlive(owner.pid);
}

export type Resumability =
  /** Paused, interrupted, or left running by a process that is gone: `parallax resume` continues it. */
  | 'resumable'
  /** Another live process is driving it. */
  | 'held'
  /** Finished, with interrupted jobs that only --rerun-interrupted sends again. */
  | 'rerun-only'
  /** Finished: nothing left to do. */
  | 'finished';

const OPEN_STATUSES: ReadonlySet<RunStatus> = new Set([
  'pending',
  'running',
  'paused',
  'canceling',
  'interrupted',
]);

export function resumabilityOf(
  run: { status: RunStatus; interruptedJobs: number },
  owner: RunOwner | undefined | null,
  probe: OwnerProbe,
): Resumability {
  if (heldByAnotherProcess(owner, probe)) return 'held';
  if (OPEN_STATUSES.has(run.status)) return 'resumable';
  return run.interruptedJobs > 0 ? 'rerun-only' : 'finished';
}
