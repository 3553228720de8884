import type { EventBus } from '../../platform';

// The app's side of the commerce fill (answers stored before commerce rows existed, or all of
// them after a brand change): one batch per event-loop turn, each its own short transaction, so
// the window keeps answering between batches. It waits while a brand re-analysis is pending (the
// fill reads which brands each answer names from its results), and starts again when one ends.

const FILL_BATCH = 500;
const WAIT_MS = 2000;
const MAX_FAILURES = 3;

export interface CommerceFillStore {
  commerceFillLeft(): number;
  fillCommerce(batch?: number): { done: number; left: number };
  visReanalysis(): unknown;
}

export interface CommerceFillDriver {
  /** Continues a pending fill in the background; nothing when none is pending or one runs. */
  kick(): void;
  close(): Promise<void>;
}

export function createCommerceFillDriver(deps: {
  store: CommerceFillStore;
  events: Pick<EventBus, 'subscribe'>;
  logError?: (message: string) => void;
  defer?: (fn: () => void) => void;
}): CommerceFillDriver {
  const defer = deps.defer ?? ((fn: () => void) => setImmediate(fn));
  let running = false;
  let closed = false;
  let failures = 0;
  let timer: NodeJS.Timeout | null = null;

  const later = (): void => {
    timer = setTimeout(() => {
      timer = null;
      step();
    }, WAIT_MS);
    timer.unref?.();
  };

  function step(): void {
    if (closed) return void (running = false);
    if (deps.store.visReanalysis() !== null) return later();
    try {
      const { done, left } = deps.store.fillCommerce(FILL_BATCH);
      failures = 0;
      if (left === 0 || done === 0) return void (running = false);
    } catch (error) {
      // Most likely another process (the CLI) holds the write lock: try again shortly.
      failures += 1;
      deps.logError?.(`commerce fill: ${error instanceof Error ? error.message : String(error)}`);
      if (failures > MAX_FAILURES) return void (running = false);
      return later();
    }
    defer(step);
  }

  function kick(): void {
    if (running || closed || deps.store.commerceFillLeft() === 0) return;
    running = true;
    defer(step);
  }

  const unsubscribe = deps.events.subscribe((event) => {
    if (event === 'visibility.changed') kick();
  });

  return {
    kick,
    async close() {
      closed = true;
      unsubscribe();
      if (timer) clearTimeout(timer);
      running = false;
    },
  };
}
