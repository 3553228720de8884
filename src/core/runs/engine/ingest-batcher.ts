import type { IngestItem, IngestOutcome } from '../../history';

// Results arrive in bursts (a wave of 255 synchronous answers lands within a few ms). One
// SQLite transaction per burst instead of one per result keeps the engine's CPU per job low;
// each caller still waits until its own result is committed before it reports the job done.
//
// A burst the history cannot take for a reason outside it (a full disk, a lock held past the
// busy timeout, a read-only disk: see store-hold.ts) is kept, whole, and tried again by
// retry() (the hold's timer calls it), until it goes in or is released to a journal (the run
// was stopped meanwhile).

export interface IngestHold {
  /** A write failed: true when it is to be waited out (the batch is kept and tried again later). */
  failed(error: unknown, held: { answers: number; bytes: number }): boolean;
  /** A write went through. */
  succeeded(): void;
}

export interface IngestBatcher {
  add(item: IngestItem): Promise<IngestOutcome>;
  /** Waits until everything added so far is committed (or released while held). */
  drain(): Promise<void>;
  /** Commits everything added so far, now (the process is about to exit at once). */
  flushNow(): void;
  /** Answers held after a write failure, waiting for their next try. */
  heldCount(): number;
  /** Tries the held answers again now. */
  retry(): void;
  /**
   * Takes out every answer not committed yet (to write them to a journal); their add() calls
   * reject with HeldAnswersReleased.
   */
  release(): IngestItem[];
}

/** The answer was not stored: it went to the held-answers journal (the run was stopped). */
export class HeldAnswersReleased extends Error {
  override readonly name = 'HeldAnswersReleased';
}

interface Pending {
  item: IngestItem;
  resolve: (o: IngestOutcome) => void;
  reject: (e: unknown) => void;
}

/** The raw JSON's size, which the disk space a held answer needs is reckoned from. */
const bytesOf = (item: IngestItem): number =>
  typeof item.raw === 'string' ? item.raw.length : JSON.stringify(item.raw ?? null).length;

export function createIngestBatcher(
  ingest: (items: readonly IngestItem[]) => IngestOutcome[],
  maxBatch = 500,
  hold?: IngestHold,
): IngestBatcher {
  let pending: Pending[] = [];
  let scheduled: Promise<void> | null = null;
  // Held: the history could not take the last burst; retry() tries again.
  let held = false;
  let settleWaiters: Array<() => void> = [];

  const settled = (): void => {
    const waiters = settleWaiters;
    settleWaiters = [];
    for (const resolve of waiters) resolve();
  };

  const ingestBatch = (batch: Pending[]): void => {
    const outcomes = ingest(batch.map((p) => p.item));
    const byJob = new Map(outcomes.map((o) => [o.jobId, o]));
    for (const p of batch) {
      const o = byJob.get(p.item.jobId);
      if (o) p.resolve(o);
      else p.reject(new Error(`The store did not report job ${p.item.jobId} as ingested`));
    }
  };

  const oneByOne = (batch: Pending[]): void => {
    for (const p of batch) {
      try {
        const [o] = ingest([p.item]);
        if (o) p.resolve(o);
        else p.reject(new Error(`The store did not report job ${p.item.jobId} as ingested`));
      } catch (single) {
        p.reject(single);
      }
    }
  };

  const flush = (): void => {
    while (pending.length > 0) {
      const batch = pending.slice(0, maxBatch);
      try {
        ingestBatch(batch);
        pending = pending.slice(batch.length);
        held = false;
        hold?.succeeded();
      } catch (err) {
        const all = { answers: pending.length, bytes: pending.reduce((n, p) => n + bytesOf(p.item), 0) };
        // Everything stays pending, in order, for the next try.
        if (hold?.failed(err, all)) {
          held = true;
          return;
        }
        pending = pending.slice(batch.length);
        // One bad item must not sink the whole burst: retry them one by one.
        if (batch.length === 1) (batch[0] as Pending).reject(err);
        else oneByOne(batch);
      }
    }
    settled();
  };

  // Two check phases later, not one: the answer that adds a result also frees a slot, and
  // the next job's 'running' commit (transition-batcher) is scheduled in the same turn, after
  // this. Waiting one more turn lets that commit run and its request leave first, so storing
  // the burst overlaps the service's latency instead of delaying the next wave.
  const schedule = (): Promise<void> => {
    if (!scheduled) {
      scheduled = new Promise<void>((resolve) => {
        setImmediate(() =>
          setImmediate(() => {
            scheduled = null;
            flush();
            resolve();
          }),
        );
      });
    }
    return scheduled;
  };

  return {
    add(item) {
      return new Promise<IngestOutcome>((resolve, reject) => {
        pending.push({ item, resolve, reject });
        if (!held) void schedule();
      });
    },
    async drain() {
      while (pending.length > 0 || scheduled) {
        if (held) await new Promise<void>((resolve) => settleWaiters.push(resolve));
        else await schedule();
      }
    },
    flushNow: () => flush(),
    heldCount: () => (held ? pending.length : 0),
    retry: () => flush(),
    release() {
      held = false;
      const out = pending;
      pending = [];
      for (const p of out) p.reject(new HeldAnswersReleased('The answer went to the held-answers journal'));
      settled();
      return out.map((p) => p.item);
    },
  };
}
