import type { ApiClient } from '../api';
import type { SlotGate } from './slot-gate';

// Async tasks processing on the account hold concurrency slots a synchronous run must leave
// free: their count comes from the queue metrics, re-read at most once a second.

export interface ExternalSlots {
  /** Re-reads the queue metrics so processing async tasks count against the slots. */
  refresh(): Promise<void>;
  /** Starts or stops the periodic re-read as the runs being driven change. */
  watch(): void;
  stop(): void;
}

export function createExternalSlots(
  client: ApiClient,
  gate: SlotGate,
  now: () => number,
  /** The modes of the runs being driven. */
  drivenModes: () => ReadonlyArray<'sync' | 'async'>,
): ExternalSlots {
  let externalCheckedAt = -Infinity;
  let externalTimer: ReturnType<typeof setInterval> | null = null;

  const refreshExternalSlots = async (): Promise<void> => {
    if (now() - externalCheckedAt < 1_000) return;
    externalCheckedAt = now();
    try {
      const res = await client.queueStatus();
      gate.setExternal(res.data.processingTasks);
    } catch {
      // Metrics unavailable: keep the last known figure.
    }
  };

  // While a synchronous run shares the account with processing async tasks, re-read the
  // queue metrics every few seconds so their slots stay counted as they start and finish.
  const watchExternal = (): void => {
    const modes = drivenModes();
    const syncDriving = modes.includes('sync');
    const asyncActive = modes.includes('async');
    const needed = syncDriving && (asyncActive || gate.external > 0);
    if (needed && !externalTimer) {
      externalTimer = setInterval(() => void refreshExternalSlots(), 3_000);
      externalTimer.unref?.();
    } else if (!needed && externalTimer) {
      clearInterval(externalTimer);
      externalTimer = null;
    }
  };

  return {
    refresh: refreshExternalSlots,
    watch: watchExternal,
    stop() {
      if (externalTimer) clearInterval(externalTimer);
      externalTimer = null;
    },
  };
}
