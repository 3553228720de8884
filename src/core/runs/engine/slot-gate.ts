// The client-side view of the account's concurrency slots. A synchronous call holds a slot
// for its whole run and async tasks hold one while PROCESSING, so a sync call may start only
// when ours + theirs < plan slots. Keeping to that, Parallax never meets a
// CONCURRENT_LIMIT_EXCEEDED answer while it is the account's only user.
//
// The limit starts from the plan in settings and is corrected from what the service says
// (X-Concurrent-Limit, CONCURRENT_LIMIT_EXCEEDED details.limit); `external` is the number of
// slots other work holds (processing async tasks from the queue metrics).

export interface SlotGate {
  /** Waits for a free slot; the returned function gives it back (call it exactly once). */
  acquire(signal?: AbortSignal): Promise<() => void>;
  setLimit(limit: number): void;
  setExternal(count: number): void;
  readonly limit: number;
  readonly external: number;
  readonly inUse: number;
  readonly waiting: number;
}

interface Waiter {
  resolve: (release: () => void) => void;
  reject: (err: unknown) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

export function createSlotGate(initialLimit: number): SlotGate {
  let limit = Math.max(1, Math.floor(initialLimit));
  let external = 0;
  let inUse = 0;
  const waiters: Waiter[] = [];

  const capacity = (): number => Math.max(0, limit - external);

  const makeRelease = (): (() => void) => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      inUse--;
      pump();
    };
  };

  const pump = (): void => {
    while (waiters.length > 0 && inUse < capacity()) {
      const w = waiters.shift() as Waiter;
      if (w.signal && w.onAbort) w.signal.removeEventListener('abort', w.onAbort);
      inUse++;
      w.resolve(makeRelease());
    }
  };

  return {
    acquire(signal) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      if (waiters.length === 0 && inUse < capacity()) {
        inUse++;
        return Promise.resolve(makeRelease());
      }
      return new Promise((resolve, reject) => {
        const waiter: Waiter = { resolve, reject, signal };
        if (signal) {
          waiter.onAbort = () => {
            const i = waiters.indexOf(waiter);
            if (i >= 0) waiters.splice(i, 1);
            reject(signal.reason);
          };
          signal.addEventListener('abort', waiter.onAbort, { once: true });
        }
        waiters.push(waiter);
      });
    },
    setLimit(next) {
      if (!Number.isFinite(next) || next < 1) return;
      limit = Math.floor(next);
      pump();
    },
    setExternal(count) {
      external = Math.max(0, Math.floor(count));
      pump();
    },
    get limit() {
      return limit;
    },
    get external() {
      return external;
    },
    get inUse() {
      return inUse;
    },
    get waiting() {
      return waiters.length;
    },
  };
}
