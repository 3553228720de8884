import { setImmediate as nextTurn } from 'node:timers/promises';

// Progress and cancel for a streamed export. Every STEP rows the export reports how far it
// got, checks whether it was canceled and yields one event-loop turn: a fast disk never makes
// a write wait, so without the turn a cancel request (an IPC message) would only be read once
// the whole export is done.

const STEP = 250;

export interface ExportProgress {
  done: number;
  total: number;
}

export class ExportCanceledError extends Error {
  override readonly name = 'ExportCanceledError';
  constructor() {
    super('The export was canceled');
  }
}

export interface ProgressTicker {
  /** One row (job) done, or a chunk of `count`; every STEP rows or chunk: report, check cancel, yield. */
  tick(count?: number): Promise<void>;
  /** The final report (done = total). */
  finish(): void;
}

export function createProgressTicker(
  total: number,
  options: { signal?: AbortSignal; onProgress?: (p: ExportProgress) => void },
): ProgressTicker {
  let done = 0;
  const check = (): void => {
    if (options.signal?.aborted) throw new ExportCanceledError();
  };
  check();
  return {
    async tick(count = 1) {
      done += count;
      // A chunk of rows (threads build JSON lines a hundred at a time) is a step of its own.
      if (count === 1 && done % STEP !== 0) return;
      options.onProgress?.({ done: Math.min(done, total), total });
      await nextTurn();
      check();
    },
    finish() {
      options.onProgress?.({ done: total, total });
    },
  };
}
