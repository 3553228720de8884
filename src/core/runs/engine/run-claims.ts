import type { RunOwner } from '../../history';
import type { RunEngineStore } from './active-run';
import { heldByAnotherProcess, HEARTBEAT_MS, type OwnerProbe } from './run-owner';
import { RunHeldError } from './run-engine-types';

// A run this engine drives is claimed in the history (its owner row), so another process
// (the CLI, a second window) neither drives it too nor recovers it as orphaned. The claim's
// heartbeat is refreshed while this engine drives anything.

export interface RunClaims {
  claim(runId: string): void;
  release(runId: string): void;
  /** The live process (not this one) driving the run, or null. */
  heldElsewhere(runId: string): RunOwner | null;
  /** RunHeldError when another live process drives the run. */
  assertNotHeld(runId: string): void;
  /** Stops the heartbeat (the engine is closing). */
  stop(): void;
}

export function createRunClaims(
  store: RunEngineStore,
  probe: OwnerProbe,
  anyDriving: () => boolean,
): RunClaims {
  let heartbeat: ReturnType<typeof setInterval> | null = null;

  function keepHeartbeat(): void {
    if (heartbeat) return;
    heartbeat = setInterval(() => {
      try {
        store.heartbeatRuns(probe.self);
      } catch {
        // A missed beat is retried at the next tick; a claim only goes stale after several.
      }
    }, HEARTBEAT_MS);
    heartbeat.unref?.();
  }

  function release(runId: string): void {
    try {
      store.releaseRun(runId, probe.self);
    } catch {
      // The store is closing: the claim is left, and goes stale with this process.
    }
    if (heartbeat && !anyDriving()) {
      clearInterval(heartbeat);
      heartbeat = null;
    }
  }

  function heldElsewhere(runId: string): RunOwner | null {
    const owner = store.runOwners([runId]).get(runId);
    return owner && heldByAnotherProcess(owner, probe) ? owner : null;
  }

  function assertNotHeld(runId: string): void {
    const owner = heldElsewhere(runId);
    if (owner) throw new RunHeldError(runId, owner);
  }

  return {
    claim(runId) {
      store.claimRun(runId, probe.self);
      keepHeartbeat();
    },
    release,
    heldElsewhere,
    assertNotHeld,
    stop() {
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = null;
    },
  };
}
