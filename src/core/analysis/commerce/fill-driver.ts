import { setImmediate as nextTurn } from 'node:timers/promises';
import type { CommerceService } from '../../../shared/commerce';
import type { EventBus } from '../../platform';

// The app's fill of answers stored before commerce rows existed (an upgraded history): a batch
// at a time, each in its own short transaction, one per event-loop turn, so the window and its
// requests keep working. A brand change (which clears the rows and records a new fill) or a demo
// build starts it again. Stops at close; the recorded fill carries on at the next start. The
// commerce commands fill what is left before they read.

export interface CommerceFillDriver {
  /** Starts filling in the background (nothing when done or already running). */
  kick(): void;
  /** Stops after the batch under way. */
  close(): Promise<void>;
}

export function createCommerceFillDriver(deps: {
  commerce: Pick<CommerceService, 'fill'>;
  events: Pick<EventBus, 'subscribe'>;
  logError?: (message: string) => void;
}): CommerceFillDriver {
  let running: Promise<void> | null = null;
  let closed = false;
  let again = false;

  async function fillAll(): Promise<void> {
    for (;;) {
      await nextTurn();
      if (closed) return;
      const step = deps.commerce.fill();
      if (step.left === 0 || step.done === 0) return;
    }
  }

  function kick(): void {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = fillAll()
      .catch((error: unknown) =>
        deps.logError?.(
          `commerce fill: ${error instanceof Error ? error.message : String(error)} (it resumes at the next start)`,
        ),
      )
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          kick();
        }
      });
  }

  const unsubscribe = deps.events.subscribe((event, payload) => {
    if (event !== 'visibility.changed') return;
    const reason = (payload as { reason: string }).reason;
    if (reason === 'brands' || reason === 'demo') kick();
  });

  return {
    kick,
    async close() {
      closed = true;
      unsubscribe();
      await running;
    },
  };
}
