import {
  HistoryWriteError,
  writeFailureKind,
  writeFailureMessage,
  type WriteFailureKind,
} from '../../history';

// Pause, hold, wait. When a write of the run engine fails for a reason outside it
// (the disk is full, another process holds the lock past the busy timeout, the disk went
// read-only, an I/O error), the engine stops sending, keeps the answers already paid for in
// memory (the ingest batcher holds them), and retries with a backoff until a write goes
// through; then the runs carry on by themselves. Stopped before that (Ctrl-C, quitting the
// app), the answers still held go to a journal (held-journal.ts) that the next resume takes in
// before it sends anything.

export interface StorageBlocked {
  kind: WriteFailureKind;
  /** The history file. */
  path: string;
  /** One line: what happened to the file and what to do. */
  message: string;
  /** Paid answers held in memory, waiting to be written. */
  heldAnswers: number;
  /** full: roughly the space the held answers and the file's growth need. */
  neededBytes: number | null;
  /** When the first write failed (ms). */
  since: number;
}

export interface StoreHoldDeps {
  path: string;
  now: () => number;
  /**
   * One write to try while blocked (the held answers, else a small one such as the runs'
   * heartbeat), with a backoff: true when it went through. Its failure is reported through
   * failed() by the writer, as any other.
   */
  probe: () => boolean;
  onBlocked?: (info: StorageBlocked) => void;
  onCleared?: (info: { path: string; heldMs: number }) => void;
  /** Waits between two attempts while blocked (doubling from min to max). */
  retryMs?: { min: number; max: number };
}

export interface StoreHold {
  /** The failure the engine is waiting out, or null. */
  blocked(): StorageBlocked | null;
  /**
   * A write failed: true when it is a write failure to wait out (the caller keeps what it was
   * writing and waits), false for any other error (the caller handles it as before).
   */
  failed(error: unknown, held: { answers: number; bytes: number }): boolean;
  /** A write went through: clears a blocked state. */
  succeeded(): void;
  /** Resolves when writing works again (or at once if it does); rejects with `signal`'s reason. */
  whenClear(signal?: AbortSignal): Promise<void>;
  /** No more tries (the engine is closing, or the process exits). */
  stop(): void;
}

/**
 * What a full disk needs: the held answers' raw JSON about twice over (the WAL holds each new
 * page, the checkpoint writes it again into the file), at least 8 MB for the file's growth.
 */
const MIN_NEEDED_BYTES = 8 * 1024 * 1024;

export function createStoreHold(deps: StoreHoldDeps): StoreHold {
  const retry = deps.retryMs ?? { min: 250, max: 5_000 };
  let state: StorageBlocked | null = null;
  let nextWait = retry.min;
  let waiters: Array<() => void> = [];
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  // Not unref'd: while paid answers wait in memory the process must not end on its own.
  const tryAgainLater = (): void => {
    if (timer || stopped) return;
    const wait = nextWait;
    nextWait = Math.min(retry.max, nextWait * 2);
    timer = setTimeout(() => {
      timer = null;
      if (!state || stopped) return;
      if (deps.probe()) clear();
      else tryAgainLater();
    }, wait);
  };

  const clear = (): void => {
    if (!state) return;
    const since = state.since;
    state = null;
    nextWait = retry.min;
    if (timer) clearTimeout(timer);
    timer = null;
    const ready = waiters;
    waiters = [];
    for (const resolve of ready) resolve();
    deps.onCleared?.({ path: deps.path, heldMs: deps.now() - since });
  };

  return {
    blocked: () => state,
    failed(error, held) {
      const kind = writeFailureKind(error);
      if (kind === null) return false;
      const first = state === null || state.kind !== kind;
      const neededBytes = kind === 'full' ? Math.max(MIN_NEEDED_BYTES, held.bytes * 2) : null;
      const cause =
        error instanceof HistoryWriteError ? error.detail : String((error as Error)?.message ?? error);
      state = {
        kind,
        path: deps.path,
        // A lock's holders were named when the store gave up; the space needed only now.
        message:
          kind !== 'full' && error instanceof HistoryWriteError
            ? error.message
            : writeFailureMessage(kind, deps.path, cause, neededBytes === null ? {} : { neededBytes }),
        heldAnswers: Math.max(held.answers, state?.heldAnswers ?? 0),
        neededBytes: neededBytes === null ? null : Math.max(neededBytes, state?.neededBytes ?? 0),
        since: state?.since ?? deps.now(),
      };
      if (first) deps.onBlocked?.(state);
      tryAgainLater();
      return true;
    },
    succeeded: clear,
    whenClear(signal) {
      if (!state) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const done = (): void => {
          signal?.removeEventListener('abort', stop);
          resolve();
        };
        const stop = (): void => {
          waiters = waiters.filter((w) => w !== done);
          reject(signal?.reason);
        };
        if (signal?.aborted) return stop();
        signal?.addEventListener('abort', stop, { once: true });
        waiters.push(done);
      });
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

/** The CLI's line for a blocked store: the file, the space needed, and what Ctrl-C does. */
export function blockedLine(info: StorageBlocked): string {
  const holding = info.heldAnswers > 0 ? ` ${info.heldAnswers} paid answer(s) are held in memory.` : '';
  return `${info.message}${holding} Nothing new is sent, and the run goes on by itself once the history can be written. Ctrl-C pauses the run (answers in hand are kept for \`parallax resume\`).`;
}
